package io.csc.algorithm.cspml;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.GraphConstruction;
import io.csc.graph.GraphType;
import io.csc.graph.KernelOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link MultiLayerConstrainedClustering} (CSP-ML).
 *
 * @param variant robust (the default: {@code L_mod} over the similarity layer's leading eigenvectors,
 *     {@link SubspaceRestriction}) or paper (Algorithm 3 as published)
 * @param dimension m of the robust variant, the number of the similarity layer's leading
 *     eigenvectors spanning the embedding (>= 0; 0 = {@value SubspaceRestriction#DIMENSION_PER_CLUSTER} k, at
 *     most the constrained points less k; raised to k when smaller; ignored by the paper variant)
 * @param graph the similarity layer W₁: dense Gaussian affinity (the paper's) or symmetric k-NN graph
 * @param kernel the Gaussian kernel and its bandwidth; the paper uses {@code exp(-||x - y||² / 2)},
 *     a fixed σ = 1
 * @param neighbours k of the k-NN graph (>= 1; ignored for the dense graph)
 * @param alpha α of {@code L_mod = Σ L_i - α Σ U_i U_iᵀ}, the weight of the layers' subspaces
 *     (finite, >= 0; 0 clusters the sum of the Laplacians)
 * @param kmeans the final k-means
 * @param lanczos the iterative eigensolver of the constraint layers and of {@code L_mod}
 */
public record MultiLayerOptions(Variant variant, int dimension, GraphType graph, KernelOptions kernel, int neighbours, double alpha,
                                KMeansOptions kmeans, LanczosOptions lanczos) {

    public MultiLayerOptions {
        if (variant == null || graph == null || kernel == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid CSP-ML options: null component");
        }
        if (dimension < 0) {
            throw new IllegalArgumentException("Invalid dimension: " + dimension + " (must be >= 0; 0 = automatic)");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("Invalid alpha: " + alpha + " (must be finite and >= 0)");
        }
    }

    /** A copy with another m. */
    public MultiLayerOptions withDimension(int dimension) {
        return new MultiLayerOptions(variant, dimension, graph, kernel, neighbours, alpha, kmeans, lanczos);
    }

    /** The similarity graph these options ask for: {@code graph}, {@code kernel} and {@code neighbours}. */
    public GraphConstruction construction() {
        return GraphConstruction.of(graph, kernel, neighbours);
    }
}
