package io.csc.metric;

import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.Objects;

/**
 * All quality measures of one clustering. A measure that cannot be computed is NaN: the external
 * ones (ACC, NMI, ARI, RI) when the data has no ground truth, DBI with fewer than two clusters,
 * CONS without constraints. See {@link ClusteringMetrics} for the definitions.
 *
 * @param accuracy ACC in [0, 1]
 * @param nmi normalized mutual information in [0, 1]
 * @param ari adjusted Rand index in [-1, 1]
 * @param randIndex Rand index in [0, 1]
 * @param daviesBouldin Davies-Bouldin index, {@code >= 0} (possibly +infinity), lower is better
 * @param constraintSatisfaction CONS in [0, 1]
 */
public record Evaluation(double accuracy, double nmi, double ari, double randIndex, double daviesBouldin,
                         double constraintSatisfaction) {

    public Evaluation {
        requireRange("accuracy", accuracy, 0, 1);
        requireRange("nmi", nmi, 0, 1);
        requireRange("ari", ari, -1, 1);
        requireRange("randIndex", randIndex, 0, 1);
        requireRange("daviesBouldin", daviesBouldin, 0, Double.POSITIVE_INFINITY);
        requireRange("constraintSatisfaction", constraintSatisfaction, 0, 1);
    }

    /**
     * Evaluates {@code predicted} on {@code data}: external measures against the data's labels (if
     * any), DBI on its features, CONS against {@code constraints} (null for none). Time O(n d + C^2 d
     * + m) for C clusters and m labelled points, besides the explicit constraint pairs.
     *
     * @param predicted cluster of each point of {@code data}, arbitrary non-negative ints
     */
    public static Evaluation of(Dataset data, ConstraintSet constraints, int[] predicted) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(predicted, "predicted");
        if (predicted.length != data.size()) {
            throw new IllegalArgumentException(predicted.length + " predicted labels for " + data.size()
                    + " points of " + data.name());
        }
        if (data.size() == 0) {
            throw new IllegalArgumentException("Data " + data.name() + " has no points to evaluate");
        }
        double accuracy = Double.NaN;
        double nmi = Double.NaN;
        double ari = Double.NaN;
        double randIndex = Double.NaN;
        if (data.hasLabels()) {
            ContingencyTable table = ContingencyTable.of(data.labels(), predicted);
            accuracy = ClusteringMetrics.accuracy(table);
            nmi = ClusteringMetrics.normalizedMutualInformation(table);
            ari = ClusteringMetrics.adjustedRandIndex(table);
            randIndex = ClusteringMetrics.randIndex(table);
        }
        double daviesBouldin = ClusteringMetrics.daviesBouldin(data, predicted);
        double constraintSatisfaction = constraints == null
                ? Double.NaN : ClusteringMetrics.constraintSatisfaction(constraints, predicted);
        return new Evaluation(accuracy, nmi, ari, randIndex, daviesBouldin, constraintSatisfaction);
    }

    /**
     * Evaluates {@code predicted} against {@code truth} (a class per point) and {@code constraints}
     * (null for none), without the features: DBI is NaN. For points that are not in this JVM (a
     * distributed fit), whose labels and classes are.
     */
    public static Evaluation of(int[] truth, ConstraintSet constraints, int[] predicted) {
        if (truth.length != predicted.length || truth.length == 0) {
            throw new IllegalArgumentException(predicted.length + " predicted labels for " + truth.length + " points");
        }
        ContingencyTable table = ContingencyTable.of(truth, predicted);
        return new Evaluation(ClusteringMetrics.accuracy(table), ClusteringMetrics.normalizedMutualInformation(table),
                ClusteringMetrics.adjustedRandIndex(table), ClusteringMetrics.randIndex(table), Double.NaN,
                constraints == null ? Double.NaN : ClusteringMetrics.constraintSatisfaction(constraints, predicted));
    }

    private static void requireRange(String name, double value, double low, double high) {
        if (!Double.isNaN(value) && !(value >= low && value <= high)) {
            throw new IllegalArgumentException("Invalid " + name + ": " + value + " (must be in [" + low + ", "
                    + high + "] or NaN)");
        }
    }
}
