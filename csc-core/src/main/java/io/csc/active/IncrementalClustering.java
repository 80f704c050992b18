package io.csc.active;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.PreparedFit;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.selection.SelectionMode;
import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import io.csc.linalg.DenseMatrix;
import io.csc.metric.HungarianAlgorithm;
import io.csc.model.FittedModel;
import io.csc.model.MethodSetting;
import java.util.Objects;

/**
 * One method on one data set, refitted as the supervision grows, with a warm start:
 * <ul>
 * <li>the method's data-only stage ({@link io.csc.algorithm.ClusteringAlgorithm#prepare}: for
 *     scacs the base vectors, the sparse code and the graph's coordinates) is computed once;</li>
 * <li>every fit runs with the same seed, so base vectors and restarts do not move between answers
 *     and a change of labels comes from the new answer, not from chance;</li>
 * <li>each new clustering's clusters are matched to the previous one's colours (Hungarian
 *     matching of their overlap), so a cluster keeps its colour and {@link Update#changed()} counts
 *     the points whose cluster really changed.</li>
 * </ul>
 * Not thread-safe: one caller at a time (the session that owns it).
 */
public final class IncrementalClustering {

    private final AlgorithmDescriptor method;
    private final ParameterValues values;
    private final FittedScaling scaling;
    private final Dataset training;
    private final int k;
    private final RunContext context;
    private final PreparedFit prepared;
    private final double preparationSeconds;
    /** {@link #trainingPoints()}, made on first use. */
    private DenseMatrix trainingPoints;

    private IncrementalClustering(AlgorithmDescriptor method, ParameterValues values, FittedScaling scaling,
                                  Dataset training, int k, RunContext context, PreparedFit prepared,
                                  double preparationSeconds) {
        this.method = method;
        this.values = values;
        this.scaling = scaling;
        this.training = training;
        this.k = k;
        this.context = context;
        this.prepared = prepared;
        this.preparationSeconds = preparationSeconds;
    }

    /**
     * Scales {@code raw} and prepares {@code method} on it. The context's seed is every fit's seed;
     * its threads are every fit's threads (the caller closes it).
     *
     * <p>The method runs as set ({@code select=none}) unless {@code values} say otherwise: every
     * answer refits it while a person waits, the preparation (graph, landmarks) is shared by the
     * refits only when the method runs alone, and the default guard's folds would multiply the wait.
     */
    public static IncrementalClustering start(AlgorithmDescriptor method, ParameterValues values, Dataset raw,
                                              Scaling scaling, int k, RunContext context) {
        Objects.requireNonNull(context, "context");
        FittedScaling fitted = scaling.fit(raw);
        Dataset training = fitted.apply(raw);
        long start = System.nanoTime();
        ParameterValues asSet = method.parameters().contains(SelectionMode.PARAMETER)
                ? values.over(ParameterValues.of(java.util.Map.of(SelectionMode.PARAMETER.name(), "none"))) : values;
        PreparedFit prepared = method.create(asSet).prepare(training, k, context);
        return new IncrementalClustering(method, values, fitted, training, k, context, prepared,
                (System.nanoTime() - start) / 1e9);
    }

    /** The points as the method sees them (scaled). */
    public Dataset training() {
        return training;
    }

    public int clusters() {
        return k;
    }

    public long seed() {
        return context.seed();
    }

    /** Seconds the data-only stage took, once. */
    public double preparationSeconds() {
        return preparationSeconds;
    }

    /**
     * Fits with {@code constraints}, colours matched to {@code previous} (null for the first fit:
     * colour = cluster id).
     */
    public Update fit(ConstraintSet constraints, Update previous) {
        long start = System.nanoTime();
        ClusteringResult result = prepared.fit(constraints, context);
        int[] labels = result.labels();
        int[] colours = previous == null ? identity(k) : matchColours(labels, previous.colouredLabels(), k);
        int[] coloured = new int[labels.length];
        int changed = 0;
        for (int i = 0; i < labels.length; i++) {
            coloured[i] = colours[labels[i]];
            if (previous != null && coloured[i] != previous.colouredLabels()[i]) {
                changed++;
            }
        }
        return new Update(result, constraints, colours, coloured, previous == null ? 0 : changed,
                (System.nanoTime() - start) / 1e9);
    }

    /** The model of {@code update}'s fit, as {@code csc cluster --save-model} saves it. */
    public FittedModel model(Update update) {
        return FittedModel.of(update.result(), MethodSetting.of(method, values, update.result()), training, scaling,
                update.constraints(), context.seed());
    }

    /**
     * The colour of each new cluster: the old colour it overlaps most, no colour used twice
     * (Hungarian matching on the k x k overlap counts). Time O(n + k³).
     */
    static int[] matchColours(int[] labels, int[] previousColours, int k) {
        double[] overlap = new double[k * k];
        for (int i = 0; i < labels.length; i++) {
            overlap[labels[i] * k + previousColours[i]] -= 1;
        }
        int[] colours = HungarianAlgorithm.minimumCostAssignment(new DenseMatrix(k, k, overlap));
        return colours;
    }

    private static int[] identity(int k) {
        int[] colours = new int[k];
        for (int c = 0; c < k; c++) {
            colours[c] = c;
        }
        return colours;
    }

    /**
     * One fit of the session.
     *
     * @param result the method's result (its labels are the model's cluster ids)
     * @param constraints the supervision it was fitted with
     * @param colours the display colour of each cluster id
     * @param colouredLabels each point's colour: {@code colours[labels[i]]}
     * @param changed points whose colour differs from the previous fit's (0 for the first)
     * @param seconds the time of this fit (the warm part only)
     */
    public record Update(ClusteringResult result, ConstraintSet constraints, int[] colours, int[] colouredLabels,
                         int changed, double seconds) {
    }

    /**
     * What a strategy sees of {@code update}: colours as labels (a relabelling), and the embedding,
     * or for a method without one the training points (in double precision, converted once).
     */
    public ClusteringSnapshot snapshot(Update update) {
        ClusteringResult result = update.result();
        DenseMatrix embedding = result.embedding() != null ? result.embedding() : trainingPoints();
        return new ClusteringSnapshot(update.colouredLabels(), embedding, result.clusterCount());
    }

    /** The training points as an n x d double matrix: shared with double-precision data, else made once. */
    private synchronized DenseMatrix trainingPoints() {
        if (trainingPoints == null) {
            trainingPoints = new DenseMatrix(training.size(), training.dimension(),
                    training.inPrecision(Precision.DOUBLE).features());
        }
        return trainingPoints;
    }
}
