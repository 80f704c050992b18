package io.csc.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a numeric CSV file (UTF-8, optionally gzip-compressed) into a {@link Dataset}.
 *
 * <p>The first non-empty row is the header and names the columns; it is required. Every column
 * except the label column (see {@link CsvOptions}) is a feature and must hold a finite number in
 * every row. Quoted fields, CRLF line ends, a byte order mark and empty lines are
 * accepted. Label values may be any text: class ids follow their sorted order (numeric order when
 * every label is a number, otherwise lexicographic) and class names keep the text.
 *
 * <p>Feature names come from the header, with or without labels. Columns named in
 * {@link CsvOptions#ignoredColumns()} (an identifier, a name) are skipped: neither features nor labels.
 *
 * <p>Any problem raises a {@link DataException} naming the file, the line (as an editor counts
 * it; for a quoted field spanning lines, the record's last line), the column and the value. Parsing streams the file once; a million rows of 50 numbers
 * take seconds.
 */
public final class CsvReader {

    private static final String DEFAULT_LABEL_COLUMN = "label";
    private static final char[] DETECTED_DELIMITERS = {',', ';', '\t'};
    /** A line of LIBSVM, which a CSV reading sees as one text field: a label, then index:value pairs. */
    private static final Pattern LIBSVM_LINE =
            Pattern.compile("\\s*[^\\s:]+(\\s+\\d+:[^\\s:]+)+\\s*");
    private static final int DETECTION_LIMIT = 1 << 20;
    private static final char BYTE_ORDER_MARK = '\uFEFF';
    private static final int SHOWN_HEADER_VALUES = 5;
    /** The fewest rows for which an unnamed column of row numbers is taken for a row index. */
    private static final int ROW_INDEX_MINIMUM_ROWS = 3;
    private static final Pattern PANDAS_UNNAMED = Pattern.compile("Unnamed: \\d+");
    /** Where Commons CSV's messages name the line: "(startline 3)" or "at line: 3, position: 16". */
    private static final Pattern LINE_IN_PARSER_MESSAGE = Pattern.compile("line:? ?(\\d+)");
    private static final Pattern LINE_IN_PARSER_MESSAGE_DETAIL =
            Pattern.compile("\\(startline \\d+\\)|at line: \\d+, position: \\d+");

    private CsvReader() {
    }

    /** Reads {@code file} with {@link CsvOptions#defaults()}. */
    public static Dataset read(Path file) {
        return read(file, CsvOptions.defaults());
    }

    /**
     * Reads {@code file}; the data set is named after the file without extension.
     *
     * @throws DataException for a missing, unreadable, empty or malformed file, naming the line,
     *                       column and value at fault
     */
    public static Dataset read(Path file, CsvOptions options) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(options, "options");
        try (InputStream in = DataFiles.openText(file, DataFormat.CSV)) {
            return read(new InputStreamReader(in, StandardCharsets.UTF_8), file.toString(), DataFiles.baseName(file), options);
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }

    /**
     * Reads CSV text from {@code input} (not closed here); {@code source} names it in messages.
     */
    static Dataset read(Reader input, String source, String name, CsvOptions options) throws IOException {
        BufferedReader reader = new BufferedReader(input, DataFiles.BUFFER_SIZE);
        skipByteOrderMark(reader);
        char delimiter = options.delimiter() != null ? options.delimiter() : detectDelimiter(reader);
        CSVFormat format = CSVFormat.DEFAULT.builder().setDelimiter(delimiter).setIgnoreEmptyLines(true).get();
        CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get();
        Iterator<CSVRecord> records = parser.iterator();
        CSVRecord first = null;
        while (first == null && hasNext(records, parser, source)) {
            CSVRecord record = records.next();
            first = isBlank(record) ? null : record;
        }
        if (first == null) {
            throw new DataException(source + " is empty; a CSV file needs a header row naming the columns, "
                    + "then one row per point");
        }
        List<String> header = headerNames(first);
        long headerLine = parser.getCurrentLineNumber();
        requireHeader(header, source, headerLine);
        boolean[] ignored = ignoredColumns(header, options, source, headerLine);
        int labelIndex = labelIndex(header, options, source, headerLine);
        if (labelIndex >= 0 && ignored[labelIndex]) {
            if (options.labelColumn() != null) {
                throw new DataException(source + " line " + headerLine + ": the label column "
                        + DataFiles.quote(header.get(labelIndex)) + " is also an ignored column; name it once");
            }
            labelIndex = -1;
        }
        int ignoredCount = 0;
        for (boolean skip : ignored) {
            ignoredCount += skip ? 1 : 0;
        }
        int dimension = header.size() - ignoredCount - (labelIndex >= 0 ? 1 : 0);
        if (dimension == 0) {
            throw new DataException(source + " line " + headerLine + ": no feature column is left ("
                    + (labelIndex >= 0 ? "the label column is " + DataFiles.quote(header.get(labelIndex)) : "")
                    + (labelIndex >= 0 && ignoredCount > 0 ? ", " : "")
                    + (ignoredCount > 0 ? ignoredCount + " column" + (ignoredCount > 1 ? "s" : "") + " ignored" : "")
                    + "); add feature columns");
        }
        Table table = new Table(source, header, labelIndex, ignored, dimension, delimiter);
        boolean[] unnamed = unnamedColumns(first);
        while (hasNext(records, parser, source)) {
            CSVRecord record = records.next();
            table.add(record, parser.getCurrentLineNumber());
        }
        if (table.rows.rows() == 0) {
            throw new DataException(source + " has a header (line " + headerLine + ") but no data rows; "
                    + "add one row per point below the header");
        }
        return table.toDataset(name, unnamed, headerLine);
    }

    /**
     * The rows read so far. Converting a record is a method of its own, called once per row, so
     * that the JIT compiles it fully rather than only as part of one long-running loop.
     */
    private static final class Table {
        private final String source;
        private final List<String> header;
        private final int columns;
        private final int labelIndex;
        private final boolean[] ignored;
        private final int dimension;
        private final char delimiter;
        private final RowBuffer rows;
        private final LabelEncoder labels;
        private final double[] row;

        Table(String source, List<String> header, int labelIndex, boolean[] ignored, int dimension, char delimiter) {
            this.source = source;
            this.header = header;
            this.columns = header.size();
            this.labelIndex = labelIndex;
            this.ignored = ignored;
            this.dimension = dimension;
            this.delimiter = delimiter;
            this.rows = new RowBuffer(dimension);
            this.labels = labelIndex >= 0 ? new LabelEncoder() : null;
            this.row = new double[dimension];
        }

        void add(CSVRecord record, long line) {
            if (record.size() != columns) {
                throw new DataException(source + " line " + line + " has " + record.size() + " fields, the header has "
                        + columns + "; give every row one value per column, separated by "
                        + CsvOptions.describe(delimiter));
            }
            int feature = 0;
            for (int column = 0; column < columns; column++) {
                if (ignored[column]) {
                    continue;
                }
                String text = record.get(column);
                if (column == labelIndex) {
                    String label = text.strip();
                    if (label.isEmpty()) {
                        throw new DataException(location(source, line, header, column)
                                + ": the label is empty; give every row a class, or read the file without labels");
                    }
                    labels.add(label);
                    continue;
                }
                double value = NumberParser.parse(text);
                if (!Double.isFinite(value)) {
                    throw badValue(source, line, header, column, text);
                }
                row[feature++] = value;
            }
            if (rows.isFull()) {
                throw new DataException(source + " line " + line + ": more than " + rows.maxRows() + " rows of "
                        + dimension + " features do not fit in one array; use fewer rows or features");
            }
            rows.append(row);
        }

        /**
         * The data set of the rows read; refuses a column the header leaves unnamed whose values
         * are the row numbers ({@code unnamed}, from {@link #unnamedColumns}).
         */
        Dataset toDataset(String name, boolean[] unnamed, long headerLine) {
            int size = rows.rows();
            double[] features = rows.toArray();
            List<String> featureNames = new ArrayList<>(dimension);
            for (int column = 0; column < columns; column++) {
                if (column != labelIndex && !ignored[column]) {
                    if (unnamed[column]) {
                        refuseRowIndex(features, size, featureNames.size(), column, headerLine);
                    }
                    featureNames.add(header.get(column));
                }
            }
            if (labels == null) {
                return Dataset.unlabelled(name, size, dimension, features).withFeatureNames(featureNames);
            }
            return Dataset.labelled(name, size, dimension, features, labels.labels(), labels.classNames(), featureNames);
        }

        /**
         * Refuses feature {@code feature} (CSV column {@code column}) when it holds the row numbers
         * 0, 1, 2, ... or 1, 2, 3, ... in order: the row index pandas writes in an unnamed first
         * column ({@code DataFrame.to_csv} without {@code index=False}). Clustered as a feature, it
         * sorts the points by their position in the file, which in a file sorted by class reads as a
         * perfect clustering. A column the header names is the user's choice and is kept.
         */
        private void refuseRowIndex(double[] features, int size, int feature, int column, long headerLine) {
            if (size < ROW_INDEX_MINIMUM_ROWS) {
                return;
            }
            double first = features[feature];
            if (first != 0.0 && first != 1.0) {
                return;
            }
            for (int i = 0; i < size; i++) {
                if (features[i * dimension + feature] != first + i) {
                    return;
                }
            }
            int base = (int) first;
            throw new DataException(source + " line " + headerLine + ": column " + (column + 1)
                    + " has no name and holds the row numbers " + base + ", " + (base + 1) + ", " + (base + 2)
                    + ", ... (a row index, as pandas writes one without index=False), not a feature; skip it (--ignore-columns "
                    + DataFiles.quote(header.get(column)) + "), or name it in the header to cluster on it");
        }
    }

    /**
     * The columns the header row leaves unnamed: an empty cell, or pandas' name for one read back
     * ({@code Unnamed: 0}).
     */
    private static boolean[] unnamedColumns(CSVRecord headerRow) {
        boolean[] unnamed = new boolean[headerRow.size()];
        for (int column = 0; column < unnamed.length; column++) {
            String name = headerRow.get(column).strip();
            unnamed[column] = name.isEmpty() || PANDAS_UNNAMED.matcher(name).matches();
        }
        return unnamed;
    }

    private static boolean hasNext(Iterator<CSVRecord> records, CSVParser parser, String source) {
        try {
            return records.hasNext();
        } catch (UncheckedIOException e) {
            IOException cause = e.getCause();
            if (cause instanceof CSVException) {
                String message = String.valueOf(cause.getMessage());
                Matcher lineMention = LINE_IN_PARSER_MESSAGE.matcher(message);
                long line = lineMention.find() ? Long.parseLong(lineMention.group(1)) : parser.getCurrentLineNumber();
                String problem = LINE_IN_PARSER_MESSAGE_DETAIL.matcher(message).replaceAll("").strip();
                throw new DataException(source + " line " + line + ": malformed CSV (" + problem
                        + "); check the quotes on that line", cause);
            }
            throw DataFiles.readFailure(source, cause);
        }
    }

    /** A line of spaces only, which the parser does not skip as an empty line. */
    private static boolean isBlank(CSVRecord record) {
        return record.size() == 1 && record.get(0).isBlank();
    }

    private static List<String> headerNames(CSVRecord record) {
        List<String> names = new ArrayList<>(record.size());
        for (int column = 0; column < record.size(); column++) {
            String name = record.get(column).strip();
            names.add(name.isEmpty() ? "column" + (column + 1) : name);
        }
        return names;
    }

    /**
     * Rejects a first row that is plainly data: all numbers, other than the column numbers
     * {@code 0..d-1} or {@code 1..d} some tools write as a header.
     */
    private static void requireHeader(List<String> header, String source, long line) {
        boolean fromZero = true;
        boolean fromOne = true;
        for (int column = 0; column < header.size(); column++) {
            double value = NumberParser.parse(header.get(column));
            if (!Double.isFinite(value)) {
                return;
            }
            fromZero &= value == column;
            fromOne &= value == column + 1;
        }
        if (!fromZero && !fromOne) {
            String shown = String.join(", ", header.subList(0, Math.min(SHOWN_HEADER_VALUES, header.size())));
            throw new DataException(source + " line " + line + " holds numbers (" + shown
                    + (header.size() > SHOWN_HEADER_VALUES ? ", ..." : "")
                    + "), not column names; add a header row naming the columns (for example x1,x2,...,label)");
        }
    }

    /**
     * Which columns {@link CsvOptions#ignoredColumns()} names: each by its exact name, else in any
     * letter case; a name that matches no column, or several, is refused.
     */
    private static boolean[] ignoredColumns(List<String> header, CsvOptions options, String source, long headerLine) {
        boolean[] ignored = new boolean[header.size()];
        for (String name : options.ignoredColumns()) {
            List<Integer> matches = columnsNamed(header, name);
            if (matches.isEmpty()) {
                throw new DataException(source + ": no column " + DataFiles.quote(name) + " to ignore; the columns are "
                        + DataFiles.listNames(header) + "; name one of them");
            }
            if (matches.size() > 1) {
                throw new DataException(source + " line " + headerLine + ": " + matches.size() + " columns are named "
                        + DataFiles.quote(name) + "; rename all but one of them, or remove them from the file");
            }
            ignored[matches.get(0)] = true;
        }
        return ignored;
    }

    private static int labelIndex(List<String> header, CsvOptions options, String source, long headerLine) {
        if (options.noLabels()) {
            return -1;
        }
        String wanted = options.labelColumn() != null ? options.labelColumn() : DEFAULT_LABEL_COLUMN;
        List<Integer> matches = columnsNamed(header, wanted);
        if (matches.size() > 1) {
            throw new DataException(source + " line " + headerLine + ": " + matches.size() + " columns are named "
                    + DataFiles.quote(wanted) + " (columns " + matches.stream().map(column -> String.valueOf(column + 1))
                    .collect(java.util.stream.Collectors.joining(", ")) + "), so the ground truth is ambiguous; "
                    + "rename all but the one holding the classes");
        }
        if (matches.isEmpty() && options.labelColumn() != null) {
            throw new DataException(source + ": no label column " + DataFiles.quote(wanted) + "; the columns are "
                    + DataFiles.listNames(header) + "; name one of them, or read the file without labels");
        }
        return matches.isEmpty() ? -1 : matches.get(0);
    }

    /** The columns named exactly {@code name}, else those named so in another letter case. */
    private static List<Integer> columnsNamed(List<String> header, String name) {
        List<Integer> exact = columnsNamed(header, name, false);
        return exact.isEmpty() ? columnsNamed(header, name, true) : exact;
    }

    private static List<Integer> columnsNamed(List<String> header, String name, boolean ignoreCase) {
        List<Integer> columns = new ArrayList<>();
        for (int column = 0; column < header.size(); column++) {
            if (ignoreCase ? header.get(column).equalsIgnoreCase(name) : header.get(column).equals(name)) {
                columns.add(column);
            }
        }
        return columns;
    }

    private static DataException badValue(String source, long line, List<String> header, int column, String text) {
        if (LIBSVM_LINE.matcher(text).matches()) {
            return new DataException(source + " line " + line + ": " + DataFiles.quote(text) + " looks like LIBSVM (a "
                    + "label, then index:value pairs separated by spaces), not CSV: read the file with --format libsvm, "
                    + "or give it a name ending in .libsvm");
        }
        String problem = NumberParser.problem(text);
        String advice = problem.startsWith("is not a number")
                ? "feature columns must be numeric: skip the column (--ignore-columns " + DataFiles.quote(header.get(column))
                        + "), or choose it as the label column"
                : "remove the row or fill in the value";
        return new DataException(location(source, line, header, column) + ": " + DataFiles.quote(text) + " "
                + problem + "; " + advice);
    }

    private static String location(String source, long line, List<String> header, int column) {
        return source + " line " + line + ", column " + DataFiles.quote(header.get(column)) + " (" + (column + 1) + ")";
    }

    private static void skipByteOrderMark(BufferedReader reader) throws IOException {
        reader.mark(1);
        if (reader.read() != BYTE_ORDER_MARK) {
            reader.reset();
        }
    }

    /** The most frequent candidate delimiter outside quotes on the first non-empty line. */
    private static char detectDelimiter(BufferedReader reader) throws IOException {
        reader.mark(DETECTION_LIMIT);
        int[] counts = new int[DETECTED_DELIMITERS.length];
        boolean quoted = false;
        boolean sawText = false;
        for (int read = 0; read < DETECTION_LIMIT - 1; read++) {
            int c = reader.read();
            if (c < 0 || (!quoted && (c == '\n' || c == '\r') && sawText)) {
                break;
            }
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted) {
                for (int k = 0; k < DETECTED_DELIMITERS.length; k++) {
                    if (c == DETECTED_DELIMITERS[k]) {
                        counts[k]++;
                    }
                }
            }
            sawText |= !Character.isWhitespace(c);
        }
        reader.reset();
        int best = 0;
        for (int k = 1; k < counts.length; k++) {
            if (counts[k] > counts[best]) {
                best = k;
            }
        }
        return DETECTED_DELIMITERS[best];
    }
}
