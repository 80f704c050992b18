package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static io.csc.data.CsvReaderTest.classSizes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BundledDataTest {

    @Test
    void iris() {
        Dataset iris = BundledData.load("iris");
        assertEquals("iris", iris.name());
        assertEquals(150, iris.size());
        assertEquals(4, iris.dimension());
        assertEquals(3, iris.classCount());
        assertArrayEquals(new double[] {5.1, 3.5, 1.4, 0.2}, iris.point(0));
        assertArrayEquals(new int[] {50, 50, 50}, classSizes(iris));
    }

    @Test
    void wine() {
        Dataset wine = BundledData.load("Wine");
        assertEquals(178, wine.size());
        assertEquals(13, wine.dimension());
        assertArrayEquals(new int[] {59, 71, 48}, classSizes(wine));
        assertArrayEquals(new double[] {14.23, 1.71, 2.43, 15.6, 127, 2.8, 3.06, 0.28, 2.29, 5.64, 1.04, 3.92, 1065},
                wine.point(0));
    }

    @Test
    void sameAsTheSharedFiles() {
        for (String name : BundledData.names()) {
            Dataset bundled = BundledData.load(name);
            Dataset shared = CsvReader.read(TestFiles.sharedData(name + ".csv"));
            assertArrayEquals(shared.features(), bundled.features(), name);
            assertArrayEquals(shared.labels(), bundled.labels(), name);
        }
    }

    @Test
    void namesAndAttribution() {
        assertEquals(List.of("iris", "wine"), BundledData.names());
        assertNotNull(BundledData.class.getResource("bundled/ATTRIBUTION.md"));
        assertMessage(assertThrows(DataException.class, () -> BundledData.load("mnist")), "'mnist'", "iris, wine");
    }
}
