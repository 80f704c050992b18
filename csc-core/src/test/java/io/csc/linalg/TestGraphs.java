package io.csc.linalg;

import java.util.SplittableRandom;

/** Sparse test matrices: random symmetric matrices and graphs with known structure. */
final class TestGraphs {

    private TestGraphs() {
    }

    /** A random symmetric sparse matrix with about {@code perRow} entries per row, values in (-1, 1). */
    static SparseMatrix randomSymmetric(int n, int perRow, SplittableRandom random) {
        int count = n * perRow + n;
        int[] rows = new int[count];
        int[] columns = new int[count];
        double[] values = new double[count];
        int t = 0;
        for (int i = 0; i < n; i++) {
            rows[t] = i;
            columns[t] = i;
            values[t++] = random.nextDouble(-1, 1);
            for (int e = 0; e < perRow; e++) {
                rows[t] = i;
                columns[t] = random.nextInt(n);
                values[t++] = random.nextDouble(-1, 1);
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.SUM).symmetrize(false);
    }

    /**
     * A weighted graph of {@code components} connected components of {@code size} nodes each: in
     * every component a ring (which makes it connected) plus {@code chords} random edges per node.
     * Weights are in [0.5, 1.5].
     */
    static SparseMatrix components(int components, int size, int chords, SplittableRandom random) {
        int n = components * size;
        int count = n * (chords + 1);
        int[] rows = new int[count];
        int[] columns = new int[count];
        double[] values = new double[count];
        int t = 0;
        for (int c = 0; c < components; c++) {
            int offset = c * size;
            for (int i = 0; i < size; i++) {
                rows[t] = offset + i;
                columns[t] = offset + (i + 1) % size;
                values[t++] = random.nextDouble(0.5, 1.5);
                for (int e = 0; e < chords; e++) {
                    int j = random.nextInt(size);
                    if (j != i) {
                        rows[t] = offset + i;
                        columns[t] = offset + j;
                        values[t++] = random.nextDouble(0.5, 1.5);
                    }
                }
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.MAX).symmetrize(true);
    }

    /** The graph Laplacian D - W. */
    static SparseMatrix laplacian(SparseMatrix weights) {
        int n = weights.rows();
        double[] degrees = weights.rowSums();
        int nonZeros = weights.nonZeros();
        int[] rows = new int[nonZeros + n];
        int[] columns = new int[nonZeros + n];
        double[] values = new double[nonZeros + n];
        int t = 0;
        for (int i = 0; i < n; i++) {
            rows[t] = i;
            columns[t] = i;
            values[t++] = degrees[i];
            for (int p = weights.rowPointers()[i]; p < weights.rowPointers()[i + 1]; p++) {
                rows[t] = i;
                columns[t] = weights.columnIndices()[p];
                values[t++] = -weights.values()[p];
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.SUM);
    }

    /** The normalized affinity D^-1/2 W D^-1/2 (eigenvalues in [-1, 1], 1 once per component). */
    static SparseMatrix normalizedAffinity(SparseMatrix weights) {
        double[] degrees = weights.rowSums();
        double[] scale = new double[degrees.length];
        for (int i = 0; i < degrees.length; i++) {
            scale[i] = degrees[i] > 0 ? 1.0 / Math.sqrt(degrees[i]) : 0.0;
        }
        return weights.scale(scale, scale);
    }

    /**
     * A k-nearest-neighbour graph of {@code n} points drawn from {@code clusters} Gaussian blobs in
     * the plane, with Gaussian weights; symmetrized by the maximum. O(n²): for tests of moderate n.
     */
    static SparseMatrix nearestNeighbours(int n, int neighbours, int clusters, SplittableRandom random) {
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int c = i % clusters;
            x[i] = 4 * Math.cos(2 * Math.PI * c / clusters) + random.nextGaussian();
            y[i] = 4 * Math.sin(2 * Math.PI * c / clusters) + random.nextGaussian();
        }
        int[] rows = new int[n * neighbours];
        int[] columns = new int[n * neighbours];
        double[] values = new double[n * neighbours];
        int t = 0;
        double[] distances = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double dx = x[i] - x[j];
                double dy = y[i] - y[j];
                distances[j] = dx * dx + dy * dy;
                order[j] = j;
            }
            java.util.Arrays.sort(order, (a, b) -> Double.compare(distances[a], distances[b]));
            for (int e = 1; e <= neighbours; e++) {
                rows[t] = i;
                columns[t] = order[e];
                values[t++] = Math.exp(-distances[order[e]]);
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.MAX).symmetrize(true);
    }
}
