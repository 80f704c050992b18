package io.csc.graph;

import java.util.Objects;

/**
 * The similarity graph a {@link GraphConstruction} built: dense or sparse weights, the bandwidth
 * that weighted them and the graph's number of connected components.
 */
public final class AffinityGraph {

    private final DenseGraph dense;
    private final SparseGraph sparse;

    private AffinityGraph(DenseGraph dense, SparseGraph sparse) {
        this.dense = dense;
        this.sparse = sparse;
    }

    /** A dense graph. */
    public static AffinityGraph of(DenseGraph dense) {
        return new AffinityGraph(Objects.requireNonNull(dense, "dense"), null);
    }

    /** A sparse (k-NN) graph. */
    public static AffinityGraph of(SparseGraph sparse) {
        return new AffinityGraph(null, Objects.requireNonNull(sparse, "sparse"));
    }

    public boolean isDense() {
        return dense != null;
    }

    /**
     * The dense graph.
     *
     * @throws IllegalStateException when the graph is sparse
     */
    public DenseGraph dense() {
        if (dense == null) {
            throw new IllegalStateException("A k-NN graph has no dense weights");
        }
        return dense;
    }

    /**
     * The sparse graph.
     *
     * @throws IllegalStateException when the graph is dense
     */
    public SparseGraph sparse() {
        if (sparse == null) {
            throw new IllegalStateException("A dense graph has no sparse weights");
        }
        return sparse;
    }

    public Bandwidth bandwidth() {
        return dense != null ? dense.bandwidth() : sparse.bandwidth();
    }

    /** The σ of the kernel (for local scaling, the mean of the points' σ_i, for reports). */
    public double sigma() {
        return bandwidth().sigma();
    }

    /** The number of connected components (edges with positive weight). */
    public int components() {
        return dense != null ? dense.components() : sparse.components();
    }
}
