package io.csc.experiment;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * What {@link SupervisionBenefit} compares: the baselines, the margin under which a difference is
 * a tie, and the measure.
 *
 * @param baselines the methods every constrained method is compared with, at least one, distinct;
 *        the first is the reference of the worst deficit and of the per-condition differences
 * @param tie the margin: a difference of at most this much either way is a tie (finite, {@code >= 0})
 * @param measure the measure compared (its direction counts: for DBI lower is better)
 */
public record BenefitOptions(List<String> baselines, double tie, Measure measure) {

    /** The baselines when none are given. */
    public static final List<String> DEFAULT_BASELINES = List.of("njw", "cop-kmeans");
    /** The tie margin when none is given. */
    public static final double DEFAULT_TIE = 0.01;

    /** Validates the options. */
    public BenefitOptions {
        Objects.requireNonNull(measure, "measure");
        if (baselines == null || baselines.isEmpty()) {
            throw new IllegalArgumentException("Invalid baselines: none (give at least one, e.g. njw)");
        }
        baselines = List.copyOf(baselines);
        if (new HashSet<>(baselines).size() != baselines.size()) {
            throw new IllegalArgumentException("Invalid baselines: " + String.join(",", baselines)
                    + " (a method is given twice)");
        }
        if (!(tie >= 0) || Double.isInfinite(tie)) {
            throw new IllegalArgumentException("Invalid tie margin: " + tie + " (must be a finite number >= 0, e.g. 0.01)");
        }
    }

    /** njw and cop-kmeans, a tie within 0.01, on ACC. */
    public static BenefitOptions defaults() {
        return new BenefitOptions(DEFAULT_BASELINES, DEFAULT_TIE, Measure.ACCURACY);
    }

    /** The reference baseline: the first. */
    public String reference() {
        return baselines.get(0);
    }
}
