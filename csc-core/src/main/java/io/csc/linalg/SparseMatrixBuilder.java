package io.csc.linalg;

import io.csc.util.Parallel;
import java.util.Arrays;

/**
 * A growable list of coordinate triplets {@code (row, column, value)} that becomes a
 * {@link SparseMatrix}. Not thread-safe: build one per thread and {@link #append} them in a fixed
 * order for deterministic results.
 */
public final class SparseMatrixBuilder {

    private static final int MAX_ENTRIES = Integer.MAX_VALUE - 8;

    private int[] rows;
    private int[] columns;
    private double[] values;
    private int count;

    /** An empty builder with room for about {@code capacity} entries (grows as needed). */
    public SparseMatrixBuilder(long capacity) {
        int initial = (int) Math.max(16, Math.min(capacity, MAX_ENTRIES));
        rows = new int[initial];
        columns = new int[initial];
        values = new double[initial];
    }

    /** Adds one entry. */
    public void add(int row, int column, double value) {
        if (count == rows.length) {
            grow(count + 1L);
        }
        rows[count] = row;
        columns[count] = column;
        values[count++] = value;
    }

    /** Adds {@code (row, column, value)} and {@code (column, row, value)}. */
    public void addSymmetric(int row, int column, double value) {
        add(row, column, value);
        add(column, row, value);
    }

    /** Adds every entry of {@code other}, in its order. */
    public void append(SparseMatrixBuilder other) {
        if (count + (long) other.count > rows.length) {
            grow(count + (long) other.count);
        }
        System.arraycopy(other.rows, 0, rows, count, other.count);
        System.arraycopy(other.columns, 0, columns, count, other.count);
        System.arraycopy(other.values, 0, values, count, other.count);
        count += other.count;
    }

    /** The number of entries added. */
    public int size() {
        return count;
    }

    private void grow(long needed) {
        if (needed > MAX_ENTRIES) {
            throw new IllegalArgumentException("A sparse matrix builder cannot hold more than " + MAX_ENTRIES + " entries");
        }
        int capacity = (int) Math.min(MAX_ENTRIES, Math.max(needed, 2L * rows.length));
        rows = Arrays.copyOf(rows, capacity);
        columns = Arrays.copyOf(columns, capacity);
        values = Arrays.copyOf(values, capacity);
    }

    /** The {@code rows x columns} matrix of the entries, duplicates combined as {@code duplicates} says. */
    public SparseMatrix build(int rowCount, int columnCount, SparseMatrix.Duplicates duplicates) {
        return build(rowCount, columnCount, duplicates, Parallel.sequential());
    }

    /** As {@link #build(int, int, SparseMatrix.Duplicates)}, the rows sorted in parallel (the same matrix). */
    public SparseMatrix build(int rowCount, int columnCount, SparseMatrix.Duplicates duplicates, Parallel parallel) {
        return SparseMatrix.fromTriplets(rowCount, columnCount, rows, columns, values, count, duplicates, parallel);
    }
}
