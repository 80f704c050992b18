package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;
import io.csc.linalg.SparseMatrix;

/**
 * The symmetric k-nearest-neighbour graph with Gaussian weights, stored as CSR, O(n k) memory. The
 * neighbours are exact (blocked brute force, O(n² d) time) or found by NN-descent, as the run's
 * {@link io.csc.api.NeighbourSearch} says ({@link NearestNeighbours#find}). On data with
 * duplicates the neighbours are distinct points ({@link DistinctNeighbours}), unless the graph is
 * mutual.
 */
public final class KnnGraph {

    private KnnGraph() {
    }

    /** Builds the graph of {@code data}. */
    public static SparseGraph build(Dataset data, KnnGraphOptions options, RunContext context) {
        return build(data, options, false, context);
    }

    /**
     * Builds the graph of {@code data} made symmetric by averaging, {@code W = (W + Wᵀ) / 2}: an edge
     * listed by one end only keeps half its weight (the E2CP paper's step 1). {@code options.mutual()}
     * must be false.
     */
    public static SparseGraph buildAveraged(Dataset data, KnnGraphOptions options, RunContext context) {
        if (options.mutual()) {
            throw new IllegalArgumentException("An averaged k-NN graph keeps every edge; mutual must be false");
        }
        return build(data, options, true, context);
    }

    private static SparseGraph build(Dataset data, KnnGraphOptions options, boolean averaged, RunContext context) {
        int n = data.size();
        int k = Math.min(options.neighbours(), n - 1);
        int scaleNeighbours = options.kernel().neighbours();
        int wanted = Math.min(n - 1, Math.max(k, needsNeighbours(options.kernel()) ? scaleNeighbours : k));
        DistinctRows distinctRows = DistinctRows.of(data, context.parallel());
        NeighbourLists lists;
        Bandwidth bandwidth;
        if (!options.mutual() && Bandwidths.manyCopies(distinctRows, k)) {
            // a mutual graph keeps only edges both ends list, and a copy's first point lists no copy
            DistinctNeighbours distinct = DistinctNeighbours.of(data, distinctRows.requireSeveral(), wanted, context);
            lists = distinct.lists();
            bandwidth = Bandwidths.resolveOnDistinct(options.kernel(), data, distinct, context);
        } else {
            lists = NearestNeighbours.find(data, wanted, context);
            bandwidth = Bandwidths.resolve(options.kernel(), data, lists, distinctRows, context);
        }
        int edges = n * k;
        int[] rows = new int[edges];
        int[] columns = new int[edges];
        double[] weights = new double[edges];
        int t = 0;
        for (int i = 0; i < n; i++) {
            for (int s = 0; s < k; s++) {
                int j = lists.neighbour(i, s);
                double distance = lists.distance(i, s);
                rows[t] = i;
                columns[t] = j;
                weights[t++] = bandwidth.weight(i, j, distance * distance);
            }
        }
        SparseMatrix directed = SparseMatrix.fromTriplets(n, n, rows, columns, weights, t, SparseMatrix.Duplicates.MAX,
                context.parallel());
        SparseMatrix symmetric = options.mutual() ? mutual(directed) : directed.symmetrize(!averaged, context.parallel());
        return new SparseGraph(symmetric, bandwidth, GraphConnectivity.components(symmetric).count(), lists);
    }

    private static boolean needsNeighbours(KernelOptions kernel) {
        return kernel.rule() == BandwidthRule.KNN_MEAN || kernel.rule() == BandwidthRule.SELF_TUNING;
    }

    /** Keeps an edge only when both ends list each other. */
    private static SparseMatrix mutual(SparseMatrix directed) {
        SparseMatrix transposed = directed.transpose();
        int n = directed.rows();
        int[] rowPointers = directed.rowPointers();
        int[] columnIndices = directed.columnIndices();
        double[] values = directed.values();
        int[] rows = new int[directed.nonZeros()];
        int[] columns = new int[directed.nonZeros()];
        double[] weights = new double[directed.nonZeros()];
        int t = 0;
        for (int i = 0; i < n; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                if (transposed.get(i, columnIndices[p]) != 0.0) {
                    rows[t] = i;
                    columns[t] = columnIndices[p];
                    weights[t++] = values[p];
                }
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, weights, t, SparseMatrix.Duplicates.MAX);
    }
}
