package io.csc.util;

/**
 * Receives progress of long computations. Implementations must be thread-safe and cheap;
 * the command line prints to standard error, the library default ignores everything.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Ignores all progress. */
    ProgressListener NONE = (stage, done, total) -> { };

    /**
     * Reports that {@code done} of {@code total} units of {@code stage} are finished.
     * {@code total <= 0} means the total is unknown.
     */
    void progress(String stage, long done, long total);

    /** Reports the start of a stage of unknown length. */
    default void stage(String stage) {
        progress(stage, 0, 0);
    }
}
