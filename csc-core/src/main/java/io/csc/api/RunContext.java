package io.csc.api;

import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ParallelBackend;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * What one run of an algorithm may use besides its data and options: the seed of all its
 * randomness, the worker threads, the linear-algebra backend, and where to report progress.
 *
 * <p>The same seed gives the same labels on any number of threads. A context owns its thread
 * pool: close it when done, or use {@link #sequential(long)} for single-threaded runs.
 *
 * <p>The context is all the state a run has: its backend computes its matrix products on the
 * context's own threads ({@link ParallelBackend}), and nothing in the library holds a process-wide
 * thread count or backend, so runs with different contexts can share a JVM (a server, an
 * experiment running its repetitions in parallel) without affecting one another.
 */
public final class RunContext implements AutoCloseable {

    private final long seed;
    private final Parallel parallel;
    private final ParallelBackend backend;
    private final ProgressListener progress;
    private final NeighbourSearch neighbourSearch;
    private final RunNotes notes;

    private RunContext(long seed, Parallel parallel, LinearAlgebraBackend backend, ProgressListener progress,
                       NeighbourSearch neighbourSearch, RunNotes notes) {
        this.seed = seed;
        this.parallel = parallel;
        this.backend = ParallelBackend.over(backend, parallel);
        this.progress = progress;
        this.neighbourSearch = Objects.requireNonNull(neighbourSearch, "neighbourSearch");
        this.notes = Objects.requireNonNull(notes, "notes");
    }

    /**
     * A context with {@code threads} workers, the {@link LinearAlgebra#defaultBackend() default
     * backend} and no progress output.
     */
    public static RunContext of(long seed, int threads) {
        return of(seed, threads, LinearAlgebra.defaultBackend());
    }

    /** A context with {@code threads} workers, {@code backend}'s kernels and no progress output. */
    public static RunContext of(long seed, int threads, LinearAlgebraBackend backend) {
        return new RunContext(seed, Parallel.withThreads(threads), backend, ProgressListener.NONE, NeighbourSearch.AUTO,
                RunNotes.NONE);
    }

    /** A single-threaded context with the default backend. */
    public static RunContext sequential(long seed) {
        return of(seed, 1);
    }

    /** The same threads and backend with another progress listener. */
    public RunContext withProgress(ProgressListener listener) {
        return new RunContext(seed, parallel, backend, listener, neighbourSearch, notes);
    }

    /** The same threads and progress listener with another seed. */
    public RunContext withSeed(long newSeed) {
        return new RunContext(newSeed, parallel, backend, progress, neighbourSearch, notes);
    }

    /** The same context with another backend (tests run on both). */
    public RunContext withBackend(LinearAlgebraBackend newBackend) {
        return new RunContext(seed, parallel, newBackend, progress, neighbourSearch, notes);
    }

    /** The same context finding k-NN graphs' neighbours by {@code search}. */
    public RunContext withNeighbourSearch(NeighbourSearch search) {
        return new RunContext(seed, parallel, backend, progress, search, notes);
    }

    /** The same context recording its building blocks' facts into {@code newNotes}. */
    public RunContext withNotes(RunNotes newNotes) {
        return new RunContext(seed, parallel, backend, progress, neighbourSearch, newNotes);
    }

    /** How k-NN graphs find their neighbours ({@link NeighbourSearch#AUTO} unless set). */
    public NeighbourSearch neighbourSearch() {
        return neighbourSearch;
    }

    /** Where building blocks record facts for the run's diagnostics ({@link RunNotes#NONE} unless set). */
    public RunNotes notes() {
        return notes;
    }

    public long seed() {
        return seed;
    }

    /** A fresh generator seeded from the run's seed; split it for independent streams. */
    public SplittableRandom random() {
        return new SplittableRandom(seed);
    }

    public Parallel parallel() {
        return parallel;
    }

    public int threads() {
        return parallel.threads();
    }

    /** The run's backend: its matrix products run on this context's threads. */
    public LinearAlgebraBackend backend() {
        return backend;
    }

    public ProgressListener progress() {
        return progress;
    }

    /** Closes the thread pool. Contexts derived with {@code with*} share it. */
    @Override
    public void close() {
        parallel.close();
    }
}
