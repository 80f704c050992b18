package io.csc.linalg;

import java.util.Objects;

/**
 * Dense matrix products through a {@link LinearAlgebraBackend}, each allocating its result.
 * Shapes are checked here; the backend's {@code gemm} does the work (O(m n k) for an
 * {@code m x k} by {@code k x n} product).
 */
public final class MatrixProducts {

    private MatrixProducts() {
    }

    /** The new matrix {@code A B}. */
    public static DenseMatrix multiply(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b) {
        return product(backend, false, false, a, b);
    }

    /** The new matrix {@code Aᵀ B}, without forming {@code Aᵀ}. */
    public static DenseMatrix multiplyTransposeA(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b) {
        return product(backend, true, false, a, b);
    }

    /** The new matrix {@code A Bᵀ}, without forming {@code Bᵀ}. */
    public static DenseMatrix multiplyTransposeB(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b) {
        return product(backend, false, true, a, b);
    }

    /**
     * The new Gram matrix {@code AᵀA} ({@code columns x columns}), exactly symmetric: the two
     * triangles, which floating point may compute with different rounding, are averaged.
     */
    public static DenseMatrix gram(LinearAlgebraBackend backend, DenseMatrix a) {
        DenseMatrix gram = product(backend, true, false, a, a);
        gram.symmetrize();
        return gram;
    }

    private static DenseMatrix product(LinearAlgebraBackend backend, boolean transposeA, boolean transposeB,
                                       DenseMatrix a, DenseMatrix b) {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(a, "A");
        Objects.requireNonNull(b, "B");
        int m = transposeA ? a.columns() : a.rows();
        int inner = transposeA ? a.rows() : a.columns();
        int innerB = transposeB ? b.columns() : b.rows();
        int n = transposeB ? b.rows() : b.columns();
        if (inner != innerB) {
            throw new DimensionMismatchException("Cannot form " + (transposeA ? "Aᵀ" : "A") + (transposeB ? " Bᵀ" : " B")
                    + ": A is " + a.rows() + " x " + a.columns() + ", B is " + b.rows() + " x " + b.columns());
        }
        DenseMatrix c = DenseMatrix.zeros(m, n);
        backend.gemm(transposeA, transposeB, m, n, inner, 1.0, a.data(), 0, a.columns(), b.data(), 0, b.columns(),
                0.0, c.data(), 0, n);
        return c;
    }
}
