package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;

/**
 * How a graph method builds its similarity graph, the step every graph method starts with: the
 * dense Gaussian affinity, or the k-nearest-neighbour graph with Gaussian weights, made symmetric
 * by keeping an edge either end lists (or, {@link #withAveraging()}, by averaging W and Wᵀ).
 *
 * @param type dense or k-NN
 * @param kernel the Gaussian kernel and its bandwidth rule
 * @param neighbours k of the k-NN graph (>= 1; unused by the dense graph)
 * @param averaged whether the k-NN graph is made symmetric by averaging (E2CP) rather than by the larger weight
 */
public record GraphConstruction(GraphType type, KernelOptions kernel, int neighbours, boolean averaged) {

    public GraphConstruction {
        if (type == null || kernel == null) {
            throw new IllegalArgumentException("Invalid graph construction: the graph type and kernel are required");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (averaged && type != GraphType.KNN) {
            throw new IllegalArgumentException("Only a k-NN graph is made symmetric by averaging");
        }
    }

    /** The {@code type} graph with {@code kernel}, k-NN graphs with {@code neighbours} neighbours. */
    public static GraphConstruction of(GraphType type, KernelOptions kernel, int neighbours) {
        return new GraphConstruction(type, kernel, neighbours, false);
    }

    /** The dense Gaussian affinity with {@code kernel}. */
    public static GraphConstruction dense(KernelOptions kernel) {
        return of(GraphType.DENSE, kernel, 1);
    }

    /** The symmetric k-NN graph with {@code kernel} and {@code neighbours} neighbours. */
    public static GraphConstruction knn(KernelOptions kernel, int neighbours) {
        return of(GraphType.KNN, kernel, neighbours);
    }

    /** The same k-NN graph made symmetric by averaging, {@code W = (W + Wᵀ) / 2}. */
    public GraphConstruction withAveraging() {
        return new GraphConstruction(type, kernel, neighbours, true);
    }

    /** The same graph with another kernel. */
    public GraphConstruction withKernel(KernelOptions newKernel) {
        return new GraphConstruction(type, newKernel, neighbours, averaged);
    }

    /**
     * Builds the graph of {@code data}: the dense one after checking that {@code budget} fits in
     * memory (O(n² d) time, O(n²) memory), the k-NN one from exact neighbours (O(n² d) time,
     * O(n k) memory).
     */
    public AffinityGraph build(Dataset data, DenseBudget budget, RunContext context) {
        if (type == GraphType.DENSE) {
            return AffinityGraph.of(DenseAffinity.gaussian(data, kernel, budget.method(), budget.matrices(),
                    budget.alternatives(), context));
        }
        KnnGraphOptions options = new KnnGraphOptions(neighbours, kernel, false);
        return AffinityGraph.of(averaged ? KnnGraph.buildAveraged(data, options, context)
                : KnnGraph.build(data, options, context));
    }
}
