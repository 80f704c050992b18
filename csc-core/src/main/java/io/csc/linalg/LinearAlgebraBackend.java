package io.csc.linalg;

/**
 * The small set of dense kernels everything else is built on. All matrices are row-major
 * {@code double[]} arrays. Two implementations exist: native OpenBLAS/LAPACK (shipped in a Maven
 * artifact, used when it loads) and pure Java (EJML), used where the natives do not load or when
 * {@code -Dcsc.backend=java} asks for it. {@link LinearAlgebra#defaultBackend()} picks one.
 *
 * <p>Implementations are thread-safe and hold no thread count: both run each call on the calling
 * thread, and {@link ParallelBackend} runs a run's products on that run's pool. The caller checks
 * arguments; implementations may assume consistent sizes.
 */
public interface LinearAlgebraBackend {

    /** A short name for reports, such as {@code openblas} or {@code java}. */
    String name();

    /** Whether this backend runs native code. */
    boolean isNative();

    /**
     * General matrix product {@code C = alpha op(A) op(B) + beta C}, where {@code op(A)} is
     * {@code m x k}, {@code op(B)} is {@code k x n} and C is {@code m x n}; each operand starts at
     * its offset with leading dimension (row stride) {@code ld*}.
     */
    void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, double alpha,
              double[] a, int aOffset, int lda, double[] b, int bOffset, int ldb,
              double beta, double[] c, int cOffset, int ldc);

    /**
     * The single-precision {@link #gemm}: same layout and contract on {@code float} arrays, about
     * twice as fast natively. For kernels whose products only rank or screen candidates that are
     * then evaluated in double precision, such as the nearest-landmark search of sparse coding.
     */
    void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
              float[] a, int aOffset, int lda, float[] b, int bOffset, int ldb,
              float beta, float[] c, int cOffset, int ldc);

    /**
     * {@code values} as an operand for many single-precision products: a native backend copies it
     * into native memory once, so that products with it copy only their other operands.
     */
    default ResidentOperand resident(float[] values) {
        return ResidentOperand.of(values);
    }

    /**
     * The single-precision {@link #gemm} with a resident right operand {@code b}: same layout and
     * contract, {@code bOffset} and {@code ldb} indexing {@code b.values()}.
     */
    default void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                      float[] a, int aOffset, int lda, ResidentOperand b, int bOffset, int ldb,
                      float beta, float[] c, int cOffset, int ldc) {
        gemm(transposeA, transposeB, m, n, k, alpha, a, aOffset, lda, b.values(), bOffset, ldb, beta, c, cOffset, ldc);
    }

    /**
     * Eigenpairs {@code first..last} (0-based, inclusive, in ascending order of eigenvalue) of the
     * symmetric {@code n x n} matrix {@code a}, which is overwritten.
     */
    EigenDecomposition symmetricEigen(int n, double[] a, int first, int last);

    /**
     * Cholesky factorization {@code A = L Lᵀ} in place: on return the lower triangle holds L and
     * the strict upper triangle is zero.
     *
     * @return false if A is not (numerically) positive definite; {@code a} is then undefined
     */
    boolean cholesky(int n, double[] a);

    /**
     * Solves {@code L X = B} (or {@code Lᵀ X = B} when {@code transpose}) in place for a lower
     * triangular {@code n x n} L and an {@code n x m} right-hand side B.
     */
    void solveLowerTriangular(int n, double[] l, boolean transpose, int m, double[] b);

    /**
     * Thin singular value decomposition of the {@code m x n} matrix {@code a} (overwritten):
     * {@code r = min(m, n)} singular values in descending order.
     */
    SingularValueDecomposition thinSvd(int m, int n, double[] a);
}
