package io.csc.experiment;

import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.Evaluation;
import io.csc.util.JsonFormat;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Runs an {@link ExperimentPlan}: one task per data set, repetition and amount (plus one per data
 * set and repetition for the unconstrained methods), as independent tasks on a pool of
 * {@code threads} workers. Every fit runs in its own single-threaded {@link RunContext} with the
 * seed the plan gives it, so the records do not depend on the thread count (their times aside).
 *
 * <p>A fit that throws (a method refusing the size, a solver that does not converge, running out
 * of memory) becomes a failed {@link RunRecord} with the reason; the sweep goes on. Each record is
 * handed on as its fit completes ({@link RunJournal} appends it to the records file), and a resumed
 * sweep runs only the fits ({@link FitKey}) its journal does not hold.
 */
public final class ExperimentRunner {

    private final int threads;
    private final ProgressListener progress;

    /**
     * @param threads worker threads running repetitions in parallel, {@code >= 1}
     * @param progress receives the number of fits done out of {@link ExperimentPlan#runCount()}
     */
    public ExperimentRunner(int threads, ProgressListener progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("Invalid thread count: " + threads + " (must be >= 1)");
        }
        this.threads = threads;
        this.progress = progress == null ? ProgressListener.NONE : progress;
    }

    /**
     * Runs every fit of {@code plan} and returns the records ordered by data set, algorithm (both
     * in plan order), amount (unconstrained first, then ascending) and repetition.
     */
    public List<RunRecord> run(ExperimentPlan plan) {
        return run(plan, List.of(), record -> { });
    }

    /**
     * Runs the fits of {@code plan} that {@code finished} does not hold, hands each record to
     * {@code completed} as soon as its fit ends (one call at a time, from the worker threads), and
     * returns the finished and the new records together, in the order of {@link #run(ExperimentPlan)}.
     * The fits of a resumed sweep are exactly those of an uninterrupted one: every draw and seed
     * comes from the plan, never from what ran before.
     *
     * @param finished the records of fits of this plan that ran before (a resumed sweep's)
     * @throws IllegalArgumentException when a finished record is not a fit of {@code plan}
     */
    public List<RunRecord> run(ExperimentPlan plan, List<RunRecord> finished, Consumer<RunRecord> completed) {
        Map<FitKey, RunRecord> done = finishedFits(plan, finished);
        Map<String, ClusteringAlgorithm> methods = new HashMap<>();
        for (AlgorithmConfiguration algorithm : plan.algorithms()) {
            methods.put(algorithm.name(), algorithm.create());
        }
        long total = plan.runCount();
        String stage = "experiment: " + total + " fits on " + plan.datasets().size() + " data set"
                + (plan.datasets().size() == 1 ? "" : "s") + " with " + threads + " thread" + (threads == 1 ? "" : "s")
                + (done.isEmpty() ? "" : ", " + done.size() + " done before");
        AtomicLong count = new AtomicLong(done.size());
        Fits fits = new Fits(plan, methods, done.keySet(), record -> {
            synchronized (completed) {
                completed.accept(record);
            }
            progress.progress(stage, count.incrementAndGet(), total);
        });
        progress.progress(stage, count.get(), total);
        // Repetitions outermost: every stretch of the queue mixes all data sets and methods, so that
        // the progress (and its estimate of the time left) moves evenly. The order of the records
        // is fixed afterwards.
        List<Callable<List<RunRecord>>> tasks = new ArrayList<>();
        for (int repetition = 0; repetition < plan.repeats(); repetition++) {
            for (Dataset data : plan.datasets()) {
                int r = repetition;
                if (!plan.unconstrainedAlgorithms().isEmpty()) {
                    tasks.add(() -> fits.unconstrained(data, r));
                }
                if (!plan.constrainedAlgorithms().isEmpty() && plan.kind().isActive()) {
                    tasks.add(() -> activeRuns(plan, data, r, methods, fits));
                } else if (!plan.constrainedAlgorithms().isEmpty()) {
                    for (SupervisionAmount amount : plan.amounts()) {
                        tasks.add(() -> fits.constrained(data, amount, r));
                    }
                }
            }
        }
        List<RunRecord> records = new ArrayList<>(done.values());
        try (Parallel parallel = Parallel.withThreads(threads)) {
            for (List<RunRecord> taskRecords : parallel.invokeAll(tasks)) {
                records.addAll(taskRecords);
            }
        }
        records.sort(order(plan));
        return List.copyOf(records);
    }

    /** The finished records by their fit; each must be a fit of {@code plan}. */
    private static Map<FitKey, RunRecord> finishedFits(ExperimentPlan plan, List<RunRecord> finished) {
        Set<FitKey> planned = new HashSet<>();
        for (Dataset data : plan.datasets()) {
            for (int repetition = 0; repetition < plan.repeats(); repetition++) {
                for (AlgorithmConfiguration algorithm : plan.unconstrainedAlgorithms()) {
                    planned.add(FitKey.of(plan, data, algorithm, null, repetition));
                }
                for (AlgorithmConfiguration algorithm : plan.constrainedAlgorithms()) {
                    for (SupervisionAmount amount : plan.amounts()) {
                        planned.add(FitKey.of(plan, data, algorithm, amount, repetition));
                    }
                }
            }
        }
        Map<FitKey, RunRecord> done = new LinkedHashMap<>();
        for (RunRecord record : finished) {
            FitKey key = FitKey.of(plan, record).filter(planned::contains).orElseThrow(() -> new IllegalArgumentException(
                    "The finished fit of " + record.algorithm() + " on " + record.dataset() + ", repetition "
                            + record.repetition() + ", is not a fit of this plan: the sweep was made with other options"));
            done.putIfAbsent(key, record);
        }
        return done;
    }

    private static Comparator<RunRecord> order(ExperimentPlan plan) {
        Map<String, Integer> datasetIndex = new HashMap<>();
        for (Dataset data : plan.datasets()) {
            datasetIndex.put(data.name(), datasetIndex.size());
        }
        Map<String, Integer> algorithmIndex = new HashMap<>();
        for (AlgorithmConfiguration algorithm : plan.algorithms()) {
            algorithmIndex.put(algorithm.name(), algorithmIndex.size());
        }
        return Comparator.<RunRecord>comparingInt(record -> datasetIndex.get(record.dataset()))
                .thenComparingInt(record -> algorithmIndex.get(record.algorithm()))
                .thenComparing(RunRecord::amount, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparingInt(RunRecord::repetition);
    }

    /** The fits of one plan still to run, each record handed on as soon as its fit ends. */
    private record Fits(ExperimentPlan plan, Map<String, ClusteringAlgorithm> methods, Set<FitKey> done,
                        Consumer<RunRecord> completed) {

        List<RunRecord> unconstrained(Dataset data, int repetition) {
            List<RunRecord> records = new ArrayList<>();
            ConstraintSet none = ConstraintSet.empty(data.size());
            for (AlgorithmConfiguration algorithm : plan.unconstrainedAlgorithms()) {
                if (!done.contains(FitKey.of(plan, data, algorithm, null, repetition))) {
                    records.add(completed(fit(plan, data, algorithm, methods.get(algorithm.name()), null, none,
                            List.of(), repetition)));
                }
            }
            return records;
        }

        List<RunRecord> constrained(Dataset data, SupervisionAmount amount, int repetition) {
            List<AlgorithmConfiguration> remaining = plan.constrainedAlgorithms().stream()
                    .filter(algorithm -> !done.contains(FitKey.of(plan, data, algorithm, amount, repetition))).toList();
            List<RunRecord> records = new ArrayList<>();
            if (remaining.isEmpty()) {
                return records;
            }
            SupervisionDraw draw = null;
            String drawFailure = null;
            try {
                draw = plan.supervision(data, amount, repetition);
            } catch (RuntimeException e) {
                drawFailure = "drawing the supervision failed: " + reason(e);
            }
            for (AlgorithmConfiguration algorithm : remaining) {
                records.add(completed(draw == null
                        ? record(plan, data, algorithm, amount, repetition, null, Double.NaN, drawFailure, List.of())
                        : fit(plan, data, algorithm, methods.get(algorithm.name()), amount, draw.constraints(),
                                draw.notes(), repetition)));
            }
            return records;
        }

        private RunRecord completed(RunRecord record) {
            completed.accept(record);
            return record;
        }
    }

    /**
     * The runs of an active kind on one data set and repetition: one simulation up to the largest
     * amount (per method when the strategy sees the clustering), each amount fitted with the first
     * answers. The records' supervision seed is the simulation's. Amounts a resumed sweep has
     * finished are not fitted again.
     */
    private static List<RunRecord> activeRuns(ExperimentPlan plan, Dataset data, int repetition,
                                              Map<String, ClusteringAlgorithm> methods, Fits fits) {
        List<RunRecord> records = new ArrayList<>();
        SupervisionAmount largest = plan.amounts().stream()
                .max(Comparator.comparingInt(amount -> amount.resolve(data.size()))).orElseThrow();
        long seed = plan.supervisionSeed(data.name(), largest, repetition);
        boolean perMethod = io.csc.active.QueryStrategies.byName(plan.kind().strategy()).usesClustering();
        io.csc.active.AnswerLog shared = null;
        for (AlgorithmConfiguration algorithm : plan.constrainedAlgorithms()) {
            List<SupervisionAmount> remaining = plan.amounts().stream()
                    .filter(amount -> !fits.done().contains(FitKey.of(plan, data, algorithm, amount, repetition)))
                    .toList();
            if (remaining.isEmpty()) {
                continue;
            }
            ClusteringAlgorithm method = methods.get(algorithm.name());
            io.csc.active.AnswerLog log = shared;
            String failure = null;
            try {
                if (log == null) {
                    log = ActiveDraws.simulate(plan.kind(), data, plan.clustersFor(data), largest.resolve(data.size()),
                            method, seed, plan.runSeed(data.name(), repetition));
                    shared = perMethod ? null : log;
                }
            } catch (RuntimeException e) {
                failure = "asking the questions failed: " + reason(e);
            }
            for (SupervisionAmount amount : remaining) {
                if (log == null) {
                    records.add(fits.completed(record(plan, data, algorithm, amount, repetition, null, Double.NaN,
                            failure, List.of(), seed)));
                } else {
                    int count = amount.resolve(data.size());
                    List<String> notes = log.size() < count ? List.of("only " + log.size()
                            + " questions were left to ask: every other pair is implied by the answers") : List.of();
                    records.add(fits.completed(fit(plan, data, algorithm, method, amount,
                            log.firstAnswers(count).supervision(plan.clustersFor(data)), notes, repetition, seed)));
                }
            }
        }
        return records;
    }

    private static RunRecord fit(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm,
                                 ClusteringAlgorithm method, SupervisionAmount amount, ConstraintSet constraints,
                                 List<String> notes, int repetition) {
        return fit(plan, data, algorithm, method, amount, constraints, notes, repetition,
                amount == null ? null : plan.supervisionSeed(data.name(), amount, repetition));
    }

    private static RunRecord fit(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm,
                                 ClusteringAlgorithm method, SupervisionAmount amount, ConstraintSet constraints,
                                 List<String> notes, int repetition, Long supervisionSeed) {
        long start = System.nanoTime();
        ClusteringResult result;
        try (RunContext context = RunContext.of(plan.runSeed(data.name(), repetition), 1)) {
            result = method.fit(data, constraints, plan.clustersFor(data), context);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return record(plan, data, algorithm, amount, repetition, null, (System.nanoTime() - start) / 1e9,
                    reason(e), notes, supervisionSeed);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> warnings = new ArrayList<>(notes);
        warnings.addAll(result.diagnostics().warnings());
        try {
            Evaluation evaluation = Evaluation.of(data, amount == null ? null : constraints, result.labels());
            RunRecord record = record(plan, data, algorithm, amount, repetition, evaluation, seconds, null, warnings,
                    supervisionSeed);
            Object selection = result.diagnostics().value("selection");
            return selection == null ? record : record.withSelection(JsonFormat.write(selection));
        } catch (RuntimeException e) {
            return record(plan, data, algorithm, amount, repetition, null, seconds,
                    "evaluating the result failed: " + reason(e), warnings, supervisionSeed);
        }
    }

    private static RunRecord record(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm,
                                    SupervisionAmount amount, int repetition, Evaluation evaluation, double seconds,
                                    String failure, List<String> warnings) {
        return record(plan, data, algorithm, amount, repetition, evaluation, seconds, failure, warnings,
                amount == null ? null : plan.supervisionSeed(data.name(), amount, repetition));
    }

    private static RunRecord record(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm,
                                    SupervisionAmount amount, int repetition, Evaluation evaluation, double seconds,
                                    String failure, List<String> warnings, Long supervisionSeed) {
        return new RunRecord(data.name(), data.size(), plan.clustersFor(data), algorithm.name(),
                algorithm.constrained(), plan.kind().text(), amount, amount == null ? 0 : amount.resolve(data.size()),
                repetition, supervisionSeed, plan.runSeed(data.name(), repetition), evaluation, seconds, failure, warnings);
    }

    /**
     * A one-line reason: the message of a refusal (a bad parameter, data the method cannot
     * cluster, no convergence), otherwise a plain "internal error" with no exception's own text.
     */
    static String reason(Throwable failure) {
        String message = failure.getMessage();
        String text;
        if (failure instanceof OutOfMemoryError) {
            text = "out of memory (give the JVM more with JAVA_OPTS=-Xmx8g)";
        } else if (failure instanceof StackOverflowError) {
            text = "stack overflow";
        } else if (message == null || message.isBlank() || !(failure instanceof IllegalArgumentException
                || failure instanceof IllegalStateException || failure instanceof io.csc.linalg.NonConvergenceException
                || failure instanceof io.csc.data.DataException)) {
            text = "internal error (run this method alone with csc cluster --verbose for the details)";
        } else {
            text = message;
        }
        return text.replace('\n', ' ').replace('\r', ' ').strip();
    }
}
