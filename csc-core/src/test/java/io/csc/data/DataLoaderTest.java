package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
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
}
