package io.csc.algorithm.apjcsc;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.GraphConstruction;
import io.csc.graph.GraphType;
import io.csc.graph.KernelOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link AffinityPenaltyClustering}.
 *
 * @param variant robust (Eq. 5's edit limited by the graph's spectral gap) or paper (as published)
 * @param graph dense Gaussian affinity (the paper's) or symmetric k-NN graph (sparse, Lanczos)
 * @param kernel the Gaussian kernel of Eq. 1 and how σ is chosen
 * @param neighbours k of the k-NN graph (>= 1; ignored for the dense graph)
 * @param eta the trade-off η of Eq. 13 in (0, 1]: 1 ignores the penalty term
 * @param kmeans the final k-means
 * @param lanczos the sparse eigensolver (k-NN graph, and the extreme eigenvalues of Eq. 13)
 * @param selection how σ and η are chosen from the supervision (none: use those given)
 */
public record ApjcscOptions(ApjcscVariant variant, GraphType graph, KernelOptions kernel, int neighbours, double eta, KMeansOptions kmeans,
                            LanczosOptions lanczos, SelectionOptions selection) {

    public ApjcscOptions {
        if (variant == null || graph == null || kernel == null || kmeans == null || lanczos == null || selection == null) {
            throw new IllegalArgumentException("Invalid APJCSC options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (!(eta > 0 && eta <= 1)) {
            throw new IllegalArgumentException("Invalid eta: " + eta + " (must be in (0, 1])");
        }
    }

    /** A copy with another kernel. */
    public ApjcscOptions withKernel(KernelOptions newKernel) {
        return new ApjcscOptions(variant, graph, newKernel, neighbours, eta, kmeans, lanczos, selection);
    }

    /** A copy with another η. */
    public ApjcscOptions withEta(double newEta) {
        return new ApjcscOptions(variant, graph, kernel, neighbours, newEta, kmeans, lanczos, selection);
    }

    /** A copy with other sparse-eigensolver options. */
    public ApjcscOptions withLanczos(LanczosOptions newLanczos) {
        return new ApjcscOptions(variant, graph, kernel, neighbours, eta, kmeans, newLanczos, selection);
    }

    /** A copy without parameter selection. */
    public ApjcscOptions withoutSelection() {
        return new ApjcscOptions(variant, graph, kernel, neighbours, eta, kmeans, lanczos, SelectionOptions.NONE);
    }

    /** The similarity graph these options ask for: {@code graph}, {@code kernel} and {@code neighbours}. */
    public GraphConstruction construction() {
        return GraphConstruction.of(graph, kernel, neighbours);
    }
}
