package io.csc.linalg;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.eig.SymmetricQRAlgorithmDecomposition_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The pure-Java backend, on EJML: works on every JVM, about ten times slower than native
 * OpenBLAS for large dense problems. Every call runs on the calling thread (EJML's concurrent
 * kernels, with their process-wide thread count, are not used).
 */
final class JavaBackend implements LinearAlgebraBackend {

    /** EJML's own budget of QR steps, kept as the least for small matrices. */
    private static final int MINIMUM_QR_STEPS = 225;
    /** LAPACK's budget (dsteqr): 30 QR steps per eigenvalue. */
    private static final int QR_STEPS_PER_EIGENVALUE = 30;

    @Override
    public String name() {
        return "java (EJML)";
    }

    @Override
    public boolean isNative() {
        return false;
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, double alpha,
                     double[] a, int aOffset, int lda, double[] b, int bOffset, int ldb,
                     double beta, double[] c, int cOffset, int ldc) {
        DMatrixRMaj left = transposeA ? block(a, aOffset, lda, k, m) : block(a, aOffset, lda, m, k);
        DMatrixRMaj right = transposeB ? block(b, bOffset, ldb, n, k) : block(b, bOffset, ldb, k, n);
        DMatrixRMaj product = new DMatrixRMaj(m, n);
        if (transposeA && transposeB) {
            CommonOps_DDRM.multTransAB(left, right, product);
        } else if (transposeA) {
            CommonOps_DDRM.multTransA(left, right, product);
        } else if (transposeB) {
            CommonOps_DDRM.multTransB(left, right, product);
        } else {
            CommonOps_DDRM.mult(left, right, product);
        }
        double[] result = product.data;
        for (int i = 0; i < m; i++) {
            int base = cOffset + i * ldc;
            for (int j = 0; j < n; j++) {
                double value = alpha * result[i * n + j];
                c[base + j] = beta == 0.0 ? value : beta * c[base + j] + value;
            }
        }
    }

    /** Through the double-precision product: the Java backend has no faster single-precision kernel. */
    @Override
    public void gemm(boolean transposeA, boolean transposeB, int m, int n, int k, float alpha,
                     float[] a, int aOffset, int lda, float[] b, int bOffset, int ldb,
                     float beta, float[] c, int cOffset, int ldc) {
        int aRows = transposeA ? k : m;
        int aColumns = transposeA ? m : k;
        int bRows = transposeB ? n : k;
        int bColumns = transposeB ? k : n;
        double[] left = widen(a, aOffset, lda, aRows, aColumns);
        double[] right = widen(b, bOffset, ldb, bRows, bColumns);
        double[] product = new double[m * n];
        gemm(transposeA, transposeB, m, n, k, 1.0, left, 0, aColumns, right, 0, bColumns, 0.0, product, 0, n);
        for (int i = 0; i < m; i++) {
            int base = cOffset + i * ldc;
            for (int j = 0; j < n; j++) {
                float value = (float) (alpha * product[i * n + j]);
                c[base + j] = beta == 0.0f ? value : beta * c[base + j] + value;
            }
        }
    }

    private static double[] widen(float[] data, int offset, int ld, int rows, int columns) {
        double[] wide = new double[rows * columns];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < columns; j++) {
                wide[i * columns + j] = data[offset + i * ld + j];
            }
        }
        return wide;
    }

    /** The block as an EJML matrix: wrapped without a copy when it starts the array with no padding. */
    private static DMatrixRMaj block(double[] data, int offset, int ld, int rows, int columns) {
        if (offset == 0 && (ld == columns || rows <= 1) && data.length >= rows * columns) {
            return DMatrixRMaj.wrap(rows, columns, data);
        }
        DMatrixRMaj copy = new DMatrixRMaj(rows, columns);
        for (int i = 0; i < rows; i++) {
            System.arraycopy(data, offset + i * ld, copy.data, i * columns, columns);
        }
        return copy;
    }

    /**
     * All eigenpairs by EJML's symmetric QR algorithm. EJML gives up on a block of the
     * tridiagonal form after a fixed 225 QR steps, whatever n; a large cluster of eigenvalues at
     * zero (a constraint layer of low rank, most of its diagonal zero) deflates slowly, as EJML
     * judges an off-diagonal entry negligible relative to its two diagonal neighbours, and ran out
     * of steps. The budget here is LAPACK's, 30 steps per eigenvalue; should that run out, the
     * decomposition is repeated on {@code a + s I} with {@code s} the infinity norm of {@code a}:
     * the same eigenvectors, the spectrum in {@code [0, 2s]} and the cluster moved away from zero.
     * The shift costs relative accuracy in the small eigenvalues, so it is not the first try.
     */
    @Override
    public EigenDecomposition symmetricEigen(int n, double[] a, int first, int last) {
        double[] original = a.clone();
        double shift = 0;
        SymmetricQRAlgorithmDecomposition_DDRM decomposition = symmetricQr(n);
        if (!decomposition.decompose(DMatrixRMaj.wrap(n, n, a))) {
            shift = infinityNorm(n, original);
            System.arraycopy(original, 0, a, 0, a.length);
            for (int i = 0; i < n; i++) {
                a[i * n + i] += shift;
            }
            decomposition = symmetricQr(n);
            if (!decomposition.decompose(DMatrixRMaj.wrap(n, n, a))) {
                throw new NonConvergenceException("EJML symmetric eigendecomposition of a " + n + " x " + n
                        + " matrix did not converge in " + QR_STEPS_PER_EIGENVALUE * n + " QR steps, shifted or not",
                        0, Double.NaN);
            }
        }
        Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        double[] all = new double[n];
        for (int i = 0; i < n; i++) {
            all[i] = decomposition.getEigenvalue(i).real - shift;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> all[i]));
        int count = last - first + 1;
        double[] values = new double[count];
        DenseMatrix vectors = DenseMatrix.zeros(n, count);
        for (int j = 0; j < count; j++) {
            int index = order[first + j];
            values[j] = all[index];
            DMatrixRMaj vector = decomposition.getEigenVector(index);
            for (int i = 0; i < n; i++) {
                vectors.set(i, j, vector.data[i]);
            }
        }
        return new EigenDecomposition(values, vectors);
    }

    /** EJML's symmetric QR decomposition with vectors and LAPACK's budget of QR steps. */
    private static SymmetricQRAlgorithmDecomposition_DDRM symmetricQr(int n) {
        SymmetricQRAlgorithmDecomposition_DDRM decomposition =
                new SymmetricQRAlgorithmDecomposition_DDRM(DecompositionFactory_DDRM.tridiagonal(n), true);
        decomposition.setMaxIterations(Math.max(MINIMUM_QR_STEPS, QR_STEPS_PER_EIGENVALUE * n));
        return decomposition;
    }

    /** The largest absolute row sum of the n x n matrix {@code a}: a bound on its spectral radius. */
    private static double infinityNorm(int n, double[] a) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) {
                sum += Math.abs(a[i * n + j]);
            }
            norm = Math.max(norm, sum);
        }
        return norm;
    }

    @Override
    public boolean cholesky(int n, double[] a) {
        CholeskyDecomposition_F64<DMatrixRMaj> decomposition = DecompositionFactory_DDRM.chol(n, true);
        DMatrixRMaj matrix = DMatrixRMaj.wrap(n, n, a);
        if (!decomposition.decompose(matrix)) {
            return false;
        }
        DMatrixRMaj lower = decomposition.getT(null);
        System.arraycopy(lower.data, 0, a, 0, n * n);
        for (int i = 0; i < n; i++) {
            if (!(a[i * n + i] > 0) || !Double.isFinite(a[i * n + i])) {
                return false;
            }
            for (int j = i + 1; j < n; j++) {
                a[i * n + j] = 0.0;
            }
        }
        return true;
    }

    @Override
    public void solveLowerTriangular(int n, double[] l, boolean transpose, int m, double[] b) {
        if (!transpose) {
            for (int i = 0; i < n; i++) {
                int rowI = i * m;
                for (int j = 0; j < i; j++) {
                    double factor = l[i * n + j];
                    if (factor != 0.0) {
                        int rowJ = j * m;
                        for (int c = 0; c < m; c++) {
                            b[rowI + c] -= factor * b[rowJ + c];
                        }
                    }
                }
                double inverse = 1.0 / l[i * n + i];
                for (int c = 0; c < m; c++) {
                    b[rowI + c] *= inverse;
                }
            }
        } else {
            for (int i = n - 1; i >= 0; i--) {
                int rowI = i * m;
                for (int j = i + 1; j < n; j++) {
                    double factor = l[j * n + i];
                    if (factor != 0.0) {
                        int rowJ = j * m;
                        for (int c = 0; c < m; c++) {
                            b[rowI + c] -= factor * b[rowJ + c];
                        }
                    }
                }
                double inverse = 1.0 / l[i * n + i];
                for (int c = 0; c < m; c++) {
                    b[rowI + c] *= inverse;
                }
            }
        }
    }

    @Override
    public SingularValueDecomposition thinSvd(int m, int n, double[] a) {
        int r = Math.min(m, n);
        SingularValueDecomposition_F64<DMatrixRMaj> decomposition = DecompositionFactory_DDRM.svd(m, n, true, true, true);
        if (!decomposition.decompose(DMatrixRMaj.wrap(m, n, a))) {
            throw new NonConvergenceException("EJML singular value decomposition of a " + m + " x " + n
                    + " matrix failed", 0, Double.NaN);
        }
        DMatrixRMaj u = decomposition.getU(null, false);
        DMatrixRMaj v = decomposition.getV(null, false);
        double[] singular = decomposition.getSingularValues();
        Integer[] order = IntStream.range(0, r).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> -singular[i]));
        double[] values = new double[r];
        DenseMatrix left = DenseMatrix.zeros(m, r);
        DenseMatrix right = DenseMatrix.zeros(n, r);
        for (int j = 0; j < r; j++) {
            int index = order[j];
            values[j] = singular[index];
            for (int i = 0; i < m; i++) {
                left.set(i, j, u.get(i, index));
            }
            for (int i = 0; i < n; i++) {
                right.set(i, j, v.get(i, index));
            }
        }
        return new SingularValueDecomposition(left, values, right);
    }
}
