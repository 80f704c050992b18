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
        return SymmetricOperator.of(n, (x, y) -> {
            matrix.multiply(x, y, parallel);
        });
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
     * {@code parallel}. The product reads the upper triangle alone, each entry once for both of its
     * places ({@code y_i += a_ij x_j} and {@code y_j += a_ij x_i}, as BLAS's {@code dsymv} does):
     * a dense product streams the matrix (800 MB at 10,000 points), and reading half of it took a
     * product from 63 to 49 ms at 10,000 points and from 4.7 to 2.3 ms at 3,000 on two threads
     * ({@code DenseProductBenchmark}). The operator is therefore the upper
     * triangle mirrored, exactly symmetric, of the A checked to be symmetric within the tolerance.
     * The rows are cut into {@value #TRIANGLE_BLOCKS} blocks of about equal area, fixed by n; each
     * block sums into its own vector and the blocks are added in order, so results do not depend on
     * the thread count. Stateless: concurrent applications are safe.
     */
    public static SymmetricOperator of(DenseMatrix matrix, Parallel parallel) {
        Objects.requireNonNull(parallel, "parallel");
        MatrixChecks.requireSymmetric(matrix, "A");
        int n = matrix.rows();
        double[] data = matrix.data();
        return upperTriangle(n, parallel, (first, end, x) -> upperTriangleProduct(data, n, first, end, x));
    }

    /**
     * The operator {@code x -> A x} of a dense symmetric matrix given row by row, never stored: the
     * product of {@link #of(DenseMatrix, Parallel)} on {@code rows.toMatrix()}, bit for bit (the
     * upper part of each row is written into a scratch row, then read as that product reads the
     * stored row). O(n²) per application, O(n) memory per block of rows; the symmetry is not
     * checked ({@link DenseRows}). Concurrent applications are safe if the rule is. Writing the
     * rows costs time: on a normalized affinity of 10,000 points a product takes 55.7 ms against
     * 42.7 ms for the stored matrix on two threads ({@code DenseProductBenchmark}, docs/BENCHMARKS.md).
     */
    public static SymmetricOperator of(DenseRows rows, Parallel parallel) {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(parallel, "parallel");
        return upperTriangle(rows.size(), parallel, (first, end, x) -> upperTriangleProduct(rows, first, end, x));
    }

    /** The contribution of the upper triangle's rows [first, end) to {@code A x}. */
    @FunctionalInterface
    private interface TriangleBlock {
        double[] product(int first, int end, double[] x);
    }

    /**
     * The operator of size n whose product adds the contributions of {@value #TRIANGLE_BLOCKS}
     * blocks of rows of the upper triangle ({@link #triangleBlocks}), computed by {@code block} in
     * parallel, in the blocks' order.
     */
    private static SymmetricOperator upperTriangle(int n, Parallel parallel, TriangleBlock block) {
        int[] firstRows = triangleBlocks(n);
        int blocks = firstRows.length - 1;
        int grain = Parallel.grainFor(n, 256);
        return SymmetricOperator.of(n, (x, y) -> {
            double[][] sums = new double[blocks][];
            parallel.forRange(blocks, 1, (from, to) -> {
                for (int b = from; b < to; b++) {
                    sums[b] = block.product(firstRows[b], firstRows[b + 1], x);
                }
            });
            parallel.forRange(n, grain, (from, to) -> {
                for (int i = from; i < to; i++) {
                    double sum = 0;
                    for (int b = 0; b < blocks; b++) {
                        sum += sums[b][i];
                    }
                    y[i] = sum;
                }
            });
        });
    }

    /** The blocks of rows of the upper-triangle product (fewer for small n, where one block is cheap). */
    static final int TRIANGLE_BLOCKS = 16;

    /**
     * The first rows of {@link #TRIANGLE_BLOCKS} blocks of about equal area of an n x n upper
     * triangle, with n appended: rows from r on hold {@code (n - r)²/2} entries.
     */
    static int[] triangleBlocks(int n) {
        int blocks = Math.max(1, Math.min(TRIANGLE_BLOCKS, n / 64));
        int[] first = new int[blocks + 1];
        for (int b = 1; b < blocks; b++) {
            first[b] = Math.max(first[b - 1], (int) Math.round(n - n * Math.sqrt(1.0 - (double) b / blocks)));
        }
        first[blocks] = n;
        return first;
    }

    /**
     * The contribution of rows [first, end) of the upper triangle of the row-major n x n {@code a}
     * to {@code A x}: their entries {@code a_ij}, {@code j >= i}, add {@code a_ij x_j} to i and, off
     * the diagonal, {@code a_ij x_i} to j. Two loops over each row's tail, the second reading it
     * from cache: the dot product's reduction keeps the compiler from vectorizing a loop that also
     * scatters, and the scatter alone vectorizes. The product against whole rows' dot products:
     * {@code DenseProductBenchmark}, docs/BENCHMARKS.md.
     */
    private static double[] upperTriangleProduct(double[] a, int n, int first, int end, double[] x) {
        double[] sums = new double[n];
        for (int i = first; i < end; i++) {
            addUpperRow(a, i * n, i, n, x, sums);
        }
        return sums;
    }

    /** As {@link #upperTriangleProduct(double[], int, int, int, double[])} for rows given by their rule. */
    private static double[] upperTriangleProduct(DenseRows rows, int first, int end, double[] x) {
        int n = rows.size();
        double[] sums = new double[n];
        double[] upper = new double[n - first];
        for (int i = first; i < end; i++) {
            rows.row(i, i, n, upper, 0);
            addUpperRow(upper, -i, i, n, x, sums);
        }
        return sums;
    }

    /**
     * Adds the contribution of the upper part of row i, its entries {@code a_ij = a[base + j]} for
     * {@code j >= i}, to {@code sums}: {@code a_ij x_j} to i, summed in four running sums, and off
     * the diagonal {@code a_ij x_i} to j.
     */
    private static void addUpperRow(double[] a, int base, int i, int n, double[] x, double[] sums) {
        double xi = x[i];
        double s0 = a[base + i] * xi;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = i + 1;
        for (; j + 3 < n; j += 4) {
            s0 += a[base + j] * x[j];
            s1 += a[base + j + 1] * x[j + 1];
            s2 += a[base + j + 2] * x[j + 2];
            s3 += a[base + j + 3] * x[j + 3];
        }
        for (; j < n; j++) {
            s0 += a[base + j] * x[j];
        }
        for (int t = i + 1; t < n; t++) {
            sums[t] += a[base + t] * xi;
        }
        sums[i] += (s0 + s1) + (s2 + s3);
    }

    /** The operator {@code scale · A + shift · I}. */
    public static SymmetricOperator shifted(SymmetricOperator operator, double scale, double shift) {
        Objects.requireNonNull(operator, "operator");
        if (!Double.isFinite(scale) || !Double.isFinite(shift)) {
            throw new IllegalArgumentException("Invalid scale " + scale + " or shift " + shift + " (must be finite)");
        }
        int n = operator.size();
        return SymmetricOperator.of(n, (x, y) -> {
            operator.apply(x, y);
            for (int i = 0; i < n; i++) {
                y[i] = scale * y[i] + shift * x[i];
            }
        });
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
        return SymmetricOperator.of(n, (x, y) -> {
            double[] scaled = scratch.get();
            for (int i = 0; i < n; i++) {
                scaled[i] = scale[i] * x[i];
            }
            operator.apply(scaled, y);
            for (int i = 0; i < n; i++) {
                y[i] *= scale[i];
            }
        });
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
        return SymmetricOperator.of(n, (x, y) -> {
            double[] term = scratch.get();
            first.apply(x, y);
            second.apply(x, term);
            for (int i = 0; i < n; i++) {
                y[i] += term[i];
            }
        });
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
