package io.csc.linalg;

import java.util.Arrays;
import java.util.Objects;

/**
 * Eigenpairs of a dense symmetric matrix through a {@link LinearAlgebraBackend} (LAPACK
 * {@code dsyevd}/{@code dsyevr} natively, EJML's symmetric QR algorithm in Java): O(n³) time,
 * O(n²) memory. The input is never modified.
 *
 * <p>The input must be square, finite and symmetric: {@code |A(i, j) - A(j, i)|} at most
 * {@value #SYMMETRY_TOLERANCE} times the largest absolute entry. The two triangles
 * are averaged before solving, so both backends see the same matrix. A matrix that is not
 * symmetric is refused with an {@link IllegalArgumentException} naming its largest asymmetry.
 *
 * <p>Eigenvectors are orthonormal columns; the sign of each is arbitrary.
 */
public final class SymmetricEigen {

    /**
     * Largest accepted {@code |A(i, j) - A(j, i)|}, relative to the largest absolute entry of A.
     * Products such as {@code XᵀX} computed in floating point are symmetric to about
     * {@code 1e-15} relative, so this accepts them while refusing genuinely asymmetric input.
     */
    public static final double SYMMETRY_TOLERANCE = 1e-10;

    private SymmetricEigen() {
    }

    /** All n eigenpairs in ascending order of eigenvalue. */
    public static EigenDecomposition all(LinearAlgebraBackend backend, DenseMatrix a) {
        return range(backend, a, 0, a.rows() - 1);
    }

    /** The k algebraically smallest eigenpairs, ascending ({@code 0 <= k <= n}). */
    public static EigenDecomposition smallest(LinearAlgebraBackend backend, DenseMatrix a, int k) {
        checkCount(a, k);
        return range(backend, a, 0, k - 1);
    }

    /** The k algebraically largest eigenpairs, descending ({@code 0 <= k <= n}). */
    public static EigenDecomposition largest(LinearAlgebraBackend backend, DenseMatrix a, int k) {
        checkCount(a, k);
        return range(backend, a, a.rows() - k, a.rows() - 1).reversed();
    }

    /**
     * Eigenpairs {@code first..last} (0-based, inclusive, counted in ascending order of
     * eigenvalue), ascending. An empty range ({@code last == first - 1}) gives no pairs.
     */
    public static EigenDecomposition range(LinearAlgebraBackend backend, DenseMatrix a, int first, int last) {
        Objects.requireNonNull(backend, "backend");
        DenseMatrix symmetric = MatrixChecks.symmetricCopy(a, "A");
        try {
            return solveSymmetric(backend, symmetric, first, last);
        } catch (NonConvergenceException e) {
            int n = a.rows();
            if (last - first + 1 == n) {
                throw e;
            }
            // LAPACK's subset solver (MRRR, dsyevr) can return fewer pairs than asked, seen with
            // multithreaded OpenBLAS on a spectrum with a tight cluster at the top; all pairs by
            // divide and conquer (dsyevd) then give the subset.
            EigenDecomposition all = solveSymmetric(backend, MatrixChecks.symmetricCopy(a, "A"), 0, n - 1);
            return new EigenDecomposition(Arrays.copyOfRange(all.values(), first, last + 1),
                    all.vectors().columns(first, last + 1));
        }
    }

    /** Solves an already checked symmetric matrix, which is overwritten. */
    static EigenDecomposition solveSymmetric(LinearAlgebraBackend backend, DenseMatrix symmetric, int first, int last) {
        int n = symmetric.rows();
        if (first < 0 || last >= n || last < first - 1) {
            throw new IllegalArgumentException("Invalid eigenpair range [" + first + ", " + last + "] for a "
                    + n + " x " + n + " matrix (need 0 <= first <= last + 1 <= " + n + ")");
        }
        if (last < first) {
            return new EigenDecomposition(new double[0], DenseMatrix.zeros(n, 0));
        }
        return backend.symmetricEigen(n, symmetric.data(), first, last);
    }

    private static void checkCount(DenseMatrix a, int k) {
        Objects.requireNonNull(a, "A");
        if (k < 0 || k > a.rows()) {
            throw new IllegalArgumentException("Invalid number of eigenpairs: " + k + " (must be in [0, " + a.rows() + "])");
        }
    }
}
