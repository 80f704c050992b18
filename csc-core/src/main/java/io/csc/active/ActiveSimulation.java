package io.csc.active;

import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs a strategy against an oracle: asks up to {@code questions} questions, each answered at once,
 * and returns the log. A strategy that {@link QueryStrategy#usesClustering() uses the clustering}
 * sees the clustering fitted with the answers so far, refitted every {@code refitEvery} answers
 * (1: after every answer, as the page does); other strategies never cause a fit.
 *
 * <p>The log at a smaller budget is {@link AnswerLog#firstAnswers} of the result: a strategy's
 * first b questions do not depend on how many more it will ask.
 */
public final class ActiveSimulation {

    private final QueryStrategy strategy;
    private final PairOracle oracle;
    private final int refitEvery;

    /**
     * @param refitEvery answers between two fits of the clustering, >= 1
     */
    public ActiveSimulation(QueryStrategy strategy, PairOracle oracle, int refitEvery) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        this.oracle = Objects.requireNonNull(oracle, "oracle");
        if (refitEvery < 1) {
            throw new IllegalArgumentException("Invalid refit interval: " + refitEvery + " (must be >= 1)");
        }
        this.refitEvery = refitEvery;
    }

    /**
     * Asks up to {@code questions} questions about {@code points} (scaled) with k clusters. The log
     * is shorter when no open pair is left.
     *
     * @param clustering the clustering fitted with given supervision ({@link AnswerLog#supervision(int)}
     *     of the answers so far); called only for strategies
     *     that use one (its result may be empty, for a fit that failed)
     */
    public AnswerLog run(Dataset points, int k, int questions, long seed,
                         Function<ConstraintSet, Optional<ClusteringSnapshot>> clustering) {
        AnswerLog log = AnswerLog.empty(points.size());
        Optional<ClusteringSnapshot> current = Optional.empty();
        int fittedAt = -1;
        for (int asked = 0; asked < questions; asked++) {
            if (strategy.usesClustering() && (fittedAt < 0 || asked - fittedAt >= refitEvery)) {
                current = clustering.apply(log.supervision(k));
                fittedAt = asked;
            }
            Optional<PointPair> question = strategy.next(new QueryState(points, k, log, current, seed));
            if (question.isEmpty()) {
                break;
            }
            log = log.with(new AnsweredQuery(question.get(), oracle.answer(question.get())));
        }
        return log;
    }
}
