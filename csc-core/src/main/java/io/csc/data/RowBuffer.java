package io.csc.data;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of d doubles collected while reading a file of unknown length, in blocks of about 8 MB so
 * that growing never copies; {@link #toArray} makes the one row-major array at the end.
 */
final class RowBuffer {

    private static final int BLOCK_VALUES = 1 << 20;

    private final int dimension;
    private final int rowsPerBlock;
    private final List<double[]> blocks = new ArrayList<>();
    private double[] current;
    private int offsetInCurrent;
    private int rows;

    RowBuffer(int dimension) {
        this.dimension = dimension;
        this.rowsPerBlock = Math.max(1, BLOCK_VALUES / dimension);
    }

    /** The largest number of rows of this dimension that one Java array can hold. */
    long maxRows() {
        return (Integer.MAX_VALUE - 8L) / dimension;
    }

    /** True when one more row would not fit in one array. */
    boolean isFull() {
        return rows >= maxRows();
    }

    /** Appends the first d values of {@code row}. */
    void append(double[] row) {
        if (current == null || offsetInCurrent == current.length) {
            current = new double[rowsPerBlock * dimension];
            blocks.add(current);
            offsetInCurrent = 0;
        }
        System.arraycopy(row, 0, current, offsetInCurrent, dimension);
        offsetInCurrent += dimension;
        rows++;
    }

    int rows() {
        return rows;
    }

    /** All rows in one row-major array; the blocks are released as they are copied. */
    double[] toArray() {
        double[] all = new double[rows * dimension];
        int position = 0;
        for (int b = 0; b < blocks.size(); b++) {
            double[] block = blocks.get(b);
            int length = Math.min(block.length, all.length - position);
            System.arraycopy(block, 0, all, position, length);
            position += length;
            blocks.set(b, null);
        }
        blocks.clear();
        current = null;
        return all;
    }
}
