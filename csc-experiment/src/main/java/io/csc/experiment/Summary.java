package io.csc.experiment;

import java.util.Locale;

/**
 * Mean and sample standard deviation of the values of one measure over the successful runs of a
 * table row. NaN values (failures, measures that do not apply) are left out and not counted.
 *
 * @param mean the mean, NaN without values
 * @param standardDeviation the sample standard deviation (divisor count - 1), 0 for one value,
 *        NaN without values
 * @param count how many values there were
 */
public record Summary(double mean, double standardDeviation, int count) {

    public Summary {
        if (count < 0) {
            throw new IllegalArgumentException("Invalid count: " + count + " (must be >= 0)");
        }
        if (count == 0 && !(Double.isNaN(mean) && Double.isNaN(standardDeviation))) {
            throw new IllegalArgumentException("Invalid summary: mean " + mean + " and deviation "
                    + standardDeviation + " without values (must be NaN)");
        }
        if (count > 0 && !(standardDeviation >= 0) && !Double.isNaN(standardDeviation)) {
            throw new IllegalArgumentException("Invalid standard deviation: " + standardDeviation + " (must be >= 0)");
        }
    }

    /** The summary of nothing. */
    public static final Summary EMPTY = new Summary(Double.NaN, Double.NaN, 0);

    /** Summarizes the non-NaN values. Infinite values give an infinite mean and a NaN deviation. */
    public static Summary of(double[] values) {
        int count = 0;
        double sum = 0;
        for (double value : values) {
            if (!Double.isNaN(value)) {
                count++;
                sum += value;
            }
        }
        if (count == 0) {
            return EMPTY;
        }
        double mean = sum / count;
        double squares = 0;
        for (double value : values) {
            if (!Double.isNaN(value)) {
                squares += (value - mean) * (value - mean);
            }
        }
        double deviation = count > 1 ? Math.sqrt(squares / (count - 1)) : 0.0;
        return new Summary(mean, deviation, count);
    }

    /** True if there was at least one value. */
    public boolean hasValues() {
        return count > 0;
    }

    /** {@code 0.853 ± 0.021} with {@code decimals} decimals, {@code -} without values. */
    public String format(int decimals) {
        if (count == 0) {
            return "-";
        }
        return number(mean, decimals) + " ± " + number(standardDeviation, decimals);
    }

    private static String number(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
