package io.csc.util;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of worker threads owned by the library, and deterministic parallel loops over it.
 *
 * <p>Work is always split into chunks whose boundaries depend only on the problem size and the
 * grain, never on the number of threads, and reductions combine chunk results in chunk order. A
 * computation therefore gives bit-identical results on 1 or on 16 threads.
 *
 * <p>With one thread, loops run on the calling thread and no pool is created. With more, the
 * calling thread runs chunks too, beside {@code threads - 1} workers. A loop started from inside a
 * chunk of any {@code Parallel}'s loop (nested parallelism, for example an operator whose product is
 * itself parallel, applied from a parallel loop) runs its chunks on that thread, in chunk order: a
 * fixed pool whose workers all wait for queued subtasks would otherwise deadlock. The chunks and
 * hence the results are the same either way.
 */
public final class Parallel implements AutoCloseable {

    /** Body of a loop over the half-open range {@code [from, to)} of one chunk. */
    @FunctionalInterface
    public interface RangeBody {
        void run(int from, int to);
    }

    /** Body of a loop over one chunk that returns a partial result. */
    @FunctionalInterface
    public interface RangeFunction<T> {
        T apply(int from, int to);
    }

    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    /** Set on the worker threads of every pool, and on a caller while it runs chunks: nested loops run inline. */
    private static final ThreadLocal<Boolean> IN_WORKER = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private final int threads;
    private final ExecutorService pool;

    private Parallel(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("Invalid thread count: " + threads + " (must be >= 1)");
        }
        this.threads = threads;
        if (threads == 1) {
            this.pool = null;
        } else {
            int poolNumber = POOL_NUMBER.incrementAndGet();
            AtomicInteger threadNumber = new AtomicInteger();
            ThreadFactory factory = runnable -> {
                Runnable marked = () -> {
                    IN_WORKER.set(Boolean.TRUE);
                    runnable.run();
                };
                Thread thread = new Thread(marked, "csc-" + poolNumber + "-worker-" + threadNumber.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            };
            this.pool = Executors.newFixedThreadPool(threads, factory);
        }
    }

    /** A pool of {@code threads} workers; {@code threads == 1} runs everything on the caller. */
    public static Parallel withThreads(int threads) {
        return new Parallel(threads);
    }

    /** A pool with one worker per available processor. */
    public static Parallel allProcessors() {
        return new Parallel(Runtime.getRuntime().availableProcessors());
    }

    /** The single-threaded executor (no pool). */
    public static Parallel sequential() {
        return new Parallel(1);
    }

    public int threads() {
        return threads;
    }

    /** Runs {@code body} over {@code [0, n)} split into chunks of {@code grain} indices. */
    public void forRange(int n, int grain, RangeBody body) {
        map(n, grain, (from, to) -> {
            body.run(from, to);
            return null;
        });
    }

    /**
     * Applies {@code function} to the chunks of {@code [0, n)} of size {@code grain} (the last
     * may be shorter) and returns the results in chunk order.
     */
    public <T> List<T> map(int n, int grain, RangeFunction<T> function) {
        if (grain < 1) {
            throw new IllegalArgumentException("Invalid grain: " + grain + " (must be >= 1)");
        }
        if (n < 0) {
            throw new IllegalArgumentException("Invalid range size: " + n + " (must be >= 0)");
        }
        int chunks = (int) ((n + (long) grain - 1) / grain);
        List<T> results = new ArrayList<>(chunks);
        if (pool == null || chunks <= 1 || IN_WORKER.get()) {
            for (int chunk = 0; chunk < chunks; chunk++) {
                int from = chunk * grain;
                results.add(function.apply(from, Math.min(n, from + grain)));
            }
            return results;
        }
        return shared(n, grain, chunks, function);
    }

    /**
     * Runs the chunks on the caller and {@code threads - 1} helpers of the pool, each taking the
     * next chunk not yet taken, and stores each result at its chunk's index: the results are those
     * of running the chunks in order. A loop thus costs at most {@code threads - 1} submissions,
     * not one per chunk (with chunks of 4,096 entries a Lanczos step over 70,000 points is dozens
     * of loops of 18 chunks each), and the caller works instead of waiting. Nested loops inside a
     * chunk run inline on whichever thread runs it.
     *
     * <p>The caller returns once every chunk is counted done, by the runner that took it: a helper
     * that starts late finds nothing left and touches nothing. (A running {@code FutureTask} still
     * cancels, so futures cannot say whether a helper is done.) After a failure, or an interrupt of
     * the caller, the chunks not yet begun are counted without running; the first failure in chunk
     * order is thrown, or an {@link IllegalStateException} with the caller's interrupt flag set.
     */
    private <T> List<T> shared(int n, int grain, int chunks, RangeFunction<T> function) {
        Object[] results = new Object[chunks];
        Throwable[] failures = new Throwable[chunks];
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean failed = new AtomicBoolean();
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(chunks);
        Runnable runner = () -> {
            for (int chunk = next.getAndIncrement(); chunk < chunks; chunk = next.getAndIncrement()) {
                if (!failed.get() && Thread.currentThread().isInterrupted()) {
                    interrupted.set(true);
                    failed.set(true);
                }
                if (!failed.get()) {
                    int from = chunk * grain;
                    try {
                        results[chunk] = function.apply(from, Math.min(n, from + grain));
                    } catch (RuntimeException | Error e) {
                        failures[chunk] = e;
                        failed.set(true);
                    }
                }
                done.countDown();
            }
        };
        int helpers = Math.min(threads, chunks) - 1;
        List<Future<?>> futures = new ArrayList<>(helpers);
        for (int helper = 0; helper < helpers; helper++) {
            futures.add(submitted(() -> {
                runner.run();
                return null;
            }));
        }
        IN_WORKER.set(Boolean.TRUE);
        try {
            runner.run();
        } finally {
            IN_WORKER.set(Boolean.FALSE);
        }
        // an interrupted caller stops new chunks but still waits for those running: they may use
        // what the caller frees on the way out (a native copy of an operand)
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted.set(true);
                failed.set(true);
            }
        }
        for (Future<?> future : futures) {
            future.cancel(false);
        }
        if (interrupted.get()) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted");
        }
        for (Throwable failure : failures) {
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (failure instanceof Error error) {
                throw error;
            }
        }
        List<T> ordered = new ArrayList<>(chunks);
        for (Object result : results) {
            @SuppressWarnings("unchecked")
            T typed = (T) result;
            ordered.add(typed);
        }
        return ordered;
    }

    /** Runs independent tasks, returning their results in submission order. */
    public <T> List<T> invokeAll(List<? extends java.util.concurrent.Callable<T>> tasks) {
        List<T> results = new ArrayList<>(tasks.size());
        if (pool == null || IN_WORKER.get()) {
            for (var task : tasks) {
                try {
                    results.add(task.call());
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            return results;
        }
        List<Future<T>> futures = new ArrayList<>(tasks.size());
        for (var task : tasks) {
            futures.add(submitted(task));
        }
        for (Future<T> future : futures) {
            results.add(await(future));
        }
        return results;
    }

    /**
     * {@code task} submitted to the pool; a pool already shut down (the run's context was closed, and
     * the context used again) is named as such rather than as the executor's rejection.
     */
    private <T> Future<T> submitted(java.util.concurrent.Callable<T> task) {
        try {
            return pool.submit(task);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            throw new IllegalStateException("The thread pool of this run is closed (its RunContext was closed): "
                    + "use a RunContext only until it is closed", closed);
        }
    }

    /**
     * A grain that splits {@code n} into at most 64 chunks, none smaller than {@code minimum}. It
     * depends only on {@code n}, never on the thread count, so results stay deterministic.
     */
    public static int grainFor(int n, int minimum) {
        return Math.max(minimum, (n + 63) / 64);
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
