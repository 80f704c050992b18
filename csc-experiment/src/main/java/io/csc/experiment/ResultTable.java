package io.csc.experiment;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Run records aggregated per data set, method and amount: mean ± standard deviation of every
 * {@link Measure} over the successful runs, with the counts of successes and failures. Rows keep
 * the order in which their first record appears.
 */
public final class ResultTable {

    private final List<ResultRow> rows;

    /** A table of the given rows. */
    public ResultTable(List<ResultRow> rows) {
        this.rows = List.copyOf(rows);
    }

    /** Aggregates {@code records}, one row per (data set, algorithm, amount). */
    public static ResultTable of(List<RunRecord> records) {
        Map<List<Object>, List<RunRecord>> groups = new LinkedHashMap<>();
        for (RunRecord record : records) {
            List<Object> key = new ArrayList<>(3);
            key.add(record.dataset());
            key.add(record.algorithm());
            key.add(record.amount() == null ? "" : record.amount());
            groups.computeIfAbsent(key, unused -> new ArrayList<>()).add(record);
        }
        List<ResultRow> rows = new ArrayList<>(groups.size());
        for (List<RunRecord> group : groups.values()) {
            RunRecord first = group.get(0);
            int failures = 0;
            LinkedHashSet<String> reasons = new LinkedHashSet<>();
            for (RunRecord record : group) {
                if (!record.succeeded()) {
                    failures++;
                    reasons.add(record.failure());
                }
            }
            Map<Measure, Summary> summaries = new EnumMap<>(Measure.class);
            for (Measure measure : Measure.values()) {
                summaries.put(measure, Summary.of(group.stream().mapToDouble(measure::of).toArray()));
            }
            rows.add(new ResultRow(first.dataset(), first.algorithm(), first.constrained(), first.kind(),
                    first.amount(), first.supervised(), group.size(), failures, new ArrayList<>(reasons), summaries,
                    (int) group.stream().filter(record -> record.succeeded() && record.collapsed()).count()));
        }
        return new ResultTable(rows);
    }

    /** Every row. */
    public List<ResultRow> rows() {
        return rows;
    }

    /** The data sets, in order of appearance. */
    public List<String> datasets() {
        return rows.stream().map(ResultRow::dataset).distinct().toList();
    }

    /** The methods, in order of appearance. */
    public List<String> algorithms() {
        return rows.stream().map(ResultRow::algorithm).distinct().toList();
    }

    /** The amounts of the constrained rows, ascending. */
    public List<SupervisionAmount> amounts() {
        return rows.stream().map(ResultRow::amount).filter(Objects::nonNull).distinct().sorted().toList();
    }

    /** The rows of one data set. */
    public List<ResultRow> rowsOf(String dataset) {
        return rows.stream().filter(row -> row.dataset().equals(dataset)).toList();
    }

    /** The constrained rows at {@code amount} and all unconstrained rows, in table order. */
    public ResultTable at(SupervisionAmount amount) {
        return new ResultTable(rows.stream().filter(row -> !row.constrained() || row.amount().equals(amount)).toList());
    }

    /** The row of {@code algorithm} on {@code dataset} at {@code amount} (null for unconstrained). */
    public Optional<ResultRow> row(String dataset, String algorithm, SupervisionAmount amount) {
        return rows.stream().filter(row -> row.dataset().equals(dataset) && row.algorithm().equals(algorithm)
                && Objects.equals(row.amount(), amount)).findFirst();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ResultTable that && rows.equals(that.rows);
    }

    @Override
    public int hashCode() {
        return rows.hashCode();
    }

    @Override
    public String toString() {
        return "ResultTable(" + rows.size() + " rows)";
    }
}
