package io.csc.active;

import java.util.Optional;

/**
 * Chooses the next pair to ask. Implementations are immutable and thread-safe: the choice depends
 * only on the {@link QueryState} (the same state gives the same question), so undoing an answer
 * gives back the question it answered.
 *
 * <p>Every strategy uses {@code O(n)} memory beyond the data and never returns a pair that is not
 * {@link AnswerLog#isOpen open}: no pair asked before, none whose answer transitivity implies.
 */
public interface QueryStrategy {

    /** The name the command line and the page know it by. */
    String name();

    /** True if the strategy uses the current clustering ({@link QueryState#clustering()}) when there is one. */
    default boolean usesClustering() {
        return false;
    }

    /** The next question, or empty when no open pair is left to ask. */
    Optional<PointPair> next(QueryState state);
}
