package io.csc.data;

import io.csc.api.UnsuitableInputException;
import java.util.Locale;

/** Whether the values of a data set are small enough for squared distances to stay finite. */
public final class FeatureMagnitude {

    /** The largest magnitude whose square, summed over many features, stays finite. */
    public static final double LARGEST_SQUARABLE = 1e150;

    private FeatureMagnitude() {
    }

    /**
     * Refuses data holding a value beyond {@value #LARGEST_SQUARABLE} in magnitude, naming the
     * point, the feature and the value: distances between such points overflow.
     *
     * @throws UnsuitableInputException for such a value
     */
    public static void requireSquarable(Dataset data) {
        int dimension = data.dimension();
        double[] row = new double[dimension];
        for (int i = 0; i < data.size(); i++) {
            data.copyRow(i, row, 0);
            for (int feature = 0; feature < dimension; feature++) {
                if (!(Math.abs(row[feature]) <= LARGEST_SQUARABLE)) {
                    throw new UnsuitableInputException(String.format(Locale.ROOT, "%s point %d, feature '%s' is %.3g: "
                            + "values beyond %.0e make squared distances overflow; scale the data (z-scores or "
                            + "min-max)", data.name(), i, data.featureNames().get(feature), row[feature],
                            LARGEST_SQUARABLE));
                }
            }
        }
    }
}
