package io.csc.active;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NeighbourhoodsTest {

    @Test
    void kClustersPlaceAPointSeparatedFromAllNeighbourhoodsButOne() {
        // {0, 1} and {2} are the two neighbourhoods; 3 is different from 2.
        AnswerLog log = Answers.of(6, new int[][] {{0, 1, 1}, {2, 0, 0}, {3, 2, 0}});
        Neighbourhoods alone = Neighbourhoods.of(log);
        assertEquals(-1, alone.of(3), "transitivity alone does not place 3");
        assertFalse(alone.isDecided(3, 0));
        Neighbourhoods two = Neighbourhoods.of(log, 2);
        assertEquals(two.of(0), two.of(3), "with two clusters, 3 can only be with 0 and 1");
        assertTrue(two.isDecided(3, two.of(0)));
        assertEquals(-1, two.openMember(null, 3, two.of(0)), "nothing left to ask 3");
        assertEquals(-1, Neighbourhoods.of(log, 3).of(3), "with three clusters 3 may start the third");
        assertEquals(-1, two.of(4));
    }

    @Test
    void placementsChainUntilNothingMoreJoins() {
        // k = 3: {0}, {1}, {2} pairwise different; 3 differs from 0 and 1, so joins 2; 4 differs from 3 (now in
        // the third) and from 0, so joins 1.
        AnswerLog log = Answers.of(6, new int[][] {{1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {3, 0, 0}, {3, 1, 0}, {4, 3, 0},
                {4, 0, 0}});
        Neighbourhoods three = Neighbourhoods.of(log, 3);
        assertEquals(3, three.count());
        assertEquals(three.of(2), three.of(3));
        assertEquals(three.of(1), three.of(4));
        assertEquals(-1, three.of(5));
        ConstraintSetCheck.assertLabels(log.supervision(3), new int[] {0, 1, 2, 3, 4}, three);
        assertEquals(log.supervision(), log.supervision(0));
        assertTrue(log.supervision().labelledBlocks().get(0).size() == 3, "without k: the three founders only");
    }

    @Test
    void withTwoClustersEveryAnswerAfterTheFirstTwoLabelsAPoint() {
        Dataset blobs = GaussianMixture.generate(200, 2, 2, 5L, 3.0);
        for (QueryStrategy strategy : QueryStrategies.all()) {
            if (strategy instanceof RandomPairs || strategy.usesClustering()) {
                continue;
            }
            AnswerLog log = new ActiveSimulation(strategy, PairOracle.fromTruth(blobs.labels()), 1)
                    .run(blobs, 2, 30, 9L, constraints -> Optional.empty());
            LabelledPoints labels = log.supervision(2).labelledBlocks().get(0);
            assertEquals(31, labels.size(), strategy.name() + ": 30 answers, 31 points placed");
            for (int t = 0; t < labels.size(); t++) {
                assertEquals(blobs.label(labels.points()[0]) == blobs.label(labels.points()[t]),
                        labels.classes()[0] == labels.classes()[t], "placed as the truth says");
            }
        }
    }

    /** Checks a supervision's labels against neighbourhoods. */
    private static final class ConstraintSetCheck {
        static void assertLabels(io.csc.constraint.ConstraintSet supervision, int[] points, Neighbourhoods expected) {
            LabelledPoints block = supervision.labelledBlocks().get(0);
            int[] sorted = block.points().clone();
            java.util.Arrays.sort(sorted);
            assertArrayEquals(points, sorted);
            for (int t = 0; t < block.size(); t++) {
                for (int u = 0; u < block.size(); u++) {
                    assertEquals(expected.of(block.points()[t]) == expected.of(block.points()[u]),
                            block.classes()[t] == block.classes()[u]);
                }
            }
        }
    }
}
