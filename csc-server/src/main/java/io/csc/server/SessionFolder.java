package io.csc.server;

import io.csc.active.Answer;
import io.csc.active.AnsweredQuery;
import io.csc.active.PointPair;
import io.csc.constraint.ConstraintReader;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintWriter;
import io.csc.data.Dataset;
import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import io.csc.model.Provenance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The folder of one session on disk. Every file has a fixed name: no request chooses a path.
 * <ul>
 * <li>{@code answers.csv}: {@code i,j,answer,predicted}, one line per answer in order (answer
 *     {@code same}, {@code different} or {@code dont-know}; predicted: what the clustering said
 *     before the answer), rewritten after every answer and undo, so a restart loses nothing;</li>
 * <li>{@code constraints.csv}: every must-link and cannot-link so far, initial ones included, in
 *     the format {@code csc cluster --constraints} reads, rewritten with the answers;</li>
 * <li>{@code initial-constraints.csv}: the constraints file the session started from, if any;</li>
 * <li>{@code labels.txt} and {@code model.csc}: written when downloaded.</li>
 * </ul>
 * Each file is written to a temporary file beside it and moved into place.
 */
public final class SessionFolder {

    public static final String ANSWERS = "answers.csv";
    public static final String CONSTRAINTS = "constraints.csv";
    public static final String INITIAL_CONSTRAINTS = "initial-constraints.csv";
    public static final String LABELS = "labels.txt";
    public static final String MODEL = "model.csc";
    /** Which data the session's point indices refer to: its name, size and fingerprint. */
    public static final String DATA = "data.txt";
    private static final String ANSWERS_HEADER = "i,j,answer,predicted";

    private final Path folder;

    private SessionFolder(Path folder) {
        this.folder = folder;
    }

    /**
     * The session folder {@code folder}, created if missing.
     *
     * @throws UncheckedIOException naming the folder when it cannot be created or is a file
     */
    public static SessionFolder open(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        try {
            if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
                throw new IOException("it is a file, not a folder");
            }
            Files.createDirectories(absolute);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot use session folder " + absolute + ": " + reason(e), e);
        }
        return new SessionFolder(absolute);
    }

    public Path path() {
        return folder;
    }

    /** True if the folder holds answers of an earlier run. */
    public boolean hasAnswers() {
        return Files.isRegularFile(folder.resolve(ANSWERS));
    }

    /**
     * The lines of {@code answers.csv} below its header that are not blank, one per answer of a
     * well-formed file, or -1 when the file cannot be read; for messages only ({@link #readAnswers}
     * checks the lines).
     */
    public long answerLines() {
        try (var lines = Files.lines(folder.resolve(ANSWERS), StandardCharsets.UTF_8)) {
            return Math.max(0, lines.filter(line -> !line.isBlank()).count() - 1);
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
    }

    /**
     * Refuses to resume answers given on other data: the point indices of {@code answers.csv} mean
     * other points there, and an Iris session resumed on Wine would have turned Iris's pairs into
     * Wine's constraints without a word. The folder records the data ({@link #DATA}: name, points,
     * features, SHA-256 of the values) when a session starts, and a folder written before that is
     * recorded now.
     *
     * @throws IllegalArgumentException naming both data sets
     */
    public void requireSameData(Dataset data) {
        String identity = "name=" + data.name() + "\npoints=" + data.size() + "\nfeatures=" + data.dimension()
                + "\nfingerprint=" + Provenance.fingerprint(data) + "\n";
        Path file = folder.resolve(DATA);
        if (Files.isRegularFile(file)) {
            String recorded;
            try {
                recorded = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read " + file + ": " + reason(e), e);
            }
            // the values decide, not the name: the same file renamed is the same data
            if (!withoutName(recorded).equals(withoutName(identity))) {
                throw new IllegalArgumentException("The session folder " + folder + " was started on other data ("
                        + printable(recorded.strip().replace('\n', ' ')) + "; this is " + identity.strip().replace('\n', ' ')
                        + "): give the data the session was started with, or another --session folder");
            }
            return;
        }
        write(DATA, temporary -> writeText(temporary, identity));
    }

    /** The lines of a {@link #DATA} text other than the name, trimmed. */
    private static List<String> withoutName(String identity) {
        return identity.strip().lines().map(String::strip).filter(line -> !line.startsWith("name=")).toList();
    }

    /** The constraints the session started from: {@code initial-constraints.csv}, or none. */
    public ConstraintSet initialConstraints(int pointCount) {
        Path file = folder.resolve(INITIAL_CONSTRAINTS);
        return Files.isRegularFile(file) ? ConstraintReader.read(file, pointCount) : ConstraintSet.empty(pointCount);
    }

    /** Keeps a copy of the constraints the session starts from. */
    public void keepInitialConstraints(ConstraintSet initial) {
        write(INITIAL_CONSTRAINTS, temporary -> ConstraintWriter.write(initial, temporary));
    }

    /** The answers of {@code answers.csv} and their predictions (null where blank), in order. */
    public Recorded readAnswers(int pointCount) {
        Path file = folder.resolve(ANSWERS);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not UTF-8 text (" + reason(e) + "): save it as UTF-8, or "
                    + "start a new session folder", e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + reason(e), e);
        }
        List<AnsweredQuery> answers = new ArrayList<>();
        List<Answer> predictions = new ArrayList<>();
        for (int number = 1; number <= lines.size(); number++) {
            String line = lines.get(number - 1).strip();
            if (number == 1 && line.startsWith(BYTE_ORDER_MARK)) {
                line = line.substring(1).strip(); // some editors save UTF-8 with a byte order mark
            }
            if (line.isEmpty() || (number == 1 && line.equals(ANSWERS_HEADER))) {
                continue;
            }
            String[] fields = line.split(",", -1);
            try {
                if (fields.length != 4) {
                    throw new IllegalArgumentException("expected 4 fields (i,j,answer,predicted), found " + fields.length);
                }
                int first = index(fields[0], pointCount);
                int second = index(fields[1], pointCount);
                answers.add(new AnsweredQuery(new PointPair(first, second), Answer.parse(fields[2])));
                predictions.add(fields[3].isBlank() ? null : Answer.parse(fields[3]));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + " line " + number + ": '" + printable(line) + "': "
                        + e.getMessage() + "; correct or remove the line, or start a new session folder");
            }
        }
        return new Recorded(answers, predictions);
    }

    /** The byte order mark some editors write at the start of a UTF-8 file. */
    private static final String BYTE_ORDER_MARK = "\uFEFF";

    /** Answers read back from the folder, with their predictions. */
    public record Recorded(List<AnsweredQuery> answers, List<Answer> predictions) {
    }

    /** Rewrites {@code answers.csv} and {@code constraints.csv}. */
    public void record(List<AnsweredQuery> answers, List<Answer> predictions, ConstraintSet constraints) {
        StringBuilder text = new StringBuilder(ANSWERS_HEADER).append('\n');
        for (int t = 0; t < answers.size(); t++) {
            AnsweredQuery answered = answers.get(t);
            Answer predicted = predictions.get(t);
            text.append(answered.pair().first()).append(',').append(answered.pair().second()).append(',')
                    .append(answered.answer().code()).append(',').append(predicted == null ? "" : predicted.code())
                    .append('\n');
        }
        write(ANSWERS, temporary -> writeText(temporary, text.toString()));
        writeConstraints(constraints);
    }

    /** Writes {@code constraints.csv} and returns it. */
    public Path writeConstraints(ConstraintSet constraints) {
        return write(CONSTRAINTS, temporary -> ConstraintWriter.write(constraints, temporary));
    }

    /** Writes {@code labels.txt}, one cluster id per line, and returns it. */
    public Path writeLabels(int[] labels) {
        StringBuilder text = new StringBuilder(labels.length * 2);
        for (int label : labels) {
            text.append(label).append('\n');
        }
        return write(LABELS, temporary -> writeText(temporary, text.toString()));
    }

    /** Writes {@code model.csc} and returns it. */
    public Path writeModel(FittedModel model) {
        return write(MODEL, temporary -> {
            try {
                ModelFile.save(model, temporary);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The file of the session called {@code name}, one of this class's constants. */
    public Path file(String name) {
        return folder.resolve(name);
    }

    private interface Writer {
        void writeTo(Path temporary);
    }

    private Path write(String name, Writer writer) {
        Path target = folder.resolve(name);
        Path temporary = folder.resolve("." + name + ".tmp");
        try {
            writer.writeTo(temporary);
            try {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (IOException | UncheckedIOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // The write failed already; that is the error to report.
            }
            throw new UncheckedIOException("Cannot write " + target + ": " + reason(e),
                    e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
        }
    }

    private static void writeText(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int index(String field, int pointCount) {
        int value;
        try {
            value = Integer.parseInt(field.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("point index '" + printable(field) + "' is not an integer");
        }
        if (value < 0 || value >= pointCount) {
            throw new IllegalArgumentException("point index " + value + " outside [0, " + pointCount + ")");
        }
        return value;
    }

    private static String printable(String text) {
        String shown = text.length() > 60 ? text.substring(0, 60) + "..." : text;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }

    private static String reason(Exception e) {
        Throwable cause = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
