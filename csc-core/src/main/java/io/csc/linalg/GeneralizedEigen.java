package io.csc.linalg;

import java.util.Objects;

/**
 * Dense symmetric generalized eigenproblems {@code A x = λ B x}, reduced to a standard symmetric
 * problem by a Cholesky factorization (the method of LAPACK's {@code dsygv}): O(n³) time, O(n²)
 * memory, inputs never modified.
 *
 * <ul>
 *   <li>{@link #definite}: B symmetric positive definite. With {@code B = L Lᵀ}, the pairs of
 *       {@code C = L⁻¹ A L⁻ᵀ} give {@code x = L⁻ᵀ y}; eigenvalues ascending, vectors
 *       B-orthonormal ({@code XᵀB X = I}).</li>
 *   <li>{@link #indefinite}: A symmetric positive <em>semi</em>-definite and B symmetric but
 *       indefinite, the problem {@code L v = λ Q v} of the constrained spectral clustering methods
 *       SCACS and CSP (graph Laplacian L, constraint matrix Q). Neither side can be factored, so
 *       the reciprocal problem {@code B x = μ (A + δI) x} is solved instead, with the small ridge
 *       {@code δ = ridge · ||A||₁} making the right-hand side positive definite.</li>
 * </ul>
 */
public final class GeneralizedEigen {

    /**
     * Default relative ridge of {@link #indefinite}: {@code δ = 1e-8 · ||A||₁}, about √ε. The ridge
     * trades two errors. It moves each finite {@code λ = xᵀA x / xᵀB x} by
     * {@code δ ||x||² / |xᵀB x|}, about {@code ridge} relative. And the null space of A (the
     * constant vector of a graph Laplacian) gets {@code |μ|} of order {@code ||B|| / δ}, while a
     * symmetric eigensolver computes every μ to an absolute accuracy of ε times the largest |μ|:
     * the other μ carry errors of about {@code (ε / ridge) · ||B|| / ||A||}. Both are near
     * {@code 1e-8} at this default (with a ridge of 1e-10 the second would be 2e-6). It is also
     * far above the rounding errors of Cholesky on a semi-definite matrix, about
     * {@code n ε ||A||}, so the factorization succeeds.
     */
    public static final double DEFAULT_RIDGE = 1e-8;

    private GeneralizedEigen() {
    }

    /** All pairs of {@code A x = λ B x} for B symmetric positive definite; see {@link #definite(LinearAlgebraBackend, DenseMatrix, DenseMatrix, int, int)}. */
    public static EigenDecomposition definite(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b) {
        return definite(backend, a, b, 0, a.rows() - 1);
    }

    /**
     * Pairs {@code first..last} (0-based, inclusive, ascending order of λ) of {@code A x = λ B x}
     * with A symmetric and B symmetric positive definite. Eigenvalues ascending; eigenvectors
     * B-orthonormal.
     *
     * @throws IllegalArgumentException if B is not numerically positive definite (the message
     *         suggests a ridge), or if A or B is not symmetric
     */
    public static EigenDecomposition definite(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b,
                                              int first, int last) {
        Objects.requireNonNull(backend, "backend");
        DenseMatrix left = MatrixChecks.symmetricCopy(a, "A");
        DenseMatrix right = MatrixChecks.symmetricCopy(b, "B");
        requireSameSize(left, right);
        int n = left.rows();
        double[] factor = right.data();
        if (n > 0 && !backend.cholesky(n, factor)) {
            throw new IllegalArgumentException("B is not positive definite (its Cholesky factorization failed); "
                    + "for a positive semi-definite B add a ridge such as B + " + DEFAULT_RIDGE
                    + " · ||B|| · I, and for an indefinite B use GeneralizedEigen.indefinite");
        }
        DenseMatrix reduced = reduce(backend, factor, left);
        EigenDecomposition standard = SymmetricEigen.solveSymmetric(backend, reduced, first, last);
        return new EigenDecomposition(standard.values(), backTransform(backend, factor, standard.vectors()));
    }

    /**
     * All pairs of {@code A v = λ B v} for A symmetric positive semi-definite and B symmetric
     * (possibly indefinite), through the reciprocal definite problem
     * {@code B x = μ (A + δI) x} with {@code δ = ridge · ||A||₁} ({@code δ = ridge} if A is zero).
     *
     * <p>Returns the n values μ in <em>descending</em> order with vectors normalized so that
     * {@code xᵀ(A + δI) x = 1} (and mutually (A + δI)-orthogonal). They relate to the original
     * problem by {@code λ = 1 / μ} (up to the ridge): {@code μ > 0 ⟺ λ > 0}, so the largest μ
     * belong to the smallest positive λ; {@code μ ≈ 0} corresponds to an infinite λ (a direction
     * with {@code xᵀB x = 0} but {@code xᵀA x > 0}); and a direction of the null space of A (the
     * constant vector of a connected graph's Laplacian) gets {@code |μ|} of order
     * {@code |xᵀB x| / δ}, that is λ ≈ 0.
     *
     * @param ridge relative ridge, {@code > 0}; see {@link #DEFAULT_RIDGE} for the trade-off
     * @throws IllegalArgumentException if {@code A + δI} is not positive definite, that is A has
     *         an eigenvalue below {@code -δ} (A is not positive semi-definite, or the ridge is too
     *         small for its rounding errors)
     */
    public static EigenDecomposition indefinite(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b,
                                                double ridge) {
        return indefinite(backend, a, b, ridge, a.rows());
    }

    /**
     * The {@code count} largest μ of {@link #indefinite(LinearAlgebraBackend, DenseMatrix, DenseMatrix, double)},
     * descending, with their vectors: the pairs of the smallest positive λ when there are that many
     * (the number of positive μ equals the number of positive eigenvalues of B, by Sylvester's law
     * of inertia). Cheaper than all pairs: the eigensolver and the back-transformation only
     * compute {@code count} vectors.
     *
     * @param count {@code 0 <= count <= n}
     */
    public static EigenDecomposition indefinite(LinearAlgebraBackend backend, DenseMatrix a, DenseMatrix b,
                                                double ridge, int count) {
        Objects.requireNonNull(backend, "backend");
        if (count < 0 || count > a.rows()) {
            throw new IllegalArgumentException("Invalid number of eigenpairs: " + count + " (must be in [0, "
                    + a.rows() + "])");
        }
        requireRidge(ridge);
        DenseMatrix left = MatrixChecks.symmetricCopy(a, "A");
        DenseMatrix right = MatrixChecks.symmetricCopy(b, "B");
        requireSameSize(left, right);
        int n = left.rows();
        double shift = shift(left, ridge);
        double[] factor = left.data();
        for (int i = 0; i < n; i++) {
            factor[i * n + i] += shift;
        }
        if (n > 0 && !backend.cholesky(n, factor)) {
            throw notPositiveDefinite(shift, ridge);
        }
        DenseMatrix reduced = reduce(backend, factor, right);
        EigenDecomposition standard = SymmetricEigen.solveSymmetric(backend, reduced, n - count, n - 1).reversed();
        return new EigenDecomposition(standard.values(), backTransform(backend, factor, standard.vectors()));
    }

    /**
     * {@link #indefinite(LinearAlgebraBackend, DenseMatrix, DenseMatrix, double)} for a diagonal
     * {@code A = diag(a)}: all n pairs of {@code diag(a) v = λ B v}, μ descending, with the same
     * ridge {@code δ = ridge · max|a_i|}. The Cholesky factor of {@code diag(a) + δI} is the
     * diagonal {@code l_i = √(a_i + δ)}, so the reduction {@code L⁻¹ B L⁻ᵀ} is the scaling
     * {@code B_ij / (l_i l_j)} and the back-transformation {@code x_i = y_i / l_i}: O(n²) work
     * around the one symmetric eigendecomposition, where the general path spends three triangular
     * solves of n right-hand sides and a factorization (the pencil of SCACS's Eq. 16, whose left
     * side is diagonal in the coordinates where the landmark Gram matrix is the identity). The
     * values agree with the general path's to rounding: the general path divides by the same
     * {@code l_i}, in another order.
     *
     * @param a the diagonal of A, finite, each {@code a_i + δ > 0} (A positive semi-definite)
     * @throws IllegalArgumentException if some {@code a_i + δ} is not positive, or a value is not finite
     */
    public static EigenDecomposition indefiniteDiagonal(LinearAlgebraBackend backend, double[] a, DenseMatrix b,
                                                        double ridge) {
        Objects.requireNonNull(backend, "backend");
        requireRidge(ridge);
        DenseMatrix right = MatrixChecks.symmetricCopy(b, "B");
        int n = right.rows();
        if (a.length != n) {
            throw new DimensionMismatchException("A has a diagonal of " + a.length + " values but B is " + n + " x " + n);
        }
        double largest = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(a[i])) {
                throw new IllegalArgumentException("A has a non-finite entry " + a[i] + " at (" + i + ", " + i + ")");
            }
            largest = Math.max(largest, Math.abs(a[i]));
        }
        double shift = largest > 0 ? ridge * largest : ridge;
        double[] scale = new double[n];
        for (int i = 0; i < n; i++) {
            double shifted = a[i] + shift;
            if (!(shifted > 0)) {
                throw notPositiveDefinite(shift, ridge);
            }
            scale[i] = 1.0 / Math.sqrt(shifted);
        }
        double[] reduced = right.data();
        for (int i = 0; i < n; i++) {
            int row = i * n;
            for (int j = 0; j < n; j++) {
                reduced[row + j] *= scale[i] * scale[j]; // the product of the scales is symmetric in i and j
            }
        }
        EigenDecomposition standard = SymmetricEigen.solveSymmetric(backend, right, 0, n - 1).reversed();
        DenseMatrix vectors = standard.vectors();
        double[] x = vectors.data();
        int count = vectors.columns();
        for (int i = 0; i < n; i++) {
            int row = i * count;
            for (int j = 0; j < count; j++) {
                x[row + j] *= scale[i];
            }
        }
        return new EigenDecomposition(standard.values(), vectors);
    }

    private static void requireRidge(double ridge) {
        if (!(ridge > 0) || !Double.isFinite(ridge)) {
            throw new IllegalArgumentException("Invalid ridge: " + ridge + " (must be > 0 and finite)");
        }
    }

    /** The refusal of an A whose shifted form {@code A + δI} has no Cholesky factor. */
    private static IllegalArgumentException notPositiveDefinite(double shift, double ridge) {
        return new IllegalArgumentException("A + δI with δ = " + shift + " (ridge " + ridge + " x ||A||₁) is not "
                + "positive definite: A must be symmetric positive semi-definite; if it is, increase the ridge");
    }

    /** The shift {@code δ = ridge · ||A||₁} used by {@link #indefinite} ({@code ridge} when A is zero). */
    public static double shift(DenseMatrix a, double ridge) {
        double norm = MatrixChecks.oneNorm(a);
        return norm > 0 ? ridge * norm : ridge;
    }

    /** The new symmetric matrix {@code L⁻¹ S L⁻ᵀ} for the lower Cholesky factor {@code factor} and symmetric S. */
    private static DenseMatrix reduce(LinearAlgebraBackend backend, double[] factor, DenseMatrix symmetric) {
        int n = symmetric.rows();
        double[] half = symmetric.copy().data();
        backend.solveLowerTriangular(n, factor, false, n, half);        // L⁻¹ S
        double[] reduced = new DenseMatrix(n, n, half).transpose().data(); // (L⁻¹ S)ᵀ = S L⁻ᵀ
        backend.solveLowerTriangular(n, factor, false, n, reduced);     // L⁻¹ S L⁻ᵀ
        DenseMatrix.symmetrize(reduced, n);
        return new DenseMatrix(n, n, reduced);
    }

    /** The new matrix {@code L⁻ᵀ Y}. */
    private static DenseMatrix backTransform(LinearAlgebraBackend backend, double[] factor, DenseMatrix y) {
        DenseMatrix x = y.copy();
        if (x.columns() > 0) {
            backend.solveLowerTriangular(x.rows(), factor, true, x.columns(), x.data());
        }
        return x;
    }

    private static void requireSameSize(DenseMatrix a, DenseMatrix b) {
        if (a.rows() != b.rows()) {
            throw new DimensionMismatchException("A is " + a.rows() + " x " + a.columns() + " but B is "
                    + b.rows() + " x " + b.columns());
        }
    }
}
