package io.csc.data;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;

/** Small files for reader tests, and the shared data directory for the tests that read it. */
final class TestFiles {

    private TestFiles() {
    }

    /**
     * {@code entry} (a file or folder) of the shared data directory; the calling test is skipped,
     * not failed, on a machine without it.
     */
    static Path sharedData(String entry) {
        Path path = DataDirectory.defaultDirectory().resolve(entry);
        Assumptions.assumeTrue(Files.exists(path), () -> "shared data not found: " + path.toAbsolutePath()
                + " (set -D" + DataDirectory.PROPERTY + " or " + DataDirectory.ENVIRONMENT_VARIABLE + ")");
        return path;
    }

    static Path text(Path directory, String name, String content) {
        return bytes(directory, name, content.getBytes(StandardCharsets.UTF_8));
    }

    static Path bytes(Path directory, String name, byte[] content) {
        try {
            return Files.write(directory.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] gzip(byte[] content) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(buffer)) {
            out.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    static byte[] gzip(String content) {
        return gzip(content.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] truncate(byte[] content, int length) {
        return Arrays.copyOf(content, length);
    }

    /** An IDX images file: magic, count, rows, columns, then the pixels. */
    static byte[] idxImages(int count, int rows, int columns, int[] pixels) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeInt(out, IdxReader.IMAGES_MAGIC);
        writeInt(out, count);
        writeInt(out, rows);
        writeInt(out, columns);
        for (int pixel : pixels) {
            out.write(pixel);
        }
        return out.toByteArray();
    }

    /** An IDX labels file: magic, count, then the labels. */
    static byte[] idxLabels(int... labels) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeInt(out, IdxReader.LABELS_MAGIC);
        writeInt(out, labels.length);
        for (int label : labels) {
            out.write(label);
        }
        return out.toByteArray();
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }
}
