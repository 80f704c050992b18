package io.csc.data;

import io.csc.util.ProgressListener;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Writes a {@link Dataset} as CSV: a header of the feature names (plus {@code label} when the
 * data has ground truth), then one row per point with the class name last. The output reads back
 * with {@link CsvReader} to the same data set. A file name ending in {@code .gz} is written
 * gzip-compressed.
 *
 * <p>Numbers are written without {@code String.format}: whole numbers as integers ({@code 255}),
 * others either exactly (the shortest text that {@link Double#parseDouble} turns back into the
 * same double) or rounded to a fixed number of decimals, trailing zeros dropped.
 */
public final class CsvWriter {

    /** Marks exact output in {@link #write(Dataset, Path, int)}. */
    public static final int EXACT = -1;
    /** The most decimals {@link #write(Dataset, Path, int)} accepts. */
    public static final int MAX_DECIMALS = 15;

    private static final double MAX_WHOLE = 1e15;
    private static final int PROGRESS_ROWS = 1 << 16;
    private static final long[] POWERS_OF_TEN = new long[MAX_DECIMALS + 1];

    static {
        long power = 1;
        for (int i = 0; i <= MAX_DECIMALS; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private CsvWriter() {
    }

    /** Writes {@code data} to {@code file} with every value exact. */
    public static void write(Dataset data, Path file) {
        write(data, file, EXACT);
    }

    /**
     * Writes {@code data} to {@code file}, replacing it.
     *
     * @param decimals digits after the decimal point, 0 to {@link #MAX_DECIMALS}, or
     *                 {@link #EXACT} for values that read back bit for bit
     * @throws DataException when the file cannot be written
     */
    public static void write(Dataset data, Path file, int decimals) {
        write(data, file, decimals, ProgressListener.NONE);
    }

    /**
     * {@link #write(Dataset, Path, int)}, reporting the rows written to {@code progress} (stage
     * {@code writing <file name>}).
     */
    public static void write(Dataset data, Path file, int decimals, ProgressListener progress) {
        write(data, file, decimals, progress, file);
    }

    /**
     * {@link #write(Dataset, Path, int, ProgressListener)} to {@code file}, naming it
     * {@code shown} in progress and errors: the final name when {@code file} is a temporary one
     * renamed into place afterwards.
     */
    public static void write(Dataset data, Path file, int decimals, ProgressListener progress, Path shown) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(file, "file");
        if (decimals != EXACT && (decimals < 0 || decimals > MAX_DECIMALS)) {
            throw new IllegalArgumentException("Invalid decimals: " + decimals
                    + " (must be 0 to " + MAX_DECIMALS + ", or " + EXACT + " for exact values)");
        }
        try (Writer writer = new OutputStreamWriter(DataFiles.create(file), StandardCharsets.UTF_8)) {
            write(data, writer, decimals, progress, "writing " + shown.getFileName());
        } catch (IOException e) {
            throw new DataException("Cannot write " + shown + ": " + e.getMessage()
                    + "; check that the folder exists and is writable, and that the disk has room", e);
        }
    }

    private static void write(Dataset data, Writer writer, int decimals, ProgressListener progress, String stage)
            throws IOException {
        int dimension = data.dimension();
        double[] row = new double[dimension];
        List<String> classNames = data.classNames();
        int[] labels = data.hasLabels() ? data.labels() : null;
        progress.progress(stage, 0, data.size());
        StringBuilder line = new StringBuilder(dimension * 12 + 16);
        List<String> featureNames = data.featureNames();
        for (int j = 0; j < dimension; j++) {
            if (j > 0) {
                line.append(',');
            }
            appendText(line, featureNames.get(j));
        }
        if (labels != null) {
            line.append(",label");
        }
        line.append('\n');
        writer.append(line);
        for (int i = 0; i < data.size(); i++) {
            line.setLength(0);
            data.copyRow(i, row, 0);
            for (int j = 0; j < dimension; j++) {
                if (j > 0) {
                    line.append(',');
                }
                appendNumber(line, row[j], decimals);
            }
            if (labels != null) {
                line.append(',');
                appendText(line, classNames.get(labels[i]));
            }
            line.append('\n');
            writer.append(line);
            if ((i + 1) % PROGRESS_ROWS == 0 || i + 1 == data.size()) {
                progress.progress(stage, i + 1, data.size());
            }
        }
    }

    /** Appends a finite value: whole numbers as integers, others exact or rounded to decimals. */
    static void appendNumber(StringBuilder out, double value, int decimals) {
        if (value == Math.rint(value) && Math.abs(value) < MAX_WHOLE) {
            out.append((long) value);
            return;
        }
        if (decimals == EXACT || Math.abs(value) >= MAX_WHOLE / POWERS_OF_TEN[decimals]) {
            out.append(value);
            return;
        }
        long scale = POWERS_OF_TEN[decimals];
        long scaled = Math.round(Math.abs(value) * scale);
        int keep = decimals;
        while (keep > 0 && scaled % 10 == 0) {
            scaled /= 10;
            keep--;
        }
        if (value < 0 && scaled != 0) {
            out.append('-');
        }
        long unit = POWERS_OF_TEN[keep];
        out.append(scaled / unit);
        if (keep > 0) {
            out.append('.');
            long fraction = scaled % unit;
            for (long digit = unit / 10; digit > fraction && digit > 1; digit /= 10) {
                out.append('0');
            }
            out.append(fraction);
        }
    }

    private static void appendText(StringBuilder out, String text) {
        boolean quote = text.indexOf(',') >= 0 || text.indexOf(';') >= 0 || text.indexOf('\t') >= 0
                || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0
                || !text.equals(text.strip());
        if (!quote) {
            out.append(text);
            return;
        }
        out.append('"').append(text.replace("\"", "\"\"")).append('"');
    }
}
