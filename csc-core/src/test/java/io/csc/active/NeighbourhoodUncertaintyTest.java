package io.csc.active;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NeighbourhoodUncertaintyTest {

    @Test
    void expectedQuestionsCountTheOrderOfAsking() {
        double[] probabilities = {0.2, 0.5, 0.3};
        assertEquals(0.5 * 1 + 0.3 * 2 + 0.2 * 3, NeighbourhoodUncertainty.expectedQuestions(probabilities, false), 1e-12);
        assertEquals(0.5 * 1 + 0.3 * 2 + 0.2 * 2, NeighbourhoodUncertainty.expectedQuestions(probabilities, true), 1e-12,
                "with all k neighbourhoods found the last one is implied");
        assertEquals(1.0, NeighbourhoodUncertainty.expectedQuestions(new double[] {1.0}, true), 1e-12);
    }

    @Test
    void aNeighbourhoodIsAsLikelyAsItsNearestMember() {
        // N0 = {0, 20, 40, 60, 80} (and later also 200, 220), N1 = {45}; x = 41; the one candidate, 85, sets σ² = 25.
        double[] coordinates = {0, 20, 40, 60, 80, 45, 41, 85, 200, 220};
        Dataset points = Dataset.unlabelled("line", coordinates.length, 1, coordinates);
        int[][] answers = {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 4, 1}, {5, 0, 0}};
        AnswerLog log = Answers.of(coordinates.length, answers);
        Neighbourhoods neighbourhoods = Neighbourhoods.of(log, 2);
        double[] probabilities = NeighbourhoodProbabilities.of(points, neighbourhoods, new int[] {7}).of(6);
        double expected = Math.exp(-1.0 / 25) / (Math.exp(-1.0 / 25) + Math.exp(-16.0 / 25));
        assertEquals(expected, probabilities[neighbourhoods.of(0)], 1e-12);
        AnswerLog grown = log.with(new AnsweredQuery(new PointPair(8, 4), Answer.SAME))
                .with(new AnsweredQuery(new PointPair(9, 8), Answer.SAME));
        Neighbourhoods larger = Neighbourhoods.of(grown, 2);
        assertEquals(expected, NeighbourhoodProbabilities.of(points, larger, new int[] {7}).of(6)[larger.of(0)], 1e-12,
                "far members do not make the neighbourhood less likely");
    }

    @Test
    void duplicatesDoNotScoreInfinitely() {
        assertEquals(0.04, NeighbourhoodUncertainty.scaleFloor(new double[] {0, 6, 4, 0, 5}), 1e-12,
                "a hundredth of the median scale");
        assertTrue(NeighbourhoodUncertainty.scaleFloor(new double[] {0, 0, 0}) > 0);
    }

    @Test
    void asksTheAmbiguousPointAgainstTheLikelierNeighbourhoodFirst() {
        // Neighbourhoods {0, 1} near 0 and {2, 3} near 10; point 4 at 4.8 is the least certain.
        double[] coordinates = {0, 0.1, 10, 10.1, 4.8, 0.2, 9.9, -0.3};
        Dataset points = Dataset.unlabelled("line", coordinates.length, 1, coordinates);
        AnswerLog log = Answers.of(coordinates.length, new int[][] {{0, 1, 1}, {2, 3, 1}, {2, 0, 0}});
        QueryState state = new QueryState(points, 2, log, Optional.empty(), 1L);
        PointPair first = new NeighbourhoodUncertainty().next(state).orElseThrow();
        assertEquals(new PointPair(4, 1), first, "point 4, against the nearer neighbourhood's nearest member");
        AnswerLog same = log.with(new AnsweredQuery(first, Answer.SAME));
        PointPair second = new NeighbourhoodUncertainty().next(new QueryState(points, 2, same, Optional.empty(), 1L))
                .orElseThrow();
        assertTrue(second.first() != 4, "a must-link places the point: the next question is about another");
        AnswerLog different = log.with(new AnsweredQuery(first, Answer.DIFFERENT));
        assertEquals(Neighbourhoods.of(different, 2).of(2), Neighbourhoods.of(different, 2).of(4),
                "with k = 2, one cannot-link places it with the other neighbourhood");
    }

    @Test
    void exploresAnUnseenDenseGroupBeforeAnOutlier() {
        // A dense group at 0 (one neighbourhood), another at 10 not yet asked about, an outlier at -14.
        double[] coordinates = new double[17];
        for (int i = 0; i < 8; i++) {
            coordinates[i] = 0.1 * i;
            coordinates[8 + i] = 10 + 0.1 * i;
        }
        coordinates[16] = -14;
        Dataset points = Dataset.unlabelled("groups", coordinates.length, 1, coordinates);
        AnswerLog log = Answers.of(coordinates.length, new int[][] {{0, 1, 1}});
        QueryState state = new QueryState(points, 2, log, Optional.empty(), 3L);
        PointPair npu = new NeighbourhoodUncertainty().next(state).orElseThrow();
        assertTrue(npu.first() >= 8 && npu.first() < 16, "the unseen group, not the outlier: " + npu);
        assertEquals(16, new MinMax().next(state).orElseThrow().first(), "farthest-first asks the outlier");
    }

    @Test
    void scoresAPoolOfCandidatesOnLargeData() {
        Dataset blobs = GaussianMixture.generate(NeighbourhoodUncertainty.POOL + 500, 2, 2, 4L, 3.0);
        AnswerLog log = Answers.of(blobs.size(), new int[][] {{0, 1, 0}});
        QueryState state = new QueryState(blobs, 2, log, Optional.empty(), 5L);
        Neighbourhoods neighbourhoods = Neighbourhoods.of(log, 2);
        int[] pool = NeighbourhoodUncertainty.candidates(state, neighbourhoods);
        assertEquals(NeighbourhoodUncertainty.POOL, pool.length);
        for (int point : pool) {
            assertEquals(-1, neighbourhoods.of(point));
        }
        assertArrayEquals(pool, NeighbourhoodUncertainty.candidates(state, neighbourhoods), "drawn with the step's seed");
        AnswerLog small = Answers.of(10, new int[][] {{0, 1, 0}});
        assertEquals(8, NeighbourhoodUncertainty.candidates(new QueryState(GaussianMixture.generate(10, 2, 2, 4L, 3.0), 2,
                small, Optional.empty(), 5L), Neighbourhoods.of(small, 2)).length, "every unplaced point below the pool size");
    }
}
