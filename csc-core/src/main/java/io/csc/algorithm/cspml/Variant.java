package io.csc.algorithm.cspml;

/**
 * Which form of CSP-ML and FAST-CSP-ML runs.
 *
 * <ul>
 *   <li>{@link #ROBUST} (the default): the paper's modified Laplacian, minimized over the span of the
 *       similarity layer's leading eigenvectors ({@link SubspaceRestriction}), so that every
 *       direction of the embedding is smooth on the similarity graph and reaches the unconstrained
 *       points.</li>
 *   <li>{@link #PAPER}: the paper's Algorithms 3 and 4 as published (with the choices documented in
 *       {@link MultiLayerConstrainedClustering} and {@link FastMultiLayerConstrainedClustering}).</li>
 * </ul>
 */
public enum Variant {
    ROBUST,
    PAPER
}
