package io.csc.constraint;

import io.csc.data.DataException;
import io.csc.data.TextContent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Reads supervision from text files: pairwise constraints, partial labels and groups.
 *
 * <p>All three formats are UTF-8 text with one record per line. Blank lines and lines starting
 * with {@code #} are skipped; the first remaining line is taken as a header and skipped when none
 * of its fields is a number (so {@code i,j,type,weight} is a header but a mistyped {@code l,2,ML}
 * is an error). Fields are trimmed. Point indices are 0-based and must lie in
 * {@code [0, pointCount)}.
 *
 * <p>Every problem is a {@link DataException} whose one-line message names the file, the 1-based
 * line, the field and its value, and says what to write instead. Reading is streaming and costs
 * {@code O(lines)} time and {@code O(n)} memory.
 */
public final class ConstraintReader {

    private static final String PAIR_FORMAT = "i,j,type[,weight]";
    private static final String LABEL_FORMAT = "i,label[,confidence]";
    private static final String GROUP_FORMAT = "point indices separated by commas or spaces, one group per line";
    /** Fields of pairs and labels: commas, or semicolons or tabs as some spreadsheets write them. */
    private static final Pattern COMMA = Pattern.compile("[,;\t]");
    private static final Pattern GROUP_SEPARATOR = Pattern.compile("[\\s,;]+");

    private ConstraintReader() {
    }

    /**
     * Pairwise constraints, one per line as {@code i,j,type[,weight]}: {@code type} is {@code ML} or
     * {@code CL}, {@code must-link} or {@code cannot-link} (any case), or {@code 1} / {@code -1};
     * {@code weight} is in (0, 1], 1 (hard) when absent or empty. A pair of the same type given
     * again (in either order) is one constraint, with the largest of its weights: repeats would
     * otherwise count in the summaries and weigh more in the methods that sum over constraints.
     * Contradictory pairs are kept as they are ({@link ConstraintClosure} finds contradictions).
     *
     * @throws DataException for a missing or empty file or any malformed line
     */
    public static ConstraintSet read(Path file, int pointCount) {
        return read(file, pointCount, warning -> { });
    }

    /**
     * As {@link #read(Path, int)}, telling {@code warnings} in one line how many lines repeated a
     * pair, and the first of them.
     */
    public static ConstraintSet read(Path file, int pointCount, Consumer<String> warnings) {
        Map<Constraint, Integer> positions = new HashMap<>();
        List<Constraint> pairs = new ArrayList<>();
        int[] repeats = {0, 0};
        forEachRecord(file, PAIR_FORMAT, "constraints", (line, text) -> {
            String[] fields = split(COMMA, text);
            if (fields.length < 3 || fields.length > 4) {
                throw line.wrongFieldCount(fields.length, "3 or 4", PAIR_FORMAT);
            }
            int first = line.index(fields[0], "1 (i)", pointCount);
            int second = line.index(fields[1], "2 (j)", pointCount);
            if (first == second) {
                throw line.error("2 (j)", fields[1], "point " + first
                        + " is constrained with itself; a constraint needs two different points, remove the line");
            }
            ConstraintType type = line.type(fields[2]);
            double weight = fields.length == 4 ? line.unitInterval(fields[3], "4 (weight)",
                    "a weight in (0, 1] (1 means hard), or leave the field out") : 1.0;
            Constraint key = new Constraint(Math.min(first, second), Math.max(first, second), type, 1.0);
            Integer position = positions.get(key);
            if (position == null) {
                positions.put(key, pairs.size());
                pairs.add(new Constraint(first, second, type, weight));
            } else {
                repeats[0]++;
                repeats[1] = repeats[1] == 0 ? line.number() : repeats[1];
                pairs.set(position, pairs.get(position).withWeight(Math.max(weight, pairs.get(position).weight())));
            }
        });
        if (repeats[0] > 0) {
            warnings.accept(file + ": " + repeats[0] + " line" + (repeats[0] == 1 ? " repeats a pair" : "s repeat pairs")
                    + " given before (first on line " + repeats[1] + "); each pair counts once, with its largest weight");
        }
        return ConstraintSet.ofPairs(pointCount, pairs);
    }

    /**
     * Partial labels, one labelled point per line as {@code i,label[,confidence]}, kept as one
     * labels block ({@link ConstraintSet#fromLabels}). Labels are any non-empty strings without
     * commas; they are mapped to class ids {@code 0, 1, ...} in order of first appearance (only the
     * partition matters for constraints). The confidence is in (0, 1], 1 when absent or empty; the
     * block is hard when every confidence is 1.
     *
     * @throws DataException for a missing or empty file, a malformed line or a point labelled twice
     */
    public static ConstraintSet readLabels(Path file, int pointCount) {
        IntList points = new IntList();
        IntList classes = new IntList();
        List<Double> confidences = new ArrayList<>();
        Map<String, Integer> classIds = new HashMap<>();
        int[] lineOfPoint = new int[pointCount];
        forEachRecord(file, LABEL_FORMAT, "labels", (line, text) -> {
            String[] fields = split(COMMA, text);
            if (fields.length < 2 || fields.length > 3) {
                throw line.wrongFieldCount(fields.length, "2 or 3", LABEL_FORMAT);
            }
            int point = line.index(fields[0], "1 (i)", pointCount);
            if (lineOfPoint[point] > 0) {
                throw line.error("1 (i)", fields[0], "point " + point + " is labelled twice (first on line "
                        + lineOfPoint[point] + "); give each point one label");
            }
            lineOfPoint[point] = line.number();
            if (fields[1].isEmpty()) {
                throw line.error("2 (label)", fields[1], "empty label; give the class name of the point");
            }
            points.add(point);
            classes.add(classIds.computeIfAbsent(fields[1], name -> classIds.size()));
            confidences.add(fields.length == 3 ? line.unitInterval(fields[2], "3 (confidence)",
                    "a confidence in (0, 1] (1 means certain), or leave the field out") : 1.0);
        });
        boolean hard = confidences.stream().allMatch(confidence -> confidence == 1.0);
        double[] confidenceArray = hard ? null : confidences.stream().mapToDouble(Double::doubleValue).toArray();
        return ConstraintSet.fromLabels(pointCount, points.toArray(), classes.toArray(), confidenceArray);
    }

    /**
     * Groups of points known to belong together ({@link ConstraintSet#fromGroups}), one group per
     * line: point indices separated by commas and/or spaces. A point may be in one group only; a
     * group of one point is allowed and says nothing.
     *
     * @throws DataException for a missing or empty file, a bad index or a point in two groups
     */
    public static ConstraintSet readGroups(Path file, int pointCount) {
        List<int[]> groups = new ArrayList<>();
        int[] lineOfPoint = new int[pointCount];
        forEachRecord(file, GROUP_FORMAT, "groups", (line, text) -> {
            String[] fields = split(GROUP_SEPARATOR, text);
            int[] group = new int[fields.length];
            for (int t = 0; t < fields.length; t++) {
                String field = (t + 1) + " (point index)";
                int point = line.index(fields[t], field, pointCount);
                if (lineOfPoint[point] > 0) {
                    throw line.error(field, fields[t], "point " + point + " is already in the group on line "
                            + lineOfPoint[point] + "; a point belongs to one group only, merge the groups or remove it from one");
                }
                lineOfPoint[point] = line.number();
                group[t] = point;
            }
            groups.add(group);
        });
        return ConstraintSet.fromGroups(pointCount, groups);
    }

    /** Receives each record line (after comments, blank lines and the header) with its line number. */
    @FunctionalInterface
    private interface RecordHandler {
        void handle(Line line, String text);
    }

    /**
     * Calls {@code handler} for each record of {@code file}; fails for a missing file or one
     * without records.
     */
    private static void forEachRecord(Path file, String format, String what, RecordHandler handler) {
        if (!Files.isRegularFile(file)) {
            throw new DataException("File " + file + " not found" + (Files.exists(file) ? " (it is a directory)" : "")
                    + ": give the path of a " + what + " file of lines " + format);
        }
        int records = 0;
        boolean firstContent = true;
        int number = 0;
        try (InputStream in = TextContent.markable(Files.newInputStream(file));
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()))) {
            TextContent.require(in, file.toString(), what, "give a text file (UTF-8) of lines " + format);
            String text;
            while ((text = reader.readLine()) != null) {
                number++;
                if (number == 1 && text.startsWith("\uFEFF")) {
                    text = text.substring(1);
                }
                String trimmed = text.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                if (firstContent) {
                    firstContent = false;
                    if (isHeader(trimmed)) {
                        continue;
                    }
                }
                handler.handle(new Line(file, number), trimmed);
                records++;
            }
        } catch (CharacterCodingException e) {
            throw new DataException(file + ", line " + (number + 1) + " or soon after: bytes that are not UTF-8 text; give a UTF-8 text "
                    + what + " file of lines " + format, e);
        } catch (IOException e) {
            throw new DataException("Cannot read " + what + " file " + file + ": " + e.getMessage(), e);
        }
        if (records == 0) {
            throw new DataException("File " + file + " holds no " + what
                    + " (it is empty or only comments and a header): write one record per line as " + format);
        }
    }

    /** A header has no numeric field. */
    private static boolean isHeader(String text) {
        for (String field : split(GROUP_SEPARATOR, text)) {
            if (isNumber(field)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNumber(String field) {
        try {
            Double.parseDouble(field);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Splits and trims. Comma-separated records keep empty fields (an empty optional field takes
     * its default); whitespace-and-comma-separated groups drop them, so stray separators are harmless.
     */
    private static String[] split(Pattern separator, String text) {
        String[] fields = separator.split(text, -1);
        for (int t = 0; t < fields.length; t++) {
            fields[t] = fields[t].strip();
        }
        if (separator == GROUP_SEPARATOR) {
            return Arrays.stream(fields).filter(field -> !field.isEmpty()).toArray(String[]::new);
        }
        return fields;
    }

    /** One line of a file being read: parses its fields and builds its error messages. */
    private record Line(Path file, int number) {

        DataException error(String field, String value, String problem) {
            return new DataException(file + ", line " + number + ", field " + field + " '" + TextContent.printable(value)
                    + "': " + problem);
        }

        DataException wrongFieldCount(int found, String expected, String layout) {
            return new DataException(file + ", line " + number + ": expected " + expected + " fields but found "
                    + found + "; write " + layout);
        }

        int index(String value, String field, int pointCount) {
            long index;
            try {
                index = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw error(field, value, "not an integer; write a 0-based point index");
            }
            if (index < 0 || index >= pointCount) {
                throw error(field, value, "outside [0, " + pointCount + "): the data has " + pointCount
                        + " points; indices are 0-based");
            }
            return (int) index;
        }

        ConstraintType type(String value) {
            switch (value.toLowerCase(Locale.ROOT)) {
                case "ml", "must-link", "1", "+1":
                    return ConstraintType.MUST_LINK;
                case "cl", "cannot-link", "-1":
                    return ConstraintType.CANNOT_LINK;
                default:
                    throw error("3 (type)", value, "unknown constraint type; write ML, CL, must-link, cannot-link, 1 or -1");
            }
        }

        /** A value in (0, 1], 1 when the field is empty. */
        double unitInterval(String value, String field, String instead) {
            if (value.isEmpty()) {
                return 1.0;
            }
            double parsed;
            try {
                parsed = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw error(field, value, "not a number; write " + instead);
            }
            if (!(parsed > 0 && parsed <= 1)) {
                throw error(field, value, "outside (0, 1]; write " + instead);
            }
            return parsed;
        }
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] values = new int[16];
        private int size;

        void add(int value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            values[size++] = value;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
