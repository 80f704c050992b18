package io.csc.experiment;

import io.csc.data.DataException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The records file of a running sweep, appended one JSON line per fit as each fit completes and
 * flushed at once, so that a crash or a kill loses at most the fits in progress. A sweep resumed
 * from it reads the records of the fits that finished; a last line the interruption cut short is
 * dropped (its fit runs again).
 */
public final class RunJournal implements Consumer<RunRecord>, AutoCloseable {

    private final Path file;
    private final Writer writer;
    private final List<RunRecord> finished;

    private RunJournal(Path file, FileChannel channel, List<RunRecord> finished) {
        this.file = file;
        this.writer = Channels.newWriter(channel, StandardCharsets.UTF_8);
        this.finished = List.copyOf(finished);
    }

    /** A new, empty journal in {@code file}, replacing what it held. */
    public static RunJournal start(Path file) throws IOException {
        createFolder(file);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        return new RunJournal(file, channel, List.of());
    }

    /**
     * The journal in {@code file} (empty when there is none), its finished records read, and opened
     * to append the next ones. A last line without its end of line, cut short by the interruption,
     * is removed from the file.
     *
     * @throws DataException naming the file and line of a complete line that is not a run record
     */
    public static RunJournal resume(Path file) throws IOException {
        createFolder(file);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            ByteBuffer content = ByteBuffer.allocate(Math.toIntExact(channel.size()));
            while (content.hasRemaining() && channel.read(content) >= 0) {
                // reads the whole file
            }
            byte[] bytes = content.array();
            int complete = bytes.length;
            while (complete > 0 && bytes[complete - 1] != '\n') {
                complete--;
            }
            List<RunRecord> finished = parse(file, new String(bytes, 0, complete, StandardCharsets.UTF_8));
            channel.truncate(complete);
            channel.position(complete);
            return new RunJournal(file, channel, finished);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static List<RunRecord> parse(Path file, String text) {
        List<RunRecord> records = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int index = 0; index < lines.length; index++) {
            if (lines[index].isBlank()) {
                continue;
            }
            try {
                records.add(RunRecordJson.fromJson(lines[index]));
            } catch (RuntimeException e) {
                throw new DataException(file + " line " + (index + 1) + ": not a run record: " + e.getMessage()
                        + "; remove that line to keep the other records, move the file out of the folder to run "
                        + "every fit again, or start a new sweep with another --out");
            }
        }
        return records;
    }

    private static void createFolder(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** The records the journal held when it was opened: the fits that finished before. */
    public List<RunRecord> finished() {
        return finished;
    }

    /**
     * Appends {@code record} as one line and flushes it to the file.
     *
     * @throws UncheckedIOException when the file cannot be written (its cause names the reason)
     */
    @Override
    public synchronized void accept(RunRecord record) {
        try {
            writer.write(RunRecordJson.toJson(record) + "\n");
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        writer.close();
    }
}
