package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdxReaderTest {

    @TempDir
    Path directory;

    @Test
    void readsFashionMnistFolder() {
        Path folder = TestFiles.sharedData("fashion-mnist");
        Dataset data = IdxReader.readFolder(folder);
        assertEquals("fashion-mnist", data.name());
        assertEquals(70_000, data.size());
        assertEquals(784, data.dimension());
        assertEquals(10, data.classCount());
        assertEquals(9, data.label(0));
        assertEquals(0, data.label(1));
        assertEquals(9, data.label(60_000));
        assertEquals(2, data.label(60_001));
        assertEquals(0, data.feature(0, 95));
        assertEquals(1, data.feature(0, 96));
        assertEquals(13, data.feature(0, 99));
        assertEquals(73, data.feature(0, 100));
        assertEquals(3, data.feature(60_000, 215));
        double firstImageSum = 0;
        for (double pixel : data.point(0)) {
            firstImageSum += pixel;
        }
        assertEquals(76_247, firstImageSum);
    }

    @Test
    void readsImagesWithTheirLabelsBeside() {
        TestFiles.bytes(directory, "small-images-idx3-ubyte", TestFiles.idxImages(3, 2, 2,
                new int[] {0, 255, 1, 2, 3, 4, 5, 6, 200, 7, 8, 9}));
        TestFiles.bytes(directory, "small-labels-idx1-ubyte.gz", TestFiles.gzip(TestFiles.idxLabels(7, 3, 7)));
        Dataset data = IdxReader.readImages(directory.resolve("small-images-idx3-ubyte"));
        assertEquals(3, data.size());
        assertEquals(4, data.dimension());
        assertArrayEquals(new double[] {0, 255, 1, 2, 3, 4, 5, 6, 200, 7, 8, 9}, data.features());
        assertEquals(List.of("3", "7"), data.classNames());
        assertArrayEquals(new int[] {1, 0, 1}, data.labels());
    }

    @Test
    void imagesWithoutLabelsAreUnlabelled() {
        Path file = TestFiles.bytes(directory, "lone-images-idx3-ubyte.gz",
                TestFiles.gzip(TestFiles.idxImages(1, 1, 3, new int[] {9, 8, 7})));
        Dataset data = IdxReader.readImages(file);
        assertFalse(data.hasLabels());
        assertArrayEquals(new double[] {9, 8, 7}, data.features());
    }

    @Test
    void folderPutsTrainFirstAndPrefersRawFiles() {
        TestFiles.bytes(directory, "t10k-images-idx3-ubyte", TestFiles.idxImages(1, 1, 2, new int[] {1, 1}));
        TestFiles.bytes(directory, "t10k-labels-idx1-ubyte", TestFiles.idxLabels(1));
        TestFiles.bytes(directory, "train-images-idx3-ubyte.gz", TestFiles.gzip(TestFiles.idxImages(2, 1, 2, new int[] {2, 2, 3, 3})));
        TestFiles.bytes(directory, "train-labels-idx1-ubyte.gz", TestFiles.gzip(TestFiles.idxLabels(2, 3)));
        TestFiles.bytes(directory, "a-images-idx3-ubyte.gz", TestFiles.gzip(TestFiles.idxImages(1, 1, 2, new int[] {9, 9})));
        TestFiles.bytes(directory, "a-images-idx3-ubyte", TestFiles.idxImages(1, 1, 2, new int[] {4, 4}));
        TestFiles.bytes(directory, "a-labels-idx1-ubyte", TestFiles.idxLabels(4));
        TestFiles.text(directory, "README.md", "not data");
        Dataset data = IdxReader.readFolder(directory);
        assertArrayEquals(new double[] {2, 2, 3, 3, 4, 4, 1, 1}, data.features());
        assertEquals(List.of("1", "2", "3", "4"), data.classNames());
        assertArrayEquals(new int[] {1, 2, 3, 0}, data.labels());
    }

    @Test
    void countMismatch() {
        Path images = TestFiles.bytes(directory, "m-images-idx3-ubyte", TestFiles.idxImages(2, 1, 1, new int[] {1, 2}));
        TestFiles.bytes(directory, "m-labels-idx1-ubyte", TestFiles.idxLabels(1, 2, 3));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readImages(images)),
                "m-images-idx3-ubyte", "2 images", "m-labels-idx1-ubyte", "3 labels");
    }

    @Test
    void wrongMagicNumber() {
        Path labels = TestFiles.bytes(directory, "w-images-idx3-ubyte", TestFiles.idxLabels(1, 2));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readImages(labels)),
                "w-images-idx3-ubyte", "magic number 0x00000801", "0x00000803", "labels file");
        Path text = TestFiles.text(directory, "x-images-idx3-ubyte", "hello world, this is text");
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readImages(text)),
                "x-images-idx3-ubyte", "magic number 0x68656C6C");
    }

    @Test
    void truncatedRawAndGzip() {
        byte[] images = TestFiles.idxImages(4, 3, 3, new int[36]);
        Path raw = TestFiles.bytes(directory, "r-images-idx3-ubyte", TestFiles.truncate(images, 30));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readImages(raw)),
                "r-images-idx3-ubyte", "truncated", "4 images of 3 x 3", "only 14 bytes");
        byte[] compressed = TestFiles.gzip(TestFiles.idxImages(500, 28, 28, randomPixels(500 * 784)));
        Path gzip = TestFiles.bytes(directory, "g-images-idx3-ubyte.gz", TestFiles.truncate(compressed, compressed.length / 2));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readImages(gzip)),
                "g-images-idx3-ubyte.gz", "truncated", "500 images of 28 x 28");
        Path header = TestFiles.bytes(directory, "h-images-idx3-ubyte", TestFiles.truncate(images, 9));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readImages(header)),
                "h-images-idx3-ubyte", "truncated", "16-byte header");
    }

    @Test
    void folderErrors() {
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readFolder(directory.resolve("none"))),
                "none", "no such directory");
        TestFiles.text(directory, "notes.txt", "x");
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readFolder(directory)),
                directory.toString(), "no IDX images file", "notes.txt");
        TestFiles.bytes(directory, "train-images-idx3-ubyte", TestFiles.idxImages(1, 1, 2, new int[] {1, 1}));
        TestFiles.bytes(directory, "train-labels-idx1-ubyte", TestFiles.idxLabels(1));
        TestFiles.bytes(directory, "test-images-idx3-ubyte", TestFiles.idxImages(1, 2, 1, new int[] {1, 1}));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readFolder(directory)),
                "test-images-idx3-ubyte", "2 x 1", "1 x 2");
    }

    @Test
    void folderWithLabelsForSomeFilesOnly() {
        TestFiles.bytes(directory, "train-images-idx3-ubyte", TestFiles.idxImages(1, 1, 2, new int[] {1, 1}));
        TestFiles.bytes(directory, "train-labels-idx1-ubyte", TestFiles.idxLabels(1));
        TestFiles.bytes(directory, "test-images-idx3-ubyte", TestFiles.idxImages(1, 1, 2, new int[] {1, 1}));
        assertMessage(assertThrows(DataException.class, () -> IdxReader.readFolder(directory)),
                "test-images-idx3-ubyte", "no labels file", "test-labels-idx1-ubyte");
    }

    private static int[] randomPixels(int count) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        int[] pixels = new int[count];
        for (int i = 0; i < count; i++) {
            pixels[i] = random.nextInt(256);
        }
        return pixels;
    }

    /** The folder a Spark job writes is named as such, not as a folder without IDX images. */
    @Test
    void aFolderOfParquetFilesIsNamedAsOneWithTheEngineThatReadsIt() {
        TestFiles.bytes(directory, "_SUCCESS", new byte[0]);
        TestFiles.bytes(directory, "part-00000-c000.snappy.parquet", new byte[] {'P', 'A', 'R', '1'});
        DataException refused = org.junit.jupiter.api.Assertions.assertThrows(DataException.class,
                () -> DataLoader.load(directory));
        org.junit.jupiter.api.Assertions.assertEquals(directory + " is a directory of Parquet files, which only the Spark "
                + "engine reads ('csc cluster --engine spark'); give this command a CSV, LIBSVM or .npy file of the "
                + "points", refused.getMessage());
    }
}
