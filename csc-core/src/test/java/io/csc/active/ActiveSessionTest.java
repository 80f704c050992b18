package io.csc.active;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

class ActiveSessionTest {

    private static final Dataset WINE = BundledData.load("wine");

    @Test
    void preparedScacsGivesTheLabelsOfAFullFit() {
        Dataset scaled = Scaling.ZSCORE.fit(WINE).apply(WINE);
        ConstraintSet constraints = ConstraintSet.fromLabels(WINE.size(), new int[] {0, 1, 60, 61, 130, 131},
                new int[] {WINE.label(0), WINE.label(1), WINE.label(60), WINE.label(61), WINE.label(130), WINE.label(131)});
        try (RunContext context = RunContext.sequential(5)) {
            var method = AlgorithmRegistry.byName("scacs").create(ParameterValues.EMPTY);
            ClusteringResult full = method.fit(scaled, constraints, 3, context);
            var prepared = method.prepare(scaled, 3, context);
            assertArrayEquals(full.labels(), prepared.fit(constraints, context).labels());
            assertArrayEquals(full.labels(), prepared.fit(constraints, context).labels(), "a second fit is the same");
            assertArrayEquals(method.fit(scaled, ConstraintSet.empty(WINE.size()), 3, context).labels(),
                    prepared.fit(ConstraintSet.empty(WINE.size()), context).labels());
        }
    }

    @Test
    void aMethodWithoutAnEmbeddingShowsTheStrategyItsPointsInEitherPrecision() {
        try (RunContext context = RunContext.sequential(3)) {
            IncrementalClustering clustering = IncrementalClustering.start(AlgorithmRegistry.byName("cop-kmeans"),
                    ParameterValues.EMPTY, WINE.inPrecision(io.csc.data.Precision.FLOAT), Scaling.ZSCORE, 3, context);
            ActiveSession session = ActiveSession.start(clustering, QueryStrategies.byName("uncertainty"),
                    AnswerLog.empty(WINE.size()), List.of());
            assertTrue(session.question().isPresent());
            io.csc.linalg.DenseMatrix shown = clustering.snapshot(session.current()).embedding();
            assertArrayEquals(clustering.training().inPrecision(io.csc.data.Precision.DOUBLE).features(), shown.data());
            assertTrue(shown == clustering.snapshot(session.current()).embedding(), "converted once");
        }
    }

    /**
     * cop-kmeans with k = 2 finds no clustering once three points are pairwise cannot-linked: the
     * answer that makes it so is refused, and the session stays as it was, its question still open.
     */
    @Test
    void anAnswerWhoseRefitFailsLeavesTheSessionAsItWas() {
        Dataset points = Dataset.unlabelled("tiny", 6, 1, new double[] {0, 0.1, 0.2, 5, 5.1, 5.2});
        try (RunContext context = RunContext.sequential(3)) {
            IncrementalClustering clustering = IncrementalClustering.start(AlgorithmRegistry.byName("cop-kmeans"),
                    ParameterValues.EMPTY, points, Scaling.NONE, 2, context);
            ActiveSession session = ActiveSession.start(clustering, QueryStrategies.byName("random"),
                    AnswerLog.empty(points.size()), List.of());
            RuntimeException refused = null;
            for (int t = 0; t < 15 && refused == null && session.question().isPresent(); t++) {
                PointPair pair = session.question().orElseThrow();
                int answered = session.log().size();
                int[] labels = session.current().colouredLabels();
                try {
                    session.answer(pair, Answer.DIFFERENT);
                } catch (RuntimeException failure) {
                    refused = failure;
                    assertEquals(answered, session.log().size(), "the refused answer is not recorded");
                    assertEquals(answered, session.predictions().size());
                    assertEquals(pair, session.question().orElseThrow(), "its question is still the one to answer");
                    assertArrayEquals(labels, session.current().colouredLabels());
                    session.answer(pair, Answer.SAME);
                    assertEquals(answered + 1, session.log().size(), "and can be answered otherwise");
                }
            }
            assertTrue(refused != null, "all-different answers with k = 2 must be refused at some point");
        }
    }

    @Test
    void answersRefitAndUndoRestores() {
        try (RunContext context = RunContext.sequential(3)) {
            IncrementalClustering clustering = IncrementalClustering.start(AlgorithmRegistry.byName("sc-pc"),
                    ParameterValues.EMPTY, WINE, Scaling.ZSCORE, 3, context);
            ActiveSession session = ActiveSession.start(clustering, QueryStrategies.byName("min-max"),
                    AnswerLog.empty(WINE.size()), List.of());
            int[] before = session.current().colouredLabels();
            PairOracle truth = PairOracle.fromTruth(WINE.labels());
            PointPair first = session.question().orElseThrow();
            for (int t = 0; t < 20; t++) {
                PointPair pair = session.question().orElseThrow();
                // every other answer names the question's points in the other order: the same question
                PointPair named = t % 2 == 0 ? pair : new PointPair(pair.second(), pair.first());
                IncrementalClustering.Update update = session.answer(named, truth.answer(pair));
                assertEquals(pair, session.log().last().orElseThrow().pair(), "recorded in the question's order");
                assertTrue(update.changed() >= 0 && update.changed() <= WINE.size());
            }
            assertEquals(20, session.log().size());
            assertEquals(20, session.predictions().size());
            double fMeasure = session.score().fMeasure();
            assertTrue(fMeasure >= 0 && fMeasure <= 1, "score " + fMeasure);
            double acc = ClusteringMetrics.accuracy(WINE.labels(), session.current().colouredLabels());
            assertTrue(acc > 0.85, "20 answers on Wine: ACC " + acc);

            PointPair last = session.log().last().orElseThrow().pair();
            session.undo();
            assertEquals(last, session.question().orElseThrow(), "undo brings the question back");
            assertThrows(IllegalStateException.class, () -> session.answer(first, Answer.SAME), "not the current question");
            for (int t = 0; t < 19; t++) {
                session.undo();
            }
            assertEquals(first, session.question().orElseThrow());
            assertArrayEquals(before, session.current().colouredLabels(), "all answers taken back: the first clustering");
            assertThrows(IllegalStateException.class, session::undo);
        }
    }

    @Test
    void coloursFollowTheOverlap() {
        int[] previous = {0, 0, 1, 1, 2, 2};
        int[] relabelled = {2, 2, 0, 0, 1, 1};
        int[] colours = IncrementalClustering.matchColours(relabelled, previous, 3);
        for (int i = 0; i < previous.length; i++) {
            assertEquals(previous[i], colours[relabelled[i]]);
        }
    }
}
