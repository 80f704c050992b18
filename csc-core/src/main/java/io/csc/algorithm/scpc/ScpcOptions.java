package io.csc.algorithm.scpc;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link PairwiseConstraintSpectralClustering}.
 *
 * @param coding r nearest constrained points coding each point (default 3, the paper's value for
 *     MNIST) and the kernel width (default: the mean distance from each point to its r nearest
 *     landmarks; the paper does not say how it chose σ)
 * @param neighbours l, the neighbours of each constrained point used by the propagation (Eq. 4 to
 *     6), >= 1, default 5 as in the paper
 * @param kmeans the final k-means
 * @param lanczos the eigensolver for the p x p matrix {@code ẐẐᵀ} (dense up to 500 landmarks)
 */
public record ScpcOptions(SparseCodingOptions coding, int neighbours, KMeansOptions kmeans, LanczosOptions lanczos) {

    public ScpcOptions {
        if (coding == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid SC-PC options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
    }
}
