package io.csc.cli;

import io.csc.api.RunContext;
import io.csc.util.ProgressListener;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** Options every computing command takes: seed, threads, and how chatty to be. */
final class CommonOptions {

    @Option(names = "--seed", defaultValue = "42", description = "Seed of all randomness (default: ${DEFAULT-VALUE}). "
            + "The same seed gives the same result on any number of threads.")
    long seed;

    @Option(names = "--threads", description = "Worker threads (default: the number of processors).")
    Integer threads;

    @Option(names = {"-q", "--quiet"}, description = "No progress on standard error.")
    boolean quiet;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    boolean verbose;

    int threadCount() {
        int count = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (count < 1) {
            throw new IllegalArgumentException("Invalid --threads: " + count + " (must be >= 1)");
        }
        return count;
    }

    ProgressListener progress(PrintWriter err) {
        return quiet ? ProgressListener.NONE : new ConsoleProgress(err);
    }

    /** A run context; the caller closes it. */
    RunContext context(PrintWriter err) {
        RunContext context = RunContext.of(seed, threadCount()).withProgress(progress(err));
        context.backend().setThreads(threadCount());
        return context;
    }
}
