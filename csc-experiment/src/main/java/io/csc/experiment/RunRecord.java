package io.csc.experiment;

import io.csc.metric.Evaluation;
import java.util.List;
import java.util.Objects;

/**
 * The raw outcome of one fit in an experiment: where it ran, with which supervision and seeds,
 * and either its quality and time or why it failed. A failure is a record like any other: it never
 * stops the sweep and never counts as a zero in the tables.
 *
 * @param dataset the data set's name
 * @param points its number of points
 * @param clusters the k asked of the method
 * @param algorithm the method's name
 * @param constrained whether the method uses supervision; unconstrained methods run once per
 *        repetition, without an amount
 * @param kind the experiment's supervision kind, as {@link SupervisionKind#text()}
 * @param amount the amount of supervision, null for an unconstrained method
 * @param supervised the amount resolved on the data set (labelled points or pairs), 0 without one
 * @param repetition the repetition, from 0
 * @param supervisionSeed the seed of the supervision draw, null for an unconstrained method
 * @param runSeed the seed of the fit
 * @param evaluation the quality, null for a failure
 * @param seconds wall-clock seconds of the fit (until the failure, for a failure)
 * @param failure why the fit failed, null for a success
 * @param warnings what the method or the draw warned about, possibly empty
 * @param selection what selection decided ({@code diagnostics.selection} of the fit: the chosen
 *        method, its parameters, every candidate's held-out score and counts per fold) as JSON
 *        text, or null when the fit made no selection
 */
public record RunRecord(String dataset, int points, int clusters, String algorithm, boolean constrained, String kind,
                        SupervisionAmount amount, int supervised, int repetition, Long supervisionSeed, long runSeed,
                        Evaluation evaluation, double seconds, String failure, List<String> warnings,
                        String selection) {

    /** A record of a fit that made no selection. */
    public RunRecord(String dataset, int points, int clusters, String algorithm, boolean constrained, String kind,
                     SupervisionAmount amount, int supervised, int repetition, Long supervisionSeed, long runSeed,
                     Evaluation evaluation, double seconds, String failure, List<String> warnings) {
        this(dataset, points, clusters, algorithm, constrained, kind, amount, supervised, repetition, supervisionSeed,
                runSeed, evaluation, seconds, failure, warnings, null);
    }

    public RunRecord {
        if (dataset == null || dataset.isBlank()) {
            throw new IllegalArgumentException("Invalid run record: data set name missing");
        }
        if (algorithm == null || algorithm.isBlank()) {
            throw new IllegalArgumentException("Invalid run record: algorithm name missing");
        }
        Objects.requireNonNull(kind, "kind");
        if (points < 0 || clusters < 0 || supervised < 0) {
            throw new IllegalArgumentException("Invalid run record of " + algorithm + " on " + dataset + ": points "
                    + points + ", clusters " + clusters + ", supervised " + supervised + " (must be >= 0)");
        }
        if (repetition < 0) {
            throw new IllegalArgumentException("Invalid repetition: " + repetition + " (must be >= 0)");
        }
        if (constrained != (amount != null) || constrained != (supervisionSeed != null)) {
            throw new IllegalArgumentException("Invalid run record of " + algorithm + " on " + dataset
                    + ": a constrained run has an amount and a supervision seed, an unconstrained one neither");
        }
        if ((failure == null) == (evaluation == null)) {
            throw new IllegalArgumentException("Invalid run record of " + algorithm + " on " + dataset
                    + ": it needs either an evaluation or a failure reason");
        }
        if (!(seconds >= 0) && !Double.isNaN(seconds)) {
            throw new IllegalArgumentException("Invalid seconds: " + seconds + " (must be >= 0 or NaN)");
        }
        warnings = List.copyOf(warnings);
    }

    /** This record with {@code selection} (JSON text) as what the fit's selection decided. */
    public RunRecord withSelection(String selection) {
        return new RunRecord(dataset, points, clusters, algorithm, constrained, kind, amount, supervised, repetition,
                supervisionSeed, runSeed, evaluation, seconds, failure, warnings, selection);
    }

    /** True if the fit succeeded. */
    public boolean succeeded() {
        return failure == null;
    }

    /** True if the fit's clustering collapsed ({@link io.csc.algorithm.Collapse}), as its warnings say. */
    public boolean collapsed() {
        return warnings.stream().anyMatch(warning -> warning.startsWith(io.csc.algorithm.Collapse.WARNING_PREFIX));
    }

    /** The value of {@code measure}, NaN for a failure or a measure that does not apply. */
    public double value(Measure measure) {
        return measure.of(this);
    }
}
