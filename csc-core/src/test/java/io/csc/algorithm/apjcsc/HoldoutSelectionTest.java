package io.csc.algorithm.apjcsc;

import io.csc.selection.SupervisionFold;
import io.csc.selection.SupervisionFolds;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ConstraintCounts;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HoldoutSelectionTest {

    @Test
    void heldOutCountsAreThePairsWithAHeldOutPointAndTheHeldOutPairs() {
        // Classes {0, 0, 1, 1}, clusters {0, 0, 0, 1}; point 3 held out. Its pairs: ML(2,3) violated,
        // CL(0,3) and CL(1,3) satisfied. Held-out explicit pair CL(1, 4) with 1 and 4 together: violated.
        LabelledPoints block = LabelledPoints.hard(new int[] {0, 1, 2, 3}, new int[] {0, 0, 1, 1}, true);
        LabelledPoints training = LabelledPoints.hard(new int[] {0, 1, 2}, new int[] {0, 0, 1}, true);
        int[] clusters = {0, 0, 0, 1, 0};
        SupervisionFold fold = new SupervisionFold(
                ConstraintSet.of(5, List.of(Constraint.cannotLink(1, 4)), List.of(block)),
                ConstraintSet.of(5, List.of(), List.of(training)));
        ConstraintCounts counts = fold.heldOut(clusters);
        assertEquals(new ConstraintCounts(1, 0, 3, 2), counts);
        assertEquals(1.0 / 3, counts.satisfaction(), 1e-15);
    }

    @Test
    void foldsHoldOutEveryLabelledPointOnceAndEveryPair() {
        int n = 60;
        int[] truth = new int[n];
        for (int i = 0; i < n; i++) {
            truth[i] = i % 3;
        }
        ConstraintSet labels = ConstraintGenerator.labelledPoints(truth, 20, new SplittableRandom(2))
                .plus(ConstraintSet.ofPairs(n, List.of(Constraint.mustLink(1, 4), Constraint.cannotLink(2, 5),
                        Constraint.mustLink(7, 10), Constraint.cannotLink(8, 9))));
        List<SupervisionFold> folds = SupervisionFolds.split(labels, 3, new SplittableRandom(5)).orElseThrow();
        int[] heldOutTimes = new int[n];
        int heldOutPairs = 0;
        int[] labelled = labels.labelledBlocks().get(0).points();
        for (SupervisionFold fold : folds) {
            heldOutPairs += 4 - fold.training().pairs().size();
            int[] training = fold.training().labelledBlocks().get(0).points();
            for (int point : labelled) {
                if (java.util.Arrays.stream(training).noneMatch(p -> p == point)) {
                    heldOutTimes[point]++;
                }
            }
        }
        // a must-link is held out with its component, a cannot-link with each of its two components
        assertTrue(heldOutPairs >= 4 && heldOutPairs <= 6, "held out " + heldOutPairs);
        for (int point : labelled) {
            assertEquals(1, heldOutTimes[point]);
        }
        assertTrue(SupervisionFolds.split(ConstraintSet.ofPairs(n, List.of(Constraint.mustLink(1, 2))), 3,
                new SplittableRandom(1)).isEmpty());
    }

    @Test
    void tiesGoToTheDefaultsAndHigherScoresWin() {
        assertTrue(better(0.9, 2.0, 0.6, 0.8, 1.0, 0.9));
        assertFalse(better(0.8, 2.0, 0.9, 0.8, 1.0, 0.6));
        assertTrue(better(0.8, 1.0, 0.6, 0.8, 0.5, 0.9));
        assertTrue(better(0.8, 1.0, 0.9, 0.8, 1.0, 0.6));
        assertTrue(better(0.1, 1.0, 0.9, Double.NaN, 1.0, 0.6));
        assertFalse(better(Double.NaN, 1.0, 0.9, 0.1, 1.0, 0.6));
    }

    /** Whether the first candidate ranks strictly before the second, with the default η 0.9. */
    private static boolean better(double score, double factor, double eta, double otherScore, double otherFactor,
                                  double otherEta) {
        return HoldoutSelection.ranking(0.9).compare(new HoldoutSelection.Candidate(score, factor, eta),
                new HoldoutSelection.Candidate(otherScore, otherFactor, otherEta)) < 0;
    }

    @Test
    void theGridsStepBySquareRootOfTwoAndByATenth() {
        SelectionOptions options = new SelectionOptions(3, 0.25, 2.0, 0.6, 0.9);
        double[] factors = options.sigmaFactors();
        assertEquals(7, factors.length);
        assertEquals(0.25, factors[0], 1e-12);
        assertEquals(1.0, factors[4], 1e-12);
        assertEquals(2.0, factors[6], 1e-12);
        assertArrayEquals(new double[] {0.6, 0.7, 0.8, 0.9}, options.etas(), 1e-12);
        assertFalse(SelectionOptions.NONE.enabled());
    }

    @Test
    void theSelectedParametersReproduceTheSelectedRun() {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        ConstraintSet labels = ConstraintGenerator.labelledFraction(iris.labels(), 0.2, new SplittableRandom(3));
        ClusteringAlgorithm selecting = AlgorithmRegistry.byName("apjcsc-2").createWithoutSelection(ParameterValues.of(
                Map.of("select-folds", "3", "select-sigma-min", "0.5", "select-sigma-max", "1.0")));
        ClusteringResult selected;
        try (RunContext context = RunContext.sequential(9)) {
            selected = selecting.fit(iris, labels, 3, context);
        }
        double sigma = (double) selected.diagnostics().value("selectedSigma");
        double eta = (double) selected.diagnostics().value("selectedEta");
        double[][] scores = (double[][]) selected.diagnostics().value("selectionScores");
        assertEquals(3, scores.length);
        assertEquals(4, scores[0].length);
        ClusteringAlgorithm fixed = AlgorithmRegistry.byName("apjcsc-2").createWithoutSelection(ParameterValues.of(
                Map.of("sigma", Double.toString(sigma), "eta", Double.toString(eta))));
        try (RunContext context = RunContext.sequential(9)) {
            assertArrayEquals(selected.labels(), fixed.fit(iris, labels, 3, context).labels());
        }
    }

    @Test
    void tooLittleSupervisionKeepsTheGivenParametersWithAWarning() {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        ConstraintSet one = ConstraintSet.ofPairs(iris.size(), List.of(Constraint.mustLink(0, 1)));
        ClusteringAlgorithm selecting = AlgorithmRegistry.byName("apjcsc-1").createWithoutSelection(ParameterValues.of(
                Map.of("select-folds", "3")));
        try (RunContext context = RunContext.sequential(1)) {
            ClusteringResult result = selecting.fit(iris, one, 3, context);
            assertTrue(result.diagnostics().warnings().get(0).startsWith("Too little supervision"));
        }
    }
}
