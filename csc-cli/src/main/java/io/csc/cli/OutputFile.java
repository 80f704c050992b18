package io.csc.cli;

import io.csc.util.ReplacedFile;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file a command writes, such as {@code --output} or {@code --save-model}: checked before the
 * work starts (its folder writable, never one of the inputs), then written whole or not at all.
 * The content goes to a temporary file beside the target, which is renamed over it once complete,
 * so that a failed write leaves the previous file as it was and never a partial one.
 */
final class OutputFile {

    private final Path target;
    private final String option;

    private OutputFile(Path target, String option) {
        this.target = Objects.requireNonNull(target, "target");
        this.option = option;
    }

    /** The file given to {@code option}. */
    static OutputFile of(Path target, String option) {
        return new OutputFile(target, option);
    }

    Path path() {
        return target;
    }

    /** Writes the content of a file to the path it is given. */
    @FunctionalInterface
    interface Content {
        void writeTo(Path file) throws IOException;
    }

    /**
     * Fails unless the target can be written: it is not a folder, not read-only, not one of
     * {@code inputs} (null entries are skipped), and its folder exists or can be made and takes
     * new files.
     *
     * @throws OutputException naming the option, the file and the reason
     */
    void check(Path... inputs) {
        if (target.toString().equals("-")) {
            throw failure("'-' is standard input for --data, not standard output, which carries the run's "
                    + "summary; give a file name");
        }
        for (Path input : inputs) {
            if (input != null && sameFile(input, target)) {
                throw failure("it is also an input (" + input + ") and would be overwritten; choose another file");
            }
            if (input != null && EngineOptions.isParquetDirectory(input.toString())
                    && target.toAbsolutePath().normalize().startsWith(input.toAbsolutePath().normalize())) {
                throw failure("it is inside the Parquet directory " + input + ", every file of which Spark reads as "
                        + "data, so that the directory could no longer be read; choose a file outside it");
            }
        }
        if (Files.isDirectory(target)) {
            throw failure("it is a folder; give a file name");
        }
        if (ReplacedFile.writtenInPlace(target)) {
            return;
        }
        if (Files.exists(target) && !Files.isWritable(target)) {
            throw failure("the file is read-only; choose another file or change its permissions");
        }
        Path folder = folder();
        try {
            Files.createDirectories(folder);
            Path probe = Files.createTempFile(folder, ".csc-", ".probe");
            Files.delete(probe);
        } catch (IOException e) {
            throw failure(reason(e) + "; choose another " + option);
        }
    }

    /**
     * Fails when {@code other}, the file {@code otherOption} writes (null for none), is the target:
     * one output would replace the other.
     *
     * @throws OutputException naming both options and the file
     */
    void checkApartFrom(Path other, String otherOption) {
        if (other != null && sameFile(other, target)) {
            throw failure("it is also the " + otherOption + " file, and one would replace the other; give the two "
                    + "outputs different files");
        }
    }

    /**
     * Fails unless {@code folder} exists or can be made, and takes new files: checked before a
     * long run that writes there.
     *
     * @throws OutputException naming the option, the folder and the reason
     */
    static void requireWritableFolder(Path folder, String option) {
        for (Path existing = folder.toAbsolutePath(); existing != null; existing = existing.getParent()) {
            if (Files.exists(existing)) {
                if (!Files.isDirectory(existing)) {
                    throw new OutputException("Cannot write " + option + " " + folder + ": " + (existing.equals(
                            folder.toAbsolutePath()) ? "it" : existing.toString()) + " is a file, not a folder; give "
                            + option + " a folder (one that does not exist is made)");
                }
                break;
            }
        }
        try {
            Files.createDirectories(folder);
            Files.delete(Files.createTempFile(folder, ".csc-", ".probe"));
        } catch (IOException e) {
            throw new OutputException("Cannot write " + option + " " + folder + ": " + reason(e) + "; choose another "
                    + option);
        }
    }

    /**
     * Writes the file through a temporary sibling renamed over the target when complete.
     *
     * @throws OutputException naming the file and the reason, the previous file untouched
     */
    void write(Content content) {
        if (ReplacedFile.writtenInPlace(target)) {
            writeInPlace(content);
            return;
        }
        Path folder = folder();
        Path temporary = null;
        try {
            Files.createDirectories(folder);
            temporary = newSibling(folder);
            content.writeTo(temporary);
            keepPermissions(temporary);
            try {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | UncheckedIOException e) {
            IOException cause = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
            throw failure(reason(cause) + "; the previous file, if any, is unchanged");
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // the write's own failure, if any, is the one to report
                }
            }
        }
    }

    /**
     * A new empty file beside the target, named after it behind a hidden prefix (the ending, such as
     * .gz, chooses compression). It is created as any new file is, so it gets the permissions the
     * user's umask gives: a temporary file of the JDK is readable by its owner alone, and the
     * output would keep that.
     */
    private Path newSibling(Path folder) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path candidate = folder.resolve(".partial-" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                    + "-" + target.getFileName());
            try {
                Files.newByteChannel(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return candidate;
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** A file written over an existing one keeps that file's permissions, where the file system has them. */
    private void keepPermissions(Path written) throws IOException {
        if (Files.isRegularFile(target) && Files.getFileAttributeView(target, PosixFileAttributeView.class) != null) {
            Files.setPosixFilePermissions(written, Files.getPosixFilePermissions(target));
        }
    }

    /**
     * A device, a pipe or a link to an open descriptor, such as /dev/stdout, is written as it is: it
     * cannot be replaced ({@link ReplacedFile#writtenInPlace}). Where it names a regular file, as
     * /dev/stdout redirected to a file does, the content is written to a temporary file first and
     * copied through the descriptor, so that it keeps its place among the lines the command prints.
     */
    private void writeInPlace(Content content) {
        Path temporary = null;
        try {
            if (!Files.isRegularFile(target)) {
                content.writeTo(target);
                return;
            }
            temporary = Files.createTempFile(".csc-", "-" + target.getFileName());
            content.writeTo(temporary);
            try (OutputStream out = ReplacedFile.openInPlace(target)) {
                Files.copy(temporary, out);
            }
        } catch (IOException | UncheckedIOException e) {
            IOException cause = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
            throw failure(reason(cause));
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // the write's own failure, if any, is the one to report
                }
            }
        }
    }

    private Path folder() {
        Path parent = target.toAbsolutePath().getParent();
        return parent != null ? parent : target.toAbsolutePath();
    }

    private OutputException failure(String reason) {
        return new OutputException("Cannot write " + option + " " + target + ": " + reason);
    }

    /** The operating system's reason for {@code e}, in words, with the file it concerns when that is another one. */
    static String reason(IOException e) {
        String why;
        if (e instanceof AccessDeniedException) {
            why = "permission denied";
        } else if (e instanceof NoSuchFileException) {
            why = "no such file or folder";
        } else if (e instanceof NotDirectoryException) {
            why = "not a folder";
        } else if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            why = fileSystem.getReason();
        } else if (e instanceof FileSystemException) {
            why = "the file system refused it";
        } else {
            why = e.getMessage() != null ? e.getMessage() : "input/output error";
        }
        return why.toLowerCase(java.util.Locale.ROOT).startsWith("no space") ? why + ", the disk is full" : why;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // fall back to comparing the paths
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** An output that cannot be written: one line naming the option, the file and the reason. */
    static final class OutputException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputException(String message) {
            super(message);
        }
    }
}
