package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;

class DataLoaderTest {

    @TempDir
    Path directory;

    @Test
    void detectsFormatsFromNames() throws Exception {
        assertEquals(DataFormat.IDX, DataFormat.detect(directory));
        assertEquals(DataFormat.IDX, DataFormat.detect(Path.of("train-images-idx3-ubyte.gz")));
        assertEquals(DataFormat.IDX, DataFormat.detect(Path.of("train-images.idx3-ubyte")));
        assertEquals(DataFormat.IDX, DataFormat.detect(Path.of("digits-ubyte")));
        assertEquals(DataFormat.LIBSVM, DataFormat.detect(Path.of("a9a.libsvm")));
        assertEquals(DataFormat.LIBSVM, DataFormat.detect(Path.of("a9a.svm.gz")));
        assertEquals(DataFormat.LIBSVM, DataFormat.detect(Path.of("a9a.SVMLIGHT")));
        assertEquals(DataFormat.CSV, DataFormat.detect(Path.of("iris.csv")));
        assertEquals(DataFormat.CSV, DataFormat.detect(Path.of("idx-scores.csv")));
        assertEquals(DataFormat.CSV, DataFormat.detect(Path.of("table")));
        Files.createDirectory(directory.resolve("folder.csv"));
        assertEquals(DataFormat.IDX, DataFormat.detect(directory.resolve("folder.csv")));
    }

    @Test
    void loadsEachFormatNamedAfterTheFile() {
        Path csv = TestFiles.text(directory, "points.v2.csv", "a,b,label\n1,2,x\n3,4,y\n");
        Dataset fromCsv = DataLoader.load(csv);
        assertEquals("points.v2", fromCsv.name());
        assertEquals(2, fromCsv.classCount());

        Path libsvm = TestFiles.text(directory, "sparse.svmlight", "1 2:5\n");
        Dataset fromLibsvm = DataLoader.load(libsvm, DataFormat.AUTO, (String) null);
        assertEquals("sparse", fromLibsvm.name());
        assertArrayEquals(new double[] {0, 5}, fromLibsvm.features());

        TestFiles.bytes(directory, "tiny-images-idx3-ubyte", TestFiles.idxImages(1, 1, 2, new int[] {3, 4}));
        Dataset fromIdx = DataLoader.load(directory.resolve("tiny-images-idx3-ubyte"));
        assertEquals("tiny-images-idx3-ubyte", fromIdx.name());
        assertArrayEquals(new double[] {3, 4}, fromIdx.features());
    }

    @Test
    void detectsTheFashionMnistFolderAsIdx() {
        Path folder = TestFiles.sharedData("fashion-mnist");
        assertEquals(DataFormat.IDX, DataFormat.detect(folder));
    }

    @Test
    void explicitFormatOverridesTheName() {
        Path file = TestFiles.text(directory, "data.txt", "7 1:1 2:2\n");
        Dataset data = DataLoader.load(file, DataFormat.LIBSVM, (String) null);
        assertArrayEquals(new double[] {1, 2}, data.features());
    }

    @Test
    void labelColumnAndNoLabels() {
        Path file = TestFiles.text(directory, "t.csv", "a,y\n1,0\n2,1\n");
        assertEquals(2, DataLoader.load(file, DataFormat.CSV, "y").classCount());
        Path libsvm = TestFiles.text(directory, "s.libsvm", "1 1:1\n2 1:2\n");
        assertFalse(DataLoader.load(libsvm, DataFormat.AUTO, CsvOptions.defaults().withoutLabels()).hasLabels());
        assertMessage(assertThrows(DataException.class, () -> DataLoader.load(libsvm, DataFormat.AUTO, "y")),
                "s.libsvm", "LIBSVM", "'y'");
    }

    @Test
    void readsAStreamAsCsvOrAsTheFormatGivenAndNamesItInErrors() throws Exception {
        Dataset csv = DataLoader.read(stream("a,b,label\n1,2,x\n3,4,y\n"), DataLoader.STANDARD_INPUT, "stdin",
                DataFormat.AUTO, CsvOptions.defaults());
        assertEquals("stdin", csv.name());
        assertArrayEquals(new double[] {1, 2, 3, 4}, csv.features());
        assertEquals(2, csv.classCount());

        Dataset libsvm = DataLoader.read(stream("1 2:5\n2 1:3\n"), DataLoader.STANDARD_INPUT, "stdin",
                DataFormat.LIBSVM, CsvOptions.defaults());
        assertArrayEquals(new double[] {0, 5, 3, 0}, libsvm.features());

        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
            gzip.write("a,label\n1,x\n2,y\n".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(2, DataLoader.read(new ByteArrayInputStream(compressed.toByteArray()), DataLoader.STANDARD_INPUT,
                "stdin", DataFormat.CSV, CsvOptions.defaults()).size());

        assertMessage(assertThrows(DataException.class, () -> DataLoader.read(stream("a,b\n1,2\n3\n"),
                DataLoader.STANDARD_INPUT, "stdin", DataFormat.AUTO, CsvOptions.defaults())), "<stdin> line 3");
        assertMessage(assertThrows(DataException.class, () -> DataLoader.read(stream(""), DataLoader.STANDARD_INPUT,
                "stdin", DataFormat.IDX, CsvOptions.defaults())), "<stdin>", "IDX", "give the images file");
    }

    @Test
    void readingAStreamLeavesItOpen() {
        boolean[] closed = {false};
        InputStream input = new ByteArrayInputStream("a\n1\n".getBytes(StandardCharsets.UTF_8)) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        DataLoader.read(input, DataLoader.STANDARD_INPUT, "stdin", DataFormat.CSV, CsvOptions.defaults());
        assertFalse(closed[0]);
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
