package io.csc.experiment;

import io.csc.active.ActiveSimulation;
import io.csc.active.AnswerLog;
import io.csc.active.ClusteringSnapshot;
import io.csc.active.PairOracle;
import io.csc.active.QueryStrategies;
import io.csc.active.QueryStrategy;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DenseMatrix;
import java.util.Optional;

/**
 * The supervision of {@code --kind active:STRATEGY}: the strategy asks, the ground truth answers,
 * and the constraints at x queries are the first x answers of one simulation per data set and
 * repetition (a strategy's first questions do not depend on how many follow). A strategy that
 * looks at the clustering sees the fit of the method under evaluation, with the answers so far,
 * refitted every {@value #REFIT_EVERY} answers; the others ask every method the same questions.
 */
final class ActiveDraws {

    /** Answers between two fits of the clustering a strategy looks at. */
    static final int REFIT_EVERY = 5;

    private ActiveDraws() {
    }

    /**
     * The answers to {@code questions} questions of {@code kind}'s strategy on {@code data}.
     *
     * @param method the method whose clustering the strategy sees (ignored by strategies that see none)
     * @param seed the seed of the strategy's draws
     * @param runSeed the seed of the method's fits
     */
    static AnswerLog simulate(SupervisionKind kind, Dataset data, int k, int questions, ClusteringAlgorithm method,
                              long seed, long runSeed) {
        QueryStrategy strategy = QueryStrategies.byName(kind.strategy());
        ActiveSimulation simulation = new ActiveSimulation(strategy, PairOracle.fromTruth(data.labels()), REFIT_EVERY);
        return simulation.run(data, k, questions, seed, constraints -> {
            try (RunContext context = RunContext.of(runSeed, 1)) {
                ClusteringResult result = method.fit(data, constraints, k, context);
                DenseMatrix embedding = result.embedding() != null ? result.embedding()
                        : new DenseMatrix(data.size(), data.dimension(), data.inPrecision(Precision.DOUBLE).features());
                return Optional.of(new ClusteringSnapshot(result.labels(), embedding, result.clusterCount()));
            } catch (RuntimeException e) {
                // A fit that fails leaves the strategy without a clustering; the evaluation records the failure.
                return Optional.empty();
            }
        });
    }
}
