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

    @Option(names = "--threads", description = "Worker threads (default and most: the number of processors).")
    Integer threads;

    @Option(names = {"-q", "--quiet"}, description = "No progress on standard error.")
    boolean quiet;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    boolean verbose;

    /** The worker threads: {@code --threads}, at most the number of processors. */
    int threadCount() {
        int processors = Runtime.getRuntime().availableProcessors();
        int count = threads == null ? processors : threads;
        if (count < 1) {
            throw new IllegalArgumentException("Invalid --threads: " + count + " (must be >= 1)");
        }
        return Math.min(count, processors);
    }

    /** Says on {@code err} when {@code --threads} asked for more threads than there are processors. */
    void noteCappedThreads(PrintWriter err) {
        if (threads != null && threads > threadCount()) {
            err.println("[csc] note: --threads " + threads + " is more than the " + threadCount()
                    + " processors of this machine; using " + threadCount());
            err.flush();
        }
    }

    ProgressListener progress(PrintWriter err) {
        return quiet ? ProgressListener.NONE : new ConsoleProgress(err);
    }

    /** A run context; the caller closes it. */
    RunContext context(PrintWriter err) {
        noteCappedThreads(err);
        return RunContext.of(seed, threadCount()).withProgress(progress(err));
    }
}
