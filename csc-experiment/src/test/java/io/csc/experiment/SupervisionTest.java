package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.BundledData;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SupervisionTest {

    private static final int[] TRUTH = BundledData.load("iris").labels();

    @Test
    void amountsParseResolveAndPrint() {
        assertEquals(List.of(SupervisionAmount.count(30), SupervisionAmount.count(75)),
                SupervisionAmount.parseList("30, 75", false));
        List<SupervisionAmount> fractions = SupervisionAmount.parseList("0.05,0.1,1", true);
        assertEquals(List.of("0.05", "0.1", "1.0"), fractions.stream().map(SupervisionAmount::text).toList());
        assertEquals(List.of("5%", "10%", "100%"), fractions.stream().map(SupervisionAmount::label).toList());
        for (SupervisionAmount amount : fractions) {
            assertEquals(amount, SupervisionAmount.parse(amount.text()));
        }
        assertEquals(SupervisionAmount.count(30), SupervisionAmount.parse("30"));
        assertEquals(15, SupervisionAmount.fractionOf(0.1).resolve(150));
        assertEquals(18, SupervisionAmount.fractionOf(0.1).resolve(178));
        assertEquals(30, SupervisionAmount.count(30).resolve(150));
        assertEquals("Invalid supervision fraction: 1.5 (must be in [0, 1])",
                assertThrows(IllegalArgumentException.class, () -> SupervisionAmount.fractionOf(1.5)).getMessage());
        assertEquals("Invalid supervision count '0.5' in '30,0.5': expected whole numbers such as 30,75,120",
                assertThrows(IllegalArgumentException.class, () -> SupervisionAmount.parseList("30,0.5", false)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SupervisionAmount.parseList(" , ", true));
        assertThrows(IllegalArgumentException.class, () -> SupervisionAmount.parse("ten"));
    }

    @Test
    void kindsParseAndPrintBack() {
        for (String text : List.of("labels", "pairs", "noisy:0.3", "noisy-pairs:0.1", "inconsistent:0.08", "soft:0.7-1.0", "soft-pairs:0.5-0.9",
                "noisy-soft:0.3:0.7-1.0")) {
            assertEquals(text, SupervisionKind.parse(text).text());
        }
        assertEquals(SupervisionKind.soft(0.7, 1.0), SupervisionKind.parse(" SOFT:0.7-1 "));
        assertEquals("Invalid supervision kind 'labelz': expected labels, pairs, noisy:F, noisy-pairs:F, inconsistent:F, "
                + "soft:A-B, "
                + "soft-pairs:A-B, noisy-soft:F:A-B or active:STRATEGY (random, ffqs, min-max, uncertainty, npu)", assertThrows(IllegalArgumentException.class,
                () -> SupervisionKind.parse("labelz")).getMessage());
        assertEquals("Invalid supervision kind 'noisy': noisy needs a value, e.g. noisy:0.3",
                assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("noisy")).getMessage());
        assertEquals("Invalid noise fraction: 1.3 (must be in [0, 1])",
                assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("noisy:1.3")).getMessage());
        assertEquals("Invalid soft weight range: [0.9, 0.7] (need 0 < low <= high <= 1, e.g. soft:0.7-1.0)",
                assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("soft:0.9-0.7")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("soft:0.7"));
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("labels:3"));
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("inconsistent:x"));
        assertEquals("Invalid supervision kind 'noisy-soft:0.3': give the noise fraction and the weight range, "
                + "e.g. noisy-soft:0.3:0.7-1.0", assertThrows(IllegalArgumentException.class,
                () -> SupervisionKind.parse("noisy-soft:0.3")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("noisy-soft:0.3:1.2-0.7"));
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("noisy-soft:2:0.7-1.0"));
    }

    @Test
    void noisySoftFlipsThePairsOfNoisyAndWeighsThem() {
        ConstraintSet noisy = SupervisionKind.noisy(0.3).draw(TRUTH, 3, 20, new SplittableRandom(9)).constraints();
        ConstraintSet noisySoft = SupervisionKind.noisySoft(0.3, 0.7, 1.0).draw(TRUTH, 3, 20, new SplittableRandom(9))
                .constraints();
        assertEquals(noisy.pairs().size(), noisySoft.pairs().size());
        for (int p = 0; p < noisy.pairs().size(); p++) {
            assertEquals(noisy.pairs().get(p).first(), noisySoft.pairs().get(p).first());
            assertEquals(noisy.pairs().get(p).second(), noisySoft.pairs().get(p).second());
            assertEquals(noisy.pairs().get(p).isMustLink(), noisySoft.pairs().get(p).isMustLink());
            double weight = noisySoft.pairs().get(p).weight();
            assertTrue(weight >= 0.7 && weight <= 1.0, "weight " + weight);
        }
        assertFalse(noisySoft.isHard());
    }

    @Test
    void labelsAndPairsHaveTheRequestedSize() {
        ConstraintSet labels = SupervisionKind.labels().draw(TRUTH, 3, 15, new SplittableRandom(1)).constraints();
        assertEquals(15, labels.constrainedPoints().length);
        assertTrue(labels.isLabelsOnly());
        ConstraintSet pairs = SupervisionKind.pairs().draw(TRUTH, 3, 40, new SplittableRandom(1)).constraints();
        assertEquals(40, pairs.pairs().size());
        for (Constraint pair : pairs.pairs()) {
            assertEquals(TRUTH[pair.first()] == TRUTH[pair.second()], pair.isMustLink());
        }
        ConstraintSet softPairs = SupervisionKind.softPairs(0.7, 0.9).draw(TRUTH, 3, 40, new SplittableRandom(1)).constraints();
        assertEquals(40, softPairs.pairs().size());
        assertTrue(softPairs.pairs().stream().allMatch(pair -> pair.weight() >= 0.7 && pair.weight() <= 0.9));
    }

    @Test
    void noisyPairsFlipAFractionOfTheSamePairsAsPairs() {
        ConstraintSet pairs = SupervisionKind.pairs().draw(TRUTH, 3, 200, new SplittableRandom(3)).constraints();
        ConstraintSet noisy = SupervisionKind.noisyPairs(0.1).draw(TRUTH, 3, 200, new SplittableRandom(3)).constraints();
        assertEquals(200, noisy.pairs().size());
        assertTrue(noisy.labelledBlocks().isEmpty(), "explicit pairs only");
        int flipped = 0;
        for (int p = 0; p < 200; p++) {
            Constraint truth = pairs.pairs().get(p);
            Constraint drawn = noisy.pairs().get(p);
            assertEquals(truth.first(), drawn.first());
            assertEquals(truth.second(), drawn.second());
            flipped += truth.isMustLink() == drawn.isMustLink() ? 0 : 1;
        }
        assertEquals(20, flipped, "round(0.1 * 200) pairs flipped");
        assertEquals(pairs, SupervisionKind.noisyPairs(0).draw(TRUTH, 3, 200, new SplittableRandom(3)).constraints());
        SupervisionKind kind = SupervisionKind.parse("noisy-pairs:0.1");
        assertTrue(kind.countsPairs());
        assertEquals("pairs", kind.unit());
        assertEquals("Invalid supervision kind 'noisy-pairs': noisy-pairs needs a value, e.g. noisy-pairs:0.1",
                assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("noisy-pairs")).getMessage());
        assertEquals("Invalid noise fraction: 1.5 (must be in [0, 1])",
                assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("noisy-pairs:1.5")).getMessage());
        SupervisionKind.noisyPairs(0.1).checkCount("iris", 150, 5000);
    }

    @Test
    void perturbedKindsLabelTheSamePointsAsLabels() {
        int[] labelled = SupervisionKind.labels().draw(TRUTH, 3, 20, new SplittableRandom(9)).constraints().constrainedPoints();
        ConstraintSet noisy = SupervisionKind.noisy(0.3).draw(TRUTH, 3, 20, new SplittableRandom(9)).constraints();
        assertArrayEquals(labelled, noisy.constrainedPoints());
        long wrong = noisy.pairs().stream().filter(pair -> (TRUTH[pair.first()] == TRUTH[pair.second()]) != pair.isMustLink()).count();
        assertEquals(Math.round(0.3 * 190), wrong);
        ConstraintSet soft = SupervisionKind.soft(0.7, 1.0).draw(TRUTH, 3, 20, new SplittableRandom(9)).constraints();
        LabelledPoints block = soft.labelledBlocks().get(0);
        assertArrayEquals(labelled, block.points());
        for (int t = 0; t < block.size(); t++) {
            assertTrue(block.confidence(t) >= 0.7 && block.confidence(t) <= 1.0);
        }
        assertFalse(soft.isHard());
        ConstraintSet inconsistent = SupervisionKind.inconsistent(0.1).draw(TRUTH, 3, 20, new SplittableRandom(9)).constraints();
        assertEquals(6, inconsistent.pairs().size(), "round(0.1 * 20) = 2 triples of 3 pairs");
        assertArrayEquals(labelled, inconsistent.labelledBlocks().get(0).points());
        assertNotEquals(labelled.length, SupervisionKind.labels().draw(TRUTH, 3, 21, new SplittableRandom(9))
                .constraints().constrainedPoints().length);
    }

    @Test
    void drawsDependOnlyOnTheSeed() {
        for (String kind : List.of("labels", "pairs", "noisy:0.2", "noisy-pairs:0.2", "inconsistent:0.08",
                "soft:0.7-1.0")) {
            SupervisionKind parsed = SupervisionKind.parse(kind);
            assertEquals(parsed.draw(TRUTH, 3, 30, new SplittableRandom(5)), parsed.draw(TRUTH, 3, 30, new SplittableRandom(5)));
            assertNotEquals(parsed.draw(TRUTH, 3, 30, new SplittableRandom(5)), parsed.draw(TRUTH, 3, 30, new SplittableRandom(6)));
        }
    }

    @Test
    void amountsAreCheckedAgainstTheData() {
        assertEquals("Invalid supervision amount for iris: 200 labelled points, but it has only 150 points; use a "
                + "smaller count or a fraction", assertThrows(IllegalArgumentException.class,
                () -> SupervisionKind.labels().checkCount("iris", 150, 200)).getMessage());
        SupervisionKind.pairs().checkCount("iris", 150, 200);
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.pairs().checkCount("tiny", 3, 4));
    }
}
