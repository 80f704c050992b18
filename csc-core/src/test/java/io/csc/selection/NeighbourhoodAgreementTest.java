package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.testing.GoldenRuns;
import io.csc.testing.TestData;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class NeighbourhoodAgreementTest {

    /** The share of the m nearest points of {@code point} among {@code among} (itself left out) for which {@code same} holds. */
    private static double bruteForceShare(Dataset data, int point, int[] among, int m, java.util.function.IntPredicate same) {
        Integer[] order = Arrays.stream(among).filter(other -> other != point).boxed().toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> Double.compare(TestData.squaredDistance(data, point, a), TestData.squaredDistance(data, point, b)));
        int agreeing = 0;
        for (int t = 0; t < m; t++) {
            agreeing += same.test(order[t]) ? 1 : 0;
        }
        return (double) agreeing / m;
    }

    @Test
    void theFiguresAreTheMeanSharesOfTheNearestPointsAndLabelledPoints() {
        // every labelled point is checked and every point is a neighbour candidate at this size:
        // the check's figures are plain means, computed here distance by distance
        Dataset data = TestData.blobs(3, 150, 2, 2.0, 5);
        ConstraintSet labels = GoldenRuns.labels(data, 0.2, 3);
        LabelledPoints block = labels.labelledBlocks().get(0);
        int[] fitted = data.labels().clone();
        for (int i = 0; i < fitted.length; i += 7) {
            fitted[i] = (fitted[i] + 1) % 3;      // a fit that errs here and there
        }
        NeighbourhoodAgreement.Finding finding;
        try (RunContext context = RunContext.sequential(1)) {
            finding = NeighbourhoodAgreement.of(data, labels, fitted, context).orElseThrow();
        }
        int[] everyPoint = java.util.stream.IntStream.range(0, data.size()).toArray();
        int m = NeighbourhoodAgreement.NEIGHBOURS;
        double fit = 0;
        double label = 0;
        double[] differences = new double[block.size()];
        for (int t = 0; t < block.size(); t++) {
            int point = block.points()[t];
            int own = fitted[point];
            int ownClass = block.classes()[t];
            double fitShare = bruteForceShare(data, point, everyPoint, m, other -> fitted[other] == own);
            int[] classOf = new int[data.size()];
            for (int u = 0; u < block.size(); u++) {
                classOf[block.points()[u]] = block.classes()[u];
            }
            double labelShare = bruteForceShare(data, point, block.points(), m, other -> classOf[other] == ownClass);
            fit += fitShare / block.size();
            label += labelShare / block.size();
            differences[t] = labelShare - fitShare;
        }
        double mean = Arrays.stream(differences).average().orElseThrow();
        double variance = Arrays.stream(differences).map(x -> (x - mean) * (x - mean)).sum() / (block.size() - 1);
        assertEquals(block.size(), finding.checked());
        assertEquals(fit, finding.fitAgreement(), 1e-12);
        assertEquals(label, finding.supervisionAgreement(), 1e-12);
        assertEquals(Math.sqrt(variance / block.size()), finding.standardError(), 1e-12);
    }

    @Test
    void aFitThatSplitsALabelledClassContradictsItsLabels() {
        // three well separated blobs; the fit keeps every labelled point in its class's cluster
        // but cuts the largest class in two along its first coordinate, as a landmark embedding
        // that has too few vectors for the small classes does
        Dataset data = TestData.blobs(3, 300, 2, 8.0, 2);
        ConstraintSet labels = GoldenRuns.labels(data, 0.1, 1);
        int[] fitted = TestData.splitAtMedian(data, data.labels(), 0, 3, labels);
        try (RunContext context = RunContext.sequential(1)) {
            NeighbourhoodAgreement.Finding split = NeighbourhoodAgreement.of(data, labels, fitted, context).orElseThrow();
            assertTrue(split.contradicts(), split.toString());
            assertTrue(split.supervisionAgreement() > 0.95, split.toString());
            NeighbourhoodAgreement.Finding truth = NeighbourhoodAgreement.of(data, labels, data.labels(), context)
                    .orElseThrow();
            assertFalse(truth.contradicts(), truth.toString());
        }
    }

    @Test
    void theVerdictNeedsAnExcessBeyondTheMarginAndTheStandardError() {
        assertTrue(new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.LABELS, 0.45, 0.99, 0.02, 300).contradicts());
        assertFalse(new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.LABELS, 0.60, 0.68, 0.01, 300).contradicts(), "within the margin");
        assertFalse(new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.LABELS, 0.50, 0.65, 0.06, 30).contradicts(), "within 3 errors");
        assertFalse(new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.LABELS, 0.90, 0.60, 0.01, 300).contradicts(), "the fit agrees more");
    }

    @Test
    void withoutEnoughLabelsThereIsNoCheck() {
        Dataset data = TestData.blobs(3, 100, 2, 4.0, 1);
        try (RunContext context = RunContext.sequential(1)) {
            ConstraintSet pairs = ConstraintSet.ofPairs(data.size(), List.of(Constraint.mustLink(0, 1),
                    Constraint.cannotLink(0, 150)));
            assertTrue(NeighbourhoodAgreement.of(data, pairs, data.labels(), context).isEmpty(), "two pairs are too few");
            ConstraintSet few = GoldenRuns.labels(data, 0.05, 1);
            assertTrue(few.labelledBlocks().get(0).size() < NeighbourhoodAgreement.MINIMUM_LABELLED);
            assertTrue(NeighbourhoodAgreement.of(data, few, data.labels(), context).isEmpty(), "15 labels");
            int[] points = java.util.stream.IntStream.range(0, 60).toArray();
            ConstraintSet oneClass = ConstraintSet.fromLabels(data.size(), points, new int[points.length]);
            assertTrue(NeighbourhoodAgreement.of(data, oneClass, data.labels(), context).isEmpty(), "one class");
            ConstraintSet groups = ConstraintSet.fromGroups(data.size(), List.of(
                    java.util.stream.IntStream.range(0, 40).toArray(), java.util.stream.IntStream.range(100, 140).toArray()));
            assertTrue(NeighbourhoodAgreement.of(data, groups, data.labels(), context).isEmpty(), "groups have no classes");
        }
    }
}
