package io.csc.util;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a file through a sibling renamed over it when complete, so that a crash or an error while
 * writing leaves the previous file as it was and no partial file in its place. The sibling is
 * created with the default permissions, as the file would be. A device, a pipe or a link to an open
 * descriptor, such as /dev/stdout, cannot be replaced: it is written as it is ({@link #writtenInPlace}).
 */
public final class ReplacedFile {

    /** A path that names an open descriptor of a process: /proc/self/fd/N, /proc/PID/fd/N or /dev/fd/N. */
    private static final Pattern DESCRIPTOR = Pattern.compile("/(?:proc/(self|\\d+)|dev)/fd/(\\d+)");

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

    /**
     * Replaces {@code file} by what {@code content} writes (creating its folder); a file that is
     * {@link #writtenInPlace written in place} is written as it is.
     */
    public static void write(Path file, Content content) throws IOException {
        Path target = file.toAbsolutePath();
        if (writtenInPlace(target)) {
            try (OutputStream out = openInPlace(target)) {
                content.writeTo(out);
            }
            return;
        }
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

    /**
     * Whether {@code file} is written as it is rather than replaced: a device, a pipe or a socket
     * (such as /dev/null, or /dev/stdout on a terminal), or a link to an open descriptor (/dev/stdout,
     * /dev/fd/N, /proc/self/fd/N), whose file the descriptor holds: a file renamed over the path
     * would take the place of the device or of the link, and the descriptor would never see it.
     */
    public static boolean writtenInPlace(Path file) {
        Path absolute = file.toAbsolutePath();
        if (!Files.exists(absolute) || Files.isDirectory(absolute)) {
            return false;
        }
        return !Files.isRegularFile(absolute) || descriptor(absolute) != null;
    }

    /**
     * Opens a file that is {@link #writtenInPlace written in place}: this process's standard output
     * or error through its own descriptor, so that what it writes keeps its place among what the
     * process prints there; any other descriptor's file at its end; a device or pipe as it is.
     * Closing the stream leaves a standard descriptor open.
     */
    public static OutputStream openInPlace(Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Matcher descriptor = descriptor(absolute);
        boolean own = descriptor != null && (descriptor.group(1) == null || descriptor.group(1).equals("self")
                || descriptor.group(1).equals(Long.toString(ProcessHandle.current().pid())));
        if (own && (descriptor.group(2).equals("1") || descriptor.group(2).equals("2"))) {
            boolean output = descriptor.group(2).equals("1");
            (output ? System.out : System.err).flush();
            return new FilterOutputStream(new FileOutputStream(output ? FileDescriptor.out : FileDescriptor.err)) {
                @Override
                public void write(byte[] bytes, int offset, int length) throws IOException {
                    out.write(bytes, offset, length);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            };
        }
        return descriptor != null && Files.isRegularFile(absolute)
                ? Files.newOutputStream(absolute, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
                : Files.newOutputStream(absolute, StandardOpenOption.WRITE);
    }

    /** The descriptor {@code file} or a link on its way names, null for none. */
    private static Matcher descriptor(Path file) {
        Path at = file;
        for (int hop = 0; hop < 40; hop++) {
            Matcher matcher = DESCRIPTOR.matcher(at.toString());
            if (matcher.matches()) {
                return matcher;
            }
            if (!Files.isSymbolicLink(at)) {
                return null;
            }
            try {
                at = at.resolveSibling(Files.readSymbolicLink(at)).normalize();
            } catch (IOException | UnsupportedOperationException e) {
                return null;
            }
        }
        return null;
    }
}
