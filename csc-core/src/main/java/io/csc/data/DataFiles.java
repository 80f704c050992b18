package io.csc.data;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;

/**
 * File handling shared by the readers and writers: opening with transparent gzip, data set names
 * from file names, and the wording of I/O errors.
 */
final class DataFiles {

    static final int BUFFER_SIZE = 1 << 16;
    private static final int GZIP_MAGIC_FIRST = 0x1f;
    private static final int GZIP_MAGIC_SECOND = 0x8b;
    private static final int LISTED_NAMES = 20;

    private DataFiles() {
    }

    /**
     * Opens a file for buffered reading, decompressing it when it starts with the gzip magic
     * bytes (whatever its name).
     *
     * @throws DataException when the file is missing, a directory, unreadable or a damaged gzip
     */
    static InputStream open(Path file) {
        requireReadableFile(file);
        InputStream in = null;
        try {
            in = Files.newInputStream(file);
            return decompressed(in);
        } catch (IOException e) {
            closeQuietly(in);
            throw readFailure(file, e);
        }
    }

    /**
     * {@code in} buffered, and decompressed when it starts with the gzip magic bytes; closing the
     * result closes {@code in}.
     */
    static InputStream decompressed(InputStream in) throws IOException {
        InputStream buffered = new BufferedInputStream(in, BUFFER_SIZE);
        buffered.mark(2);
        int first = buffered.read();
        int second = buffered.read();
        buffered.reset();
        if (first == GZIP_MAGIC_FIRST && second == GZIP_MAGIC_SECOND) {
            return new BufferedInputStream(new GZIPInputStream(buffered, BUFFER_SIZE), BUFFER_SIZE);
        }
        return buffered;
    }

    /**
     * {@link #open Opens} a file that must be text in {@code format}: a binary file is refused
     * with one line naming it and what to give instead.
     */
    static InputStream openText(Path file, DataFormat format) {
        InputStream in = open(file);
        try {
            requireText(in, file.toString(), format);
            return in;
        } catch (IOException | RuntimeException e) {
            closeQuietly(in);
            if (e instanceof IOException io) {
                throw readFailure(file, io);
            }
            throw (RuntimeException) e;
        }
    }

    /** Fails unless the start of the markable {@code in} is text, as {@code format} needs. */
    static void requireText(InputStream in, String source, DataFormat format) throws IOException {
        String instead = format == DataFormat.LIBSVM
                ? "give a LIBSVM text file (UTF-8), or --format csv, idx or npy for those formats"
                : "give a CSV text file (UTF-8) with a header row, or --format libsvm, idx or npy for those formats";
        TextContent.require(in, source, format.name(), instead);
    }

    /** Opens a file for buffered writing, gzip-compressed when its name ends with {@code .gz}. */
    static OutputStream create(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OutputStream out = Files.newOutputStream(file);
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")) {
            out = new GZIPOutputStream(out, BUFFER_SIZE);
        }
        return new BufferedOutputStream(out, BUFFER_SIZE);
    }

    /** Fails unless {@code file} exists, is a regular file and is readable. */
    static void requireReadableFile(Path file) {
        if (!Files.exists(file)) {
            throw new DataException("Cannot read " + file + ": no such file; check the path");
        }
        if (Files.isDirectory(file)) {
            throw new DataException("Cannot read " + file + ": it is a directory, not a data file; "
                    + "give a file, or load the folder as IDX");
        }
        if (!Files.isReadable(file)) {
            throw new DataException("Cannot read " + file + ": permission denied; check the file's permissions");
        }
    }

    /** The one-line error for an I/O failure while reading {@code file}. */
    static DataException readFailure(Path file, IOException e) {
        return readFailure(file.toString(), e);
    }

    /** The one-line error for an I/O failure while reading {@code source}. */
    static DataException readFailure(String source, IOException e) {
        if (e instanceof NoSuchFileException) {
            return new DataException("Cannot read " + source + ": no such file; check the path", e);
        }
        if (e instanceof AccessDeniedException) {
            return new DataException("Cannot read " + source + ": permission denied; check the file's permissions", e);
        }
        if (e instanceof EOFException) {
            return new DataException("Cannot read " + source + ": the file is truncated (" + e.getMessage()
                    + "); download or copy it again", e);
        }
        if (e instanceof ZipException) {
            return new DataException("Cannot read " + source + ": damaged gzip data (" + e.getMessage()
                    + "); download or copy it again", e);
        }
        return new DataException("Cannot read " + source + ": " + e.getMessage(), e);
    }

    /**
     * The data set name of a file: its name without a {@code .gz} suffix and then without its
     * extension ({@code iris.csv.gz} gives {@code iris}); a folder keeps its whole name.
     */
    static String baseName(Path path) {
        Path fileName = path.toAbsolutePath().normalize().getFileName();
        if (fileName == null) {
            return "data";
        }
        String name = fileName.toString();
        if (Files.isDirectory(path)) {
            return name;
        }
        if (name.toLowerCase(Locale.ROOT).endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Names joined by ", ", cut after the first few with a count of the rest. */
    static String listNames(List<String> names) {
        if (names.isEmpty()) {
            return "(none)";
        }
        if (names.size() <= LISTED_NAMES) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, LISTED_NAMES)) + ", ... (" + names.size() + " in all)";
    }

    /** A text value for a message: quoted, and shortened when long. */
    static String quote(String value) {
        String shown = value.length() > 40 ? value.substring(0, 37) + "..." : value;
        return "'" + TextContent.printable(shown) + "'";
    }


    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // the original failure is the one worth reporting
            }
        }
    }
}
