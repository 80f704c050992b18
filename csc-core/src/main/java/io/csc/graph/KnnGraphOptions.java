package io.csc.graph;

/**
 * A k-nearest-neighbour graph: each point is joined to its {@code neighbours} nearest points with a
 * Gaussian weight; the graph is made symmetric by keeping an edge when either end lists the other
 * ({@code mutual = false}, the usual choice, which keeps the graph connected more often) or only
 * when both do ({@code mutual = true}).
 */
public record KnnGraphOptions(int neighbours, KernelOptions kernel, boolean mutual) {

    public KnnGraphOptions {
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (kernel == null) {
            throw new IllegalArgumentException("Invalid kernel: null");
        }
    }
}
