package io.csc.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Reads the sparse LIBSVM / SVMlight text format into a dense {@link Dataset}: one point per line,
 * {@code label index:value index:value ...} with 1-based feature indices.
 *
 * <p>The dimension is the largest index that occurs; entries a line does not list are 0. An
 * index repeated on a line, and a multi-label line ({@code 0,1 1:...}), are refused. Empty lines
 * and {@code #} comments (whole lines or line ends) are skipped, as are SVMlight {@code qid:} tokens. Labels are handled as by
 * {@link CsvReader}: class ids in sorted label order, names keeping the text. Features are named
 * {@code x1, x2, ...} after their indices. The file may be gzip-compressed.
 */
public final class LibsvmReader {

    private LibsvmReader() {
    }

    /**
     * Reads {@code file}; the data set is named after the file without extension.
     *
     * @throws DataException for a missing, unreadable or empty file, or a malformed line, naming
     *                       the line and token at fault
     */
    public static Dataset read(Path file) {
        Objects.requireNonNull(file, "file");
        String source = file.toString();
        try (InputStream in = DataFiles.openText(file, DataFormat.LIBSVM);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), DataFiles.BUFFER_SIZE)) {
            return read(reader, source, DataFiles.baseName(file));
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }

    /** Reads LIBSVM text from {@code reader} (not closed here); {@code source} names it in messages. */
    static Dataset read(BufferedReader reader, String source, String name) throws IOException {
        LabelEncoder labels = new LabelEncoder();
        int[] rowStarts = new int[1024];
        int[] indices = new int[1 << 16];
        double[] values = new double[1 << 16];
        int entries = 0;
        int dimension = 0;
        long lineNumber = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            lineNumber++;
            int comment = line.indexOf('#');
            int end = comment >= 0 ? comment : line.length();
            int position = skipSpaces(line, 0, end);
            if (position == end) {
                continue;
            }
            int tokenEnd = tokenEnd(line, position, end);
            String label = line.substring(position, tokenEnd);
            if (label.indexOf(':') >= 0) {
                throw new DataException(source + " line " + lineNumber + " starts with " + DataFiles.quote(label)
                        + " where the label belongs; start each line with the label, then index:value pairs");
            }
            if (label.indexOf(',') >= 0) {
                throw new DataException(source + " line " + lineNumber + " has the labels " + DataFiles.quote(label)
                        + " (multi-label LIBSVM): csc takes one class per point; keep one label per line");
            }
            labels.add(label);
            int lineStart = entries;
            int lineMaximum = -1;
            if (labels.size() == rowStarts.length) {
                rowStarts = Arrays.copyOf(rowStarts, rowStarts.length * 2);
            }
            rowStarts[labels.size() - 1] = entries;
            position = skipSpaces(line, tokenEnd, end);
            while (position < end) {
                tokenEnd = tokenEnd(line, position, end);
                int colon = line.indexOf(':', position);
                if (colon < 0 || colon >= tokenEnd) {
                    throw new DataException(source + " line " + lineNumber + ": " + DataFiles.quote(line.substring(position, tokenEnd))
                            + " is not index:value; write each feature as index:value after the label");
                }
                String indexText = line.substring(position, colon);
                if (!indexText.equals("qid")) {
                    int index = parseIndex(indexText, source, lineNumber);
                    String valueText = line.substring(colon + 1, tokenEnd);
                    double value = NumberParser.parse(valueText);
                    if (!Double.isFinite(value)) {
                        throw new DataException(source + " line " + lineNumber + ", feature " + index + ": "
                                + DataFiles.quote(valueText) + " " + NumberParser.problem(valueText)
                                + "; feature values must be finite numbers");
                    }
                    if (index - 1 <= lineMaximum) {
                        requireNewIndex(indices, lineStart, entries, index, source, lineNumber);
                    }
                    lineMaximum = Math.max(lineMaximum, index - 1);
                    if (entries == indices.length) {
                        indices = Arrays.copyOf(indices, entries * 2);
                        values = Arrays.copyOf(values, entries * 2);
                    }
                    indices[entries] = index - 1;
                    values[entries] = value;
                    entries++;
                    dimension = Math.max(dimension, index);
                }
                position = skipSpaces(line, tokenEnd, end);
            }
        }
        int size = labels.size();
        if (size == 0) {
            throw new DataException(source + " is empty; a LIBSVM file needs one line per point: label index:value ...");
        }
        if (dimension == 0) {
            throw new DataException(source + " has labels but no index:value features on any line; "
                    + "write each feature as index:value after the label");
        }
        if ((long) size * dimension > Integer.MAX_VALUE - 8L) {
            throw new DataException(source + ": " + size + " points x " + dimension
                    + " features do not fit in one dense array; use fewer points or smaller indices");
        }
        double[] features = new double[size * dimension];
        for (int i = 0; i < size; i++) {
            int rowEnd = i + 1 < size ? rowStarts[i + 1] : entries;
            int rowStart = i * dimension;
            for (int e = rowStarts[i]; e < rowEnd; e++) {
                features[rowStart + indices[e]] = values[e];
            }
        }
        List<String> featureNames = new ArrayList<>(dimension);
        for (int j = 1; j <= dimension; j++) {
            featureNames.add("x" + j);
        }
        return Dataset.labelled(name, size, dimension, features, labels.labels(), labels.classNames(), featureNames);
    }

    /**
     * Refuses a feature index given twice on one line (indices not in ascending order are looked
     * up among the line's earlier ones): which of two values a point has is not for a reader to guess.
     */
    private static void requireNewIndex(int[] indices, int lineStart, int entries, int index, String source,
                                        long lineNumber) {
        for (int t = lineStart; t < entries; t++) {
            if (indices[t] == index - 1) {
                throw new DataException(source + " line " + lineNumber + ": feature " + index + " is given twice; give "
                        + "each feature once per line");
            }
        }
    }

    private static int parseIndex(String text, String source, long lineNumber) {
        int index;
        try {
            index = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            index = -1;
        }
        if (index < 1) {
            throw new DataException(source + " line " + lineNumber + ": feature index " + DataFiles.quote(text)
                    + " is not a whole number >= 1; indices are 1-based (index:value)");
        }
        return index;
    }

    private static int skipSpaces(String line, int position, int end) {
        while (position < end && Character.isWhitespace(line.charAt(position))) {
            position++;
        }
        return position;
    }

    private static int tokenEnd(String line, int position, int end) {
        while (position < end && !Character.isWhitespace(line.charAt(position))) {
            position++;
        }
        return position;
    }
}
