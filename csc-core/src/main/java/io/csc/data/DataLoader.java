package io.csc.data;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Loads a data set from a file or folder in any supported {@link DataFormat}. The data set is
 * named after the file without its extension, or after the folder.
 */
public final class DataLoader {

    /** How messages name standard input. */
    public static final String STANDARD_INPUT = "<stdin>";

    private DataLoader() {
    }

    /** Loads {@code path}, detecting its format, with a CSV column named {@code label} as truth. */
    public static Dataset load(Path path) {
        return load(path, DataFormat.AUTO, CsvOptions.defaults());
    }

    /**
     * Loads {@code path} in {@code format}.
     *
     * @param labelColumn the CSV column holding the ground truth; null uses a column named
     *                    {@code label} when there is one. Only CSV files have named columns: for
     *                    the other formats it must be null.
     * @throws DataException for any problem with the data, or a label column given for a format
     *                       without columns
     */
    public static Dataset load(Path path, DataFormat format, String labelColumn) {
        return load(path, format, CsvOptions.defaults().withLabelColumn(labelColumn));
    }

    /**
     * Loads {@code path} in {@code format} ({@link DataFormat#AUTO} detects it). For LIBSVM and
     * IDX data the label column of {@code csvOptions} must be null and the delimiter is unused;
     * {@link CsvOptions#noLabels()} drops the labels of every format.
     *
     * @throws DataException for any problem with the data, or a label column given for a format
     *                       without columns
     */
    public static Dataset load(Path path, DataFormat format, CsvOptions csvOptions) {
        return load(path, format, csvOptions, Precision.DOUBLE);
    }

    /**
     * Loads {@code path} as {@link #load(Path, DataFormat, CsvOptions)} does, holding the features
     * in {@code precision}: a {@code .npy} file is read straight into it, the text formats are
     * parsed in double precision and then converted.
     *
     * @throws DataException for any problem with the data, or a label column given for a format
     *                       without columns
     */
    public static Dataset load(Path path, DataFormat format, CsvOptions csvOptions, Precision precision) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(csvOptions, "csvOptions");
        Objects.requireNonNull(precision, "precision");
        DataFormat resolved = format == DataFormat.AUTO ? DataFormat.detect(path) : format;
        requireColumns(path.toString(), resolved, csvOptions);
        Dataset data = switch (resolved) {
            case CSV -> CsvReader.read(path, csvOptions);
            case LIBSVM -> LibsvmReader.read(path);
            case IDX -> Files.isDirectory(path) ? IdxReader.readFolder(path) : IdxReader.readImages(path);
            case NPY -> NpyReader.read(path, precision);
            case AUTO -> throw new AssertionError("detect never answers AUTO");
        };
        return labelsAsAsked(data, csvOptions).inPrecision(precision);
    }

    /**
     * Reads a data set from a stream, such as standard input: CSV with a header, or LIBSVM when
     * {@code format} says so ({@link DataFormat#AUTO} means CSV, as a stream has no name to judge
     * by); gzip-compressed or not. IDX images are refused, as their labels are a second file.
     * The stream is read to its end and not closed.
     *
     * @param source names the stream in messages, such as {@link #STANDARD_INPUT}
     * @param name   the data set's name
     * @throws DataException for any problem with the data, naming {@code source} and the line
     */
    public static Dataset read(InputStream input, String source, String name, DataFormat format, CsvOptions csvOptions) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(csvOptions, "csvOptions");
        DataFormat resolved = format == DataFormat.AUTO ? DataFormat.CSV : format;
        requireColumns(source, resolved, csvOptions);
        if (resolved == DataFormat.IDX) {
            throw new DataException(source + ": IDX images cannot be read from a stream, as their labels "
                    + "are a second file; give the images file or its folder instead");
        }
        if (resolved == DataFormat.NPY) {
            throw new DataException(source + ": a .npy array is memory-mapped, which a stream cannot be; "
                    + "give the .npy file instead");
        }
        try (InputStream decompressed = DataFiles.decompressed(new UnclosedInputStream(input));
             BufferedReader reader = new BufferedReader(new InputStreamReader(decompressed, StandardCharsets.UTF_8),
                     DataFiles.BUFFER_SIZE)) {
            DataFiles.requireText(decompressed, source, resolved);
            Dataset data = switch (resolved) {
                case CSV -> CsvReader.read(reader, source, name, csvOptions);
                case LIBSVM -> LibsvmReader.read(reader, source, name);
                case IDX, NPY, AUTO -> throw new AssertionError(resolved + " is refused or resolved above");
            };
            return labelsAsAsked(data, csvOptions);
        } catch (IOException e) {
            throw DataFiles.readFailure(source, e);
        }
    }

    /** Refuses a label column for a format without named columns. */
    private static void requireColumns(String source, DataFormat format, CsvOptions csvOptions) {
        if (format != DataFormat.CSV && csvOptions.labelColumn() != null) {
            throw new DataException(source + " is read as " + format + ", which has no named columns, so the label column "
                    + DataFiles.quote(csvOptions.labelColumn()) + " does not apply; leave the label column unset");
        }
        if (format != DataFormat.CSV && !csvOptions.ignoredColumns().isEmpty()) {
            throw new DataException(source + " is read as " + format + ", which has no named columns, so the ignored "
                    + "columns " + csvOptions.ignoredColumns() + " do not apply; drop them, or give a CSV file with a header");
        }
    }

    /** {@code data} without its labels when {@link CsvOptions#noLabels()} asks for that. */
    private static Dataset labelsAsAsked(Dataset data, CsvOptions csvOptions) {
        if (csvOptions.noLabels() && data.hasLabels()) {
            return data.withoutLabels();
        }
        return data;
    }

    /** A stream whose {@code close} leaves the stream inside open, so that reading never closes standard input. */
    private static final class UnclosedInputStream extends FilterInputStream {
        UnclosedInputStream(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the caller owns the stream
        }
    }
}
