package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFilesTest {

    @TempDir
    Path directory;

    @Test
    void namesDataSetsAfterFilesWithoutExtensions() throws IOException {
        assertEquals("iris", DataFiles.baseName(Path.of("data/iris.csv")));
        assertEquals("iris", DataFiles.baseName(Path.of("iris.csv.gz")));
        assertEquals("points.v2", DataFiles.baseName(Path.of("points.v2.csv")));
        assertEquals("train-images-idx3-ubyte", DataFiles.baseName(Path.of("train-images-idx3-ubyte.gz")));
        assertEquals(".hidden", DataFiles.baseName(Path.of(".hidden")));
        Path folder = Files.createDirectory(directory.resolve("fashion.mnist"));
        assertEquals("fashion.mnist", DataFiles.baseName(folder));
    }

    @Test
    void wordsIoFailuresAsOneLine() {
        Path file = Path.of("data", "x.csv");
        assertMessage(DataFiles.readFailure(file, new AccessDeniedException(file.toString())), "x.csv", "permission denied");
        assertMessage(DataFiles.readFailure(file, new EOFException("Unexpected end of ZLIB input stream")),
                "x.csv", "truncated", "download or copy it again");
        assertMessage(DataFiles.readFailure(file, new ZipException("invalid distance too far back")),
                "x.csv", "damaged gzip data", "invalid distance");
    }

    @Test
    void damagedGzipIsReported() {
        byte[] compressed = TestFiles.gzip("a,b,label\n" + "1,2,0\n".repeat(5000));
        for (int i = 20; i < compressed.length - 20; i += 7) {
            compressed[i] ^= 0x5A;
        }
        Path file = TestFiles.bytes(directory, "noise.csv.gz", compressed);
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "noise.csv.gz", "damaged gzip data");
    }

    @Test
    void shortensLongLists() {
        assertEquals("a, b", DataFiles.listNames(List.of("a", "b")));
        List<String> many = IntStream.range(0, 30).mapToObj(i -> "c" + i).toList();
        String listed = DataFiles.listNames(many);
        assertTrue(listed.startsWith("c0, c1, ") && listed.endsWith("c19, ... (30 in all)"), listed);
    }
}
