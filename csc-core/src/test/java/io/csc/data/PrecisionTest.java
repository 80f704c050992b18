package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void valuesSinglePrecisionCannotHoldAreRefusedNamingRowColumnAndWhatToDo() {
        Dataset tiny = Dataset.unlabelled("tiny", 2, 2, new double[] {0, 1, 1e-46, 2}).withFeatureNames(List.of("a", "b"));
        DataException underflow = assertThrows(DataException.class, () -> tiny.inPrecision(Precision.FLOAT));
        assertTrue(underflow.getMessage().contains("Data tiny: row 2 (counting from 1), column 'a' is 1.0E-46, below the "
                + "smallest normal value of single precision"), underflow.getMessage());
        assertTrue(underflow.getMessage().contains("--precision double"), underflow.getMessage());
        Dataset huge = Dataset.unlabelled("huge", 1, 2, new double[] {-1e39, 0});
        DataException overflow = assertThrows(DataException.class, () -> huge.inPrecision(Precision.FLOAT));
        assertTrue(overflow.getMessage().contains("row 1 (counting from 1), column 'x0' is -1.0E39, beyond the range"),
                overflow.getMessage());
        Dataset edges = Dataset.unlabelled("edges", 1, 3, new double[] {Float.MIN_NORMAL, -Float.MAX_VALUE, 0});
        assertArrayEquals(new float[] {Float.MIN_NORMAL, -Float.MAX_VALUE, 0}, edges.inPrecision(Precision.FLOAT).floatFeatures());
    }

    @Test
    void indicesOutsideTheDataAreRefusedInEitherPrecisionNotReadFromAnotherRow() {
        for (Dataset data : List.of(DATA, DATA.inPrecision(Precision.FLOAT))) {
            assertThrows(IndexOutOfBoundsException.class, () -> data.feature(0, 2), "column 2 of 2 is no column");
            assertThrows(IndexOutOfBoundsException.class, () -> data.feature(3, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> data.point(-1));
            assertThrows(IndexOutOfBoundsException.class, () -> data.subset(new int[] {0, 3}));
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
