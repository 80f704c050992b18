package io.csc.spark;

import java.io.Serializable;

/**
 * The embedding of a block of consecutive points: rows {@code firstIndex .. firstIndex + rows - 1},
 * m coordinates each, row-major.
 */
public record EmbeddedBlock(long firstIndex, int rows, int columns, double[] values) implements Serializable {

    /** The range {@code [from, to)} of positions in {@code sortedIndices} that fall inside this block. */
    public int[] rangeIn(long[] sortedIndices) {
        return new int[] {lowerBound(sortedIndices, firstIndex), lowerBound(sortedIndices, firstIndex + rows)};
    }

    /** The first position of {@code sorted} holding a value >= {@code value}. */
    static int lowerBound(long[] sorted, long value) {
        int low = 0;
        int high = sorted.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (sorted[middle] < value) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
