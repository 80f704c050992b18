package io.csc.algorithm.njw;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.GraphConstruction;
import io.csc.graph.GraphType;
import io.csc.graph.KernelOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link NormalizedSpectralClustering}.
 *
 * @param graph dense Gaussian affinity or k-NN graph
 * @param kernel the Gaussian kernel and its bandwidth rule
 * @param neighbours k of the k-NN graph (>= 1; ignored for the dense graph)
 * @param kmeans the final k-means
 * @param lanczos the sparse eigensolver (k-NN graph only)
 * @param bandwidthFallback whether a lopsided clustering at a bandwidth rule's σ is fitted again with
 *     the other rules ({@link BandwidthFallback}); ignored for a fixed σ
 */
public record NjwOptions(GraphType graph, KernelOptions kernel, int neighbours, KMeansOptions kmeans,
                         LanczosOptions lanczos, boolean bandwidthFallback) {

    public NjwOptions {
        if (graph == null || kernel == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid NJW options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
    }

    /** The similarity graph these options ask for: {@code graph}, {@code kernel} and {@code neighbours}. */
    public GraphConstruction construction() {
        return GraphConstruction.of(graph, kernel, neighbours);
    }

    /** The same options with another kernel. */
    public NjwOptions withKernel(KernelOptions newKernel) {
        return new NjwOptions(graph, newKernel, neighbours, kmeans, lanczos, bandwidthFallback);
    }
}
