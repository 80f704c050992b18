package io.csc.linalg;

import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.openblas.global.openblas;

/**
 * The native backend: OpenBLAS with its LAPACK, shipped inside the bytedeco Maven artifacts and
 * loaded without system packages. Matrix products copy their operands into native buffers of
 * the calling thread (the copy is O(size), the product O(m n k)); factorizations pass Java arrays.
 * OpenBLAS's own threads are switched off once, when the library loads: every call runs on the
 * calling thread, and a run's parallelism is its own ({@link ParallelBackend}).
 */
final class OpenBlasBackend implements LinearAlgebraBackend {

    /** Native scratch buffers per thread, grown on demand and reused across calls. */
    private static final class Buffers {
        private DoublePointer a;
        private DoublePointer b;
        private DoublePointer c;
        private FloatPointer singleA;
        private FloatPointer singleB;
        private FloatPointer singleC;

        private static DoublePointer ensure(DoublePointer pointer, long size) {
            if (pointer != null && pointer.capacity() >= size) {
                return pointer;
            }
            if (pointer != null) {
                pointer.close();
            }
            return new DoublePointer(Math.max(size, 1));
        }

        private static FloatPointer ensure(FloatPointer pointer, long size) {
            if (pointer != null && pointer.capacity() >= size) {
                return pointer;
            }
            if (pointer != null) {
                pointer.close();
            }
            return new FloatPointer(Math.max(size, 1));
        }
    }

    private final ThreadLocal<Buffers> buffers = ThreadLocal.withInitial(Buffers::new);

    private OpenBlasBackend() {
    }

    /** Loads the native library. */
    static OpenBlasBackend load() {
        Loader.load(openblas.class);
        openblas.blas_set_num_threads(1);
        OpenBlasBackend backend = new OpenBlasBackend();
        double[] check = {2.0};
        double[] result = new double[1];
        backend.gemm(false, false, 1, 1, 1, 1.0, check, 0, 1, check, 0, 1, 0.0, result, 0, 1);
        if (result[0] != 4.0) {
            throw new IllegalStateException("OpenBLAS self-check failed: 2 x 2 gave " + result[0]);
        }
        return backend;
    }

    @Override
    public String name() {
        return "openblas (native)";
    }

    @Override
    public boolean isNative() {
        return true;
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, double alpha,
                     double[] a, int aOffset, int lda, double[] b, int bOffset, int ldb,
                     double beta, double[] c, int cOffset, int ldc) {
        if (m == 0 || n == 0) {
            return;
        }
        if (k == 0) {
            // op(A) op(B) is empty: C = beta C, which BLAS would refuse for the zero leading dimensions.
            for (int i = 0; i < m; i++) {
                int base = cOffset + i * ldc;
                for (int j = 0; j < n; j++) {
                    c[base + j] = beta == 0.0 ? 0.0 : beta * c[base + j];
                }
            }
            return;
        }
        Buffers scratch = buffers.get();
        int aRows = transposeA ? k : m;
        int aColumns = transposeA ? m : k;
        int bRows = transposeB ? n : k;
        int bColumns = transposeB ? k : n;
        scratch.a = Buffers.ensure(scratch.a, copied(aRows, lda, aColumns));
        scratch.b = Buffers.ensure(scratch.b, copied(bRows, ldb, bColumns));
        scratch.c = Buffers.ensure(scratch.c, copied(m, ldc, n));
        int nativeLda = put(scratch.a, a, aOffset, aRows, lda, aColumns);
        int nativeLdb = put(scratch.b, b, bOffset, bRows, ldb, bColumns);
        int nativeLdc = packed(m, ldc, n) ? n : ldc;
        if (beta != 0.0) {
            put(scratch.c, c, cOffset, m, ldc, n);
        }
        openblas.cblas_dgemm(openblas.CblasRowMajor,
                transposeA ? openblas.CblasTrans : openblas.CblasNoTrans,
                transposeB ? openblas.CblasTrans : openblas.CblasNoTrans,
                m, n, k, alpha, scratch.a.position(0), nativeLda, scratch.b.position(0), nativeLdb, beta,
                scratch.c.position(0), nativeLdc);
        if (ldc == n) {
            scratch.c.position(0).get(c, cOffset, m * n);
        } else {
            for (int i = 0; i < m; i++) {
                scratch.c.position((long) i * nativeLdc).get(c, cOffset + i * ldc, n);
            }
        }
        scratch.c.position(0);
    }

    /**
     * Whether a row-major block of {@code rows x columns} with leading dimension ld is copied row by
     * row into a dense native block rather than as the whole span it covers: when the span is at
     * least twice the values, as for a block of columns of a wide operand (the Lanczos restart's
     * {@code keep x n} product, cut into blocks of columns by {@link ParallelBackend}: each block
     * copied the whole basis, 0.7 s of a 3.4 s eigen stage on Fashion-MNIST).
     */
    private static boolean packed(int rows, int ld, int columns) {
        return rows > 1 && ld >= 2L * columns;
    }

    /** The native values a block needs: its span, or rows x columns when {@link #packed}. */
    private static long copied(int rows, int ld, int columns) {
        return packed(rows, ld, columns) ? (long) rows * columns : span(rows, ld, columns);
    }

    /** Copies a block into {@code target} from position 0; returns its leading dimension there. */
    private static int put(DoublePointer target, double[] source, int offset, int rows, int ld, int columns) {
        if (!packed(rows, ld, columns)) {
            target.position(0).put(source, offset, (int) span(rows, ld, columns));
            target.position(0);
            return ld;
        }
        for (int i = 0; i < rows; i++) {
            target.position((long) i * columns).put(source, offset + i * ld, columns);
        }
        target.position(0);
        return columns;
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                     float[] a, int aOffset, int lda, float[] b, int bOffset, int ldb,
                     float beta, float[] c, int cOffset, int ldc) {
        if (m == 0 || n == 0) {
            return;
        }
        if (k == 0) {
            for (int i = 0; i < m; i++) {
                int base = cOffset + i * ldc;
                for (int j = 0; j < n; j++) {
                    c[base + j] = beta == 0.0f ? 0.0f : beta * c[base + j];
                }
            }
            return;
        }
        Buffers scratch = buffers.get();
        long aSize = span(transposeA ? k : m, lda, transposeA ? m : k);
        long bSize = span(transposeB ? n : k, ldb, transposeB ? k : n);
        FloatPointer left;
        FloatPointer right;
        if (a == b) {
            // one operand read twice (a Gram matrix of rows): copied once, seen through two positions
            int first = Math.min(aOffset, bOffset);
            long size = Math.max(aOffset + aSize, bOffset + bSize) - first;
            scratch.singleA = Buffers.ensure(scratch.singleA, size);
            scratch.singleA.position(0).put(a, first, (int) size);
            left = scratch.singleA.position(aOffset - first);
            right = new FloatPointer(scratch.singleA).position(bOffset - first);
        } else {
            scratch.singleA = Buffers.ensure(scratch.singleA, aSize);
            scratch.singleB = Buffers.ensure(scratch.singleB, bSize);
            left = scratch.singleA.position(0).put(a, aOffset, (int) aSize);
            right = scratch.singleB.position(0).put(b, bOffset, (int) bSize);
        }
        multiply(scratch, transposeA, transposeB, m, n, k, alpha, left, lda, right, ldb, beta, c, cOffset, ldc);
    }

    @Override
    public ResidentOperand resident(float[] values) {
        return new NativeOperand(values);
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                     float[] a, int aOffset, int lda, ResidentOperand b, int bOffset, int ldb,
                     float beta, float[] c, int cOffset, int ldc) {
        if (!(b instanceof NativeOperand resident) || m == 0 || n == 0 || k == 0) {
            gemm(transposeA, transposeB, m, n, k, alpha, a, aOffset, lda, b.values(), bOffset, ldb, beta, c, cOffset, ldc);
            return;
        }
        Buffers scratch = buffers.get();
        long aSize = span(transposeA ? k : m, lda, transposeA ? m : k);
        scratch.singleA = Buffers.ensure(scratch.singleA, aSize);
        FloatPointer left = scratch.singleA.position(0).put(a, aOffset, (int) aSize);
        multiply(scratch, transposeA, transposeB, m, n, k, alpha, left, lda, resident.at(bOffset), ldb, beta, c, cOffset,
                ldc);
    }

    /** The single-precision product of two native operands into C, which is copied in (when beta is not 0) and out. */
    private static void multiply(Buffers scratch, boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                                 FloatPointer left, int lda, FloatPointer right, int ldb, float beta, float[] c,
                                 int cOffset, int ldc) {
        long cSize = span(m, ldc, n);
        scratch.singleC = Buffers.ensure(scratch.singleC, cSize);
        if (beta != 0.0f) {
            scratch.singleC.position(0).put(c, cOffset, (int) cSize);
        }
        openblas.cblas_sgemm(openblas.CblasRowMajor,
                transposeA ? openblas.CblasTrans : openblas.CblasNoTrans,
                transposeB ? openblas.CblasTrans : openblas.CblasNoTrans,
                m, n, k, alpha, left, lda, right, ldb, beta, scratch.singleC, ldc);
        scratch.singleA.position(0);
        if (ldc == n) {
            scratch.singleC.position(0).get(c, cOffset, (int) cSize);
        } else {
            for (int i = 0; i < m; i++) {
                scratch.singleC.position((long) i * ldc).get(c, cOffset + i * ldc, n);
            }
            scratch.singleC.position(0);
        }
    }

    /** A resident operand: a native copy of its values, freed when closed (or when collected). */
    private static final class NativeOperand implements ResidentOperand {
        private final float[] values;
        private final FloatPointer copy;

        NativeOperand(float[] values) {
            this.values = values;
            this.copy = new FloatPointer(Math.max(values.length, 1));
            copy.put(values, 0, values.length);
        }

        @Override
        public float[] values() {
            return values;
        }

        /** A view of the copy from {@code offset} on (the copy itself is shared by threads and never moved). */
        FloatPointer at(int offset) {
            return new FloatPointer(copy).position(offset);
        }

        @Override
        public void close() {
            copy.close();
        }
    }

    /** The values a row-major operand of {@code rows} x {@code columns} with leading dimension ld spans. */
    private static long span(int rows, int ld, int columns) {
        return rows == 0 ? 0 : (long) (rows - 1) * ld + columns;
    }

    @Override
    public EigenDecomposition symmetricEigen(int n, double[] a, int first, int last) {
        int count = last - first + 1;
        double[] values = new double[n];
        double[] vectors = new double[n * count];
        int[] found = new int[1];
        int[] support = new int[2 * Math.max(1, count)];
        int info;
        if (count == n) {
            info = openblas.LAPACKE_dsyevd(openblas.LAPACK_ROW_MAJOR, (byte) 'V', (byte) 'U', n, a, n, values);
            found[0] = n;
            System.arraycopy(a, 0, vectors, 0, n * n);
        } else {
            info = openblas.LAPACKE_dsyevr(openblas.LAPACK_ROW_MAJOR, (byte) 'V', (byte) 'I', (byte) 'U', n, a, n,
                    0.0, 0.0, first + 1, last + 1, 0.0, found, values, vectors, count, support);
        }
        if (info != 0 || found[0] != count) {
            throw new NonConvergenceException("LAPACK symmetric eigendecomposition of a " + n + " x " + n
                    + " matrix failed (info " + info + ", " + found[0] + " of " + count + " eigenpairs)", 0, Double.NaN);
        }
        return new EigenDecomposition(java.util.Arrays.copyOf(values, count), new DenseMatrix(n, count, vectors));
    }

    @Override
    public boolean cholesky(int n, double[] a) {
        int info = openblas.LAPACKE_dpotrf(openblas.LAPACK_ROW_MAJOR, (byte) 'L', n, a, n);
        if (info != 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                a[i * n + j] = 0.0;
            }
        }
        return true;
    }

    @Override
    public void solveLowerTriangular(int n, double[] l, boolean transpose, int m, double[] b) {
        openblas.cblas_dtrsm(openblas.CblasRowMajor, openblas.CblasLeft, openblas.CblasLower,
                transpose ? openblas.CblasTrans : openblas.CblasNoTrans, openblas.CblasNonUnit,
                n, m, 1.0, l, n, b, m);
    }

    @Override
    public SingularValueDecomposition thinSvd(int m, int n, double[] a) {
        int r = Math.min(m, n);
        double[] singular = new double[r];
        double[] u = new double[m * r];
        double[] vt = new double[r * n];
        int info = openblas.LAPACKE_dgesdd(openblas.LAPACK_ROW_MAJOR, (byte) 'S', m, n, a, n, singular, u, r, vt, n);
        if (info != 0) {
            throw new NonConvergenceException("LAPACK singular value decomposition of a " + m + " x " + n
                    + " matrix failed (info " + info + ")", 0, Double.NaN);
        }
        DenseMatrix v = new DenseMatrix(r, n, vt).transpose();
        return new SingularValueDecomposition(new DenseMatrix(m, r, u), singular, v);
    }
}
