package io.csc.algorithm.spectral;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DimensionMismatchException;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;
import java.util.Arrays;

/**
 * Moves affinities towards what pairwise constraints say, by Eq. 4 of the E2CP paper (Lu and Ip,
 * ECCV 2010): for a weight {@code w} in [0, 1] and a signed confidence {@code f} in [-1, 1]
 * (positive: must-link, negative: cannot-link),
 * <pre>
 *   w̃ = 1 - (1 - f)(1 - w)   if f &gt;= 0   (towards 1)
 *   w̃ = (1 + f) w            if f &lt;  0   (towards 0)
 * </pre>
 * so w̃ stays in [0, 1], grows with f and equals w for f = 0. At {@code f = ±1} it is the hard rule of
 * Spectral Learning (Kamvar, Klein and Manning 2003): a must-link sets the affinity to 1, a
 * cannot-link to 0; in between it interpolates linearly, which is how both methods take soft
 * constraints. The diagonal is always left at 0 (no self-loops, as in the graphs it adjusts).
 */
public final class AffinityAdjustment {

    private static final int ROW_GRAIN = 64;

    private AffinityAdjustment() {
    }

    /** Eq. 4 for one pair. */
    public static double adjust(double weight, double confidence) {
        return confidence >= 0 ? 1.0 - (1.0 - confidence) * (1.0 - weight) : (1.0 + confidence) * weight;
    }

    /**
     * Adjusts a dense affinity in place at the stored entries of a sparse symmetric matrix of
     * confidences (entries elsewhere mean f = 0 and are left alone). O(nnz).
     *
     * @return the affinities replaced, one per stored confidence in its order (the diagonal's
     *     unchanged), for {@link #restoreWeights}
     */
    public static double[] adjustWeights(DenseMatrix weights, SparseMatrix confidences) {
        int n = requireSquare(weights.rows(), weights.columns(), confidences);
        double[] w = weights.data();
        int[] rowPointers = confidences.rowPointers();
        int[] columns = confidences.columnIndices();
        double[] values = confidences.values();
        double[] replaced = new double[confidences.nonZeros()];
        for (int i = 0; i < n; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                int j = columns[p];
                replaced[p] = w[i * n + j];
                if (j != i) {
                    w[i * n + j] = adjust(w[i * n + j], values[p]);
                }
            }
        }
        return replaced;
    }

    /**
     * Undoes {@link #adjustWeights}: puts back the affinities it replaced at the stored entries of
     * the same confidences, the last first, so that W is again exactly as before. O(nnz).
     */
    public static void restoreWeights(DenseMatrix weights, SparseMatrix confidences, double[] replaced) {
        int n = requireSquare(weights.rows(), weights.columns(), confidences);
        if (replaced.length != confidences.nonZeros()) {
            throw new DimensionMismatchException(replaced.length + " replaced affinities for "
                    + confidences.nonZeros() + " confidences");
        }
        double[] w = weights.data();
        int[] rowPointers = confidences.rowPointers();
        int[] columns = confidences.columnIndices();
        for (int i = n - 1; i >= 0; i--) {
            for (int p = rowPointers[i + 1] - 1; p >= rowPointers[i]; p--) {
                w[i * n + columns[p]] = replaced[p];
            }
        }
    }

    /**
     * Replaces a dense matrix of confidences F in place by the adjusted affinity W̃ of a sparse
     * affinity W: {@code W̃_ij = adjust(W_ij, F_ij)}, where a pair without an edge has
     * {@code W_ij = 0} and so {@code W̃_ij = max(F_ij, 0)}. O(n²), parallel over rows.
     */
    public static void adjustConfidences(DenseMatrix confidences, SparseMatrix weights, Parallel parallel) {
        int n = requireSquare(confidences.rows(), confidences.columns(), weights);
        double[] f = confidences.data();
        int[] rowPointers = weights.rowPointers();
        int[] columns = weights.columnIndices();
        double[] values = weights.values();
        parallel.forRange(n, ROW_GRAIN, (from, to) -> {
            double[] onEdges = new double[16];
            for (int i = from; i < to; i++) {
                int base = i * n;
                int start = rowPointers[i];
                int count = rowPointers[i + 1] - start;
                if (onEdges.length < count) {
                    onEdges = new double[count];
                }
                for (int t = 0; t < count; t++) {
                    onEdges[t] = adjust(values[start + t], f[base + columns[start + t]]);
                }
                for (int j = 0; j < n; j++) {
                    f[base + j] = Math.max(f[base + j], 0.0);
                }
                for (int t = 0; t < count; t++) {
                    f[base + columns[start + t]] = onEdges[t];
                }
                f[base + i] = 0.0;
            }
        });
    }

    /**
     * The sparse adjusted affinity on the union of the patterns of W and F:
     * {@code adjust(W_ij, F_ij)} with a missing entry read as 0. Zero results and the diagonal are
     * not stored. Both matrices must be symmetric for the result to be. O(nnz(W) + nnz(F)).
     */
    public static SparseMatrix adjust(SparseMatrix weights, SparseMatrix confidences) {
        int n = requireSquare(weights.rows(), weights.columns(), confidences);
        int[] wPointers = weights.rowPointers();
        int[] wColumns = weights.columnIndices();
        double[] wValues = weights.values();
        int[] fPointers = confidences.rowPointers();
        int[] fColumns = confidences.columnIndices();
        double[] fValues = confidences.values();
        int[] rowPointers = new int[n + 1];
        int[] columns = new int[weights.nonZeros() + confidences.nonZeros()];
        double[] values = new double[columns.length];
        int written = 0;
        for (int i = 0; i < n; i++) {
            int p = wPointers[i];
            int q = fPointers[i];
            while (p < wPointers[i + 1] || q < fPointers[i + 1]) {
                int wColumn = p < wPointers[i + 1] ? wColumns[p] : Integer.MAX_VALUE;
                int fColumn = q < fPointers[i + 1] ? fColumns[q] : Integer.MAX_VALUE;
                int j = Math.min(wColumn, fColumn);
                double w = wColumn == j ? wValues[p++] : 0.0;
                double f = fColumn == j ? fValues[q++] : 0.0;
                double value = adjust(w, f);
                if (j != i && value != 0.0) {
                    columns[written] = j;
                    values[written++] = value;
                }
            }
            rowPointers[i + 1] = written;
        }
        return new SparseMatrix(n, n, rowPointers, Arrays.copyOf(columns, written), Arrays.copyOf(values, written));
    }

    private static int requireSquare(int rows, int columns, SparseMatrix other) {
        if (rows != columns || other.rows() != rows || other.columns() != columns) {
            throw new DimensionMismatchException("Affinity " + rows + " x " + columns + " and confidences "
                    + other.rows() + " x " + other.columns() + " must be square and of the same size");
        }
        return rows;
    }
}
