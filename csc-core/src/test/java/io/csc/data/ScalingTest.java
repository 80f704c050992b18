package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingTest {

    private static final double TOLERANCE = 1e-12;

    /** Three points, columns: varying, constant, varying with negatives. */
    private static Dataset small() {
        double[] features = {
            1, 5, -2,
            2, 5, 0,
            6, 5, 2};
        return Dataset.labelled("small", 3, 3, features, new int[] {0, 1, 1}, List.of("a", "b"), List.of("p", "q", "r"));
    }

    @Test
    void zscoreUsesThePopulationStandardDeviation() {
        Dataset data = small();
        double[] original = data.features().clone();
        Dataset scaled = Scaling.ZSCORE.apply(data);
        // column p: mean 3, population variance (4 + 1 + 9) / 3 = 14/3
        double sd = Math.sqrt(14.0 / 3);
        // column r: mean 0, population variance 8/3
        double sdR = Math.sqrt(8.0 / 3);
        assertArrayEquals(new double[] {
            -2 / sd, 0, -2 / sdR,
            -1 / sd, 0, 0,
            3 / sd, 0, 2 / sdR}, scaled.features(), TOLERANCE);
        assertArrayEquals(original, data.features());
        assertNotSame(data.features(), scaled.features());
        assertArrayEquals(data.labels(), scaled.labels());
        assertEquals(data.featureNames(), scaled.featureNames());
        assertEquals("small", scaled.name());
    }

    @Test
    void zscoreGivesMeanZeroAndUnitVarianceOnIris() {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        for (int j = 0; j < iris.dimension(); j++) {
            double sum = 0;
            double squares = 0;
            for (int i = 0; i < iris.size(); i++) {
                sum += iris.feature(i, j);
                squares += iris.feature(i, j) * iris.feature(i, j);
            }
            assertEquals(0, sum / iris.size(), 1e-12);
            assertEquals(1, squares / iris.size(), 1e-12);
        }
    }

    @Test
    void minMaxMapsEachColumnOntoZeroOne() {
        Dataset scaled = Scaling.MINMAX.apply(small());
        assertArrayEquals(new double[] {
            0, 0, 0,
            0.2, 0, 0.5,
            1, 0, 1}, scaled.features(), TOLERANCE);
    }

    @Test
    void constantColumnsBecomeExactZero() {
        double[] features = {0.1, 0.1, 0.1, 0.1};
        Dataset data = Dataset.unlabelled("c", 4, 1, features);
        for (Scaling scaling : List.of(Scaling.ZSCORE, Scaling.MINMAX)) {
            for (double value : scaling.apply(data).features()) {
                assertEquals(0.0, value);
                assertEquals(0, Double.doubleToRawLongBits(value), "positive zero");
            }
        }
    }

    @Test
    void noneReturnsTheDataItself() {
        Dataset data = small();
        assertSame(data, Scaling.NONE.apply(data));
    }

    /**
     * The scaled rows a reader takes one at a time are bit for bit the values of the scaled copy, in
     * either precision, extreme values included (-Double.MAX_VALUE, infinite in single precision).
     */
    @Test
    void rowsScaledAsReadAreTheValuesOfTheScaledCopy() {
        double[] features = {
            1, 5, -2,
            2, 5, 0,
            6, 5, 2,
            0.1, -Double.MAX_VALUE, 1e-3};
        Dataset training = Dataset.unlabelled("training", 3, 3, java.util.Arrays.copyOf(features, 9));
        Dataset points = Dataset.unlabelled("points", 4, 3, features);
        // held in single precision as given, -Double.MAX_VALUE becomes -Infinity (inPrecision refuses that)
        float[] narrowed = new float[features.length];
        for (int t = 0; t < features.length; t++) {
            narrowed[t] = (float) features[t];
        }
        Dataset single = Dataset.unlabelled("points", 4, 3, narrowed);
        for (Scaling kind : List.of(Scaling.ZSCORE, Scaling.MINMAX)) {
            FittedScaling scaling = kind.fit(training);
            for (Dataset data : List.of(points, single)) {
                Dataset copy = scaling.apply(data);
                FeatureRows rows = scaling.rows(data);
                assertEquals(data.size(), rows.size());
                assertEquals(data.dimension(), rows.dimension());
                double[] row = new double[3];
                for (int i = 0; i < data.size(); i++) {
                    rows.copyRow(i, row, 0);
                    assertArrayEquals(copy.point(i), row, 0.0, kind + " " + data.precision() + " row " + i);
                }
            }
        }
        Dataset data = small();
        assertSame(data, FittedScaling.none().rows(data));
    }

    /** A missing or infinite value is named with its point and feature, not as a statistic that is not finite. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"ZSCORE, NaN, NaN, a missing value", "MINMAX, NaN, NaN, a missing value",
            "ZSCORE, Infinity, Infinity, no scaling maps", "MINMAX, -Infinity, -Infinity, no scaling maps"})
    void aValueThatIsNotANumberIsNamedWithItsPointAndFeature(Scaling scaling, double value, String shown, String reason) {
        double[] features = small().features().clone();
        features[7] = value;
        Dataset data = Dataset.unlabelled("holes", 3, 3, features);
        io.csc.api.UnsuitableInputException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.csc.api.UnsuitableInputException.class, () -> scaling.fit(data));
        String message = refused.getMessage();
        org.junit.jupiter.api.Assertions.assertTrue(message.startsWith("holes point 2 (counting from 0), feature 'x1' is "
                + shown), message);
        org.junit.jupiter.api.Assertions.assertTrue(message.contains(reason), message);
    }

    /** Values beyond the squarable bound but finite are what the scalings exist to bring back: they pass. */
    @Test
    void finiteValuesBeyondTheSquarableBoundAreScaled() {
        Dataset data = Dataset.unlabelled("large", 3, 1, new double[] {1e200, -1e300, 0});
        FittedScaling fitted = Scaling.ZSCORE.fit(data);
        org.junit.jupiter.api.Assertions.assertTrue(Double.isFinite(fitted.apply(data).feature(1, 0)));
    }
}
