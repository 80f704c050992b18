package io.csc.algorithm.spectral;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DimensionMismatchException;
import io.csc.linalg.LinearAlgebraBackend;

/**
 * Dense helpers of the sampling (Nyström) methods: the sampled block, and products
 * with the tall n x m column matrices taken in row blocks, so that a native backend copies one
 * block at a time instead of the whole n x m operand.
 */
public final class SampledBlocks {

    /** Rows per block of the tall products. */
    private static final int ROW_BLOCK = 8192;

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

    /** The new n x r matrix {@code A B} for a tall n x m matrix A and an m x r matrix B, by row blocks. */
    public static DenseMatrix multiply(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b) {
        if (a.columns() != b.rows()) {
            throw new DimensionMismatchException("Cannot form A B: A is " + a.rows() + " x " + a.columns() + ", B is "
                    + b.rows() + " x " + b.columns());
        }
        int m = a.columns();
        int r = b.columns();
        DenseMatrix result = DenseMatrix.zeros(a.rows(), r);
        for (int start = 0; start < a.rows(); start += ROW_BLOCK) {
            int rows = Math.min(ROW_BLOCK, a.rows() - start);
            backend.gemm(false, false, rows, r, m, 1.0, a.data(), start * m, m, b.data(), 0, r, 0.0, result.data(),
                    start * r, r);
        }
        return result;
    }

    /** {@code target += alpha U Vᵀ} for n x r U, m x r V and n x m target, by row blocks. */
    public static void addProduct(LinearAlgebraBackend backend, double alpha, DenseMatrix u, DenseMatrix v,
                                  DenseMatrix target) {
        if (u.columns() != v.columns() || u.rows() != target.rows() || v.rows() != target.columns()) {
            throw new DimensionMismatchException("Cannot add U Vᵀ: U is " + u.rows() + " x " + u.columns() + ", V is "
                    + v.rows() + " x " + v.columns() + ", the target " + target.rows() + " x " + target.columns());
        }
        int r = u.columns();
        int m = target.columns();
        if (r == 0) {
            return;
        }
        for (int start = 0; start < u.rows(); start += ROW_BLOCK) {
            int rows = Math.min(ROW_BLOCK, u.rows() - start);
            backend.gemm(false, true, rows, m, r, alpha, u.data(), start * r, r, v.data(), 0, r, 1.0, target.data(),
                    start * m, m);
        }
    }
}
