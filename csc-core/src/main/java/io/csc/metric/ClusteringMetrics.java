package io.csc.metric;

import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import java.util.Objects;

/**
 * Quality measures of a clustering: external ones against ground truth (ACC, NMI, ARI, RI),
 * the internal Davies-Bouldin index, and the satisfaction of the supervision (CONS).
 *
 * <p>Labels, true and predicted, are arbitrary non-negative ints; only which points share a label
 * matters, so every external measure is invariant to renaming the clusters (and the classes). The
 * external measures take either the two label arrays or their {@link ContingencyTable}, which
 * costs O(n) to build; from the table each measure costs O(classes x clusters) (ACC:
 * O(min^2 x max) for the matching). They need at least one point.
 *
 * <p>Definitions follow the APJCSC paper (Qian et al., "Affinity and penalty jointly constrained
 * spectral clustering with all-compatibility, flexibility, and robustness", IEEE TNNLS 2017):
 * NMI Eq. 28, RI Eq. 29, DBI Eq. 30, CONS Eq. 27; NMI is also the CSP-ML paper's
 * {@code I(X;Y) / sqrt(H(X) H(Y))}.
 */
public final class ClusteringMetrics {

    private ClusteringMetrics() {
    }

    /**
     * Clustering accuracy (ACC): the fraction of points whose cluster is matched to their class by
     * the best one-to-one matching of clusters to classes (Hungarian algorithm on the contingency
     * table). When there are more clusters than classes, the points of the unmatched clusters count
     * as wrong; with more classes than clusters, so do those of the unmatched classes. In [0, 1],
     * 1 for a perfect clustering.
     */
    public static double accuracy(int[] truth, int[] predicted) {
        return accuracy(ContingencyTable.of(truth, predicted));
    }

    /** {@link #accuracy(int[], int[])} from the contingency table. */
    public static double accuracy(ContingencyTable table) {
        requirePoints(table);
        int classes = table.classCount();
        int clusters = table.clusterCount();
        int[] counts = table.countsRowMajor();
        // rows are clusters, columns classes: maximizing the matched counts is minimizing their negation
        DenseMatrix cost = DenseMatrix.zeros(clusters, classes);
        double[] costs = cost.data();
        for (int i = 0; i < classes; i++) {
            for (int j = 0; j < clusters; j++) {
                costs[j * classes + i] = -counts[i * clusters + j];
            }
        }
        int[] classOfCluster = HungarianAlgorithm.minimumCostAssignment(cost);
        long matched = 0;
        for (int j = 0; j < clusters; j++) {
            if (classOfCluster[j] >= 0) {
                matched += counts[classOfCluster[j] * clusters + j];
            }
        }
        return (double) matched / table.total();
    }

    /**
     * Normalized mutual information, {@code NMI = I(X;Y) / sqrt(H(X) H(Y))} with X the classes and Y
     * the clusters (APJCSC Eq. 28; CSP-ML section 5). Natural logarithms (the ratio does not depend
     * on the base). In [0, 1] (rounding is clamped), 1 for a perfect clustering.
     *
     * <p>Degenerate cases, where an entropy is zero: one class and one cluster is a perfect match,
     * NMI = 1; one class against several clusters, or several classes against one cluster, shares
     * no information, NMI = 0.
     */
    public static double normalizedMutualInformation(int[] truth, int[] predicted) {
        return normalizedMutualInformation(ContingencyTable.of(truth, predicted));
    }

    /** {@link #normalizedMutualInformation(int[], int[])} from the contingency table. */
    public static double normalizedMutualInformation(ContingencyTable table) {
        requirePoints(table);
        int[] classSizes = table.classSizes();
        int[] clusterSizes = table.clusterSizes();
        double n = table.total();
        double classEntropy = entropy(classSizes, n);
        double clusterEntropy = entropy(clusterSizes, n);
        if (classEntropy == 0 && clusterEntropy == 0) {
            return 1.0;
        }
        if (classEntropy == 0 || clusterEntropy == 0) {
            return 0.0;
        }
        int[] counts = table.countsRowMajor();
        int clusters = clusterSizes.length;
        double information = 0;
        for (int i = 0; i < classSizes.length; i++) {
            for (int j = 0; j < clusters; j++) {
                int count = counts[i * clusters + j];
                if (count > 0) {
                    information += count / n * Math.log(n * count / ((double) classSizes[i] * clusterSizes[j]));
                }
            }
        }
        double nmi = information / Math.sqrt(classEntropy * clusterEntropy);
        return Math.max(0.0, Math.min(1.0, nmi));
    }

    /**
     * Adjusted Rand index (Hubert and Arabie, "Comparing partitions", J. Classification 1985): the
     * Rand index corrected for chance,
     * {@code (sum_ij C(n_ij,2) - E) / ((sum_i C(a_i,2) + sum_j C(b_j,2)) / 2 - E)} with
     * {@code E = sum_i C(a_i,2) sum_j C(b_j,2) / C(n,2)}. 1 for identical partitions, about 0 for
     * independent ones, may be negative (down to -1). When the denominator is zero (both partitions
     * a single cluster, or both all singletons, or fewer than two points) the partitions are
     * identical and ARI = 1.
     */
    public static double adjustedRandIndex(int[] truth, int[] predicted) {
        return adjustedRandIndex(ContingencyTable.of(truth, predicted));
    }

    /** {@link #adjustedRandIndex(int[], int[])} from the contingency table. */
    public static double adjustedRandIndex(ContingencyTable table) {
        requirePoints(table);
        long pairs = table.pairCount();
        long truthPairs = table.pairsTogetherInTruth();
        long predictedPairs = table.pairsTogetherInPrediction();
        if (truthPairs == predictedPairs && (truthPairs == 0 || truthPairs == pairs)) {
            return 1.0;
        }
        double expected = (double) truthPairs * predictedPairs / pairs;
        double maximum = 0.5 * ((double) truthPairs + predictedPairs);
        return (table.pairsTogetherInBoth() - expected) / (maximum - expected);
    }

    /**
     * Rand index (APJCSC Eq. 29): the fraction of the n (n - 1) / 2 pairs of points on which the
     * partitions agree, together in both or apart in both. In [0, 1], 1 for a perfect clustering;
     * 1 when there are fewer than two points.
     */
    public static double randIndex(int[] truth, int[] predicted) {
        return randIndex(ContingencyTable.of(truth, predicted));
    }

    /** {@link #randIndex(int[], int[])} from the contingency table. */
    public static double randIndex(ContingencyTable table) {
        requirePoints(table);
        long pairs = table.pairCount();
        if (pairs == 0) {
            return 1.0;
        }
        long together = table.pairsTogetherInBoth();
        long apart = pairs - table.pairsTogetherInTruth() - table.pairsTogetherInPrediction() + together;
        return (double) (together + apart) / pairs;
    }

    /** {@link #daviesBouldin(double[], int, int, int[])} on the features of {@code data}, held in either precision. */
    public static double daviesBouldin(Dataset data, int[] labels) {
        Objects.requireNonNull(data, "data");
        if (data.size() < 1) {
            throw new IllegalArgumentException("Invalid data shape: " + data.size() + " x " + data.dimension());
        }
        return daviesBouldinOfRows(data, labels);
    }

    /**
     * Davies-Bouldin index (APJCSC Eq. 30):
     * {@code DBI = (1/C) sum_k max_{k' != k} (delta_k + delta_k') / Delta_kk'}, where C is the
     * number of clusters (distinct labels), delta_k the mean Euclidean distance of the points of
     * cluster k to its centroid v_k and Delta_kk' the Euclidean distance between centroids. Lower
     * is better; {@code >= 0}.
     *
     * <p>A singleton cluster has delta = 0 and takes part like any other. Two clusters with the
     * same centroid are not separated at all: their ratio, and the index, is +infinity. With fewer
     * than two clusters the index is undefined: NaN. Time O(n d + C^2 d).
     *
     * @param features n x d row-major
     * @param labels cluster of each point, arbitrary non-negative ints
     */
    public static double daviesBouldin(double[] features, int n, int d, int[] labels) {
        Objects.requireNonNull(features, "features");
        if (n < 1 || d < 1) {
            throw new IllegalArgumentException("Invalid data shape: " + n + " x " + d);
        }
        if ((long) n * d != features.length) {
            throw new IllegalArgumentException("Data " + n + " x " + d + " needs " + (long) n * d
                    + " values, got " + features.length);
        }
        return daviesBouldinOfRows(Dataset.unlabelled("features", n, d, features), labels);
    }

    /** The index over the rows of {@code data}, read in either precision. */
    private static double daviesBouldinOfRows(Dataset data, int[] labels) {
        int n = data.size();
        int d = data.dimension();
        double[] row = new double[d];
        if (labels.length != n) {
            throw new IllegalArgumentException(labels.length + " labels for " + n + " points");
        }
        LabelIndex index = LabelIndex.of(labels, "cluster label");
        int clusters = index.size();
        if (clusters < 2) {
            return Double.NaN;
        }
        int[] clusterOf = index.indices();
        double[] centroids = new double[clusters * d];
        int[] sizes = new int[clusters];
        for (int i = 0; i < n; i++) {
            int cluster = clusterOf[i];
            sizes[cluster]++;
            int centre = cluster * d;
            data.copyRow(i, row, 0);
            for (int t = 0; t < d; t++) {
                centroids[centre + t] += row[t];
            }
        }
        for (int c = 0; c < clusters; c++) {
            for (int t = 0; t < d; t++) {
                centroids[c * d + t] /= sizes[c];
            }
        }
        double[] scatter = new double[clusters];
        for (int i = 0; i < n; i++) {
            data.copyRow(i, row, 0);
            scatter[clusterOf[i]] += Math.sqrt(DistanceKernels.squaredDistance(row, 0, centroids, clusterOf[i] * d, d));
        }
        for (int c = 0; c < clusters; c++) {
            scatter[c] /= sizes[c];
        }
        double[] worst = new double[clusters];
        for (int c = 0; c < clusters; c++) {
            for (int other = c + 1; other < clusters; other++) {
                double separation = Math.sqrt(DistanceKernels.squaredDistance(centroids, c * d, centroids, other * d, d));
                double ratio = separation > 0 ? (scatter[c] + scatter[other]) / separation : Double.POSITIVE_INFINITY;
                worst[c] = Math.max(worst[c], ratio);
                worst[other] = Math.max(worst[other], ratio);
            }
        }
        double sum = 0;
        for (double value : worst) {
            sum += value;
        }
        return sum / clusters;
    }

    /**
     * Constraint satisfaction (CONS, APJCSC Eq. 27):
     * {@code CONS = (satisfied must-links / n_M + satisfied cannot-links / n_C) / 2}, a must-link
     * being satisfied when both points share a cluster and a cannot-link when they do not. In
     * [0, 1], 1 when every constraint holds. When the supervision has only one kind of constraint,
     * CONS is the satisfied fraction of that kind; without any constraint it is NaN.
     *
     * <p>Every constraint counts once whatever its weight, as in the paper (soft constraints are
     * not weighted). Explicit pairs are counted one by one, duplicates included, exactly as
     * {@link ConstraintSet#forEachPair} lists them. The pairs implied by labelled points or groups
     * are never enumerated: they are counted from the block's class x cluster contingency table, in
     * O(m + classes x clusters) for m labelled points (7,000 labels imply 24.5 million pairs).
     *
     * @param labels cluster of each of the {@link ConstraintSet#pointCount()} points, {@code >= 0}
     */
    public static double constraintSatisfaction(ConstraintSet constraints, int[] labels) {
        return ConstraintCounts.of(constraints, labels).satisfaction();
    }

    private static double entropy(int[] sizes, double n) {
        double entropy = 0;
        for (int size : sizes) {
            double probability = size / n;
            entropy -= probability * Math.log(probability);
        }
        return entropy;
    }

    private static void requirePoints(ContingencyTable table) {
        if (table.total() == 0) {
            throw new IllegalArgumentException("No points to compare");
        }
    }
}
