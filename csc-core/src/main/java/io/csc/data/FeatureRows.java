package io.csc.data;

/**
 * n points of d features read one row at a time: a {@link Dataset}, or a view of one that
 * transforms each row as it is read ({@link FittedScaling#rows}), so that a reader passing over
 * every point once never needs a transformed copy of all of them.
 */
public interface FeatureRows {

    /** The name of the points, for messages. */
    String name();

    /** n, the number of points. */
    int size();

    /** d, the number of features. */
    int dimension();

    /** Writes the d features of point i into {@code target} from {@code offset}. */
    void copyRow(int i, double[] target, int offset);
}
