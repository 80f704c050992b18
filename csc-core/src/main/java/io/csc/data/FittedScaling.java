package io.csc.data;

import java.util.Arrays;
import java.util.Objects;

/**
 * A {@link Scaling} with its statistics taken from the training data and kept: feature j maps to
 * {@code (x - offset_j) * factor_j}. Applying it to new points scales them exactly as the training
 * points were scaled, which re-fitting the scaling on the new points would not.
 *
 * @param kind the scaling the statistics belong to
 * @param offset per-feature offsets (length d; empty for {@link Scaling#NONE})
 * @param factor per-feature factors (length d; 0 for a feature that was constant in training)
 */
public record FittedScaling(Scaling kind, double[] offset, double[] factor) {

    public FittedScaling {
        Objects.requireNonNull(kind, "kind");
        offset = offset.clone();
        factor = factor.clone();
        if (offset.length != factor.length) {
            throw new IllegalArgumentException("Scaling has " + offset.length + " offsets and " + factor.length
                    + " factors");
        }
        if (kind == Scaling.NONE && offset.length != 0) {
            throw new IllegalArgumentException("Scaling none has no statistics");
        }
        for (int j = 0; j < offset.length; j++) {
            if (!Double.isFinite(offset[j]) || !Double.isFinite(factor[j])) {
                throw new IllegalArgumentException("Scaling statistic of feature " + j + " is not finite: offset "
                        + offset[j] + ", factor " + factor[j]);
            }
        }
    }

    /** No scaling. */
    public static FittedScaling none() {
        return new FittedScaling(Scaling.NONE, new double[0], new double[0]);
    }

    /** The per-feature offsets, a copy. */
    @Override
    public double[] offset() {
        return offset.clone();
    }

    /** The per-feature factors, a copy. */
    @Override
    public double[] factor() {
        return factor.clone();
    }

    /** The number of features the statistics are for (0 for none: any). */
    public int dimension() {
        return offset.length;
    }

    /**
     * The data scaled with these statistics: a new data set (same name, labels, feature names and
     * {@link Precision}); {@link Scaling#NONE} returns {@code data} itself. Each value is the one
     * {@link #rows} reads.
     *
     * @throws IllegalArgumentException if the data has another number of features
     */
    public Dataset apply(Dataset data) {
        FeatureRows rows = rows(data);
        if (rows == data) {
            return data;
        }
        int n = data.size();
        int d = data.dimension();
        if (data.precision() == Precision.FLOAT) {
            float[] scaled = new float[n * d];
            double[] row = new double[d];
            for (int i = 0; i < n; i++) {
                rows.copyRow(i, row, 0);
                for (int j = 0; j < d; j++) {
                    scaled[i * d + j] = (float) row[j];
                }
            }
            return data.withFeatures(scaled, d);
        }
        double[] scaled = new double[n * d];
        for (int i = 0; i < n; i++) {
            rows.copyRow(i, scaled, i * d);
        }
        return data.withFeatures(scaled, d);
    }

    /**
     * The points of {@code data} scaled as they are read, row by row: each value is {@code (x -
     * offset) * factor}, rounded to single precision when the data is held so, exactly as in the
     * data set {@link #apply} returns. For a reader that passes over every point once, such as a
     * model labelling new points: scaling 70,000 x 784 values into a new array first costs more than
     * the loop itself (the new array's 440 MB are zeroed and mapped page by page), and doubles the
     * memory. {@link Scaling#NONE} returns {@code data} itself.
     *
     * @throws IllegalArgumentException if the data has another number of features
     */
    public FeatureRows rows(Dataset data) {
        Objects.requireNonNull(data, "data");
        if (kind == Scaling.NONE) {
            return data;
        }
        int dimension = data.dimension();
        if (dimension != offset.length) {
            throw new IllegalArgumentException(data.name() + " has " + dimension + " features; the scaling was fitted on "
                    + offset.length);
        }
        boolean single = data.precision() == Precision.FLOAT;
        return new FeatureRows() {
            @Override
            public String name() {
                return data.name();
            }

            @Override
            public int size() {
                return data.size();
            }

            @Override
            public int dimension() {
                return dimension;
            }

            /**
             * The plain formula over the row first, a loop the compiler turns into vector
             * instructions, then the careful {@link #scale} for a row where it overflowed: one
             * branch per row instead of one per value.
             */
            @Override
            public void copyRow(int i, double[] target, int targetOffset) {
                data.copyRow(i, target, targetOffset);
                for (int j = 0; j < dimension; j++) {
                    target[targetOffset + j] = (target[targetOffset + j] - offset[j]) * factor[j];
                }
                if (!allFinite(target, targetOffset, dimension)) {
                    data.copyRow(i, target, targetOffset);
                    for (int j = 0; j < dimension; j++) {
                        target[targetOffset + j] = scale(target[targetOffset + j], j);
                    }
                }
                if (single) {
                    for (int j = 0; j < dimension; j++) {
                        target[targetOffset + j] = (float) target[targetOffset + j];
                    }
                }
            }
        };
    }

    /** Whether the {@code count} values from {@code from} are all finite. */
    private static boolean allFinite(double[] values, int from, int count) {
        for (int j = from; j < from + count; j++) {
            if (!Double.isFinite(values[j])) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code (x - offset) * factor}; the difference can overflow for values near the largest
     * double, and is then taken apart as {@code x * factor - offset * factor}.
     */
    private double scale(double value, int feature) {
        double scaled = (value - offset[feature]) * factor[feature];
        return Double.isFinite(scaled) || !Double.isFinite(value) ? scaled
                : value * factor[feature] - offset[feature] * factor[feature];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FittedScaling that && kind == that.kind && Arrays.equals(offset, that.offset)
                && Arrays.equals(factor, that.factor);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * kind.hashCode() + Arrays.hashCode(offset)) + Arrays.hashCode(factor);
    }

    @Override
    public String toString() {
        return "FittedScaling[" + kind + ", " + offset.length + " features]";
    }
}
