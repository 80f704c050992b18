package io.csc.algorithm.cspml;

import io.csc.algorithm.GraphType;
import io.csc.cluster.KMeansOptions;
import io.csc.graph.KernelOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link MultiLayerConstrainedClustering} (CSP-ML).
 *
 * @param graph the similarity layer W₁: dense Gaussian affinity (the paper's) or symmetric k-NN graph
 * @param kernel the Gaussian kernel and its bandwidth; the paper uses {@code exp(-||x - y||² / 2)},
 *     a fixed σ = 1
 * @param neighbours k of the k-NN graph (>= 1; ignored for the dense graph)
 * @param alpha α of {@code L_mod = Σ L_i - α Σ U_i U_iᵀ}, the weight of the layers' subspaces
 *     (finite, >= 0; 0 clusters the sum of the Laplacians)
 * @param kmeans the final k-means
 * @param lanczos the iterative eigensolver of the constraint layers and of {@code L_mod}
 */
public record MultiLayerOptions(GraphType graph, KernelOptions kernel, int neighbours, double alpha,
                                KMeansOptions kmeans, LanczosOptions lanczos) {

    public MultiLayerOptions {
        if (graph == null || kernel == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid CSP-ML options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("Invalid alpha: " + alpha + " (must be finite and >= 0)");
        }
    }
}
