package io.csc.experiment;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.data.TruthClusters;
import io.csc.metric.ClusteringMetrics;
import io.csc.model.FittedModel;
import io.csc.util.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How well a fitted model labels points it has not seen. For each data set, method and repetition:
 * a seeded split into training (1 - f) and held-out (f) points; a fraction of the training points
 * labelled from the truth (constrained methods only); the model fitted on the training points
 * predicts the held-out ones. Beside it, the same method clusters the whole set at once with the
 * same labelled points, and the held-out points' labels from that fit are compared: with the truth
 * (ACC of clustering the whole set) and with the predictions (agreement, after matching the
 * cluster ids). Scaling is fitted on the training points only.
 *
 * <p>Two more agreements say where a disagreement comes from. The <em>training agreement</em>
 * compares the two fits on the training points, which both clustered: no point there is placed by
 * a model, so what separates them is the fit on fewer points. The <em>seed agreement</em> compares
 * the whole-set fit with a second one of another seed, on the held-out points: what the method's
 * own randomness (random landmarks, k-means starts, the guard's folds) moves, the most any
 * comparison of two fits can agree on average. An agreement close to the training agreement
 * means the model places new points as consistently as the fit placed its own.
 */
public final class HoldoutPrediction {

    /**
     * One data set and method, averaged over the repetitions.
     *
     * @param trainingAgreement the fit on the training points against the whole-set fit, on the training points
     * @param seedAgreement the whole-set fit against one of another seed, on the held-out points
     */
    public record Row(String dataset, String method, double predictedAccuracy, double wholeAccuracy,
                      double agreement, int runs, String failure, double trainingAgreement, double seedAgreement) {
    }

    /** The measures of one repetition, in the order of {@link Row}'s. */
    private static final int MEASURES = 5;

    private HoldoutPrediction() {
    }

    /**
     * Runs the protocol.
     *
     * @param heldOut the fraction f of held-out points, in (0, 1)
     * @param labelled the fraction of training points labelled for the constrained methods
     */
    public static List<Row> run(List<Dataset> sets, List<AlgorithmConfiguration> methods, double heldOut,
                                double labelled, int repeats, long seed, Scaling scaling, int threads,
                                ProgressListener progress) {
        if (!(heldOut > 0 && heldOut < 1)) {
            throw new IllegalArgumentException("Invalid held-out fraction: " + heldOut + " (must be in (0, 1))");
        }
        List<Row> rows = new ArrayList<>();
        int total = sets.size() * methods.size() * repeats;
        int done = 0;
        for (Dataset raw : sets) {
            if (!raw.hasLabels()) {
                throw new IllegalArgumentException(raw.name() + " has no truth labels to measure predictions against");
            }
            for (AlgorithmConfiguration method : methods) {
                double[] sums = new double[MEASURES];
                int runs = 0;
                String failure = null;
                for (int repeat = 0; repeat < repeats; repeat++) {
                    progress.progress("holdout " + raw.name() + " " + method.name(), done++, total);
                    long runSeed = new SplittableRandom(seed).split().nextLong() + 31L * repeat;
                    try {
                        double[] measured = once(raw, method, heldOut, labelled, runSeed, scaling, threads);
                        for (int t = 0; t < MEASURES; t++) {
                            sums[t] += measured[t];
                        }
                        runs++;
                    } catch (RuntimeException e) {
                        failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                    }
                }
                rows.add(new Row(raw.name(), method.name(), sums[0] / runs, sums[1] / runs, sums[2] / runs, runs,
                        failure, sums[3] / runs, sums[4] / runs));
            }
        }
        progress.progress("holdout", total, total);
        return rows;
    }

    private static double[] once(Dataset raw, AlgorithmConfiguration method, double heldOut, double labelled,
                                 long seed, Scaling scaling, int threads) {
        int n = raw.size();
        SplittableRandom random = new SplittableRandom(seed);
        int[] order = shuffled(n, random);
        int testCount = (int) Math.round(heldOut * n);
        int[] test = Arrays.copyOfRange(order, 0, testCount);
        int[] train = Arrays.copyOfRange(order, testCount, n);
        Arrays.sort(test);
        Arrays.sort(train);
        Dataset training = raw.subset(train);
        Dataset testing = raw.subset(test);
        int k = TruthClusters.of(raw);
        int labelCount = method.descriptor().constrained() ? (int) Math.round(labelled * train.length) : 0;
        int[] order2 = shuffled(train.length, random);
        int[] labelledTrain = Arrays.copyOf(order2, labelCount);
        Arrays.sort(labelledTrain);
        int[] classes = new int[labelCount];
        int[] labelledWhole = new int[labelCount];
        for (int t = 0; t < labelCount; t++) {
            classes[t] = training.label(labelledTrain[t]);
            labelledWhole[t] = train[labelledTrain[t]];
        }
        ConstraintSet trainConstraints = ConstraintSet.fromLabels(train.length, labelledTrain, classes);
        ConstraintSet wholeConstraints = ConstraintSet.fromLabels(n, labelledWhole, classes);
        long fitSeed = random.nextLong();
        long otherSeed = random.nextLong();
        int[] predicted;
        int[] fitted;
        try (RunContext context = RunContext.of(fitSeed, threads)) {
            FittedModel.Fit fit = FittedModel.fitted(method.descriptor(), method.overrides(), training, scaling,
                    trainConstraints, k, context);
            fitted = fit.result().labels();
            predicted = fit.model().predict(testing, context);
        }
        Dataset scaledWhole = scaling.fit(raw).apply(raw);
        int[] whole = wholeFit(method, scaledWhole, wholeConstraints, k, fitSeed, threads);
        int[] other = wholeFit(method, scaledWhole, wholeConstraints, k, otherSeed, threads);
        int[] wholeOnTest = rows(whole, test);
        int[] truth = testing.labels();
        return new double[] {ClusteringMetrics.accuracy(truth, predicted), ClusteringMetrics.accuracy(truth, wholeOnTest),
                ClusteringMetrics.accuracy(wholeOnTest, predicted), ClusteringMetrics.accuracy(rows(whole, train), fitted),
                ClusteringMetrics.accuracy(wholeOnTest, rows(other, test))};
    }

    private static int[] wholeFit(AlgorithmConfiguration method, Dataset scaled, ConstraintSet constraints, int k,
                                  long seed, int threads) {
        try (RunContext context = RunContext.of(seed, threads)) {
            return method.create().fit(scaled, constraints, k, context).labels();
        }
    }

    private static int[] rows(int[] labels, int[] points) {
        int[] picked = new int[points.length];
        for (int t = 0; t < points.length; t++) {
            picked[t] = labels[points[t]];
        }
        return picked;
    }

    private static int[] shuffled(int n, SplittableRandom random) {
        int[] order = new int[n];
        Arrays.setAll(order, i -> i);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return order;
    }

    /** The rows as Markdown: per method and data set, then per method over the data sets. */
    public static String markdown(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| method | data sets | prediction ACC | whole-set ACC | difference | agreement | worst difference "
                + "| training agreement | seed agreement |\n");
        out.append("|---|---:|---:|---:|---:|---:|---|---:|---:|\n");
        List<String> methods = rows.stream().map(Row::method).distinct().toList();
        for (String method : methods) {
            List<Row> own = rows.stream().filter(r -> r.method().equals(method) && r.runs() > 0).toList();
            if (own.isEmpty()) {
                out.append("| ").append(method).append(" | 0 | failed | | | | | | |\n");
                continue;
            }
            double predicted = own.stream().mapToDouble(Row::predictedAccuracy).average().orElse(Double.NaN);
            double whole = own.stream().mapToDouble(Row::wholeAccuracy).average().orElse(Double.NaN);
            double agreement = own.stream().mapToDouble(Row::agreement).average().orElse(Double.NaN);
            double training = own.stream().mapToDouble(Row::trainingAgreement).average().orElse(Double.NaN);
            double seeds = own.stream().mapToDouble(Row::seedAgreement).average().orElse(Double.NaN);
            Row worst = own.stream().min((a, b) -> Double.compare(a.predictedAccuracy() - a.wholeAccuracy(),
                    b.predictedAccuracy() - b.wholeAccuracy())).orElseThrow();
            out.append(String.format(Locale.ROOT, "| %s | %d | %.3f | %.3f | %+.3f | %.3f | %+.3f (%s) | %.3f | %.3f |%n",
                    method, own.size(), predicted, whole, predicted - whole, agreement,
                    worst.predictedAccuracy() - worst.wholeAccuracy(), worst.dataset(), training, seeds));
        }
        out.append("\n| data set | method | prediction ACC | whole-set ACC | agreement | runs | training agreement "
                + "| seed agreement |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Row row : rows) {
            out.append(row.runs() == 0
                    ? String.format(Locale.ROOT, "| %s | %s | failed: %s | | | 0 | | |%n", row.dataset(), row.method(),
                    row.failure())
                    : String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %d | %.3f | %.3f |%n", row.dataset(),
                    row.method(), row.predictedAccuracy(), row.wholeAccuracy(), row.agreement(), row.runs(),
                    row.trainingAgreement(), row.seedAgreement()));
        }
        return out.toString();
    }
}
