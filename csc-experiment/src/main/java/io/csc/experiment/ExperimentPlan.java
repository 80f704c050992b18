package io.csc.experiment;

import io.csc.data.Dataset;
import io.csc.data.TruthClusters;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The evaluation protocol of the papers as one immutable value: every method on every data set,
 * at every amount of supervision, repeated with different draws; in each repetition all
 * constrained methods receive the identical draw, and the unconstrained ones run once per
 * repetition with the same run seed as the constrained ones.
 *
 * <p>Seeds come from the plan seed by hashing, never from the order or thread in which runs
 * happen: the draw of (data set, amount, repetition) from {@link #supervisionSeed}, the seed of
 * every fit in (data set, repetition) from {@link #runSeed}. They depend on the data set's name
 * and the amount's value, not on their positions, so a data set or an amount gives the same
 * results whatever else the plan holds.
 *
 * @param datasets the data sets, with ground truth, scaled as they are to be clustered; unique names
 * @param algorithms the methods; unique names
 * @param amounts the amounts of supervision, all counts or all fractions; kept ascending
 * @param kind the kind of supervision
 * @param repeats repetitions, {@code >= 1}
 * @param seed the seed of all randomness
 * @param clusters the number of clusters, or null for the number of classes of each data set
 */
public record ExperimentPlan(List<Dataset> datasets, List<AlgorithmConfiguration> algorithms,
                             List<SupervisionAmount> amounts, SupervisionKind kind, int repeats, long seed,
                             Integer clusters) {

    /** The repetitions of the papers' tables. */
    public static final int DEFAULT_REPEATS = 10;

    private static final long SUPERVISION_STREAM = 0x5EED_0001L;
    private static final long RUN_STREAM = 0x5EED_0002L;

    public ExperimentPlan {
        datasets = List.copyOf(datasets);
        algorithms = List.copyOf(algorithms);
        List<SupervisionAmount> sorted = new ArrayList<>(amounts);
        sorted.sort(null);
        amounts = List.copyOf(sorted);
        if (datasets.isEmpty()) {
            throw new IllegalArgumentException("Invalid experiment: no data sets (give at least one)");
        }
        if (algorithms.isEmpty()) {
            throw new IllegalArgumentException("Invalid experiment: no algorithms (give at least one)");
        }
        if (amounts.isEmpty()) {
            throw new IllegalArgumentException("Invalid experiment: no supervision amounts (give at least one)");
        }
        if (kind == null) {
            throw new IllegalArgumentException("Invalid experiment: supervision kind missing");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("Invalid repeats: " + repeats + " (must be >= 1)");
        }
        if (clusters != null && clusters < 1) {
            throw new IllegalArgumentException("Invalid k: " + clusters + " (must be >= 1)");
        }
        if (amounts.stream().map(SupervisionAmount::fraction).distinct().count() > 1) {
            throw new IllegalArgumentException("Invalid supervision amounts " + amounts
                    + ": give all counts or all fractions, so that they share one axis");
        }
        if (new HashSet<>(amounts).size() != amounts.size()) {
            throw new IllegalArgumentException("Invalid supervision amounts " + amounts + ": an amount is repeated");
        }
        Set<String> names = new HashSet<>();
        for (Dataset data : datasets) {
            if (!names.add(data.name())) {
                throw new IllegalArgumentException("Invalid experiment: the data set " + data.name() + " is given twice");
            }
            if (!data.hasLabels()) {
                throw new IllegalArgumentException("Data set " + data.name() + " has no ground truth: an experiment "
                        + "draws supervision from it and scores against it (give a CSV with a label column)");
            }
            if (data.size() == 0) {
                throw new IllegalArgumentException("Data set " + data.name() + " has no points");
            }
            if (clusters == null) {
                TruthClusters.of(data); // refuses labels that are not classes before any run
            }
            for (SupervisionAmount amount : amounts) {
                kind.checkCount(data.name(), data.size(), amount.resolve(data.size()));
            }
        }
        Set<String> methods = new HashSet<>();
        for (AlgorithmConfiguration algorithm : algorithms) {
            if (!methods.add(algorithm.name())) {
                throw new IllegalArgumentException("Invalid experiment: the algorithm " + algorithm.name()
                        + " is given twice");
            }
        }
    }

    /** The number of clusters asked of the methods on {@code data}: k, or its number of classes. */
    public int clustersFor(Dataset data) {
        return clusters != null ? clusters : TruthClusters.of(data);
    }

    /** The constrained methods, in plan order. */
    public List<AlgorithmConfiguration> constrainedAlgorithms() {
        return algorithms.stream().filter(AlgorithmConfiguration::constrained).toList();
    }

    /** The unconstrained methods, in plan order. */
    public List<AlgorithmConfiguration> unconstrainedAlgorithms() {
        return algorithms.stream().filter(algorithm -> !algorithm.constrained()).toList();
    }

    /**
     * How many fits the plan makes: per data set and repetition, one per unconstrained method and
     * one per constrained method and amount.
     */
    public long runCount() {
        long perRepetition = unconstrainedAlgorithms().size() + (long) constrainedAlgorithms().size() * amounts.size();
        return (long) datasets.size() * repeats * perRepetition;
    }

    /** The seed of the supervision drawn for {@code dataset} at {@code amount} in {@code repetition}. */
    public long supervisionSeed(String dataset, SupervisionAmount amount, int repetition) {
        return mix(seed, SUPERVISION_STREAM, textHash(dataset), textHash(amount.text()), repetition);
    }

    /** The seed of every fit on {@code dataset} in {@code repetition}, the same for every method and amount. */
    public long runSeed(String dataset, int repetition) {
        return mix(seed, RUN_STREAM, textHash(dataset), 0, repetition);
    }

    /** The supervision every constrained method receives on {@code data} at {@code amount} in {@code repetition}. */
    public SupervisionDraw supervision(Dataset data, SupervisionAmount amount, int repetition) {
        return kind.draw(data.labels(), data.classCount(), amount.resolve(data.size()),
                new SplittableRandom(supervisionSeed(data.name(), amount, repetition)));
    }

    /** SplitMix64's finalizer applied over the parts in order. */
    private static long mix(long... parts) {
        long hash = 0x9E3779B97F4A7C15L;
        for (long part : parts) {
            hash = finalizer(hash ^ finalizer(part + 0x9E3779B97F4A7C15L));
        }
        return hash;
    }

    private static long finalizer(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** 64-bit FNV-1a over the UTF-16 units of {@code text}: stable across JVMs and runs. */
    private static long textHash(String text) {
        long hash = 0xCBF29CE484222325L;
        for (int t = 0; t < text.length(); t++) {
            hash ^= text.charAt(t);
            hash *= 0x100000001B3L;
        }
        return hash;
    }
}
