package io.csc.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvaluationTest {

    // six points on a line, truth [0,0,0,1,1,1], predicted [0,0,1,1,2,2] (the running example of
    // ClusteringMetricsTest)
    private static final double[] FEATURES = {0, 1, 5, 6, 10, 11};
    private static final int[] TRUTH = {0, 0, 0, 1, 1, 1};
    private static final int[] PREDICTED = {0, 0, 1, 1, 2, 2};

    @Test
    void evaluatesEveryMeasure() {
        Dataset data = Dataset.labelled("line", 6, 1, FEATURES, TRUTH, List.of("a", "b"), null);
        ConstraintSet constraints = ConstraintSet.fromLabels(6, new int[] {0, 1, 2, 3, 4, 5}, TRUTH);
        Evaluation evaluation = Evaluation.of(data, constraints, PREDICTED);
        assertEquals(4.0 / 6, evaluation.accuracy(), 1e-12);
        assertEquals(2.0 / 3 * Math.sqrt(Math.log(2) / Math.log(3)), evaluation.nmi(), 1e-12);
        assertEquals(8.0 / 33, evaluation.ari(), 1e-12);
        assertEquals(10.0 / 15, evaluation.randIndex(), 1e-12);
        // clusters {0,1}, {5,6}, {10,11}: centroids 0.5, 5.5, 10.5, every scatter 0.5
        // R between neighbours = 1 / 5, between 0.5 and 10.5 = 1 / 10; each cluster's worst is 1/5
        assertEquals(0.2, evaluation.daviesBouldin(), 1e-12);
        assertEquals(11.0 / 18, evaluation.constraintSatisfaction(), 1e-12);
    }

    @Test
    void missingTruthOrConstraintsGiveNaN() {
        Dataset unlabelled = Dataset.unlabelled("line", 6, 1, FEATURES);
        Evaluation evaluation = Evaluation.of(unlabelled, null, PREDICTED);
        assertTrue(Double.isNaN(evaluation.accuracy()));
        assertTrue(Double.isNaN(evaluation.nmi()));
        assertTrue(Double.isNaN(evaluation.ari()));
        assertTrue(Double.isNaN(evaluation.randIndex()));
        assertTrue(Double.isNaN(evaluation.constraintSatisfaction()));
        assertEquals(0.2, evaluation.daviesBouldin(), 1e-12);
        assertTrue(Double.isNaN(Evaluation.of(unlabelled, ConstraintSet.empty(6), PREDICTED).constraintSatisfaction()));
    }

    @Test
    void validates() {
        Dataset unlabelled = Dataset.unlabelled("line", 6, 1, FEATURES);
        assertEquals("3 predicted labels for 6 points of line", assertThrows(IllegalArgumentException.class,
                () -> Evaluation.of(unlabelled, null, new int[] {0, 1, 2})).getMessage());
        assertEquals("Invalid nmi: 1.5 (must be in [0.0, 1.0] or NaN)", assertThrows(IllegalArgumentException.class,
                () -> new Evaluation(1, 1.5, 0, 0, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Evaluation(1, 1, 0, 0, -1, 0));
        new Evaluation(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.POSITIVE_INFINITY, Double.NaN);
    }
}
