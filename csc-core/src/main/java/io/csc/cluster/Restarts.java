package io.csc.cluster;

import io.csc.util.Parallel;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The restarts of a k-means, one after the other or side by side on a pool's threads, and the best
 * of them as one after the other would keep it: the lowest objective, the earliest restart on
 * ties. Each restart runs from its own generator, drawn before any runs, so the result does not
 * depend on how many threads share them. Side by side, each thread takes the next restart left
 * and keeps the best of its own; a thread's runs may share state ({@code worker} is asked once per
 * thread), the threads none.
 */
final class Restarts {

    private Restarts() {
    }

    /**
     * The best of {@code count} restarts.
     *
     * @param parallel the pool the restarts share when {@code sideBySide}
     * @param worker makes, once per thread, the function that runs restart number i
     * @param objective what the best minimises, read once per restart
     */
    static <R> R best(Parallel parallel, boolean sideBySide, int count, Supplier<IntFunction<R>> worker,
                      ToDoubleFunction<R> objective) {
        AtomicInteger next = new AtomicInteger();
        Callable<Candidate<R>> thread = () -> bestOfThread(worker.get(), count, next, objective);
        List<Candidate<R>> candidates;
        try {
            candidates = sideBySide ? parallel.invokeAll(Collections.nCopies(parallel.threads(), thread))
                    : List.of(thread.call());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Candidate<R> best = null;
        for (Candidate<R> candidate : candidates) {
            if (candidate != null && (best == null || candidate.isBetterThan(best))) {
                best = candidate;
            }
        }
        return best.result();
    }

    /** Takes the next restart until none is left; the best of those it ran, or null for none. */
    private static <R> Candidate<R> bestOfThread(IntFunction<R> run, int count, AtomicInteger next,
                                                 ToDoubleFunction<R> objective) {
        Candidate<R> best = null;
        for (int restart = next.getAndIncrement(); restart < count; restart = next.getAndIncrement()) {
            R result = run.apply(restart);
            Candidate<R> candidate = new Candidate<>(restart, result, objective.applyAsDouble(result));
            if (best == null || candidate.isBetterThan(best)) {
                best = candidate;
            }
        }
        return best;
    }

    /** Restart number {@code restart}, its result and its objective. */
    private record Candidate<R>(int restart, R result, double objective) {

        /** A lower objective, or the same from an earlier restart. */
        boolean isBetterThan(Candidate<R> other) {
            int order = Double.compare(objective, other.objective);
            return order < 0 || (order == 0 && restart < other.restart);
        }
    }
}
