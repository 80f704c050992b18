package io.csc.algorithm.spectral;

import io.csc.linalg.DenseMatrix;

/** Small dense helpers of the sampling (Nyström) methods: the sampled block and symmetrization. */
public final class SampledBlocks {

    private SampledBlocks() {
    }

    /** The new matrix of the given rows of {@code matrix}, in that order. */
    public static DenseMatrix rows(DenseMatrix matrix, int[] rows) {
        int m = matrix.columns();
        DenseMatrix result = DenseMatrix.zeros(rows.length, m);
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(matrix.data(), rows[r] * m, result.data(), r * m, m);
        }
        return result;
    }

    /** Replaces a square matrix by {@code (A + Aᵀ) / 2}, in place. */
    public static void symmetrize(DenseMatrix matrix) {
        int m = matrix.rows();
        double[] a = matrix.data();
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                double mean = 0.5 * (a[i * m + j] + a[j * m + i]);
                a[i * m + j] = mean;
                a[j * m + i] = mean;
            }
        }
    }
}
