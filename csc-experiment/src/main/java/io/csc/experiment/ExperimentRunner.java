package io.csc.experiment;

import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.Evaluation;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs an {@link ExperimentPlan}: one task per data set, repetition and amount (plus one per data
 * set and repetition for the unconstrained methods), as independent tasks on a pool of
 * {@code threads} workers. Every fit runs in its own single-threaded {@link RunContext} with the
 * seed the plan gives it, so the records do not depend on the thread count (their times aside).
 *
 * <p>A fit that throws (a method refusing the size, a solver that does not converge, running out
 * of memory) becomes a failed {@link RunRecord} with the reason; the sweep goes on.
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
        Map<String, ClusteringAlgorithm> methods = new HashMap<>();
        for (AlgorithmConfiguration algorithm : plan.algorithms()) {
            methods.put(algorithm.name(), algorithm.create());
        }
        long total = plan.runCount();
        String stage = "experiment: " + total + " fits on " + plan.datasets().size() + " data set"
                + (plan.datasets().size() == 1 ? "" : "s") + " with " + threads + " thread" + (threads == 1 ? "" : "s");
        AtomicLong done = new AtomicLong();
        Runnable fitDone = () -> progress.progress(stage, done.incrementAndGet(), total);
        progress.progress(stage, 0, total);
        // Repetitions outermost: every stretch of the queue mixes all data sets and methods, so that
        // the progress (and its estimate of the time left) moves evenly. The order of the records
        // is fixed afterwards.
        List<Callable<List<RunRecord>>> tasks = new ArrayList<>();
        for (int repetition = 0; repetition < plan.repeats(); repetition++) {
            for (Dataset data : plan.datasets()) {
                int r = repetition;
                if (!plan.unconstrainedAlgorithms().isEmpty()) {
                    tasks.add(() -> unconstrainedRuns(plan, data, r, methods, fitDone));
                }
                if (!plan.constrainedAlgorithms().isEmpty()) {
                    for (SupervisionAmount amount : plan.amounts()) {
                        tasks.add(() -> constrainedRuns(plan, data, amount, r, methods, fitDone));
                    }
                }
            }
        }
        List<RunRecord> records = new ArrayList<>();
        try (Parallel parallel = Parallel.withThreads(threads)) {
            for (List<RunRecord> taskRecords : parallel.invokeAll(tasks)) {
                records.addAll(taskRecords);
            }
        }
        records.sort(order(plan));
        return List.copyOf(records);
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

    private static List<RunRecord> unconstrainedRuns(ExperimentPlan plan, Dataset data, int repetition,
                                                     Map<String, ClusteringAlgorithm> methods, Runnable fitDone) {
        List<RunRecord> records = new ArrayList<>();
        ConstraintSet none = ConstraintSet.empty(data.size());
        for (AlgorithmConfiguration algorithm : plan.unconstrainedAlgorithms()) {
            records.add(fit(plan, data, algorithm, methods.get(algorithm.name()), null, none, List.of(), repetition));
            fitDone.run();
        }
        return records;
    }

    private static List<RunRecord> constrainedRuns(ExperimentPlan plan, Dataset data, SupervisionAmount amount,
                                                   int repetition, Map<String, ClusteringAlgorithm> methods,
                                                   Runnable fitDone) {
        List<RunRecord> records = new ArrayList<>();
        SupervisionDraw draw = null;
        String drawFailure = null;
        try {
            draw = plan.supervision(data, amount, repetition);
        } catch (RuntimeException e) {
            drawFailure = "drawing the supervision failed: " + reason(e);
        }
        for (AlgorithmConfiguration algorithm : plan.constrainedAlgorithms()) {
            if (draw == null) {
                records.add(record(plan, data, algorithm, amount, repetition, null, Double.NaN, drawFailure, List.of()));
            } else {
                records.add(fit(plan, data, algorithm, methods.get(algorithm.name()), amount, draw.constraints(),
                        draw.notes(), repetition));
            }
            fitDone.run();
        }
        return records;
    }

    private static RunRecord fit(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm,
                                 ClusteringAlgorithm method, SupervisionAmount amount, ConstraintSet constraints,
                                 List<String> notes, int repetition) {
        long start = System.nanoTime();
        ClusteringResult result;
        try (RunContext context = RunContext.of(plan.runSeed(data.name(), repetition), 1)) {
            result = method.fit(data, constraints, plan.clustersFor(data), context);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return record(plan, data, algorithm, amount, repetition, null, (System.nanoTime() - start) / 1e9,
                    reason(e), notes);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> warnings = new ArrayList<>(notes);
        warnings.addAll(result.diagnostics().warnings());
        try {
            Evaluation evaluation = Evaluation.of(data, amount == null ? null : constraints, result.labels());
            return record(plan, data, algorithm, amount, repetition, evaluation, seconds, null, warnings);
        } catch (RuntimeException e) {
            return record(plan, data, algorithm, amount, repetition, null, seconds,
                    "evaluating the result failed: " + reason(e), warnings);
        }
    }

    private static RunRecord record(ExperimentPlan plan, Dataset data, AlgorithmConfiguration algorithm,
                                    SupervisionAmount amount, int repetition, Evaluation evaluation, double seconds,
                                    String failure, List<String> warnings) {
        return new RunRecord(data.name(), data.size(), plan.clustersFor(data), algorithm.name(),
                algorithm.constrained(), plan.kind().text(), amount, amount == null ? 0 : amount.resolve(data.size()),
                repetition, amount == null ? null : plan.supervisionSeed(data.name(), amount, repetition),
                plan.runSeed(data.name(), repetition), evaluation, seconds, failure, warnings);
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
