package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.testing.TestData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PairAgreementTest {

    private static final int M = NeighbourhoodAgreement.NEIGHBOURS;

    /** The fit's clusters of the m nearest points of {@code point} (itself left out), by brute force. */
    private static int[] nearestClusters(Dataset data, int point, int[] fitted) {
        return IntStream.range(0, data.size()).filter(other -> other != point).boxed()
                .sorted((a, b) -> Double.compare(TestData.squaredDistance(data, point, a),
                        TestData.squaredDistance(data, point, b)))
                .limit(M).mapToInt(other -> fitted[other]).toArray();
    }

    /** The distance between two pairs: their ends near in either order. */
    private static double pairDistance(Dataset data, Constraint p, Constraint o) {
        double straight = Math.max(TestData.squaredDistance(data, p.first(), o.first()),
                TestData.squaredDistance(data, p.second(), o.second()));
        double crossed = Math.max(TestData.squaredDistance(data, p.first(), o.second()),
                TestData.squaredDistance(data, p.second(), o.first()));
        return Math.min(straight, crossed);
    }

    @Test
    void theFiguresAreTheBalancedMeansOfTheNeighbourhoodsOverlapAndOfTheNearestPairsKinds() {
        // fewer points than the sample and fewer pairs than the pool and the queries: every pair is
        // checked and every point and pair is a neighbour candidate, so the figures are plain means
        Dataset data = TestData.blobs(3, 150, 2, 2.0, 5);
        List<Constraint> pairs = ConstraintGenerator.randomPairs(data.labels(), 90, new SplittableRandom(4)).pairs();
        int[] fitted = data.labels().clone();
        for (int i = 0; i < fitted.length; i += 5) {
            fitted[i] = (fitted[i] + 1) % 3;      // a fit that errs here and there
        }
        NeighbourhoodAgreement.Finding finding;
        try (RunContext context = RunContext.sequential(1)) {
            finding = NeighbourhoodAgreement.of(data, ConstraintSet.ofPairs(data.size(), pairs), fitted, context)
                    .orElseThrow();
        }
        List<List<double[]>> rows = List.of(new ArrayList<>(), new ArrayList<>());   // {fit, pairs} per pair
        for (int t = 0; t < pairs.size(); t++) {
            Constraint pair = pairs.get(t);
            int[] aroundFirst = nearestClusters(data, pair.first(), fitted);
            int[] aroundSecond = nearestClusters(data, pair.second(), fitted);
            double together = 0;
            for (int u : aroundFirst) {
                for (int v : aroundSecond) {
                    together += u == v ? 1.0 / (M * M) : 0;
                }
            }
            int self = t;
            Integer[] others = IntStream.range(0, pairs.size()).filter(o -> o != self).boxed().toArray(Integer[]::new);
            Arrays.sort(others, (a, b) -> Double.compare(pairDistance(data, pair, pairs.get(a)),
                    pairDistance(data, pair, pairs.get(b))));
            double sameKind = 0;
            for (int u = 0; u < M; u++) {
                sameKind += pairs.get(others[u]).isMustLink() == pair.isMustLink() ? 1.0 / M : 0;
            }
            rows.get(pair.isMustLink() ? 0 : 1).add(new double[] {pair.isMustLink() ? together : 1 - together, sameKind});
        }
        double fit = 0;
        double supervision = 0;
        double variance = 0;
        for (List<double[]> kind : rows) {
            double[] differences = kind.stream().mapToDouble(r -> r[1] - r[0]).toArray();
            double mean = Arrays.stream(differences).average().orElseThrow();
            fit += 0.5 * kind.stream().mapToDouble(r -> r[0]).average().orElseThrow();
            supervision += 0.5 * kind.stream().mapToDouble(r -> r[1]).average().orElseThrow();
            variance += 0.25 * Arrays.stream(differences).map(x -> (x - mean) * (x - mean)).sum()
                    / (kind.size() - 1) / kind.size();
        }
        assertTrue(rows.get(0).size() >= PairAgreement.MINIMUM_PER_KIND, "enough must-links to check");
        assertEquals(NeighbourhoodAgreement.Basis.PAIRS, finding.basis());
        assertEquals(pairs.size(), finding.checked());
        assertEquals(fit, finding.fitAgreement(), 1e-12);
        assertEquals(supervision, finding.supervisionAgreement(), 1e-12);
        assertEquals(Math.sqrt(variance), finding.standardError(), 1e-12);
    }

    @Test
    void aFitThatSplitsAClassAcrossItsMustLinksContradictsItsPairs() {
        // three well separated blobs, the first holding 80% of the points; the fit satisfies every
        // pair but cuts the large class in two, as a landmark embedding that makes up k by
        // splitting a large class does
        Dataset blobs = TestData.blobs(3, 400, 2, 8.0, 2);
        int[] rows = IntStream.range(0, blobs.size()).filter(i -> blobs.label(i) == 0 || i < 150).toArray();
        Dataset data = blobs.subset(rows);
        ConstraintSet pairs = ConstraintGenerator.randomPairs(data.labels(), 200, new SplittableRandom(1));
        int[] fitted = TestData.splitAtMedian(data, data.labels(), 0, 2, pairs);
        try (RunContext context = RunContext.sequential(1)) {
            NeighbourhoodAgreement.Finding split = NeighbourhoodAgreement.of(data, pairs, fitted, context).orElseThrow();
            assertTrue(split.contradicts(), split.toString());
            assertTrue(split.supervisionAgreement() > 0.95, split.toString());
            NeighbourhoodAgreement.Finding truth = NeighbourhoodAgreement.of(data, pairs, data.labels(), context)
                    .orElseThrow();
            assertFalse(truth.contradicts(), truth.toString());
            assertTrue(truth.fitAgreement() > 0.95, truth.toString());
        }
    }

    @Test
    void pairsOfOneKindOrTooFewOfEitherAreNotChecked() {
        Dataset data = TestData.blobs(3, 100, 2, 4.0, 1);
        List<Constraint> mustLinks = new ArrayList<>();
        List<Constraint> cannotLinks = new ArrayList<>();
        for (int t = 0; t < 40; t++) {
            mustLinks.add(Constraint.mustLink(t, t + 1));
            cannotLinks.add(Constraint.cannotLink(t, 150 + t));
        }
        try (RunContext context = RunContext.sequential(1)) {
            assertTrue(NeighbourhoodAgreement.of(data, ConstraintSet.ofPairs(data.size(), mustLinks), data.labels(),
                    context).isEmpty(), "must-links alone");
            assertTrue(NeighbourhoodAgreement.of(data, ConstraintSet.ofPairs(data.size(), cannotLinks), data.labels(),
                    context).isEmpty(), "cannot-links alone");
            List<Constraint> fewMustLinks = new ArrayList<>(cannotLinks);
            fewMustLinks.addAll(mustLinks.subList(0, PairAgreement.MINIMUM_PER_KIND - 1));
            assertTrue(NeighbourhoodAgreement.of(data, ConstraintSet.ofPairs(data.size(), fewMustLinks), data.labels(),
                    context).isEmpty(), "nine must-links");
            List<Constraint> enough = new ArrayList<>(cannotLinks);
            enough.addAll(mustLinks.subList(0, PairAgreement.MINIMUM_PER_KIND));
            assertEquals(PairAgreement.MINIMUM_PER_KIND + cannotLinks.size(), NeighbourhoodAgreement.of(data,
                    ConstraintSet.ofPairs(data.size(), enough), data.labels(), context).orElseThrow().checked());
        }
    }

    @Test
    void sameSeedSameFinding() {
        Dataset data = TestData.blobs(4, 400, 3, 3.0, 7);
        ConstraintSet pairs = ConstraintGenerator.randomPairs(data.labels(), 1500, new SplittableRandom(9));
        try (RunContext one = RunContext.sequential(3); RunContext two = RunContext.sequential(3)) {
            NeighbourhoodAgreement.Finding first = NeighbourhoodAgreement.of(data, pairs, data.labels(), one).orElseThrow();
            assertEquals(first, NeighbourhoodAgreement.of(data, pairs, data.labels(), two).orElseThrow());
            assertTrue(first.checked() <= 2 * PairAgreement.QUERIES_PER_KIND, first.toString());
        }
    }
}
