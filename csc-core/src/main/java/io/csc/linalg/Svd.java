package io.csc.linalg;

import java.util.Arrays;
import java.util.Objects;

/**
 * Singular value decompositions of dense matrices through a {@link LinearAlgebraBackend}
 * (LAPACK {@code dgesdd} natively, EJML in Java): O(m n min(m, n)) time. The input is never
 * modified. Singular values are descending and nonnegative; the signs of matching left and
 * right singular vectors are arbitrary.
 */
public final class Svd {

    private Svd() {
    }

    /** The thin SVD {@code A = U diag(s) Vᵀ} with {@code r = min(m, n)} triplets. */
    public static SingularValueDecomposition thin(LinearAlgebraBackend backend, DenseMatrix a) {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(a, "A");
        MatrixChecks.requireFinite(a, "A");
        int m = a.rows();
        int n = a.columns();
        if (m == 0 || n == 0) {
            return new SingularValueDecomposition(DenseMatrix.zeros(m, 0), new double[0], DenseMatrix.zeros(n, 0));
        }
        return backend.thinSvd(m, n, a.copy().data());
    }

    /**
     * The r leading triplets ({@code 0 <= r <= min(m, n)}): the best rank-r approximation of A.
     * This computes the thin SVD and keeps its first r columns; it is not a randomized method.
     */
    public static SingularValueDecomposition truncated(LinearAlgebraBackend backend, DenseMatrix a, int r) {
        Objects.requireNonNull(a, "A");
        int maximum = Math.min(a.rows(), a.columns());
        if (r < 0 || r > maximum) {
            throw new IllegalArgumentException("Invalid rank: " + r + " (must be in [0, " + maximum + "] for a "
                    + a.rows() + " x " + a.columns() + " matrix)");
        }
        SingularValueDecomposition thin = thin(backend, a);
        if (r == thin.rank()) {
            return thin;
        }
        return new SingularValueDecomposition(thin.u().columns(0, r), Arrays.copyOf(thin.singularValues(), r),
                thin.v().columns(0, r));
    }
}
