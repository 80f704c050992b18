package io.csc.experiment;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a {@link ResultTable}: a method on a data set at one amount of supervision (no amount
 * for an unconstrained method), summarized over its repetitions.
 *
 * @param dataset the data set's name
 * @param algorithm the method's name
 * @param constrained whether the method uses supervision
 * @param kind the supervision kind, as {@link SupervisionKind#text()}
 * @param amount the amount of supervision, null for an unconstrained method
 * @param supervised the amount resolved on the data set, 0 without one
 * @param runs the number of runs
 * @param failures how many of them failed
 * @param failureReasons the distinct reasons of the failures, in order of first appearance
 * @param summaries every {@link Measure} over the successful runs
 * @param collapses how many successful runs collapsed ({@link io.csc.algorithm.Collapse})
 */
public record ResultRow(String dataset, String algorithm, boolean constrained, String kind, SupervisionAmount amount,
                        int supervised, int runs, int failures, List<String> failureReasons,
                        Map<Measure, Summary> summaries, int collapses) {

    public ResultRow {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(algorithm, "algorithm");
        if (runs < 1) {
            throw new IllegalArgumentException("Invalid runs: " + runs + " (must be >= 1)");
        }
        if (failures < 0 || failures > runs) {
            throw new IllegalArgumentException("Invalid failures: " + failures + " (must be in [0, " + runs + "])");
        }
        if (constrained != (amount != null)) {
            throw new IllegalArgumentException("Invalid row of " + algorithm + " on " + dataset
                    + ": a constrained method has an amount, an unconstrained one none");
        }
        if (collapses < 0 || collapses > runs - failures) {
            throw new IllegalArgumentException("Invalid collapses: " + collapses + " (must be in [0, " + (runs - failures)
                    + "])");
        }
        failureReasons = List.copyOf(failureReasons);
        EnumMap<Measure, Summary> copy = new EnumMap<>(Measure.class);
        for (Measure measure : Measure.values()) {
            copy.put(measure, summaries.getOrDefault(measure, Summary.EMPTY));
        }
        summaries = Collections.unmodifiableMap(copy);
    }

    /** How many runs succeeded. */
    public int successes() {
        return runs - failures;
    }

    /** The summary of {@code measure}. */
    public Summary summary(Measure measure) {
        return summaries.get(measure);
    }
}
