package io.csc.experiment;

import io.csc.data.Dataset;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What identifies one fit of an experiment, so that a resumed sweep recognises the fits it already
 * ran: the data set, the method with every parameter it runs with, the supervision's kind and
 * amount (none for an unconstrained method), the repetition, and the seeds of the draw and the fit.
 *
 * @param dataset the data set's name
 * @param algorithm the method's name
 * @param parameters every parameter of the method, defaults included
 * @param kind the supervision kind, as {@link SupervisionKind#text()}
 * @param amount the amount, as {@link SupervisionAmount#text()}, or null for an unconstrained method
 * @param repetition the repetition, from 0
 * @param supervisionSeed the seed of the supervision draw, null for an unconstrained method
 * @param runSeed the seed of the fit
 */
public record FitKey(String dataset, String algorithm, Map<String, String> parameters, String kind, String amount,
                     int repetition, Long supervisionSeed, long runSeed) {

    public FitKey {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /**
     * The fit of {@code algorithm} on {@code data} at {@code amount} (null: unconstrained) in
     * {@code repetition}. An active kind's amounts share one simulation, seeded for the largest.
     */
    static FitKey of(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm, SupervisionAmount amount,
                     int repetition) {
        SupervisionAmount seeded = amount == null || !plan.kind().isActive() ? amount
                : plan.amounts().stream().max(Comparator.comparingInt(a -> a.resolve(data.size()))).orElseThrow();
        return new FitKey(data.name(), algorithm.name(), algorithm.effectiveParameters(), plan.kind().text(),
                amount == null ? null : amount.text(), repetition,
                seeded == null ? null : plan.supervisionSeed(data.name(), seeded, repetition),
                plan.runSeed(data.name(), repetition));
    }

    /** The fit {@code record} describes, with the parameters {@code plan} gives its method; empty when the plan has no such method. */
    static Optional<FitKey> of(ExperimentPlan plan, RunRecord record) {
        return plan.algorithms().stream().filter(algorithm -> algorithm.name().equals(record.algorithm())).findFirst()
                .map(algorithm -> new FitKey(record.dataset(), record.algorithm(), algorithm.effectiveParameters(),
                        record.kind(), record.amount() == null ? null : record.amount().text(), record.repetition(),
                        record.supervisionSeed(), record.runSeed()));
    }

    /** The fit in words, for messages. */
    String describe() {
        return algorithm + " on " + dataset + (amount == null ? "" : " with " + kind + " " + amount) + ", repetition "
                + repetition;
    }
}
