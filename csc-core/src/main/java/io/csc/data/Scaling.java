package io.csc.data;

import java.util.Objects;

/**
 * Per-feature scaling applied before building a similarity graph. Each scaling maps feature j to
 * {@code (x - offset_j) * factor_j}, with the offset and factor taken from the data itself.
 *
 * <p>A constant column (all values equal) carries no information and becomes all 0: the offset
 * is then the constant and the factor 0, so nothing is ever divided by zero. Constancy is tested
 * exactly (minimum equals maximum), not against a tolerance.
 */
public enum Scaling {
    /** No change: {@link #apply} returns its argument. */
    NONE,
    /**
     * Z-score: subtract the column mean, divide by the column's population standard deviation
     * (the sum of squared deviations divided by n, not n - 1, as scikit-learn's
     * {@code StandardScaler} does), so that each column has mean 0 and variance exactly 1.
     */
    ZSCORE,
    /** Min-max: map each column's range [min, max] onto [0, 1]. */
    MINMAX;

    /** The magnitude up to which squares of values neither overflow nor underflow. */
    private static final double SAFE_MAGNITUDE = 1e150;

    /**
     * The data scaled: a new data set with a new feature array and the same name, labels and
     * feature names; the input is untouched. {@link #NONE} returns {@code data} itself.
     */
    public Dataset apply(Dataset data) {
        return fit(data).apply(data);
    }

    /**
     * The statistics of this scaling on {@code data}, to apply to it and, later, to new points
     * exactly as to the training points.
     *
     * @throws io.csc.api.UnsuitableInputException when a value is not a number or infinite, naming it
     */
    public FittedScaling fit(Dataset data) {
        Objects.requireNonNull(data, "data");
        if (this == NONE) {
            return FittedScaling.none();
        }
        int size = data.size();
        int dimension = data.dimension();
        double[] offset = new double[dimension];
        double[] factor = new double[dimension];
        if (size == 0) {
            java.util.Arrays.fill(factor, 1.0);
            return new FittedScaling(this, offset, factor);
        }
        FeatureMagnitude.requireFinite(data);
        double[] minimum = new double[dimension];
        double[] maximum = new double[dimension];
        columnRanges(data, minimum, maximum);
        double[] magnitude = units(minimum, maximum);
        double[] mean = null;
        double[] deviation = null;
        if (this == ZSCORE) {
            mean = columnMeans(data, magnitude);
            deviation = populationStandardDeviations(data, mean, magnitude);
        }
        return fromStatistics(minimum, maximum, mean, deviation);
    }

    /**
     * The units z-score statistics are taken in, per column, from the column ranges: 1 for ordinary
     * values (see {@link #fromStatistics}).
     */
    public static double[] units(double[] minimum, double[] maximum) {
        double[] magnitude = new double[minimum.length];
        for (int j = 0; j < magnitude.length; j++) {
            magnitude[j] = statisticsUnit(Math.max(Math.abs(minimum[j]), Math.abs(maximum[j])));
        }
        return magnitude;
    }

    /**
     * The fitted scaling from column statistics gathered elsewhere (a distributed engine sums them
     * over its blocks): the ranges, and for {@link #ZSCORE} the column means and population standard
     * deviations of the values divided by {@link #units}{@code (minimum, maximum)} (null otherwise).
     */
    public FittedScaling fromStatistics(double[] minimum, double[] maximum, double[] mean, double[] deviation) {
        if (this == NONE) {
            return FittedScaling.none();
        }
        int dimension = minimum.length;
        double[] offset = new double[dimension];
        double[] factor = new double[dimension];
        if (this == ZSCORE) {
            double[] magnitude = units(minimum, maximum);
            for (int j = 0; j < dimension; j++) {
                offset[j] = mean[j] * magnitude[j];
                factor[j] = magnitude[j] >= 1 ? 1 / deviation[j] / magnitude[j] : 1 / (deviation[j] * magnitude[j]);
            }
        } else {
            for (int j = 0; j < dimension; j++) {
                offset[j] = minimum[j];
                double range = maximum[j] - minimum[j];
                factor[j] = Double.isFinite(range) ? 1 / range : 0.5 / (maximum[j] / 2 - minimum[j] / 2);
            }
        }
        for (int j = 0; j < dimension; j++) {
            if (minimum[j] == maximum[j]) {
                offset[j] = minimum[j];
                factor[j] = 0;
            }
        }
        return new FittedScaling(this, offset, factor);
    }

    /**
     * Writes the smallest and largest value of each column of {@code data} (at least one row) into
     * {@code minimum} and {@code maximum}.
     */
    public static void columnRanges(Dataset data, double[] minimum, double[] maximum) {
        int dimension = data.dimension();
        double[] row = new double[dimension];
        data.copyRow(0, minimum, 0);
        data.copyRow(0, maximum, 0);
        for (int i = 1; i < data.size(); i++) {
            data.copyRow(i, row, 0);
            for (int j = 0; j < dimension; j++) {
                double value = row[j];
                minimum[j] = Math.min(minimum[j], value);
                maximum[j] = Math.max(maximum[j], value);
            }
        }
    }

    /** The column means of the values divided by {@code magnitude}. */
    private static double[] columnMeans(Dataset data, double[] magnitude) {
        int dimension = data.dimension();
        double[] mean = new double[dimension];
        double[] row = new double[dimension];
        for (int i = 0; i < data.size(); i++) {
            data.copyRow(i, row, 0);
            for (int j = 0; j < dimension; j++) {
                mean[j] += unit(row[j], magnitude[j]);
            }
        }
        for (int j = 0; j < dimension; j++) {
            mean[j] /= data.size();
        }
        return mean;
    }

    private static double unit(double value, double magnitude) {
        return value / magnitude;
    }

    /**
     * What the z-score statistics of a column whose largest magnitude is {@code largest} are taken
     * in: 1 for ordinary values, {@code largest} itself where squares would overflow (beyond
     * {@value #SAFE_MAGNITUDE}) or underflow, so that the sums stay finite and nonzero; the
     * factor undoes the division.
     */
    private static double statisticsUnit(double largest) {
        return largest > SAFE_MAGNITUDE || (largest > 0 && largest < 1 / SAFE_MAGNITUDE) ? largest : 1;
    }

    /**
     * Two-pass, on the values divided by {@code magnitude}: the sum of squared deviations from the
     * mean, divided by n, square-rooted.
     */
    private static double[] populationStandardDeviations(Dataset data, double[] mean, double[] magnitude) {
        int dimension = data.dimension();
        double[] deviation = new double[dimension];
        double[] row = new double[dimension];
        for (int i = 0; i < data.size(); i++) {
            data.copyRow(i, row, 0);
            for (int j = 0; j < dimension; j++) {
                double difference = unit(row[j], magnitude[j]) - mean[j];
                deviation[j] += difference * difference;
            }
        }
        for (int j = 0; j < dimension; j++) {
            deviation[j] = Math.sqrt(deviation[j] / data.size());
        }
        return deviation;
    }
}
