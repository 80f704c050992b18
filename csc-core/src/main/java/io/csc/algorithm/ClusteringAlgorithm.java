package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;

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

    /** The method itself, past any wrapper that adds checks or selection around it. */
    default ClusteringAlgorithm unwrapped() {
        return this;
    }

    /** Checks the arguments every method needs; call first in {@link #fit}. */
    static void checkArguments(String method, Dataset data, ConstraintSet constraints, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("Invalid k: " + k + " (must be >= 1)");
        }
        if (data.size() < k) {
            throw new IllegalArgumentException("Cannot find " + k + " clusters in " + data.size() + " points of "
                    + data.name() + ": k must not exceed the number of points");
        }
        if (constraints.pointCount() != data.size()) {
            throw new IllegalArgumentException("The constraints of " + method + " refer to " + constraints.pointCount()
                    + " points but the data " + data.name() + " has " + data.size());
        }
    }
}
