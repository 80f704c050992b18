package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvWriterTest {

    @TempDir
    Path directory;

    @Test
    void exactOutputReadsBackBitForBit() {
        Dataset data = GaussianMixture.generate(300, 5, 3, 1, 3);
        Path file = directory.resolve("mixture.csv");
        CsvWriter.write(data, file);
        Dataset back = CsvReader.read(file);
        assertArrayEquals(data.features(), back.features());
        assertArrayEquals(data.labels(), back.labels());
        assertEquals(data.classNames(), back.classNames());
        assertEquals(data.featureNames(), back.featureNames());
    }

    @Test
    void writesHeaderIntegersAndQuotedNames() throws Exception {
        Dataset data = Dataset.labelled("t", 2, 2, new double[] {255, -0.0, 1.5, -2e-7}, new int[] {1, 0},
                List.of("plain", "with, comma"), List.of("x", "say \"hi\""));
        Path file = directory.resolve("t.csv");
        CsvWriter.write(data, file);
        assertEquals(List.of("x,\"say \"\"hi\"\"\",label", "255,0,\"with, comma\"", "1.5,-2.0E-7,plain"),
                Files.readAllLines(file));
        Dataset back = CsvReader.read(file);
        assertEquals(data.classNames(), back.classNames());
        assertArrayEquals(new double[] {255, 0, 1.5, -2e-7}, back.features());
    }

    @Test
    void roundsToFixedDecimals() throws Exception {
        Dataset data = Dataset.unlabelled("r", 1, 7, new double[] {1.23456789, -0.05, 0.0004, -0.0004, 2.9999999, 1e20, 12.5});
        Path file = directory.resolve("r.csv");
        CsvWriter.write(data, file, 3);
        assertEquals("1.235,-0.05,0,0,3,1.0E20,12.5", Files.readAllLines(file).get(1));
    }

    @Test
    void gzipByName() {
        Dataset data = BundledData.load("iris");
        Path file = directory.resolve("iris.csv.gz");
        CsvWriter.write(data, file);
        assertArrayEquals(data.features(), CsvReader.read(file).features());
    }

    @Test
    void unlabelledDataHasNoLabelColumn() throws Exception {
        Path file = directory.resolve("u.csv");
        CsvWriter.write(Dataset.unlabelled("u", 1, 2, new double[] {1, 2}), file);
        assertEquals(List.of("x0,x1", "1,2"), Files.readAllLines(file));
        assertFalse(CsvReader.read(file).hasLabels());
    }

    @Test
    void errors() {
        Dataset data = Dataset.unlabelled("u", 1, 1, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> CsvWriter.write(data, directory.resolve("x.csv"), 16));
        DataException error = assertThrows(DataException.class, () -> CsvWriter.write(data, directory));
        CsvReaderTest.assertMessage(error, directory.toString(), "Cannot write");
    }
}
