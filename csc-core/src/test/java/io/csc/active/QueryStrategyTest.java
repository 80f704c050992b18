package io.csc.active;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import io.csc.linalg.DenseMatrix;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class QueryStrategyTest {

    private static final Dataset IRIS = Scaling.ZSCORE.fit(BundledData.load("iris")).apply(BundledData.load("iris"));

    static List<QueryStrategy> strategies() {
        return QueryStrategies.all();
    }

    @Test
    void transitivityDecidesPairs() {
        AnswerLog log = AnswerLog.startingFrom(ConstraintSet.ofPairs(6, List.of(Constraint.mustLink(0, 1),
                Constraint.mustLink(1, 2), Constraint.cannotLink(2, 3))));
        assertFalse(log.isOpen(0, 2), "must-link by transitivity");
        assertFalse(log.isOpen(0, 3), "cannot-link through a must-link component");
        assertTrue(log.isOpen(3, 4));
        AnswerLog answered = log.with(new AnsweredQuery(new PointPair(3, 4), Answer.DONT_KNOW));
        assertFalse(answered.isOpen(4, 3), "asked, even without an answer");
        assertThrows(IllegalArgumentException.class, () -> log.with(new AnsweredQuery(new PointPair(2, 0), Answer.SAME)));
        assertEquals(log.constraints(), answered.withoutLast().constraints());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void asksOnlyOpenPairsAndIsDeterministic(QueryStrategy strategy) {
        int[] truth = IRIS.labels();
        ActiveSimulation simulation = new ActiveSimulation(strategy, PairOracle.fromTruth(truth), 5);
        AnswerLog log = simulation.run(IRIS, 3, 60, 7L, constraints -> Optional.of(centroidSnapshot(truth)));
        assertEquals(60, log.size());
        Set<Long> pairs = new HashSet<>();
        AnswerLog replay = AnswerLog.empty(IRIS.size());
        for (AnsweredQuery answered : log.answers()) {
            PointPair pair = answered.pair();
            assertTrue(replay.isOpen(pair.first(), pair.second()), strategy.name() + " asked a decided pair " + pair);
            assertTrue(pairs.add(pair.key(IRIS.size())));
            replay = replay.with(answered);
        }
        assertTrue(log.closure().isConsistent());
        AnswerLog again = simulation.run(IRIS, 3, 60, 7L, constraints -> Optional.of(centroidSnapshot(truth)));
        assertEquals(log.answers(), again.answers(), "the same seed asks the same questions");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void asksTheSameQuestionsAboutPointsHeldInSinglePrecision(QueryStrategy strategy) {
        Dataset floats = IRIS.inPrecision(Precision.FLOAT);
        Dataset sameValues = floats.inPrecision(Precision.DOUBLE);
        int[] truth = IRIS.labels();
        ActiveSimulation simulation = new ActiveSimulation(strategy, PairOracle.fromTruth(truth), 5);
        AnswerLog fromFloats = simulation.run(floats, 3, 40, 7L, constraints -> Optional.of(centroidSnapshot(truth)));
        AnswerLog fromDoubles = simulation.run(sameValues, 3, 40, 7L,
                constraints -> Optional.of(centroidSnapshot(truth)));
        assertEquals(40, fromFloats.size());
        assertEquals(fromDoubles.answers(), fromFloats.answers());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void stopsWhenEveryPairIsDecided(QueryStrategy strategy) {
        Dataset small = GaussianMixture.generate(7, 2, 2, 3L, 4.0);
        AnswerLog log = new ActiveSimulation(strategy, PairOracle.fromTruth(small.labels()), 1)
                .run(small, 2, 100, 1L, constraints -> Optional.empty());
        assertTrue(log.size() <= 21, "at most every pair once: " + log.size());
        for (int a = 0; a < small.size(); a++) {
            for (int b = a + 1; b < small.size(); b++) {
                assertTrue(log.isDecided(a, b), "pair " + a + "," + b + " left open after " + log.size());
            }
        }
        assertTrue(strategy.next(new QueryState(small, 2, log, Optional.empty(), 1L)).isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void neverAsksADontKnowPairTwice(QueryStrategy strategy) {
        int[] truth = IRIS.labels();
        AnswerLog log = new ActiveSimulation(strategy, pair -> Answer.DONT_KNOW, 1)
                .run(IRIS, 3, 40, 3L, constraints -> Optional.of(centroidSnapshot(truth)));
        assertEquals(40, log.size());
        assertTrue(log.constraints().isEmpty());
    }

    @Test
    void farthestFirstFindsEveryClusterInFewQuestions() {
        Dataset blobs = GaussianMixture.generate(300, 2, 4, 11L, 12.0);
        for (QueryStrategy strategy : List.of(new ExploreConsolidate(), new MinMax())) {
            AnswerLog log = new ActiveSimulation(strategy, PairOracle.fromTruth(blobs.labels()), 1)
                    .run(blobs, 4, 10, 5L, constraints -> Optional.empty());
            assertEquals(4, Neighbourhoods.of(log).count(), strategy.name() + ": 4 well-separated classes, 10 questions");
        }
        AnswerLog random = new ActiveSimulation(new RandomPairs(), PairOracle.fromTruth(blobs.labels()), 1)
                .run(blobs, 4, 10, 5L, constraints -> Optional.empty());
        assertTrue(random.closure().componentCount() > Neighbourhoods.of(random).count());
    }

    @Test
    void uncertaintyAsksTheAmbiguousPointAgainstTheLikeliestClusters() {
        // Two clusters on a line at 0 and 10; point 4 sits halfway and is the least certain.
        double[] coordinates = {0, 0.1, 10, 10.1, 5, 0.2, 9.9};
        int[] labels = {0, 0, 1, 1, 0, 0, 1};
        Dataset points = Dataset.unlabelled("line", coordinates.length, 1, coordinates);
        ClusteringSnapshot snapshot = new ClusteringSnapshot(labels, new DenseMatrix(7, 1, coordinates), 2);
        QueryState state = new QueryState(points, 2, AnswerLog.empty(7), Optional.of(snapshot), 1L);
        PointPair first = new EmbeddingUncertainty().next(state).orElseThrow();
        assertEquals(4, first.first());
        assertEquals(0, labels[first.second()], "the likelier cluster (its mean 1.325 is nearer 5) first");
        AnswerLog different = state.log().with(new AnsweredQuery(first, Answer.DIFFERENT));
        PointPair second = new EmbeddingUncertainty().next(new QueryState(points, 2, different, Optional.of(snapshot), 1L))
                .orElseThrow();
        assertEquals(4, second.first(), "the same point goes on to the next cluster");
        assertEquals(1, labels[second.second()]);
    }

    @Test
    void supervisionStatesTheClosureAsLabels() {
        // 0-1 same, 1-2 same, 2-3 different, 3-4 same, 5-6 different, 0-5 same: neighbourhoods {0,1,2,5}, {3,4}.
        AnswerLog log = Answers.of(8, new int[][] {{0, 1, 1}, {1, 2, 1}, {2, 3, 0}, {3, 4, 1}, {5, 6, 0}, {0, 5, 1},
                {6, 7, 1}});
        ConstraintSet supervision = log.supervision();
        assertEquals(1, supervision.labelledBlocks().size());
        assertArrayEquals(new int[] {0, 1, 2, 5, 3, 4}, supervision.labelledBlocks().get(0).points());
        assertEquals(List.of(Constraint.cannotLink(5, 6), Constraint.mustLink(6, 7)), supervision.pairs(),
                "answers reaching outside the neighbourhoods stay pairs");
        for (int a = 0; a < 8; a++) {
            for (int b = 0; b < 8; b++) {
                assertEquals(log.isDecided(a, b), AnswerLog.startingFrom(supervision).isDecided(a, b),
                        "the same closure for " + a + ", " + b);
            }
        }
        assertEquals(log.constraints(), log.constraints(), "the answers themselves stay pairs");
        assertEquals(7, log.constraints().pairs().size());
    }

    @Test
    void namesResolve() {
        assertEquals("ffqs", QueryStrategies.byName("explore-consolidate").name());
        assertEquals(List.of("random", "ffqs", "min-max", "uncertainty", "npu"), QueryStrategies.names());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> QueryStrategies.byName("best"));
        assertTrue(error.getMessage().contains("random, ffqs, min-max, uncertainty, npu"), error.getMessage());
    }

    /** The clustering by the true classes, embedded as the features themselves. */
    private static ClusteringSnapshot centroidSnapshot(int[] truth) {
        return new ClusteringSnapshot(truth, new DenseMatrix(IRIS.size(), IRIS.dimension(), IRIS.features()), 3);
    }
}
