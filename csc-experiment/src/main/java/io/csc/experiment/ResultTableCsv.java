package io.csc.experiment;

import io.csc.data.DataException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * A {@link ResultTable} as CSV, one row per data set, method and amount. The columns are
 * {@code dataset, algorithm, constrained, kind, amount, supervised, runs, successes, failures},
 * then {@code <key>_mean, <key>_std} for every {@link Measure} ({@code acc, nmi, ari, ri, dbi,
 * cons, seconds}), then {@code failure_reasons} (distinct reasons joined by {@code " | "}).
 * An amount is empty for an unconstrained method; a mean or deviation without values is empty;
 * infinities are written {@code Infinity}; other numbers exactly.
 */
public final class ResultTableCsv {

    /** The separator of the failure reasons in one cell. */
    public static final String REASON_SEPARATOR = " | ";

    private ResultTableCsv() {
    }

    /** The header, in column order. */
    public static List<String> header() {
        List<String> header = new ArrayList<>(List.of("dataset", "algorithm", "constrained", "kind", "amount",
                "supervised", "runs", "successes", "failures"));
        for (Measure measure : Measure.values()) {
            header.add(measure.key() + "_mean");
            header.add(measure.key() + "_std");
        }
        header.add("collapses");
        header.add("failure_reasons");
        return header;
    }

    /** Writes {@code table} to {@code file} (creating its folder). */
    public static void write(Path file, ResultTable table) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header().toArray(String[]::new))
                .setRecordSeparator('\n').get();
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = new CSVPrinter(writer, format)) {
            for (ResultRow row : table.rows()) {
                List<Object> cells = new ArrayList<>(List.of(row.dataset(), row.algorithm(), row.constrained(),
                        row.kind(), row.amount() == null ? "" : row.amount().text(), row.supervised(), row.runs(),
                        row.successes(), row.failures()));
                for (Measure measure : Measure.values()) {
                    Summary summary = row.summary(measure);
                    cells.add(number(summary.mean()));
                    cells.add(number(summary.standardDeviation()));
                }
                cells.add(row.collapses());
                cells.add(String.join(REASON_SEPARATOR, row.failureReasons()));
                printer.printRecord(cells);
            }
        }
    }

    /**
     * Reads a table written by {@link #write}. The count of values behind each summary is taken
     * as the number of successful runs (or 0 where the mean is empty).
     *
     * @throws DataException naming the file, line and column of a bad cell
     */
    public static ResultTable read(Path file) {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
        List<ResultRow> rows = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord record : format.parse(reader)) {
                rows.add(row(file, record));
            }
        } catch (IOException e) {
            throw new DataException("Cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DataException(file + ": not a results table written by 'csc experiment' (" + e.getMessage() + ")");
        }
        return new ResultTable(rows);
    }

    private static ResultRow row(Path file, CSVRecord record) {
        Cells cells = new Cells(file, record);
        int successes = cells.integer("successes");
        Map<Measure, Summary> summaries = new EnumMap<>(Measure.class);
        for (Measure measure : Measure.values()) {
            double mean = cells.number(measure.key() + "_mean");
            double deviation = cells.number(measure.key() + "_std");
            summaries.put(measure, Double.isNaN(mean) && Double.isNaN(deviation) ? Summary.EMPTY
                    : new Summary(mean, deviation, successes));
        }
        String amount = cells.text("amount");
        String reasons = cells.text("failure_reasons");
        try {
            return new ResultRow(cells.text("dataset"), cells.text("algorithm"),
                    Boolean.parseBoolean(cells.text("constrained")), cells.text("kind"),
                    amount.isEmpty() ? null : SupervisionAmount.parse(amount), cells.integer("supervised"),
                    cells.integer("runs"), cells.integer("failures"),
                    reasons.isEmpty() ? List.of() : Arrays.asList(reasons.split(Pattern.quote(REASON_SEPARATOR))),
                    summaries, cells.has("collapses") ? cells.integer("collapses") : 0);
        } catch (IllegalArgumentException e) {
            throw cells.failure(null, e.getMessage());
        }
    }

    /** The cells of one CSV record, read with errors that name the file, line and column. */
    private record Cells(Path file, CSVRecord record) {

        /** Whether the column is there (tables written before it was added lack it). */
        boolean has(String column) {
            return record.isMapped(column) && record.isSet(column);
        }

        String text(String column) {
            if (!record.isMapped(column) || !record.isSet(column)) {
                throw failure(column, "the column is missing");
            }
            return record.get(column);
        }

        int integer(String column) {
            String text = text(column);
            try {
                return Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw failure(column, "'" + text + "' is not a whole number");
            }
        }

        double number(String column) {
            String text = text(column);
            try {
                return text.isBlank() ? Double.NaN : Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                throw failure(column, "'" + text + "' is not a number");
            }
        }

        DataException failure(String column, String problem) {
            return new DataException(file + " line " + (record.getRecordNumber() + 1)
                    + (column == null ? "" : ", column " + column) + ": " + problem
                    + "; give a results.csv that 'csc experiment' wrote");
        }
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "" : Double.toString(value);
    }

}
