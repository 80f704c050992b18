package io.csc.algorithm.spectral;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;
import org.junit.jupiter.api.Test;

class AffinityAdjustmentTest {

    private static SparseMatrix symmetric(int n, int[][] pairs, double[] values) {
        int[] rows = new int[2 * pairs.length];
        int[] columns = new int[rows.length];
        double[] entries = new double[rows.length];
        for (int t = 0; t < pairs.length; t++) {
            rows[2 * t] = pairs[t][0];
            columns[2 * t] = pairs[t][1];
            rows[2 * t + 1] = pairs[t][1];
            columns[2 * t + 1] = pairs[t][0];
            entries[2 * t] = values[t];
            entries[2 * t + 1] = values[t];
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, entries, rows.length, SparseMatrix.Duplicates.SUM);
    }

    @Test
    void equationFourOnHandValues() {
        assertEquals(0.75, AffinityAdjustment.adjust(0.5, 0.5), 1e-15);
        assertEquals(0.25, AffinityAdjustment.adjust(0.5, -0.5), 1e-15);
        assertEquals(0.3, AffinityAdjustment.adjust(0.3, 0.0), 1e-15);
        assertEquals(0.2 + 0.8 * 0.1, AffinityAdjustment.adjust(0.1, 0.2), 1e-15);
        assertEquals(0.9 * 0.4, AffinityAdjustment.adjust(0.4, -0.1), 1e-15);
        assertEquals(0.6, AffinityAdjustment.adjust(0.0, 0.6), 1e-15);
        assertEquals(0.0, AffinityAdjustment.adjust(0.0, -0.6), 0.0);
    }

    @Test
    void fullConfidenceIsTheSpectralLearningRule() {
        for (double w : new double[] {0.0, 0.3, 1.0}) {
            assertEquals(1.0, AffinityAdjustment.adjust(w, 1.0), 0.0);
            assertEquals(0.0, AffinityAdjustment.adjust(w, -1.0), 0.0);
        }
    }

    @Test
    void staysInTheUnitIntervalAndGrowsWithTheConfidence() {
        for (double w = 0; w <= 1.0; w += 0.125) {
            double previous = -1;
            for (double f = -1; f <= 1.0; f += 0.125) {
                double adjusted = AffinityAdjustment.adjust(w, f);
                assertEquals(true, adjusted >= 0 && adjusted <= 1, "w=" + w + " f=" + f);
                assertEquals(true, adjusted >= previous, "not monotone at w=" + w + " f=" + f);
                previous = adjusted;
            }
        }
    }

    @Test
    void denseWeightsAreAdjustedAtTheStoredPairsOnly() {
        DenseMatrix weights = DenseMatrix.of(new double[][] {{0, 0.5, 0.2}, {0.5, 0, 0.4}, {0.2, 0.4, 0}});
        AffinityAdjustment.adjustWeights(weights, symmetric(3, new int[][] {{0, 1}, {0, 2}}, new double[] {1.0, -0.5}));
        assertArrayEquals(new double[] {0, 1.0, 0.1, 1.0, 0, 0.4, 0.1, 0.4, 0}, weights.data(), 1e-15);
    }

    @Test
    void denseWeightsAreRestoredExactly() {
        double[][] values = {{0, 0.5, 0.2, 0.3}, {0.5, 0, 0.4, 0.1}, {0.2, 0.4, 0, 0.7}, {0.3, 0.1, 0.7, 0}};
        DenseMatrix weights = DenseMatrix.of(values);
        SparseMatrix confidences = symmetric(4, new int[][] {{0, 1}, {0, 2}, {3, 2}, {1, 1}},
                new double[] {0.3, -0.7, 1.0, 0.5});
        double[] replaced = AffinityAdjustment.adjustWeights(weights, confidences);
        assertEquals(0.5 + 0.3 * 0.5, weights.get(1, 0), 1e-15);
        AffinityAdjustment.restoreWeights(weights, confidences, replaced);
        assertArrayEquals(DenseMatrix.of(values).data(), weights.data(), 0.0);
    }

    @Test
    void denseConfidencesBecomeTheAdjustedAffinityOfASparseGraph() {
        SparseMatrix graph = symmetric(3, new int[][] {{0, 1}}, new double[] {0.5});
        DenseMatrix confidences = DenseMatrix.of(new double[][] {{0.9, 0.5, -0.3}, {0.5, 1, 0.2}, {-0.3, 0.2, 1}});
        AffinityAdjustment.adjustConfidences(confidences, graph, Parallel.sequential());
        assertArrayEquals(new double[] {0, 0.75, 0, 0.75, 0, 0.2, 0, 0.2, 0}, confidences.data(), 1e-15);
    }

    @Test
    void sparseAdjustmentCoversTheUnionOfBothPatterns() {
        SparseMatrix graph = symmetric(4, new int[][] {{0, 1}, {1, 2}}, new double[] {0.5, 0.4});
        SparseMatrix confidences = symmetric(4, new int[][] {{0, 1}, {2, 3}, {1, 2}}, new double[] {0.5, 0.3, -1.0});
        SparseMatrix adjusted = AffinityAdjustment.adjust(graph, confidences);
        assertArrayEquals(new double[] {0, 0.75, 0, 0, 0.75, 0, 0, 0, 0, 0, 0, 0.3, 0, 0, 0.3, 0},
                adjusted.toDense().data(), 1e-15);
        assertEquals(4, adjusted.nonZeros(), "the pair (1, 2) cut to 0 is not stored");
    }
}
