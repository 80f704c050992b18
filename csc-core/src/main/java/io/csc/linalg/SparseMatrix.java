package io.csc.linalg;

import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable sparse matrix in compressed sparse row (CSR) form: the entries of row i are
 * {@code values[rowPointers[i] .. rowPointers[i+1])} at columns {@code columnIndices[...]}, with
 * column indices strictly increasing within each row.
 *
 * <p>Products are parallel over blocks of rows with chunk boundaries that do not depend on the
 * thread count, so results are identical on any number of threads.
 */
public final class SparseMatrix {

    /** How {@link #fromTriplets} combines several entries at the same position. */
    public enum Duplicates { SUM, MAX }

    private static final int ROW_GRAIN = 2048;

    private final int rows;
    private final int columns;
    private final int[] rowPointers;
    private final int[] columnIndices;
    private final double[] values;

    /**
     * Wraps CSR arrays (not copied). Column indices must be strictly increasing within each row.
     */
    public SparseMatrix(int rows, int columns, int[] rowPointers, int[] columnIndices, double[] values) {
        if (rows < 0 || columns < 0) {
            throw new IllegalArgumentException("Invalid shape: " + rows + " x " + columns);
        }
        if (rowPointers.length != rows + 1) {
            throw new DimensionMismatchException("rowPointers has " + rowPointers.length + " entries for " + rows + " rows");
        }
        if (rowPointers[0] != 0) {
            throw new IllegalArgumentException("rowPointers[0] is " + rowPointers[0] + " (must be 0)");
        }
        for (int i = 0; i < rows; i++) {
            if (rowPointers[i + 1] < rowPointers[i]) {
                throw new IllegalArgumentException("rowPointers decrease at row " + i + ": " + rowPointers[i]
                        + " then " + rowPointers[i + 1]);
            }
        }
        int nonZeros = rowPointers[rows];
        if (columnIndices.length < nonZeros || values.length < nonZeros) {
            throw new DimensionMismatchException("CSR arrays shorter than the " + nonZeros + " non-zeros");
        }
        for (int i = 0; i < rows; i++) {
            int previous = -1;
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                int column = columnIndices[p];
                if (column <= previous || column >= columns) {
                    throw new IllegalArgumentException("Row " + i + " of a CSR matrix has column " + column
                            + " out of order or out of range [0, " + columns + ")");
                }
                previous = column;
            }
        }
        this.rows = rows;
        this.columns = columns;
        this.rowPointers = rowPointers;
        this.columnIndices = columnIndices;
        this.values = values;
    }

    /**
     * Builds a matrix from coordinate triplets {@code (rowIndex[t], columnIndex[t], value[t])} for
     * {@code t < count}; entries at the same position are combined as {@code duplicates} says.
     */
    public static SparseMatrix fromTriplets(int rows, int columns, int[] rowIndex, int[] columnIndex,
                                            double[] value, int count, Duplicates duplicates) {
        return fromTriplets(rows, columns, rowIndex, columnIndex, value, count, duplicates, Parallel.sequential());
    }

    /**
     * As {@link #fromTriplets(int, int, int[], int[], double[], int, Duplicates)}, the rows sorted
     * and their duplicates combined in parallel over blocks of rows; the same matrix on any number
     * of threads (each row is sorted and combined on its own, in the order of its triplets).
     */
    public static SparseMatrix fromTriplets(int rows, int columns, int[] rowIndex, int[] columnIndex,
                                            double[] value, int count, Duplicates duplicates, Parallel parallel) {
        if (count < 0 || count > rowIndex.length || count > columnIndex.length || count > value.length) {
            throw new DimensionMismatchException("Triplet count " + count + " for arrays of length " + rowIndex.length
                    + ", " + columnIndex.length + " and " + value.length);
        }
        int[] counts = new int[rows + 1];
        for (int t = 0; t < count; t++) {
            int row = rowIndex[t];
            int column = columnIndex[t];
            if (row < 0 || row >= rows || column < 0 || column >= columns) {
                throw new IndexOutOfBoundsException("Entry (" + row + ", " + column + ") outside "
                        + rows + " x " + columns);
            }
            counts[row + 1]++;
        }
        for (int i = 0; i < rows; i++) {
            counts[i + 1] += counts[i];
        }
        int[] cursor = Arrays.copyOf(counts, rows);
        int[] sortedColumns = new int[count];
        double[] sortedValues = new double[count];
        for (int t = 0; t < count; t++) {
            int position = cursor[rowIndex[t]]++;
            sortedColumns[position] = columnIndex[t];
            sortedValues[position] = value[t];
        }
        int[] kept = new int[rows];
        parallel.forRange(rows, ROW_GRAIN, (from, to) -> {
            RowScratch scratch = new RowScratch();
            for (int i = from; i < to; i++) {
                kept[i] = sortAndCombine(sortedColumns, sortedValues, counts[i], counts[i + 1], duplicates, scratch);
            }
        });
        int[] rowPointers = new int[rows + 1];
        for (int i = 0; i < rows; i++) {
            rowPointers[i + 1] = rowPointers[i] + kept[i];
        }
        int nonZeros = rowPointers[rows];
        if (nonZeros == count) {
            return new SparseMatrix(rows, columns, rowPointers, sortedColumns, sortedValues);
        }
        int[] keptColumns = new int[nonZeros];
        double[] keptValues = new double[nonZeros];
        parallel.forRange(rows, ROW_GRAIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                System.arraycopy(sortedColumns, counts[i], keptColumns, rowPointers[i], kept[i]);
                System.arraycopy(sortedValues, counts[i], keptValues, rowPointers[i], kept[i]);
            }
        });
        return new SparseMatrix(rows, columns, rowPointers, keptColumns, keptValues);
    }

    /**
     * Sorts the entries {@code [start, end)} of one row by column and combines those of equal
     * column at the front of the range, in their order; returns how many are left.
     */
    private static int sortAndCombine(int[] columns, double[] values, int start, int end, Duplicates duplicates,
                                      RowScratch scratch) {
        sortRowByColumn(columns, values, start, end, scratch);
        int written = start;
        for (int p = start; p < end; p++) {
            if (written > start && columns[written - 1] == columns[p]) {
                values[written - 1] = duplicates == Duplicates.SUM
                        ? values[written - 1] + values[p]
                        : Math.max(values[written - 1], values[p]);
            } else {
                columns[written] = columns[p];
                values[written] = values[p];
                written++;
            }
        }
        return written - start;
    }

    /** The diagonal matrix with {@code diagonal} on its diagonal. */
    public static SparseMatrix diagonal(double[] diagonal) {
        int n = diagonal.length;
        int[] rowPointers = new int[n + 1];
        int[] columnIndices = new int[n];
        for (int i = 0; i < n; i++) {
            rowPointers[i + 1] = i + 1;
            columnIndices[i] = i;
        }
        return new SparseMatrix(n, n, rowPointers, columnIndices, diagonal.clone());
    }

    /** Rows longer than this are sorted by a sort of packed keys rather than by insertion (quadratic). */
    private static final int INSERTION_SORT_LIMIT = 48;

    /** One block of rows' arrays for sorting its long rows, grown to the longest and reused. */
    private static final class RowScratch {
        private long[] keys = new long[0];
        private double[] values = new double[0];

        void ensure(int length) {
            if (keys.length < length) {
                keys = new long[length];
                values = new double[length];
            }
        }
    }

    /** Sorts {@code [from, to)} by column, stably: entries of equal column keep their order. */
    private static void sortRowByColumn(int[] columns, double[] values, int from, int to, RowScratch scratch) {
        int length = to - from;
        if (length > INSERTION_SORT_LIMIT) {
            // column in the high half, the position in the row in the low half: stable
            scratch.ensure(length);
            long[] keys = scratch.keys;
            for (int p = from; p < to; p++) {
                keys[p - from] = ((long) columns[p] << 32) | (p - from);
            }
            Arrays.sort(keys, 0, length);
            double[] original = scratch.values;
            System.arraycopy(values, from, original, 0, length);
            for (int p = from; p < to; p++) {
                long key = keys[p - from];
                columns[p] = (int) (key >>> 32);
                values[p] = original[(int) key];
            }
            return;
        }
        for (int i = from + 1; i < to; i++) {
            int column = columns[i];
            double value = values[i];
            int j = i - 1;
            while (j >= from && columns[j] > column) {
                columns[j + 1] = columns[j];
                values[j + 1] = values[j];
                j--;
            }
            columns[j + 1] = column;
            values[j + 1] = value;
        }
    }

    public int rows() {
        return rows;
    }

    public int columns() {
        return columns;
    }

    public int nonZeros() {
        return rowPointers[rows];
    }

    /** The CSR row pointers (shared, do not modify). */
    public int[] rowPointers() {
        return rowPointers;
    }

    /** The CSR column indices (shared, do not modify). */
    public int[] columnIndices() {
        return columnIndices;
    }

    /** The CSR values (shared, do not modify). */
    public double[] values() {
        return values;
    }

    /** Entry (row, column), zero when not stored. */
    public double get(int row, int column) {
        int position = Arrays.binarySearch(columnIndices, rowPointers[row], rowPointers[row + 1], column);
        return position >= 0 ? values[position] : 0.0;
    }

    /** The sum of each row. */
    public double[] rowSums() {
        double[] sums = new double[rows];
        for (int i = 0; i < rows; i++) {
            double sum = 0;
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                sum += values[p];
            }
            sums[i] = sum;
        }
        return sums;
    }

    /** The sum of each column. */
    public double[] columnSums() {
        double[] sums = new double[columns];
        for (int p = 0; p < nonZeros(); p++) {
            sums[columnIndices[p]] += values[p];
        }
        return sums;
    }

    /** y = A x, parallel over row blocks. */
    public void multiply(double[] x, double[] y, Parallel parallel) {
        if (x.length != columns || y.length != rows) {
            throw new DimensionMismatchException("A is " + rows + " x " + columns + ", x has " + x.length
                    + ", y has " + y.length);
        }
        parallel.forRange(rows, ROW_GRAIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                double sum = 0;
                for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                    sum += values[p] * x[columnIndices[p]];
                }
                y[i] = sum;
            }
        });
    }

    /** A new vector A x, computed on the calling thread. */
    public double[] multiply(double[] x) {
        double[] y = new double[rows];
        multiply(x, y, Parallel.sequential());
        return y;
    }

    /** The new dense matrix A X for a dense {@code columns x m} matrix X. */
    public DenseMatrix multiply(DenseMatrix x, Parallel parallel) {
        if (x.rows() != columns) {
            throw new DimensionMismatchException("A is " + rows + " x " + columns + ", X is " + x.rows() + " x " + x.columns());
        }
        int m = x.columns();
        double[] xData = x.data();
        DenseMatrix result = DenseMatrix.zeros(rows, m);
        double[] out = result.data();
        parallel.forRange(rows, ROW_GRAIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                int outBase = i * m;
                for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                    double value = values[p];
                    int inBase = columnIndices[p] * m;
                    for (int j = 0; j < m; j++) {
                        out[outBase + j] += value * xData[inBase + j];
                    }
                }
            }
        });
        return result;
    }

    /**
     * The new dense matrix Aᵀ X for a dense {@code rows x m} matrix X. Each row block accumulates
     * its own partial product and the partials are added in block order (deterministic).
     */
    public DenseMatrix transposeMultiply(DenseMatrix x, Parallel parallel) {
        if (x.rows() != rows) {
            throw new DimensionMismatchException("A is " + rows + " x " + columns + ", X is " + x.rows() + " x " + x.columns());
        }
        int m = x.columns();
        double[] xData = x.data();
        int grain = Math.max(ROW_GRAIN, (rows + 7) / 8);
        List<double[]> partials = parallel.map(rows, grain, (from, to) -> {
            double[] partial = new double[columns * m];
            for (int i = from; i < to; i++) {
                int inBase = i * m;
                for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                    double value = values[p];
                    int outBase = columnIndices[p] * m;
                    for (int j = 0; j < m; j++) {
                        partial[outBase + j] += value * xData[inBase + j];
                    }
                }
            }
            return partial;
        });
        double[] sum = partials.isEmpty() ? new double[columns * m] : partials.get(0);
        for (int b = 1; b < partials.size(); b++) {
            double[] partial = partials.get(b);
            for (int t = 0; t < sum.length; t++) {
                sum[t] += partial[t];
            }
        }
        return new DenseMatrix(columns, m, sum);
    }

    /**
     * The dense {@code columns x columns} Gram matrix AᵀA, accumulated row by row in O(Σ nnz(row)²)
     * time (cheap for the few entries per row of a sparse-coding matrix).
     */
    public DenseMatrix gram() {
        DenseMatrix gram = DenseMatrix.zeros(columns, columns);
        double[] g = gram.data();
        for (int i = 0; i < rows; i++) {
            int start = rowPointers[i];
            int end = rowPointers[i + 1];
            for (int p = start; p < end; p++) {
                double value = values[p];
                int base = columnIndices[p] * columns;
                for (int q = start; q < end; q++) {
                    g[base + columnIndices[q]] += value * values[q];
                }
            }
        }
        return gram;
    }

    /** The new matrix Aᵀ. */
    public SparseMatrix transpose() {
        int nonZeros = nonZeros();
        int[] counts = new int[columns + 1];
        for (int p = 0; p < nonZeros; p++) {
            counts[columnIndices[p] + 1]++;
        }
        for (int j = 0; j < columns; j++) {
            counts[j + 1] += counts[j];
        }
        int[] cursor = Arrays.copyOf(counts, columns);
        int[] newColumns = new int[nonZeros];
        double[] newValues = new double[nonZeros];
        for (int i = 0; i < rows; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                int position = cursor[columnIndices[p]]++;
                newColumns[position] = i;
                newValues[position] = values[p];
            }
        }
        return new SparseMatrix(columns, rows, counts, newColumns, newValues);
    }

    /** The new matrix diag(left) A diag(right); either factor may be null for the identity. */
    public SparseMatrix scale(double[] left, double[] right) {
        if (left != null && left.length != rows || right != null && right.length != columns) {
            throw new DimensionMismatchException("Scaling factors do not match " + rows + " x " + columns);
        }
        double[] scaled = new double[nonZeros()];
        for (int i = 0; i < rows; i++) {
            double rowFactor = left == null ? 1.0 : left[i];
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                scaled[p] = rowFactor * values[p] * (right == null ? 1.0 : right[columnIndices[p]]);
            }
        }
        return new SparseMatrix(rows, columns, rowPointers, columnIndices, scaled);
    }

    /**
     * The new symmetric matrix combining A and Aᵀ entry by entry: the maximum, or the mean
     * ({@code (A + Aᵀ) / 2}). Requires a square matrix.
     */
    public SparseMatrix symmetrize(boolean maximum) {
        return symmetrize(maximum, Parallel.sequential());
    }

    /** As {@link #symmetrize(boolean)}, its rows sorted in parallel (the same matrix). */
    public SparseMatrix symmetrize(boolean maximum, Parallel parallel) {
        if (rows != columns) {
            throw new DimensionMismatchException("Cannot symmetrize a " + rows + " x " + columns + " matrix");
        }
        int nonZeros = nonZeros();
        int[] rowIndex = new int[2 * nonZeros];
        int[] columnIndex = new int[2 * nonZeros];
        double[] value = new double[2 * nonZeros];
        int t = 0;
        for (int i = 0; i < rows; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                double entry = maximum ? values[p] : 0.5 * values[p];
                rowIndex[t] = i;
                columnIndex[t] = columnIndices[p];
                value[t++] = entry;
                rowIndex[t] = columnIndices[p];
                columnIndex[t] = i;
                value[t++] = entry;
            }
        }
        return fromTriplets(rows, columns, rowIndex, columnIndex, value, t,
                maximum ? Duplicates.MAX : Duplicates.SUM, parallel);
    }

    /**
     * The largest |A(i,j) - A(j,i)| of a square matrix; zero for a symmetric one. Each entry above
     * the diagonal has its mirror found by a binary search of its column's row; when every entry
     * below the diagonal turns out to be such a mirror (the pattern is symmetric, as it is for the
     * graphs the library builds), that is the whole answer, else the entries below the diagonal are
     * searched too. O(nnz log(longest row)).
     */
    public double asymmetry() {
        return asymmetry(Parallel.sequential());
    }

    /**
     * As {@link #asymmetry()}, over blocks of rows in parallel; the largest difference does not
     * depend on the order in which it is found.
     */
    public double asymmetry(Parallel parallel) {
        double largest = 0;
        long mirrored = 0;
        long below = 0;
        for (double[] part : parallel.map(rows, ROW_GRAIN, (from, to) -> {
            double max = 0;
            long found = 0;
            long lower = 0;
            for (int i = from; i < to; i++) {
                for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                    int j = columnIndices[p];
                    if (j < i) {
                        lower++;
                    } else if (j > i) {
                        int q = j < rows ? Arrays.binarySearch(columnIndices, rowPointers[j], rowPointers[j + 1], i) : -1;
                        found += q >= 0 ? 1 : 0;
                        max = Math.max(max, Math.abs(values[p] - (q >= 0 ? values[q] : 0.0)));
                    }
                }
            }
            return new double[] {max, found, lower};
        })) {
            largest = Math.max(largest, part[0]);
            mirrored += (long) part[1];
            below += (long) part[2];
        }
        return mirrored == below ? largest : Math.max(largest, belowDiagonalAsymmetry(parallel));
    }

    /** The largest |A(i,j) - A(j,i)| over the entries below the diagonal, each mirror found by binary search. */
    private double belowDiagonalAsymmetry(Parallel parallel) {
        double largest = 0;
        for (double part : parallel.map(rows, ROW_GRAIN, (from, to) -> {
            double max = 0;
            for (int i = from; i < to; i++) {
                for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                    int j = columnIndices[p];
                    if (j < i) {
                        int q = Arrays.binarySearch(columnIndices, rowPointers[j], rowPointers[j + 1], i);
                        max = Math.max(max, Math.abs(values[p] - (q >= 0 ? values[q] : 0.0)));
                    }
                }
            }
            return max;
        })) {
            largest = Math.max(largest, part);
        }
        return largest;
    }

    /** A dense copy, for tests and small problems only. */
    public DenseMatrix toDense() {
        DenseMatrix dense = DenseMatrix.zeros(rows, columns);
        for (int i = 0; i < rows; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                dense.set(i, columnIndices[p], values[p]);
            }
        }
        return dense;
    }

    @Override
    public String toString() {
        return "SparseMatrix " + rows + " x " + columns + " with " + nonZeros() + " non-zeros";
    }
}
