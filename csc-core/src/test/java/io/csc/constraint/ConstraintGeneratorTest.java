package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstraintGeneratorTest {

    /** Point i in class {@code i % classCount}. */
    private static int[] truth(int pointCount, int classCount) {
        int[] truth = new int[pointCount];
        for (int point = 0; point < pointCount; point++) {
            truth[point] = point % classCount;
        }
        return truth;
    }

    @Test
    void labelledPointsAreDistinctAndTrue() {
        int[] truth = truth(300, 3);
        ConstraintSet set = ConstraintGenerator.labelledPoints(truth, 45, new SplittableRandom(1));

        assertTrue(set.isLabelsOnly());
        LabelledPoints block = set.labelledBlocks().get(0);
        int[] points = block.points();
        int[] classes = block.classes();
        assertEquals(45, points.length);
        for (int t = 0; t < points.length; t++) {
            assertEquals(truth[points[t]], classes[t]);
            assertTrue(t == 0 || points[t - 1] < points[t]);
        }
        assertEquals(set, ConstraintGenerator.labelledPoints(truth, 45, new SplittableRandom(1)));
        assertNotEquals(set, ConstraintGenerator.labelledPoints(truth, 45, new SplittableRandom(2)));
        assertEquals(300, ConstraintGenerator.labelledPoints(truth, 300, new SplittableRandom(1))
                .labelledBlocks().get(0).size());
        assertEquals(0, ConstraintGenerator.labelledPoints(truth, 0, new SplittableRandom(1)).pairCount());
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.labelledPoints(truth, 301, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.labelledPoints(truth, -1, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class,
                () -> ConstraintGenerator.labelledPoints(new int[] {0, -1}, 1, new SplittableRandom(1)));
    }

    @Test
    void labelledFractionRoundsTheCount() {
        int[] truth = truth(70_000, 7);
        ConstraintSet set = ConstraintGenerator.labelledFraction(truth, 0.1, new SplittableRandom(3));

        assertEquals(7_000, set.labelledBlocks().get(0).size());
        assertEquals(7, set.labelledBlocks().get(0).classCount());
        assertEquals(3, ConstraintGenerator.labelledFraction(truth(5, 2), 0.5, new SplittableRandom(3))
                .labelledBlocks().get(0).size());
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.labelledFraction(truth, 1.5, new SplittableRandom(1)));
    }

    @Test
    void samplingIsUniformEnoughAndDistinct() {
        SplittableRandom random = new SplittableRandom(5);
        int[] hits = new int[10];
        for (int trial = 0; trial < 20_000; trial++) {
            long[] dense = ConstraintGenerator.sampleDistinct(10, 3, random);
            long[] sparse = ConstraintGenerator.sampleDistinct(1_000_000_000_000L, 3, random);
            assertEquals(3, new HashSet<>(List.of(dense[0], dense[1], dense[2])).size());
            assertTrue(sparse[0] < sparse[1] && sparse[1] < sparse[2] && sparse[0] >= 0);
            for (long value : dense) {
                hits[(int) value]++;
            }
        }
        for (int hit : hits) {
            assertEquals(6_000, hit, 300);
        }
        int[] floydHits = new int[20];
        for (int trial = 0; trial < 20_000; trial++) {
            for (long value : ConstraintGenerator.sampleDistinct(20, 2, random)) {
                floydHits[(int) value]++;
            }
        }
        for (int hit : floydHits) {
            assertEquals(2_000, hit, 200);
        }
    }

    @Test
    void randomPairsAreDistinctAndFollowTheTruth() {
        int[] truth = truth(300, 3);
        ConstraintSet set = ConstraintGenerator.randomPairs(truth, 500, new SplittableRandom(7));

        assertEquals(500, set.pairs().size());
        Set<Long> seen = new HashSet<>();
        for (Constraint pair : set.pairs()) {
            assertTrue(pair.first() < pair.second());
            assertTrue(seen.add((long) pair.first() * 300 + pair.second()));
            assertEquals(truth[pair.first()] == truth[pair.second()], pair.isMustLink());
            assertEquals(1.0, pair.weight());
        }
        assertEquals(set, ConstraintGenerator.randomPairs(truth, 500, new SplittableRandom(7)));
        assertNotEquals(set, ConstraintGenerator.randomPairs(truth, 500, new SplittableRandom(8)));

        ConstraintSet all = ConstraintGenerator.randomPairs(truth(5, 2), 10, new SplittableRandom(7));
        assertEquals(ConstraintSet.fromLabels(5, new int[] {0, 1, 2, 3, 4}, truth(5, 2)).allPairs(10), all.pairs());
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.randomPairs(truth(5, 2), 11, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.randomPairs(truth, -1, new SplittableRandom(1)));
    }

    @Test
    void noisyFlipsExactlyTheFraction() {
        int[] truth = truth(300, 3);
        ConstraintSet labels = ConstraintGenerator.labelledPoints(truth, 60, new SplittableRandom(11));
        ConstraintSet noisy = ConstraintGenerator.noisy(labels, 0.3, new SplittableRandom(12));

        List<Constraint> before = labels.allPairs(10_000);
        List<Constraint> after = noisy.pairs();
        assertTrue(noisy.labelledBlocks().isEmpty());
        assertEquals(before.size(), after.size());
        int flipped = 0;
        for (int t = 0; t < before.size(); t++) {
            assertEquals(before.get(t).first(), after.get(t).first());
            assertEquals(before.get(t).second(), after.get(t).second());
            assertEquals(before.get(t).weight(), after.get(t).weight());
            if (before.get(t).type() != after.get(t).type()) {
                flipped++;
                assertNotEquals(truth[after.get(t).first()] == truth[after.get(t).second()], after.get(t).isMustLink());
            }
        }
        assertEquals(Math.round(0.3 * 1770), flipped);
        assertEquals(noisy, ConstraintGenerator.noisy(labels, 0.3, new SplittableRandom(12)));
        assertEquals(labels.allPairs(10_000), ConstraintGenerator.noisy(labels, 0, new SplittableRandom(12)).pairs());
    }

    @Test
    void noisyRefusesToExpandLargeLabelSets() {
        ConstraintSet labels = ConstraintGenerator.labelledFraction(truth(70_000, 10), 0.1, new SplittableRandom(1));
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> ConstraintGenerator.noisy(labels, 0.3, new SplittableRandom(1)));
        assertTrue(thrown.getMessage().contains("imply 24496500 pairs, more than the 5000000"), thrown.getMessage());
        assertTrue(thrown.getMessage().contains("use withLabelNoise"), thrown.getMessage());
    }

    @Test
    void labelNoiseChangesExactlyTheFractionOfLabelsInCompactForm() {
        int[] truth = truth(70_000, 10);
        ConstraintSet labels = ConstraintGenerator.labelledFraction(truth, 0.1, new SplittableRandom(21))
                .plus(ConstraintSet.ofPairs(70_000, List.of(Constraint.mustLink(0, 10))))
                .plus(ConstraintSet.fromGroups(70_000, List.of(new int[] {1, 2})));
        ConstraintSet noisy = ConstraintGenerator.withLabelNoise(labels, 0.3, 10, new SplittableRandom(22));

        assertEquals(labels.pairs(), noisy.pairs());
        assertEquals(labels.labelledBlocks().get(1), noisy.labelledBlocks().get(1));
        LabelledPoints before = labels.labelledBlocks().get(0);
        LabelledPoints after = noisy.labelledBlocks().get(0);
        assertArrayEquals(before.points(), after.points());
        int changed = 0;
        for (int t = 0; t < before.size(); t++) {
            assertTrue(after.classes()[t] >= 0 && after.classes()[t] < 10);
            changed += before.classes()[t] != after.classes()[t] ? 1 : 0;
        }
        assertEquals(2_100, changed);
        assertEquals(noisy, ConstraintGenerator.withLabelNoise(labels, 0.3, 10, new SplittableRandom(22)));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.withLabelNoise(labels, 0.3, 9, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.withLabelNoise(labels, 0.3, 1, new SplittableRandom(1)));
    }

    @Test
    void inconsistentTriplesAreInconsistentWithOneWrongConstraintEach() {
        int[] truth = truth(300, 3);
        ConstraintSet labels = ConstraintGenerator.labelledPoints(truth, 100, new SplittableRandom(31));
        ConstraintSet set = ConstraintGenerator.inconsistentTriples(labels, truth, 8, new SplittableRandom(32));

        assertEquals(labels.labelledBlocks(), set.labelledBlocks());
        List<Constraint> added = set.pairs();
        assertEquals(24, added.size());
        for (int t = 0; t < 8; t++) {
            Constraint ab = added.get(3 * t);
            Constraint bc = added.get(3 * t + 1);
            Constraint ac = added.get(3 * t + 2);
            assertTrue(ab.isMustLink() && bc.isMustLink() && !ac.isMustLink());
            assertEquals(ab.second(), bc.first());
            assertEquals(ab.first(), ac.first());
            assertEquals(bc.second(), ac.second());
            ConstraintSet triple = ConstraintSet.ofPairs(300, List.of(ab, bc, ac));
            ConstraintClosure closure = ConstraintClosure.of(triple);
            assertFalse(closure.isConsistent());
            ConstraintClosureTest.assertValidPath(triple, closure.inconsistencies().get(0));
            int wrong = 0;
            for (Constraint pair : List.of(ab, bc, ac)) {
                wrong += (truth[pair.first()] == truth[pair.second()]) != pair.isMustLink() ? 1 : 0;
            }
            assertEquals(1, wrong);
            assertEquals(truth[ab.first()], truth[ab.second()]);
        }
        assertEquals(set, ConstraintGenerator.inconsistentTriples(labels, truth, 8, new SplittableRandom(32)));
        assertSame(labels, ConstraintGenerator.inconsistentTriples(labels, truth, 0, new SplittableRandom(32)));
        assertThrows(IllegalArgumentException.class,
                () -> ConstraintGenerator.inconsistentTriples(ConstraintSet.empty(3), new int[] {0, 1, 2}, 1, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class,
                () -> ConstraintGenerator.inconsistentTriples(labels, truth(10, 2), 1, new SplittableRandom(1)));
    }

    @Test
    void softWeightsStayInTheRange() {
        int[] truth = truth(300, 3);
        ConstraintSet hard = ConstraintGenerator.labelledPoints(truth, 40, new SplittableRandom(41))
                .plus(ConstraintGenerator.randomPairs(truth, 50, new SplittableRandom(42)));
        ConstraintSet soft = ConstraintGenerator.soft(hard, 0.7, 1.0, new SplittableRandom(43));

        assertFalse(soft.isHard());
        List<Constraint> hardPairs = hard.allPairs(10_000);
        List<Constraint> softPairs = soft.allPairs(10_000);
        assertEquals(hardPairs.size(), softPairs.size());
        Set<Double> distinct = new HashSet<>();
        for (int t = 0; t < hardPairs.size(); t++) {
            assertEquals(hardPairs.get(t).type(), softPairs.get(t).type());
            double weight = softPairs.get(t).weight();
            assertTrue(weight >= 0.7 && weight <= 1.0, "weight " + weight);
            distinct.add(weight);
        }
        assertTrue(distinct.size() > 100);
        for (double confidence : soft.labelledBlocks().get(0).confidences()) {
            assertTrue(confidence >= 0.7 && confidence <= 1.0);
        }
        assertEquals(soft, ConstraintGenerator.soft(hard, 0.7, 1.0, new SplittableRandom(43)));

        List<Double> constant = new ArrayList<>();
        ConstraintGenerator.soft(hard, 0.8, 0.8, new SplittableRandom(44))
                .forEachPair((first, second, sign, weight) -> constant.add(weight));
        assertTrue(constant.stream().allMatch(weight -> Math.abs(weight - 0.8) < 1e-15));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.soft(hard, 0, 1, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.soft(hard, 0.9, 0.8, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> ConstraintGenerator.soft(hard, 0.5, 1.1, new SplittableRandom(1)));
    }
}
