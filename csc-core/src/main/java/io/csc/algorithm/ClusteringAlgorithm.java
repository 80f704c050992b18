package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.api.UnsuitableInputException;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;
import io.csc.data.FeatureMagnitude;

/**
 * A clustering method: immutable and thread-safe, configured by its options at construction;
 * every call to {@link #fit} builds its own private state.
 *
 * <p>Unconstrained methods ignore the constraints they are given.
 */
public interface ClusteringAlgorithm {

    /** The method's name as the command line knows it, such as {@code njw} or {@code scacs}. */
    String name();

    /**
     * Clusters {@code data} into {@code k} clusters guided by {@code constraints}.
     *
     * @throws IllegalArgumentException if k or the data do not suit the method (too few points, a
     *     size the method refuses), with a message that says what to use instead
     */
    ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context);

    /**
     * The method bound to {@code data} and {@code k}, ready for fits that differ only in their
     * supervision. Methods with a data-only stage worth keeping (landmarks, codes, a graph) compute
     * it here, once; the default keeps nothing and fits from scratch each time.
     *
     * @throws IllegalArgumentException or {@link UnsuitableInputException} as {@link #fit} does
     */
    default PreparedFit prepare(Dataset data, int k, RunContext context) {
        checkArguments(name(), data, ConstraintSet.empty(data.size()), k);
        return (constraints, fitContext) -> fit(data, constraints, k, fitContext);
    }

    /**
     * The method with its defaults that depend on the supervision fixed from {@code constraints}, the
     * whole supervision of a fit. Selection fits its folds, each on part of the supervision, with
     * this method, so that they measure the method its final fit on all of the supervision is; the
     * default has no such defaults and returns the method itself.
     *
     * <p>Why: the robust CSP-ML and FAST-CSP-ML take at most b - k directions for b constrained
     * points (their {@code SubspaceRestriction}). A fold sees two thirds of b, so
     * without this its fits had fewer directions than the final fit: on Soybean with 20 random pairs
     * (15 classes, 34-40 constrained points) the folds fitted NJW's embedding (m = k), scored as well
     * as the guard's references, and the final fit, with m about 24, gave ACC 0.52-0.54 where the
     * references give 0.62-0.64.
     */
    default ClusteringAlgorithm settledFor(ConstraintSet constraints, int k) {
        return this;
    }

    /**
     * Whether {@link #fit} reads features held in {@link io.csc.data.Precision#FLOAT single
     * precision} as they are; false (the default) has {@link CheckedAlgorithm} widen such data to
     * double precision first, with a warning.
     */
    default boolean acceptsSinglePrecision() {
        return false;
    }

    /** The method itself, past any wrapper that adds checks or selection around it. */
    default ClusteringAlgorithm unwrapped() {
        return this;
    }

    /**
     * Checks the arguments every method needs; call first in {@link #fit}.
     *
     * @throws IllegalArgumentException for k below 1 or constraints on another number of points
     * @throws UnsuitableInputException for data no method can cut into k clusters: fewer than two
     *     points, all points identical, fewer distinct points than k, or values so large that
     *     squared distances overflow
     */
    static void checkArguments(String method, Dataset data, ConstraintSet constraints, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("Invalid k: " + k + " (must be >= 1)");
        }
        if (constraints.pointCount() != data.size()) {
            throw new IllegalArgumentException("The constraints of " + method + " refer to " + constraints.pointCount()
                    + " points but the data " + data.name() + " has " + data.size());
        }
        int n = data.size();
        if (n < 2) {
            throw new UnsuitableInputException(data.name() + " has " + n + " point" + (n == 1 ? "" : "s")
                    + ": clustering needs at least 2; add rows");
        }
        if (n < k) {
            throw new UnsuitableInputException("Cannot find " + k + " clusters in the " + n + " points of " + data.name()
                    + ": k must not exceed the number of points; lower k to at most " + n);
        }
        int distinct = DistinctRows.count(data, Math.max(k, 2));
        if (distinct == 1) {
            throw new UnsuitableInputException("The " + n + " points of " + data.name()
                    + " are all identical: there is nothing to cluster; check the data (or its scaling)");
        }
        if (distinct < k) {
            throw new UnsuitableInputException("Cannot find " + k + " clusters in " + data.name() + ": it has only "
                    + distinct + " distinct points among its " + n + ", and identical points belong in one cluster; "
                    + "lower k to at most " + distinct);
        }
        FeatureMagnitude.requireSquarable(data);
    }
}
