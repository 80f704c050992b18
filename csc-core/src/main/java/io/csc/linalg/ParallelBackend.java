package io.csc.linalg;

import io.csc.util.Parallel;
import java.util.Objects;

/**
 * A backend whose matrix products run in blocks on a run's own pool: the parallelism of a
 * {@link io.csc.api.RunContext}, with no process-wide thread count. The backend underneath runs
 * every call on the calling thread (native BLAS single-threaded), so two runs in one JVM use the
 * threads each was given and nothing else.
 *
 * <p>A product of at least {@value #MINIMUM_WORK} multiply-adds is cut into blocks of the rows of
 * C (or of its columns, when C is wider than tall), and the blocks are computed on the pool. The
 * blocks depend only on the shape, never on the thread count, so a product is bit-identical on
 * one thread or many. Each block reads all of the other operand: blocks hold at least
 * {@value #MINIMUM_BLOCK} rows, so that copying it costs a small fraction of the product.
 *
 * <p>A small C over a long inner dimension (the Gram matrix {@code AᵀA} of n x r rows, n much larger
 * than r) is cut along the inner dimension instead: blocks of C would each read both whole operands
 * (a 1,000,000 x 300 Gram matrix in five blocks read 24 GB), where chunks of the inner dimension
 * read each value once. Each chunk's product goes to a buffer of its own, and the buffers are added
 * in chunk order; the chunks depend only on the shape.
 * Factorizations and eigendecompositions run on the calling thread.
 */
public final class ParallelBackend implements LinearAlgebraBackend {

    /** Products with fewer multiply-adds run in one call: the pool would cost more than it saves. */
    static final long MINIMUM_WORK = 1L << 21;
    /** The fewest rows (or columns) of C in a block. */
    static final int MINIMUM_BLOCK = 64;

    private final LinearAlgebraBackend backend;
    private final Parallel parallel;

    private ParallelBackend(LinearAlgebraBackend backend, Parallel parallel) {
        this.backend = backend;
        this.parallel = parallel;
    }

    /** {@code backend} (itself, when it is already parallel: its own backend) with its products on {@code parallel}. */
    public static ParallelBackend over(LinearAlgebraBackend backend, Parallel parallel) {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(parallel, "parallel");
        LinearAlgebraBackend sequential = backend instanceof ParallelBackend blocked ? blocked.backend : backend;
        return new ParallelBackend(sequential, parallel);
    }

    /** The backend that computes each block, on the calling thread. */
    public LinearAlgebraBackend sequential() {
        return backend;
    }

    @Override
    public String name() {
        return backend.name();
    }

    @Override
    public boolean isNative() {
        return backend.isNative();
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, double alpha,
                     double[] a, int aOffset, int lda, double[] b, int bOffset, int ldb,
                     double beta, double[] c, int cOffset, int ldc) {
        if (alongInner(m, n, k)) {
            int grain = Parallel.grainFor(k, INNER_CHUNK);
            java.util.List<double[]> parts = parallel.map(k, grain, (from, to) -> {
                double[] part = new double[m * n];
                backend.gemm(transposeA, transposeB, m, n, to - from, 1.0,
                        a, aOffset + (transposeA ? from * lda : from), lda,
                        b, bOffset + (transposeB ? from : from * ldb), ldb, 0.0, part, 0, n);
                return part;
            });
            double[] sum = parts.get(0);
            for (int p = 1; p < parts.size(); p++) {
                double[] part = parts.get(p);
                for (int v = 0; v < sum.length; v++) {
                    sum[v] += part[v];
                }
            }
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    int at = cOffset + i * ldc + j;
                    c[at] = alpha * sum[i * n + j] + (beta == 0.0 ? 0.0 : beta * c[at]);
                }
            }
            return;
        }
        inBlocks(transposeA, transposeB, m, n, k, lda, ldb, ldc, (rows, columns, aShift, bShift, cShift) ->
                backend.gemm(transposeA, transposeB, rows, columns, k, alpha, a, aOffset + aShift, lda,
                        b, bOffset + bShift, ldb, beta, c, cOffset + cShift, ldc));
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                     float[] a, int aOffset, int lda, float[] b, int bOffset, int ldb,
                     float beta, float[] c, int cOffset, int ldc) {
        inBlocks(transposeA, transposeB, m, n, k, lda, ldb, ldc, (rows, columns, aShift, bShift, cShift) ->
                backend.gemm(transposeA, transposeB, rows, columns, k, alpha, a, aOffset + aShift, lda,
                        b, bOffset + bShift, ldb, beta, c, cOffset + cShift, ldc));
    }

    @Override
    public ResidentOperand resident(float[] values) {
        return backend.resident(values);
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                     float[] a, int aOffset, int lda, ResidentOperand b, int bOffset, int ldb,
                     float beta, float[] c, int cOffset, int ldc) {
        inBlocks(transposeA, transposeB, m, n, k, lda, ldb, ldc, (rows, columns, aShift, bShift, cShift) ->
                backend.gemm(transposeA, transposeB, rows, columns, k, alpha, a, aOffset + aShift, lda,
                        b, bOffset + bShift, ldb, beta, c, cOffset + cShift, ldc));
    }

    /** One block of a product: {@code rows x columns} of C, each operand moved by its shift. */
    @FunctionalInterface
    private interface Block {
        void multiply(int rows, int columns, int aShift, int bShift, int cShift);
    }

    /** Runs {@code block} once for the whole product, or over the blocks of its rows or columns on the pool. */
    private void inBlocks(boolean transposeA, boolean transposeB, int m, int n, int k, int lda, int ldb, int ldc,
                          Block block) {
        if (!blocked(m, n, k)) {
            block.multiply(m, n, 0, 0, 0);
        } else if (m >= n) {
            // Rows of op(A): rows of A, or columns of A when op(A) is its transpose.
            parallel.forRange(m, grain(m), (from, to) ->
                    block.multiply(to - from, n, transposeA ? from : from * lda, 0, from * ldc));
        } else {
            // Columns of op(B): columns of B, or rows of B when op(B) is its transpose.
            parallel.forRange(n, grain(n), (from, to) ->
                    block.multiply(m, to - from, 0, transposeB ? from * ldb : from, from));
        }
    }

    /** The fewest values of the inner dimension per chunk when a product is cut along it. */
    static final int INNER_CHUNK = 16_384;

    /**
     * Whether a product is cut along its inner dimension: C of at most 512 x 512, an inner dimension
     * at least 64 times C's larger side and two chunks long (a function of the shape alone).
     */
    private static boolean alongInner(int m, int n, int k) {
        return Math.max(m, n) <= 512 && k >= 64L * Math.max(m, n) && k >= 2 * INNER_CHUNK;
    }

    /** Whether a product of this shape is cut into blocks (a function of the shape alone). */
    private static boolean blocked(int m, int n, int k) {
        return (long) m * n * k >= MINIMUM_WORK && Math.max(m, n) >= 2 * MINIMUM_BLOCK;
    }

    private static int grain(int length) {
        return Parallel.grainFor(length, MINIMUM_BLOCK);
    }

    @Override
    public EigenDecomposition symmetricEigen(int n, double[] a, int first, int last) {
        return backend.symmetricEigen(n, a, first, last);
    }

    @Override
    public boolean cholesky(int n, double[] a) {
        return backend.cholesky(n, a);
    }

    @Override
    public void solveLowerTriangular(int n, double[] l, boolean transpose, int m, double[] b) {
        backend.solveLowerTriangular(n, l, transpose, m, b);
    }

    @Override
    public SingularValueDecomposition thinSvd(int m, int n, double[] a) {
        return backend.thinSvd(m, n, a);
    }
}
