package io.csc.linalg;

import java.util.Arrays;

/**
 * A dense matrix stored row-major in one {@code double[]}: entry (i, j) is {@code data[i * columns + j]}.
 *
 * <p>The array is shared, not copied: {@link #data()} returns it for tight loops and native calls.
 * Methods that return a new matrix say so; the others work in place.
 */
public final class DenseMatrix {

    private final int rows;
    private final int columns;
    private final double[] data;

    /** Wraps {@code data} (not copied), which must have exactly {@code rows * columns} entries. */
    public DenseMatrix(int rows, int columns, double[] data) {
        if (rows < 0 || columns < 0) {
            throw new IllegalArgumentException("Invalid shape: " + rows + " x " + columns);
        }
        if ((long) rows * columns != data.length) {
            throw new DimensionMismatchException("Matrix " + rows + " x " + columns + " needs "
                    + (long) rows * columns + " entries but the array has " + data.length);
        }
        this.rows = rows;
        this.columns = columns;
        this.data = data;
    }

    /** A new zero matrix. */
    public static DenseMatrix zeros(int rows, int columns) {
        long size = (long) rows * columns;
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("A dense " + rows + " x " + columns
                    + " matrix has more than 2^31 entries and cannot be held in one array");
        }
        return new DenseMatrix(rows, columns, new double[(int) size]);
    }

    /** A new identity matrix. */
    public static DenseMatrix identity(int n) {
        DenseMatrix identity = zeros(n, n);
        for (int i = 0; i < n; i++) {
            identity.data[i * n + i] = 1.0;
        }
        return identity;
    }

    /** A new matrix from rows given as arrays (for tests and small examples). */
    public static DenseMatrix of(double[][] values) {
        int rows = values.length;
        int columns = rows == 0 ? 0 : values[0].length;
        DenseMatrix matrix = zeros(rows, columns);
        for (int i = 0; i < rows; i++) {
            if (values[i].length != columns) {
                throw new DimensionMismatchException("Row " + i + " has " + values[i].length
                        + " entries, expected " + columns);
            }
            System.arraycopy(values[i], 0, matrix.data, i * columns, columns);
        }
        return matrix;
    }

    public int rows() {
        return rows;
    }

    public int columns() {
        return columns;
    }

    /** The backing row-major array (shared, not a copy). */
    public double[] data() {
        return data;
    }

    public double get(int row, int column) {
        return data[row * columns + column];
    }

    public void set(int row, int column, double value) {
        data[row * columns + column] = value;
    }

    /** A copy of row {@code row}. */
    public double[] row(int row) {
        return Arrays.copyOfRange(data, row * columns, (row + 1) * columns);
    }

    /** A copy of column {@code column}. */
    public double[] column(int column) {
        double[] result = new double[rows];
        for (int i = 0; i < rows; i++) {
            result[i] = data[i * columns + column];
        }
        return result;
    }

    /** Sets column {@code column} from {@code values}. */
    public void setColumn(int column, double[] values) {
        if (values.length != rows) {
            throw new DimensionMismatchException("Column has " + values.length + " entries, matrix has " + rows + " rows");
        }
        for (int i = 0; i < rows; i++) {
            data[i * columns + column] = values[i];
        }
    }

    /** A new matrix holding columns {@code [from, to)}. */
    public DenseMatrix columns(int from, int to) {
        if (from < 0 || to > columns || from > to) {
            throw new IndexOutOfBoundsException("Columns [" + from + ", " + to + ") of a matrix with " + columns);
        }
        int width = to - from;
        DenseMatrix result = zeros(rows, width);
        for (int i = 0; i < rows; i++) {
            System.arraycopy(data, i * columns + from, result.data, i * width, width);
        }
        return result;
    }

    /** A new matrix of the given rows, in the given order. */
    public DenseMatrix rows(int[] indices) {
        double[] selected = new double[indices.length * columns];
        for (int t = 0; t < indices.length; t++) {
            System.arraycopy(data, indices[t] * columns, selected, t * columns, columns);
        }
        return new DenseMatrix(indices.length, columns, selected);
    }

    /** A new matrix holding rows {@code [from, to)}. */
    public DenseMatrix rows(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new IndexOutOfBoundsException("Rows [" + from + ", " + to + ") of a matrix with " + rows);
        }
        return new DenseMatrix(to - from, columns, Arrays.copyOfRange(data, from * columns, to * columns));
    }

    /** A new matrix, the transpose of this one. */
    public DenseMatrix transpose() {
        DenseMatrix result = zeros(columns, rows);
        for (int i = 0; i < rows; i++) {
            int base = i * columns;
            for (int j = 0; j < columns; j++) {
                result.data[j * rows + i] = data[base + j];
            }
        }
        return result;
    }

    /** A deep copy. */
    public DenseMatrix copy() {
        return new DenseMatrix(rows, columns, data.clone());
    }

    /**
     * Replaces a square matrix by {@code (A + Aᵀ) / 2} in place: exactly symmetric after products
     * such as {@code Xᵀ A X}, whose two triangles floating point rounds differently.
     */
    public void symmetrize() {
        if (rows != columns) {
            throw new DimensionMismatchException("Only a square matrix can be symmetrized, not " + rows + " x " + columns);
        }
        symmetrize(data, rows);
    }

    /**
     * {@code Σ a[aBase + t] · b[bBase + t]} over {@code t < length}, in four running sums (one sum
     * waits on the previous addition at every step, four overlap) added as
     * {@code (s0 + s1) + (s2 + s3)}: the same order, so the same value, on every call.
     */
    public static double dot(double[] a, int aBase, double[] b, int bBase, int length) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int t = 0;
        for (; t + 3 < length; t += 4) {
            s0 += a[aBase + t] * b[bBase + t];
            s1 += a[aBase + t + 1] * b[bBase + t + 1];
            s2 += a[aBase + t + 2] * b[bBase + t + 2];
            s3 += a[aBase + t + 3] * b[bBase + t + 3];
        }
        for (; t < length; t++) {
            s0 += a[aBase + t] * b[bBase + t];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** Replaces the row-major n x n matrix held by {@code a} by {@code (A + Aᵀ) / 2}, in place. */
    public static void symmetrize(double[] a, int n) {
        if ((long) n * n > a.length) {
            throw new DimensionMismatchException("An " + n + " x " + n + " matrix needs " + (long) n * n
                    + " values, the array has " + a.length);
        }
        // pairs of mirrored tiles, both in cache while each (i, j) meets its (j, i)
        int tile = MatrixChecks.SYMMETRY_TILE;
        for (int rowBlock = 0; rowBlock < n; rowBlock += tile) {
            int rowEnd = Math.min(n, rowBlock + tile);
            for (int columnBlock = rowBlock; columnBlock < n; columnBlock += tile) {
                int columnEnd = Math.min(n, columnBlock + tile);
                for (int i = rowBlock; i < rowEnd; i++) {
                    for (int j = Math.max(columnBlock, i + 1); j < columnEnd; j++) {
                        double mean = 0.5 * (a[i * n + j] + a[j * n + i]);
                        a[i * n + j] = mean;
                        a[j * n + i] = mean;
                    }
                }
            }
        }
    }

    /** Scales every row to unit Euclidean norm in place; zero rows stay zero. */
    public void normalizeRows() {
        for (int i = 0; i < rows; i++) {
            int base = i * columns;
            double sum = 0;
            for (int j = 0; j < columns; j++) {
                sum += data[base + j] * data[base + j];
            }
            if (sum > 0) {
                double scale = 1.0 / Math.sqrt(sum);
                for (int j = 0; j < columns; j++) {
                    data[base + j] *= scale;
                }
            }
        }
    }

    /** Multiplies row i by {@code factors[i]} in place. */
    public void scaleRows(double[] factors) {
        if (factors.length != rows) {
            throw new DimensionMismatchException(factors.length + " factors for " + rows + " rows");
        }
        for (int i = 0; i < rows; i++) {
            int base = i * columns;
            for (int j = 0; j < columns; j++) {
                data[base + j] *= factors[i];
            }
        }
    }

    /** Frobenius norm. */
    public double frobeniusNorm() {
        double sum = 0;
        for (double value : data) {
            sum += value * value;
        }
        return Math.sqrt(sum);
    }

    /** The largest absolute difference between entries of two matrices of the same shape. */
    public double maxAbsoluteDifference(DenseMatrix other) {
        if (other.rows != rows || other.columns != columns) {
            throw new DimensionMismatchException(rows + " x " + columns + " against " + other.rows + " x " + other.columns);
        }
        double max = 0;
        for (int i = 0; i < data.length; i++) {
            max = Math.max(max, Math.abs(data[i] - other.data[i]));
        }
        return max;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("DenseMatrix ").append(rows).append(" x ").append(columns);
        if (rows <= 8 && columns <= 8) {
            for (int i = 0; i < rows; i++) {
                text.append('\n').append(Arrays.toString(row(i)));
            }
        }
        return text.toString();
    }
}
