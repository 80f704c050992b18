package io.csc.graph;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;

/** Connected components of an affinity graph (edges with positive weight), by union-find. */
public final class GraphConnectivity {

    /** Component id of each node ({@code 0..count-1}, numbered by smallest member) and the count. */
    public record Components(int[] labels, int count) {
    }

    private GraphConnectivity() {
    }

    /** The components of a sparse graph. */
    public static Components components(SparseMatrix graph) {
        int n = graph.rows();
        int[] parent = identity(n);
        int[] rowPointers = graph.rowPointers();
        int[] columnIndices = graph.columnIndices();
        double[] values = graph.values();
        for (int i = 0; i < n; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                if (values[p] > 0) {
                    union(parent, i, columnIndices[p]);
                }
            }
        }
        return label(parent);
    }

    /** The components of a dense graph. */
    public static Components components(DenseMatrix graph) {
        int n = graph.rows();
        int[] parent = identity(n);
        double[] w = graph.data();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (w[i * n + j] > 0) {
                    union(parent, i, j);
                }
            }
        }
        return label(parent);
    }

    /** A diagnostic sentence for a graph with more than one component, or null. */
    public static String warning(int components, int n) {
        if (components <= 1) {
            return null;
        }
        return "The affinity graph of " + n + " points has " + components + " connected components: "
                + "the spectral embedding then separates them regardless of the data between them; "
                + "consider more neighbours or a wider kernel (sigma)";
    }

    private static int[] identity(int n) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        return parent;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int rootA = find(parent, a);
        int rootB = find(parent, b);
        if (rootA != rootB) {
            if (rootA < rootB) {
                parent[rootB] = rootA;
            } else {
                parent[rootA] = rootB;
            }
        }
    }

    private static Components label(int[] parent) {
        int n = parent.length;
        int[] labels = new int[n];
        int[] idOfRoot = new int[n];
        java.util.Arrays.fill(idOfRoot, -1);
        int count = 0;
        for (int i = 0; i < n; i++) {
            int root = find(parent, i);
            if (idOfRoot[root] < 0) {
                idOfRoot[root] = count++;
            }
            labels[i] = idOfRoot[root];
        }
        return new Components(labels, count);
    }
}
