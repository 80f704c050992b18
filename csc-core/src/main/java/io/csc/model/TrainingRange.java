package io.csc.model;

import io.csc.data.Dataset;
import io.csc.data.FeatureRows;
import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import java.util.Locale;
import java.util.Optional;

/**
 * The smallest and largest value of each feature over a model's training points, in the model's
 * scaled units, for telling a user which new points the model extrapolates to.
 *
 * <p>Every placement labels any point: a Gaussian kernel to landmarks or sampled points underflows
 * to 0 far from all of them, and the nearest centre of an empty embedding is then arbitrary (an
 * Iris model put petals of 100 cm among the setosas without a word). A new point is <em>outside</em>
 * when some feature lies beyond the training range by more than the range's width (by more than 1
 * in scaled units for a feature constant in training): a margin that new data of the same kind
 * crosses rarely, and a clear sign of a unit, a column or a data set that is not the one the model
 * knows. Such points are still labelled; {@link #extrapolation} says how many, and the first.
 *
 * @param minimum per feature, the smallest scaled training value
 * @param maximum per feature, the largest scaled training value
 */
public record TrainingRange(double[] minimum, double[] maximum) {

    public TrainingRange {
        minimum = minimum.clone();
        maximum = maximum.clone();
        if (minimum.length != maximum.length) {
            throw new IllegalArgumentException("the training range has " + minimum.length + " minima and "
                    + maximum.length + " maxima");
        }
        for (int j = 0; j < minimum.length; j++) {
            if (!(minimum[j] <= maximum[j]) || !Double.isFinite(minimum[j]) || !Double.isFinite(maximum[j])) {
                throw new IllegalArgumentException("the training range of feature " + j + " is [" + minimum[j] + ", "
                        + maximum[j] + "]");
            }
        }
    }

    /** The range of the (scaled) training points, at least one. */
    public static TrainingRange of(Dataset training) {
        double[] minimum = new double[training.dimension()];
        double[] maximum = new double[training.dimension()];
        Scaling.columnRanges(training, minimum, maximum);
        return new TrainingRange(minimum, maximum);
    }

    @Override
    public double[] minimum() {
        return minimum.clone();
    }

    @Override
    public double[] maximum() {
        return maximum.clone();
    }

    /**
     * How many of {@code points} (unscaled, in the model's feature order) lie outside the range,
     * with the first of them, its feature and value and the training range in the units of the
     * points; empty when none does.
     */
    public Optional<String> extrapolation(Dataset points, FittedScaling scaling) {
        int d = minimum.length;
        FeatureRows rows = scaling.rows(points);
        double[] scaled = new double[d];
        double[] raw = new double[d];
        long outside = 0;
        String first = null;
        for (int i = 0; i < points.size(); i++) {
            rows.copyRow(i, scaled, 0);
            for (int j = 0; j < d; j++) {
                double margin = Math.max(maximum[j] - minimum[j], minimum[j] == maximum[j] ? 1.0 : 0.0);
                if (scaled[j] < minimum[j] - margin || scaled[j] > maximum[j] + margin) {
                    outside++;
                    if (first == null) {
                        points.copyRow(i, raw, 0);
                        first = String.format(Locale.ROOT, "point %d (counting from 0): feature '%s' is %.4g, where the "
                                + "training points spanned %s", i, points.featureNames().get(j), raw[j],
                                rawRange(j, scaling));
                    }
                    break;
                }
            }
        }
        if (outside == 0) {
            return Optional.empty();
        }
        return Optional.of(outside + " of the " + points.size() + " points of " + points.name() + " lie outside the "
                + "training data's range (beyond it by more than its width in some feature), where the model's labels "
                + "are extrapolated; the first, " + first);
    }

    /** The training range of feature j in the units of the data as read: the scaling undone. */
    private String rawRange(int j, FittedScaling scaling) {
        double low = minimum[j];
        double high = maximum[j];
        if (scaling.dimension() > 0 && scaling.factor()[j] != 0) {
            double factor = scaling.factor()[j];
            double offset = scaling.offset()[j];
            low = minimum[j] / factor + offset;
            high = maximum[j] / factor + offset;
        }
        return String.format(Locale.ROOT, "[%.4g, %.4g]", Math.min(low, high), Math.max(low, high));
    }
}
