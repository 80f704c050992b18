package io.csc.util;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file through a sibling renamed over it when complete, so that a crash or an error while
 * writing leaves the previous file as it was and no partial file in its place. The sibling is
 * created with the default permissions, as the file would be.
 */
public final class ReplacedFile {

    /** What writes the bytes. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** What writes the text, in UTF-8. */
    @FunctionalInterface
    public interface Text {
        void writeTo(Writer writer) throws IOException;
    }

    private ReplacedFile() {
    }

    /** Replaces {@code file} by what {@code content} writes (creating its folder). */
    public static void write(Path file, Content content) throws IOException {
        Path target = file.toAbsolutePath();
        Path directory = target.getParent();
        if (directory != null) {
            Files.createDirectories(directory);
        }
        Path temporary = target.resolveSibling(target.getFileName() + "." + Long.toHexString(System.nanoTime())
                + ".partial");
        try {
            try (OutputStream out = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            try {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Replaces {@code file} by the UTF-8 text {@code text} writes (creating its folder). */
    public static void writeText(Path file, Text text) throws IOException {
        write(file, out -> {
            Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            text.writeTo(writer);
            writer.flush();
        });
    }
}
