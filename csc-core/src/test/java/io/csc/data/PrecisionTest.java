package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PrecisionTest {

    private static final Dataset DATA = Dataset.labelled("d", 3, 2, new double[] {1, 2.5, 3, 4, 5, 0.1},
            new int[] {0, 1, 0}, List.of("a", "b"), List.of("u", "v"));

    @Test
    void convertsBothWaysKeepingLabelsAndNames() {
        Dataset single = DATA.inPrecision(Precision.FLOAT);
        assertEquals(Precision.FLOAT, single.precision());
        assertArrayEquals(new float[] {1, 2.5f, 3, 4, 5, 0.1f}, single.floatFeatures());
        assertArrayEquals(DATA.labels(), single.labels());
        assertEquals(List.of("u", "v"), single.featureNames());
        assertSame(single, single.inPrecision(Precision.FLOAT));
        Dataset back = single.inPrecision(Precision.DOUBLE);
        assertArrayEquals(new double[] {1, 2.5, 3, 4, 5, (float) 0.1}, back.features());
        assertThrows(IllegalStateException.class, single::features);
        assertThrows(IllegalStateException.class, DATA::floatFeatures);
    }

    @Test
    void rowsSubsetsAndScalingReadEitherPrecision() {
        Dataset single = DATA.inPrecision(Precision.FLOAT);
        assertArrayEquals(new double[] {3, 4}, single.point(1));
        assertEquals((float) 0.1, single.feature(2, 1));
        Dataset subset = single.subset(new int[] {2, 0});
        assertEquals(Precision.FLOAT, subset.precision());
        assertArrayEquals(new float[] {5, 0.1f, 1, 2.5f}, subset.floatFeatures());
        assertArrayEquals(new int[] {0, 0}, subset.labels());
        for (Scaling scaling : Scaling.values()) {
            Dataset scaledDouble = scaling.apply(DATA.inPrecision(Precision.FLOAT).inPrecision(Precision.DOUBLE));
            Dataset scaledSingle = scaling.apply(single);
            assertEquals(Precision.FLOAT, scaledSingle.precision());
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 2; j++) {
                    assertEquals((float) scaledDouble.feature(i, j), scaledSingle.feature(i, j), () -> scaling + "");
                }
            }
        }
    }

    @Test
    void parsesTheCommandLineNames() {
        assertEquals(Precision.FLOAT, Precision.parse(" Float32 "));
        assertEquals(Precision.DOUBLE, Precision.parse("double"));
        assertEquals("float", Precision.FLOAT.toString());
        assertThrows(IllegalArgumentException.class, () -> Precision.parse("half"));
    }

    @Test
    void columnsAreChosenInEitherPrecisionWithTheirNames() {
        Dataset swapped = DATA.columns(new int[] {1, 0});
        assertArrayEquals(new double[] {2.5, 1, 4, 3, 0.1, 5}, swapped.features());
        assertEquals(List.of("v", "u"), swapped.featureNames());
        assertArrayEquals(DATA.labels(), swapped.labels());
        Dataset single = DATA.inPrecision(Precision.FLOAT).columns(new int[] {1});
        assertArrayEquals(new float[] {2.5f, 4, 0.1f}, single.floatFeatures());
        assertEquals(List.of("v"), single.featureNames());
        assertThrows(IllegalArgumentException.class, () -> DATA.columns(new int[] {2}));
        assertThrows(IllegalArgumentException.class, () -> DATA.columns(new int[0]));
    }
}
