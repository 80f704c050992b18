package io.csc.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ResultTable} as Markdown: per data set a heading and a table with one row per method
 * and amount, the chosen measures as {@code mean ± std} over the successful runs, and the failures
 * with their reasons. Unconstrained methods are marked and have supervision {@code none}.
 */
public final class ResultTableMarkdown {

    /** Decimals of the means and deviations. */
    public static final int DECIMALS = 3;

    private ResultTableMarkdown() {
    }

    /** Every data set of {@code table}: a {@code ### name} heading, then its table, for {@code measures}. */
    public static String write(ResultTable table, List<Measure> measures) {
        StringBuilder text = new StringBuilder();
        for (String dataset : table.datasets()) {
            text.append("### ").append(dataset).append("\n\n");
            text.append(table(table.rowsOf(dataset), measures)).append('\n');
        }
        return text.toString();
    }

    /**
     * One table of {@code rows}: columns {@code algorithm}, {@code supervision}, {@code runs},
     * one per measure, {@code collapsed} (runs whose unconstrained points collapsed, when any did) and {@code failures}.
     */
    public static String table(List<ResultRow> rows, List<Measure> measures) {
        StringBuilder text = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("algorithm", "supervision", "runs"));
        measures.forEach(measure -> header.add(measure.label()));
        boolean anyCollapse = rows.stream().anyMatch(row -> row.collapses() > 0);
        if (anyCollapse) {
            header.add("collapsed");
        }
        header.add("failures");
        appendRow(text, header);
        text.append("|---|---|---:|");
        text.append("---|".repeat(measures.size()));
        text.append(anyCollapse ? "---:|---|\n" : "---|\n");
        for (ResultRow row : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(row.constrained() ? row.algorithm() : row.algorithm() + " (unconstrained)");
            cells.add(supervision(row));
            cells.add(row.failures() == 0 ? String.valueOf(row.runs()) : row.successes() + " of " + row.runs());
            for (Measure measure : measures) {
                cells.add(row.summary(measure).format(DECIMALS));
            }
            if (anyCollapse) {
                cells.add(row.collapses() == 0 ? "" : row.collapses() + " of " + row.successes());
            }
            cells.add(failures(row));
            appendRow(text, cells);
        }
        return text.toString();
    }

    /** The longest a failure reason is shown in a table; the records keep it whole. */
    public static final int REASON_LENGTH = 160;

    /**
     * The failures cell: empty without failures, else the count and up to two distinct reasons,
     * each cut at {@value #REASON_LENGTH} characters.
     */
    public static String failures(ResultRow row) {
        if (row.failures() == 0) {
            return "";
        }
        List<String> reasons = row.failureReasons();
        List<String> shown = reasons.stream().limit(2).map(ResultTableMarkdown::shorten).toList();
        return row.failures() + " failed: " + String.join("; ", shown)
                + (reasons.size() > shown.size() ? " (and " + (reasons.size() - shown.size()) + " other reasons)" : "");
    }

    private static String shorten(String reason) {
        if (reason.length() <= REASON_LENGTH) {
            return reason;
        }
        int cut = reason.lastIndexOf(' ', REASON_LENGTH);
        return reason.substring(0, cut > REASON_LENGTH / 2 ? cut : REASON_LENGTH).stripTrailing() + " …";
    }

    /** The supervision cell: {@code none}, {@code 30}, or {@code 10% (15)} for a fraction resolved to 15. */
    public static String supervision(ResultRow row) {
        if (row.amount() == null) {
            return "none";
        }
        return row.amount().fraction() ? row.amount().label() + " (" + row.supervised() + ")" : row.amount().label();
    }

    /** Appends one Markdown table row of {@code cells}, escaped. */
    static void appendRow(StringBuilder text, List<String> cells) {
        text.append('|');
        for (String cell : cells) {
            text.append(' ').append(escape(cell)).append(" |");
        }
        text.append('\n');
    }

    /** A cell's text with pipes escaped and line breaks as spaces. */
    static String escape(String cell) {
        return cell.replace("\\", "\\\\").replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
    }

    /**
     * A table read back from Markdown: the nearest heading above it (without its {@code #}
     * marks, empty if none), its header cells and its rows of cells.
     *
     * @param heading the heading
     * @param header the header cells
     * @param rows the body rows
     */
    public record Table(String heading, List<String> header, List<List<String>> rows) {

        public Table {
            header = List.copyOf(header);
            rows = rows.stream().map(List::copyOf).toList();
        }

        /** The cell of {@code column} in {@code row}. */
        public String cell(int row, String column) {
            int index = header.indexOf(column);
            if (index < 0) {
                throw new IllegalArgumentException("No column '" + column + "' in " + header);
            }
            return rows.get(row).get(index);
        }
    }

    /**
     * Reads every pipe table of {@code markdown}: consecutive lines starting with {@code |}, the
     * second of which is the separator line; escaped pipes are unescaped.
     */
    public static List<Table> read(String markdown) {
        List<Table> tables = new ArrayList<>();
        String heading = "";
        List<String> lines = markdown.lines().toList();
        int index = 0;
        while (index < lines.size()) {
            String line = lines.get(index).strip();
            if (line.startsWith("#")) {
                heading = line.replaceFirst("^#+\\s*", "");
                index++;
            } else if (line.startsWith("|") && index + 1 < lines.size()
                    && lines.get(index + 1).strip().matches("\\|(\\s*:?-+:?\\s*\\|)+")) {
                List<String> header = cells(line);
                List<List<String>> rows = new ArrayList<>();
                index += 2;
                while (index < lines.size() && lines.get(index).strip().startsWith("|")) {
                    rows.add(cells(lines.get(index).strip()));
                    index++;
                }
                tables.add(new Table(heading, header, rows));
            } else {
                index++;
            }
        }
        return tables;
    }

    private static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int t = 1; t < line.length(); t++) {
            char c = line.charAt(t);
            if (c == '\\' && t + 1 < line.length()) {
                cell.append(line.charAt(++t));
            } else if (c == '|') {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        return cells;
    }
}
