package io.csc.algorithm.spectrallearning;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.GraphConstruction;
import io.csc.graph.GraphType;
import io.csc.graph.KernelOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link SpectralLearning}.
 *
 * @param variant robust (the edit limited by the graph's spectral gap) or paper (as published)
 * @param graph dense Gaussian affinity or k-NN graph
 * @param neighbours k of the k-NN graph, >= 1 (ignored for the dense graph)
 * @param normalization additive (Kamvar et al.) or symmetric (NJW)
 * @param normalizeRows whether the rows of the eigenvector matrix are scaled to unit length before k-means
 * @param kernel the Gaussian kernel and its bandwidth rule
 * @param kmeans the final k-means
 * @param lanczos the sparse eigensolver (k-NN graph only)
 */
public record SpectralLearningOptions(SpectralLearningVariant variant, GraphType graph, int neighbours, AffinityNormalization normalization,
                                      boolean normalizeRows, KernelOptions kernel, KMeansOptions kmeans,
                                      LanczosOptions lanczos) {

    public SpectralLearningOptions {
        if (variant == null || graph == null || normalization == null || kernel == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid Spectral Learning options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
    }

    /** The similarity graph these options ask for: {@code graph}, {@code kernel} and {@code neighbours}. */
    public GraphConstruction construction() {
        return GraphConstruction.of(graph, kernel, neighbours);
    }
}
