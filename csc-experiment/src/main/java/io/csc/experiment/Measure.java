package io.csc.experiment;

import io.csc.metric.Evaluation;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/** The quantities an experiment reports for every run, with their keys and labels. */
public enum Measure {
    /** Clustering accuracy (Hungarian matching), in [0, 1]. */
    ACCURACY("acc", "ACC", true, Evaluation::accuracy),
    /** Normalized mutual information, in [0, 1]. */
    NMI("nmi", "NMI", true, Evaluation::nmi),
    /** Adjusted Rand index, in [-1, 1]. */
    ARI("ari", "ARI", true, Evaluation::ari),
    /** Rand index, in [0, 1]. */
    RAND_INDEX("ri", "RI", true, Evaluation::randIndex),
    /** Davies-Bouldin index on the features, lower is better. */
    DAVIES_BOULDIN("dbi", "DBI", false, Evaluation::daviesBouldin),
    /** Share of the given constraints the clustering satisfies (NaN for unconstrained methods). */
    CONSTRAINT_SATISFACTION("cons", "CONS", true, Evaluation::constraintSatisfaction),
    /** Wall-clock seconds of the fit. */
    SECONDS("seconds", "fit s", false, null);

    private final String key;
    private final String label;
    private final boolean higherIsBetter;
    private final ToDoubleFunction<Evaluation> fromEvaluation;

    Measure(String key, String label, boolean higherIsBetter, ToDoubleFunction<Evaluation> fromEvaluation) {
        this.key = key;
        this.label = label;
        this.higherIsBetter = higherIsBetter;
        this.fromEvaluation = fromEvaluation;
    }

    /** The key in CSV columns and JSON fields, e.g. {@code acc}. */
    public String key() {
        return key;
    }

    /** The label in tables and plots, e.g. {@code ACC}. */
    public String label() {
        return label;
    }

    /** Whether larger values are better. */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The value in {@code record}: NaN for a failure (a failure never counts as a zero). */
    public double of(RunRecord record) {
        if (!record.succeeded()) {
            return Double.NaN;
        }
        return this == SECONDS ? record.seconds() : fromEvaluation.applyAsDouble(record.evaluation());
    }

    /**
     * The measure with this key or label, in any letter case ({@code acc}, {@code NMI},
     * {@code time} for seconds).
     *
     * @throws IllegalArgumentException listing the keys
     */
    public static Measure parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Measure measure : values()) {
            if (measure.key.equals(wanted) || measure.label.toLowerCase(Locale.ROOT).equals(wanted)
                    || (measure == SECONDS && wanted.equals("time"))) {
                return measure;
            }
        }
        throw new IllegalArgumentException("Invalid measure '" + text + "': expected one of "
                + Arrays.stream(values()).map(Measure::key).collect(Collectors.joining(", ")));
    }

    /** Parses a comma-separated list of measures. */
    public static List<Measure> parseList(String text) {
        return Arrays.stream(text.split(",")).filter(item -> !item.isBlank()).map(Measure::parse).distinct().toList();
    }
}
