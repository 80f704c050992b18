package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.UnsuitableInputException;
import org.junit.jupiter.api.Test;

class FeatureMagnitudeTest {

    @Test
    void everyValueWithinTheBoundInEitherPrecision() {
        assertTrue(FeatureMagnitude.within(new double[] {0.5, -3.0, 1e-300, -0.0, FeatureMagnitude.LARGEST_SQUARABLE}));
        assertFalse(FeatureMagnitude.within(new double[] {0.5, -2e150}));
        assertFalse(FeatureMagnitude.within(new double[] {0.5, Double.NaN}));
        assertTrue(FeatureMagnitude.within(new float[] {3e38f, -3e38f, 0f}));
        assertFalse(FeatureMagnitude.within(new float[] {1f, Float.NEGATIVE_INFINITY}));
        assertFalse(FeatureMagnitude.within(new float[] {Float.NaN, 1f}));
    }

    @Test
    void valuesBeyondTheBoundAreRefusedNamingPointFeatureAndValue() {
        double[] values = {1.0, 2.0, 3.0, -2e200, 5.0, 6.0};
        UnsuitableInputException refused = assertThrows(UnsuitableInputException.class,
                () -> FeatureMagnitude.requireSquarable(Dataset.unlabelled("big", 3, 2, values)));
        assertTrue(refused.getMessage().contains("big point 1"), refused.getMessage());
        assertTrue(refused.getMessage().contains("-2.00e+200"), refused.getMessage());
        double[] withNaN = {1.0, Double.NaN, 3.0, 4.0};
        UnsuitableInputException missing = assertThrows(UnsuitableInputException.class,
                () -> FeatureMagnitude.requireSquarable(Dataset.unlabelled("nan", 2, 2, withNaN)));
        assertTrue(missing.getMessage().contains("nan point 0 (counting from 0), feature 'x1' is NaN, a missing value"),
                missing.getMessage());
        UnsuitableInputException missingNew = assertThrows(UnsuitableInputException.class,
                () -> FeatureMagnitude.requireSquarable(Dataset.unlabelled("nan", 2, 2, withNaN),
                        new FittedScaling(Scaling.ZSCORE, new double[] {0, 0}, new double[] {1, 1})));
        assertFalse(missingNew.getMessage().contains("overflow"), missingNew.getMessage());
        float[] large = {3e38f, -3e38f, 1f, 2f};
        assertDoesNotThrow(() -> FeatureMagnitude.requireSquarable(Dataset.unlabelled("floats", 2, 2, large)));
        double[] atTheBound = {FeatureMagnitude.LARGEST_SQUARABLE, 0.0};
        assertDoesNotThrow(() -> FeatureMagnitude.requireSquarable(Dataset.unlabelled("edge", 1, 2, atTheBound)));
    }

    @Test
    void whatIsFoundOfTheValuesIsKeptAndFollowsTheSharedFeatures() {
        double[] values = {1.0, 2.0, 3.0, 4.0};
        Dataset data = Dataset.unlabelled("kept", 2, 2, values);
        assertTrue(data.squarable());
        // The features are shared and read-only by contract; changed behind the data set's back,
        // they show that the answer is the one found first, and that derived data sets carry it.
        values[3] = Double.NaN;
        assertTrue(data.squarable());
        assertTrue(data.withName("renamed").squarable());
        assertTrue(data.withIntegerLabels(new int[] {4, 7}).withoutLabels().squarable());
        assertDoesNotThrow(() -> FeatureMagnitude.requireSquarable(data));
        // A data set of its own looks at its values.
        assertFalse(Dataset.unlabelled("fresh", 2, 2, values).squarable());
        Dataset bad = Dataset.unlabelled("bad", 2, 2, new double[] {1.0, 2e200, 3.0, 4.0});
        assertFalse(bad.squarable());
        assertFalse(bad.withFeatureNames(java.util.List.of("a", "b")).squarable());
        assertThrows(UnsuitableInputException.class, () -> FeatureMagnitude.requireSquarable(bad));
    }
}
