package io.csc.algorithm.scpc;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link PairwiseConstraintSpectralClustering}.
 *
 * @param variant the robust variant (default) or the paper's Algorithm 1 as printed
 * @param coding r nearest landmarks coding each point (default 5 robust, 3 paper, the paper's value
 *     for MNIST) and the kernel width (default: the mean distance from each point to its r nearest
 *     landmarks; the paper does not say how it chose σ)
 * @param neighbours l, the neighbours of each constrained point used by the paper's propagation
 *     (Eq. 4 to 6), >= 1, default 5 as in the paper; unused by the robust variant
 * @param randomLandmarks robust variant: the landmarks drawn at random among the unconstrained
 *     points besides the constrained ones (>= 0), or null for {@code min(1000, n/5)} (LSC-R's
 *     default), capped at the unconstrained points; unused by the paper variant
 * @param kmeans the final k-means
 * @param lanczos the eigensolver for large landmark graphs
 */
public record ScpcOptions(ScpcVariant variant, SparseCodingOptions coding, int neighbours, Integer randomLandmarks,
                          KMeansOptions kmeans, LanczosOptions lanczos) {

    public ScpcOptions {
        if (variant == null || coding == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid SC-PC options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (randomLandmarks != null && randomLandmarks < 0) {
            throw new IllegalArgumentException("Invalid random-landmarks: " + randomLandmarks + " (must be >= 0)");
        }
    }
}
