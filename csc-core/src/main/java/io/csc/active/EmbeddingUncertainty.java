package io.csc.active;

import io.csc.constraint.ConstraintClosure;
import io.csc.linalg.DenseMatrix;
import java.util.Arrays;
import java.util.Optional;

/**
 * Uncertainty sampling in a spectral embedding, in the spirit of NPU (Xiong, Azimi and Fern, IEEE
 * TKDE 2014) and URASC (Xiong, Johnson and Corso, 2014): ask about the point whose cluster the
 * current clustering is least sure of, against representatives of the clusters it most likely
 * belongs to.
 *
 * <ol>
 * <li>Soft assignment: in the embedding the clustering was computed from, each point's
 *     probability of cluster c is proportional to {@code exp(-|e - μ_c|² / τ)}, with μ_c the
 *     mean embedding of cluster c and τ the mean squared distance of the points to their own
 *     cluster's mean.</li>
 * <li>Representative of cluster c: its point nearest to μ_c among those already constrained
 *     (so that answers about it accumulate through transitivity), else among all its points.</li>
 * <li>The point with the highest entropy of its soft assignment, among those no must-link joins
 *     to another point, is asked against the representatives in descending order of probability
 *     until one is open; the next questions continue with it until a must-link places it or no
 *     representative is left open for it.</li>
 * </ol>
 *
 * <p>Without a clustering (the first question of a session) it asks what {@link MinMax} asks; when
 * no uncertain point has an open representative, a random open pair. Entropy alone replaces
 * URASC's expected uncertainty reduction, which needs a perturbation analysis of each method's
 * eigenproblem. Time O(n k m + n log n) per question for an n x m embedding, memory O(n).
 */
public final class EmbeddingUncertainty implements QueryStrategy {

    public static final String NAME = "uncertainty";

    private final MinMax withoutClustering = new MinMax();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean usesClustering() {
        return true;
    }

    @Override
    public Optional<PointPair> next(QueryState state) {
        if (state.clustering().isEmpty()) {
            return withoutClustering.next(state);
        }
        ClusteringSnapshot clustering = state.clustering().get();
        AnswerLog log = state.log();
        DenseMatrix embedding = clustering.embedding();
        DenseMatrix centres = clustering.centres();
        int k = clustering.clusters();
        int n = embedding.rows();
        double scale = meanOwnDistance(embedding, centres, clustering.labels());
        int[] representatives = representatives(embedding, centres, clustering.labels(), log.closure(), k);

        Optional<Integer> pending = log.last().map(last -> last.pair().first())
                .filter(point -> isUnplaced(log.closure(), point));
        if (pending.isPresent()) {
            Optional<PointPair> question = askByProbability(log, embedding, centres, scale, representatives,
                    pending.get());
            if (question.isPresent()) {
                return question;
            }
        }
        double[] entropy = new double[n];
        Integer[] order = new Integer[n];
        double[] probabilities = new double[k];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            softAssignment(embedding, centres, scale, i, probabilities);
            entropy[i] = NeighbourhoodProbabilities.entropy(probabilities);
        }
        Arrays.sort(order, (a, b) -> Double.compare(entropy[b], entropy[a]) != 0
                ? Double.compare(entropy[b], entropy[a]) : a - b);
        for (int point : order) {
            if (!isUnplaced(log.closure(), point)) {
                continue;
            }
            Optional<PointPair> question = askByProbability(log, embedding, centres, scale, representatives, point);
            if (question.isPresent()) {
                return question;
            }
        }
        return RandomPairs.openPair(log, state.random());
    }

    /** True if no must-link joins {@code point} to another point. */
    private static boolean isUnplaced(ConstraintClosure closure, int point) {
        int component = closure.componentOf(point);
        return component < 0 || closure.componentSize(component) == 1;
    }

    private static Optional<PointPair> askByProbability(AnswerLog log, DenseMatrix embedding, DenseMatrix centres,
                                                        double scale, int[] representatives, int point) {
        int k = centres.rows();
        double[] probabilities = new double[k];
        softAssignment(embedding, centres, scale, point, probabilities);
        Integer[] clusters = new Integer[k];
        for (int c = 0; c < k; c++) {
            clusters[c] = c;
        }
        Arrays.sort(clusters, (a, b) -> Double.compare(probabilities[b], probabilities[a]) != 0
                ? Double.compare(probabilities[b], probabilities[a]) : a - b);
        for (int cluster : clusters) {
            int representative = representatives[cluster];
            if (representative >= 0 && log.isOpen(point, representative)) {
                return Optional.of(new PointPair(point, representative));
            }
        }
        return Optional.empty();
    }

    /** Fills {@code probabilities} with the soft assignment of row {@code point}. */
    static void softAssignment(DenseMatrix embedding, DenseMatrix centres, double scale, int point,
                               double[] probabilities) {
        int k = centres.rows();
        int m = embedding.columns();
        double[] rows = embedding.data();
        double[] means = centres.data();
        double smallest = Double.POSITIVE_INFINITY;
        for (int c = 0; c < k; c++) {
            double sum = 0;
            for (int j = 0; j < m; j++) {
                double difference = rows[point * m + j] - means[c * m + j];
                sum += difference * difference;
            }
            probabilities[c] = sum;
            smallest = Math.min(smallest, sum);
        }
        double total = 0;
        for (int c = 0; c < k; c++) {
            probabilities[c] = Math.exp(-(probabilities[c] - smallest) / scale);
            total += probabilities[c];
        }
        for (int c = 0; c < k; c++) {
            probabilities[c] /= total;
        }
    }

    /** τ: the mean squared distance of the rows to their cluster's mean, or 1 when it is 0. */
    private static double meanOwnDistance(DenseMatrix embedding, DenseMatrix centres, int[] labels) {
        int m = embedding.columns();
        double[] rows = embedding.data();
        double[] means = centres.data();
        double sum = 0;
        for (int i = 0; i < labels.length; i++) {
            for (int j = 0; j < m; j++) {
                double difference = rows[i * m + j] - means[labels[i] * m + j];
                sum += difference * difference;
            }
        }
        double mean = sum / labels.length;
        return mean > 0 && Double.isFinite(mean) ? mean : 1.0;
    }

    /** Each cluster's representative (-1 for an empty cluster): see the class comment. */
    private static int[] representatives(DenseMatrix embedding, DenseMatrix centres, int[] labels,
                                         ConstraintClosure closure, int k) {
        int[] constrained = new int[k];
        int[] any = new int[k];
        Arrays.fill(constrained, -1);
        Arrays.fill(any, -1);
        double[] constrainedDistance = new double[k];
        double[] anyDistance = new double[k];
        Arrays.fill(constrainedDistance, Double.POSITIVE_INFINITY);
        Arrays.fill(anyDistance, Double.POSITIVE_INFINITY);
        int m = embedding.columns();
        double[] rows = embedding.data();
        double[] means = centres.data();
        for (int i = 0; i < labels.length; i++) {
            int c = labels[i];
            double sum = 0;
            for (int j = 0; j < m; j++) {
                double difference = rows[i * m + j] - means[c * m + j];
                sum += difference * difference;
            }
            if (sum < anyDistance[c]) {
                anyDistance[c] = sum;
                any[c] = i;
            }
            if (closure.componentOf(i) >= 0 && sum < constrainedDistance[c]) {
                constrainedDistance[c] = sum;
                constrained[c] = i;
            }
        }
        int[] representatives = new int[k];
        for (int c = 0; c < k; c++) {
            representatives[c] = constrained[c] >= 0 ? constrained[c] : any[c];
        }
        return representatives;
    }
}
