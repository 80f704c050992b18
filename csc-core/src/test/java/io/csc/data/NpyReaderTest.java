package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.csc.util.ProgressListener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpyReaderTest {

    @TempDir
    Path directory;

    /** A .npy file of version 1.0 with the given dictionary and data bytes, as numpy.save lays it out. */
    static byte[] npy(String dictionary, byte[] data) {
        return npy(1, dictionary, data);
    }

    static byte[] npy(int version, String dictionary, byte[] data) {
        int lengthBytes = version == 1 ? 2 : 4;
        int unpadded = 6 + 2 + lengthBytes + dictionary.length() + 1;
        String header = dictionary + " ".repeat((64 - unpadded % 64) % 64) + "\n";
        ByteBuffer buffer = ByteBuffer.allocate(6 + 2 + lengthBytes + header.length() + data.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        buffer.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'}).put((byte) version).put((byte) 0);
        if (version == 1) {
            buffer.putShort((short) header.length());
        } else {
            buffer.putInt(header.length());
        }
        buffer.put(header.getBytes(StandardCharsets.US_ASCII)).put(data);
        return buffer.array();
    }

    static byte[] doubles(ByteOrder order, double... values) {
        ByteBuffer buffer = ByteBuffer.allocate(8 * values.length).order(order);
        for (double value : values) {
            buffer.putDouble(value);
        }
        return buffer.array();
    }

    static byte[] floats(float... values) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            buffer.putFloat(value);
        }
        return buffer.array();
    }

    static byte[] longs(long... values) {
        ByteBuffer buffer = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long value : values) {
            buffer.putLong(value);
        }
        return buffer.array();
    }

    @Test
    void readsFloat64RowsInEitherPrecision() {
        Path file = TestFiles.bytes(directory, "points.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1.5, -2, 0.1, 4, 5, 6)));
        Dataset data = NpyReader.read(file, Precision.DOUBLE);
        assertEquals("points", data.name());
        assertEquals(Precision.DOUBLE, data.precision());
        assertArrayEquals(new double[] {1.5, -2, 0.1, 4, 5, 6}, data.features());
        assertFalse(data.hasLabels());
        Dataset single = NpyReader.read(file, Precision.FLOAT);
        assertEquals(Precision.FLOAT, single.precision());
        assertArrayEquals(new float[] {1.5f, -2, 0.1f, 4, 5, 6}, single.floatFeatures());
    }

    @Test
    void readsFloat32BigEndianFortranOrderIntegersAndOneDimension() {
        Path float32 = TestFiles.bytes(directory, "f4.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }",
                floats(0.25f, 1, 2, 3)));
        assertArrayEquals(new double[] {0.25, 1, 2, 3}, NpyReader.read(float32, Precision.DOUBLE).features());
        Path bigEndian = TestFiles.bytes(directory, "big.npy", npy(2, "{'descr': '>f8', 'fortran_order': False, 'shape': (1, 3), }",
                doubles(ByteOrder.BIG_ENDIAN, 7, 8, 9)));
        assertArrayEquals(new double[] {7, 8, 9}, NpyReader.read(bigEndian, Precision.DOUBLE).features());
        // Fortran order holds the columns one after the other: (0,0) (1,0) (2,0) (0,1) (1,1) (2,1)
        Path fortran = TestFiles.bytes(directory, "fortran.npy", npy("{'descr': '<f8', 'fortran_order': True, 'shape': (3, 2), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1, 2, 3, 10, 20, 30)));
        assertArrayEquals(new double[] {1, 10, 2, 20, 3, 30}, NpyReader.read(fortran, Precision.DOUBLE).features());
        assertArrayEquals(new float[] {1, 10, 2, 20, 3, 30}, NpyReader.read(fortran, Precision.FLOAT).floatFeatures());
        Path bytes = TestFiles.bytes(directory, "pixels.npy", npy("{'descr': '|u1', 'fortran_order': False, 'shape': (2, 2), }",
                new byte[] {0, (byte) 255, 7, (byte) 128}));
        assertArrayEquals(new double[] {0, 255, 7, 128}, NpyReader.read(bytes, Precision.DOUBLE).features());
        Path column = TestFiles.bytes(directory, "column.npy", npy("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }",
                longs(-4, 0, 9)));
        Dataset data = NpyReader.read(column, Precision.DOUBLE);
        assertEquals(3, data.size());
        assertEquals(1, data.dimension());
        assertArrayEquals(new double[] {-4, 0, 9}, data.features());
    }

    @Test
    void writtenArraysReadBackWithTheirLabels() throws IOException {
        Dataset mixture = new GaussianMixture(50, 3, 4, 5.0, 7).generate();
        Path file = directory.resolve("mix.npy");
        NpyWriter.writeFeatures(mixture, file, Precision.DOUBLE, ProgressListener.NONE);
        NpyWriter.writeLabels(mixture, NpyReader.labelsPathFor(file));
        assertEquals(directory.resolve("mix.labels.npy"), NpyReader.labelsFileFor(file));
        Dataset back = DataLoader.load(file);
        assertArrayEquals(mixture.features(), back.features());
        assertArrayEquals(mixture.labels(), back.labels());
        assertEquals(mixture.classNames(), back.classNames());

        Path single = directory.resolve("single.npy");
        NpyWriter.writeFeatures(mixture, single, Precision.FLOAT, ProgressListener.NONE);
        assertEquals(128 + 50 * 3 * 4, Files.size(single));
        Dataset narrowed = DataLoader.load(single, DataFormat.AUTO, CsvOptions.defaults(), Precision.FLOAT);
        assertArrayEquals(mixture.inPrecision(Precision.FLOAT).floatFeatures(), narrowed.floatFeatures());
        assertFalse(narrowed.hasLabels());
    }

    @Test
    void labelsKeepTheirIntegerValues() {
        Path file = TestFiles.bytes(directory, "x.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 1), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1, 2, 3)));
        TestFiles.bytes(directory, "x.labels.npy", npy("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }",
                longs(7, 3, 7)));
        Dataset data = NpyReader.read(file, Precision.DOUBLE);
        assertEquals(List.of("3", "7"), data.classNames());
        assertArrayEquals(new int[] {1, 0, 1}, data.labels());
        assertNull(NpyReader.labelsPathFor(directory.resolve("x.labels.npy")));
    }

    @Test
    void refusesMalformedFilesInOneLine() {
        String header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }";
        Path truncated = TestFiles.bytes(directory, "truncated.npy", npy(header, doubles(ByteOrder.LITTLE_ENDIAN, 1, 2, 3)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(truncated, Precision.DOUBLE)),
                "truncated.npy", "truncated", "24 bytes", "(2, 2) float64");
        Path extra = TestFiles.bytes(directory, "extra.npy", npy(header, doubles(ByteOrder.LITTLE_ENDIAN, 1, 2, 3, 4, 5)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(extra, Precision.DOUBLE)),
                "extra.npy", "8 bytes follow");
        Path text = TestFiles.text(directory, "text.npy", "a,b\n1,2\n");
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(text, Precision.DOUBLE)),
                "text.npy", "not a NumPy .npy array");
        Path strings = TestFiles.bytes(directory, "strings.npy",
                npy("{'descr': '<U3', 'fortran_order': False, 'shape': (1, 1), }", new byte[12]));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(strings, Precision.DOUBLE)),
                "strings.npy", "'<U3'", "astype");
        Path cube = TestFiles.bytes(directory, "cube.npy",
                npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1, 1), }", doubles(ByteOrder.LITTLE_ENDIAN, 1)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(cube, Precision.DOUBLE)),
                "cube.npy", "(1, 1, 1)", "2-dimensional");
        Path damaged = TestFiles.bytes(directory, "damaged.npy", npy("{'descr': '<f8', 'shape': (1, 1), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(damaged, Precision.DOUBLE)),
                "damaged.npy", "damaged .npy header");
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(directory.resolve("missing.npy"),
                Precision.DOUBLE)), "missing.npy", "no such file");
    }

    @Test
    void refusesValuesThatAreNotFiniteNamingRowAndColumn() {
        Path nan = TestFiles.bytes(directory, "nan.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1, 2, 3, Double.NaN)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(nan, Precision.DOUBLE)),
                "nan.npy", "row 2, column 2 (counting from 1) is NaN");
        Path huge = TestFiles.bytes(directory, "huge.npy", npy("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1, 1e300, 3, 4)));
        assertEquals(1e300, NpyReader.read(huge, Precision.DOUBLE).feature(1, 0));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(huge, Precision.FLOAT)),
                "huge.npy", "row 2, column 1 (counting from 1) is 1.0E300", "--precision double");
    }

    @Test
    void refusesValuesThatSinglePrecisionWouldTurnToZeroNamingRowAndColumn() {
        Path tiny = TestFiles.bytes(directory, "tiny.npy", npy("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 0, 1e-46, 3, 4)));
        assertEquals(1e-46, NpyReader.read(tiny, Precision.DOUBLE).feature(1, 0));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(tiny, Precision.FLOAT)),
                "tiny.npy", "row 2, column 1 (counting from 1) is 1.0E-46", "--precision double");
        Path zeros = TestFiles.bytes(directory, "zeros.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 1), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 0, -0.0)));
        assertArrayEquals(new float[] {0, -0f}, NpyReader.read(zeros, Precision.FLOAT).floatFeatures());
    }

    @Test
    void refusesLabelsThatDoNotMatch() {
        Path file = TestFiles.bytes(directory, "y.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 1), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1, 2)));
        Path labels = TestFiles.bytes(directory, "y.labels.npy", npy("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }",
                longs(1, 2, 3)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(file, Precision.DOUBLE)),
                "y.labels.npy", "(3,)", "2 points");
        TestFiles.bytes(directory, "y.labels.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }",
                doubles(ByteOrder.LITTLE_ENDIAN, 1, 2.5)));
        assertMessage(assertThrows(DataException.class, () -> NpyReader.read(file, Precision.DOUBLE)),
                labels.getFileName().toString(), "label 1 is 2.5", "integer");
    }

    @Test
    void streamsAreRefusedForNpy() {
        DataException error = assertThrows(DataException.class, () -> DataLoader.read(
                new java.io.ByteArrayInputStream(new byte[0]), "<stdin>", "x", DataFormat.NPY, CsvOptions.defaults()));
        assertMessage(error, "<stdin>", "give the .npy file");
        assertEquals(DataFormat.NPY, DataFormat.detect(Path.of("big.NPY")));
    }
}
