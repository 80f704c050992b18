package io.csc.spark;

import java.io.Serializable;

/**
 * A block of consecutive points of a distributed data set, row-major as the core's kernels want
 * them: rows {@code firstIndex .. firstIndex + rows - 1} of the data set, their features (scaled
 * once the scaling is known), and what identifies and supervises them.
 *
 * @param firstIndex the global row index of the first point
 * @param rows the points in the block
 * @param dimension d
 * @param features rows x d, row-major
 * @param ids the id column's value of each point, or null when the index is the id
 * @param labelledRows positions (in the block) of the points with a known label, ascending
 * @param labelValues their labels, as text
 */
public record PointBlock(long firstIndex, int rows, int dimension, double[] features, long[] ids, int[] labelledRows,
                         String[] labelValues) implements Serializable {

    /** The id of row {@code row} of the block. */
    public long id(int row) {
        return ids == null ? firstIndex + row : ids[row];
    }

    /** The same points with other features (such as scaled ones). */
    public PointBlock withFeatures(double[] newFeatures) {
        return new PointBlock(firstIndex, rows, dimension, newFeatures, ids, labelledRows, labelValues);
    }
}
