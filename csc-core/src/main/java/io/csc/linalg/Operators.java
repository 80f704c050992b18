package io.csc.linalg;

import io.csc.util.Parallel;
import java.util.Objects;

/** Ready-made {@link SymmetricOperator}s and conversions. */
public final class Operators {

    private Operators() {
    }

    /**
     * The operator {@code x -> A x} of a square sparse matrix, parallel over row blocks of
     * {@code parallel} (results do not depend on the thread count). O(nnz) per application.
     *
     * @throws IllegalArgumentException if A is not square or not symmetric (largest
     *         {@code |A(i, j) - A(j, i)|} above {@link SymmetricEigen#SYMMETRY_TOLERANCE} times the
     *         largest absolute entry)
     */
    public static SymmetricOperator of(SparseMatrix matrix, Parallel parallel) {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(parallel, "parallel");
        if (matrix.rows() != matrix.columns()) {
            throw new DimensionMismatchException("A symmetric operator needs a square matrix, not "
                    + matrix.rows() + " x " + matrix.columns());
        }
        double largest = 0;
        for (int p = 0; p < matrix.nonZeros(); p++) {
            largest = Math.max(largest, Math.abs(matrix.values()[p]));
        }
        double asymmetry = matrix.asymmetry(parallel);
        if (asymmetry > SymmetricEigen.SYMMETRY_TOLERANCE * largest) {
            throw new IllegalArgumentException("Sparse matrix is not symmetric: largest |A(i, j) - A(j, i)| = "
                    + asymmetry + " exceeds " + SymmetricEigen.SYMMETRY_TOLERANCE + " x max|A(i, j)| = "
                    + SymmetricEigen.SYMMETRY_TOLERANCE * largest);
        }
        int n = matrix.rows();
        return new SymmetricOperator() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public void apply(double[] x, double[] y) {
                matrix.multiply(x, y, parallel);
            }
        };
    }

    /**
     * The operator {@code x -> A x} of a dense symmetric matrix (checked as by
     * {@link SymmetricEigen}), computed on the calling thread: O(n²) per application. The matrix
     * is used as given, not copied.
     */
    public static SymmetricOperator of(DenseMatrix matrix) {
        return of(matrix, Parallel.sequential());
    }

    /**
     * As {@link #of(DenseMatrix)}, with the product parallel over blocks of rows of
     * {@code parallel}; each entry of the product is one row's sum in the same order on any
     * number of threads ({@link DenseMatrix#dot}), so results do not depend on the thread count.
     */
    public static SymmetricOperator of(DenseMatrix matrix, Parallel parallel) {
        Objects.requireNonNull(parallel, "parallel");
        MatrixChecks.requireSymmetric(matrix, "A");
        int n = matrix.rows();
        double[] data = matrix.data();
        int grain = Parallel.grainFor(n, 64);
        return new SymmetricOperator() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public void apply(double[] x, double[] y) {
                parallel.forRange(n, grain, (from, to) -> {
                    for (int i = from; i < to; i++) {
                        y[i] = DenseMatrix.dot(data, i * n, x, 0, n);
                    }
                });
            }
        };
    }

    /** The operator {@code scale · A + shift · I}. */
    public static SymmetricOperator shifted(SymmetricOperator operator, double scale, double shift) {
        Objects.requireNonNull(operator, "operator");
        if (!Double.isFinite(scale) || !Double.isFinite(shift)) {
            throw new IllegalArgumentException("Invalid scale " + scale + " or shift " + shift + " (must be finite)");
        }
        int n = operator.size();
        return new SymmetricOperator() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public void apply(double[] x, double[] y) {
                operator.apply(x, y);
                for (int i = 0; i < n; i++) {
                    y[i] = scale * y[i] + shift * x[i];
                }
            }
        };
    }

    /**
     * The operator {@code S A S} for the diagonal {@code S = diag(scale)}, such as the normalized
     * {@code D^-1/2 A D^-1/2}: O(n) on top of each product with A. Each application uses one
     * scratch vector per calling thread, so it may be applied from several threads at once if A can.
     */
    public static SymmetricOperator congruence(SymmetricOperator operator, double[] scale) {
        Objects.requireNonNull(operator, "operator");
        int n = operator.size();
        if (scale.length != n) {
            throw new DimensionMismatchException(scale.length + " diagonal entries for an operator of size " + n);
        }
        ThreadLocal<double[]> scratch = ThreadLocal.withInitial(() -> new double[n]);
        return new SymmetricOperator() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public void apply(double[] x, double[] y) {
                double[] scaled = scratch.get();
                for (int i = 0; i < n; i++) {
                    scaled[i] = scale[i] * x[i];
                }
                operator.apply(scaled, y);
                for (int i = 0; i < n; i++) {
                    y[i] *= scale[i];
                }
            }
        };
    }

    /**
     * The operator {@code A₁ + A₂}. Each application uses one scratch vector per calling thread,
     * so the sum may be applied from several threads at once if its terms can.
     */
    public static SymmetricOperator sum(SymmetricOperator first, SymmetricOperator second) {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        if (first.size() != second.size()) {
            throw new DimensionMismatchException("Cannot add operators of sizes " + first.size() + " and " + second.size());
        }
        int n = first.size();
        ThreadLocal<double[]> scratch = ThreadLocal.withInitial(() -> new double[n]);
        return new SymmetricOperator() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public void apply(double[] x, double[] y) {
                double[] term = scratch.get();
                first.apply(x, y);
                second.apply(x, term);
                for (int i = 0; i < n; i++) {
                    y[i] += term[i];
                }
            }
        };
    }

    /**
     * The dense n x n matrix of an operator, built from its products with the n unit vectors:
     * n applications and n² memory, for tests and small problems. Row j holds {@code A e_j},
     * which for a symmetric operator is also column j; no symmetrization is applied.
     */
    public static DenseMatrix toDense(SymmetricOperator operator) {
        Objects.requireNonNull(operator, "operator");
        int n = operator.size();
        DenseMatrix dense = DenseMatrix.zeros(n, n);
        double[] unit = new double[n];
        double[] column = new double[n];
        for (int j = 0; j < n; j++) {
            unit[j] = 1.0;
            operator.apply(unit, column);
            unit[j] = 0.0;
            System.arraycopy(column, 0, dense.data(), j * n, n);
        }
        return dense;
    }
}
