package io.csc.data;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How the points of a synthetic data set are shared among its classes: one weight per class, the
 * weights summing to 1 (within {@link #SUM_TOLERANCE}, then rescaled to exactly 1).
 *
 * <p>{@link #counts} turns the weights into class sizes by largest remainders, then moves points
 * from the largest classes to any class left empty, so every class gets at least one point. With
 * equal weights the sizes differ by at most one, the first classes getting the extra points.
 *
 * @param weights the share of each class, each positive and finite; copied
 */
public record ClassProportions(double[] weights) {

    /** How far the weights may sum from 1 before they are refused. */
    public static final double SUM_TOLERANCE = 0.01;

    /** Validates the weights and rescales them to sum to exactly 1. */
    public ClassProportions {
        if (weights == null || weights.length == 0) {
            throw new IllegalArgumentException("no weights (give one per class, e.g. 0.8,0.15,0.04,0.01)");
        }
        double sum = 0;
        for (double weight : weights) {
            if (!(weight > 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("weight " + weight + " is not a positive number "
                        + "(every class needs a share above 0)");
            }
            sum += weight;
        }
        if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            throw new IllegalArgumentException("the weights sum to " + (float) sum + ", not 1 (within "
                    + SUM_TOLERANCE + "); give shares such as 0.8,0.15,0.04,0.01");
        }
        double[] scaled = new double[weights.length];
        for (int c = 0; c < weights.length; c++) {
            scaled[c] = weights[c] / sum;
        }
        weights = scaled;
    }

    /** Equal shares for {@code clusters} classes. */
    public static ClassProportions balanced(int clusters) {
        if (clusters < 1) {
            throw new IllegalArgumentException("Invalid clusters: " + clusters + " (must be >= 1)");
        }
        double[] weights = new double[clusters];
        Arrays.fill(weights, 1.0 / clusters);
        return new ClassProportions(weights);
    }

    /**
     * Reads comma-separated weights such as {@code 0.8,0.15,0.04,0.01}.
     *
     * @throws IllegalArgumentException saying what is wrong, without naming the text (the caller
     *         names its flag and value)
     */
    public static ClassProportions parse(String text) {
        String[] parts = text == null ? new String[0] : text.split(",", -1);
        double[] weights = new double[parts.length];
        for (int c = 0; c < parts.length; c++) {
            try {
                weights[c] = Double.parseDouble(parts[c].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + parts[c].trim() + "' is not a number; give comma-separated "
                        + "shares such as 0.8,0.15,0.04,0.01");
            }
        }
        return new ClassProportions(weights);
    }

    /** The weights, a copy. */
    @Override
    public double[] weights() {
        return weights.clone();
    }

    /** The number of classes. */
    public int classCount() {
        return weights.length;
    }

    /**
     * The size of every class for {@code size} points: largest remainders of {@code weight * size},
     * then at least one point per class (taken from the largest).
     *
     * @throws IllegalArgumentException if there are fewer points than classes
     */
    public int[] counts(int size) {
        int classes = weights.length;
        if (size < classes) {
            throw new IllegalArgumentException("Invalid size: " + size + " points for " + classes
                    + " classes (every class needs a point)");
        }
        int[] counts = new int[classes];
        double[] remainders = new double[classes];
        int assigned = 0;
        for (int c = 0; c < classes; c++) {
            double exact = weights[c] * size;
            counts[c] = (int) Math.floor(exact);
            remainders[c] = exact - counts[c];
            assigned += counts[c];
        }
        for (; assigned < size; assigned++) {
            int best = 0;
            for (int c = 1; c < classes; c++) {
                if (remainders[c] > remainders[best] + 1e-12) {
                    best = c;
                }
            }
            counts[best]++;
            remainders[best] = -1;
        }
        for (int c = 0; c < classes; c++) {
            if (counts[c] == 0) {
                counts[largest(counts)]--;
                counts[c] = 1;
            }
        }
        return counts;
    }

    /**
     * The class of each of {@code size} points in a random order: {@link #counts} points of each
     * class, shuffled by Fisher-Yates with {@code random}. Equal weights fill the classes in turn
     * ({@code i mod k}) before the shuffle, as {@link GaussianMixture} always did, so that its
     * balanced files are the same as before weights existed.
     */
    public int[] labels(int size, SplittableRandom random) {
        int[] counts = counts(size);
        int[] labels = new int[size];
        if (balanced()) {
            for (int i = 0; i < size; i++) {
                labels[i] = i % counts.length;
            }
        } else {
            int fill = 0;
            for (int c = 0; c < counts.length; c++) {
                Arrays.fill(labels, fill, fill + counts[c], c);
                fill += counts[c];
            }
        }
        for (int i = size - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = labels[i];
            labels[i] = labels[j];
            labels[j] = swap;
        }
        return labels;
    }

    /** True if every class has the same weight. */
    public boolean balanced() {
        for (double weight : weights) {
            if (Math.abs(weight - weights[0]) > 1e-12) {
                return false;
            }
        }
        return true;
    }

    private static int largest(int[] counts) {
        int best = 0;
        for (int c = 1; c < counts.length; c++) {
            if (counts[c] > counts[best]) {
                best = c;
            }
        }
        return best;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ClassProportions proportions && Arrays.equals(weights, proportions.weights);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return Arrays.toString(weights);
    }
}
