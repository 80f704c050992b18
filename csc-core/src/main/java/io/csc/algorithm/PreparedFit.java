package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;

/**
 * A method bound to one data set and k, with whatever depends on the data alone already computed
 * ({@link ClusteringAlgorithm#prepare}): each fit supplies only the supervision. An active session
 * refits after every answer; a method that keeps its graph, landmarks or codes here pays for them
 * once. Thread-safe: fits may run at the same time and leave the prepared state as they found it
 * (one that edits it in place for a fit, as Spectral Learning's dense affinity at the constrained
 * pairs, puts it back and lets one fit at a time do so).
 */
@FunctionalInterface
public interface PreparedFit {

    /**
     * The fit of the prepared data with {@code constraints}: the labels {@link ClusteringAlgorithm#fit}
     * gives with the same data, constraints, k and seed.
     *
     * @throws IllegalArgumentException if the constraints are over another number of points
     */
    ClusteringResult fit(ConstraintSet constraints, RunContext context);
}
