package io.csc.algorithm.cspml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.Operators;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstraintLayerTest {

    private static final int N = 7;

    /**
     * Points 0, 1, 2 labelled class 0 (confidences 1, 0.81, 0.64), point 4 class 1 (0.49); explicit
     * ML(5, 6) of weight 0.5, CL(3, 5) of weight 0.8, and ML(0, 1) repeated (implied by the labels).
     */
    private static ConstraintSet mixed() {
        ConstraintSet labels = ConstraintSet.fromLabels(N, new int[] {0, 1, 2, 4}, new int[] {0, 0, 0, 1},
                new double[] {1.0, 0.81, 0.64, 0.49});
        ConstraintSet pairs = ConstraintSet.ofPairs(N, List.of(new Constraint(5, 6, ConstraintType.MUST_LINK, 0.5),
                new Constraint(3, 5, ConstraintType.CANNOT_LINK, 0.8), Constraint.mustLink(0, 1)));
        return labels.plus(pairs);
    }

    /** W₂ written out by hand from the definition (pair weight sqrt(c_a c_b)). */
    private static double[][] mustLinkByHand() {
        double[][] w = new double[N][N];
        double[] c = {1.0, 0.81, 0.64, 0, 0.49};
        set(w, 0, 1, 1.0); // the explicit hard ML(0, 1) beats the implied sqrt(0.81) = 0.9
        set(w, 0, 2, Math.sqrt(c[0] * c[2]));
        set(w, 1, 2, Math.sqrt(c[1] * c[2]));
        set(w, 5, 6, 0.5);
        return w;
    }

    /** W₃ = all ones except 1 - t on cannot-links of weight t (diagonal 1). */
    private static double[][] cannotLinkByHand() {
        double[][] w = new double[N][N];
        for (double[] row : w) {
            java.util.Arrays.fill(row, 1.0);
        }
        double[] c = {1.0, 0.81, 0.64, 0, 0.49};
        for (int a : new int[] {0, 1, 2}) {
            set(w, a, 4, 1 - Math.sqrt(c[a] * c[4]));
        }
        set(w, 3, 5, 1 - 0.8);
        return w;
    }

    private static void set(double[][] w, int i, int j, double value) {
        w[i][j] = value;
        w[j][i] = value;
    }

    /** {@code D^-1/2 W D^-1/2} with 0 for degree-0 rows, densely. */
    private static DenseMatrix normalized(double[][] w) {
        DenseMatrix dense = DenseMatrix.of(w);
        NormalizedAffinity.normalizeInPlace(dense);
        return dense;
    }

    private static DenseMatrix normalizedOperator(ConstraintLayer layer) {
        return Operators.toDense(layer.normalized(NormalizedAffinity.inverseSquareRootDegrees(layer.degrees())));
    }

    @Test
    void mustLinkLayerMatchesTheDefinitionAndLeavesUnlinkedPointsZero() {
        ConstraintLayer layer = ConstraintLayer.mustLinks(mixed());
        assertEquals(0.0, Operators.toDense(layer.operator()).maxAbsoluteDifference(DenseMatrix.of(mustLinkByHand())),
                1e-12);
        DenseMatrix normalized = normalizedOperator(layer);
        assertEquals(0.0, normalized.maxAbsoluteDifference(normalized(mustLinkByHand())), 1e-12);
        for (int j = 0; j < N; j++) {
            assertEquals(0.0, normalized.get(3, j), 0.0, "point 3 has no must-link: its row stays 0");
            assertEquals(0.0, normalized.get(4, j), 0.0, "point 4 is alone in its class: its row stays 0");
        }
    }

    @Test
    void cannotLinkLayerAppliedMatrixFreeMatchesTheDenseLaplacian() {
        ConstraintLayer layer = ConstraintLayer.cannotLinks(mixed());
        double[][] byHand = cannotLinkByHand();
        assertEquals(0.0, Operators.toDense(layer.operator()).maxAbsoluteDifference(DenseMatrix.of(byHand)), 1e-12);
        double[] degrees = layer.degrees();
        assertEquals(7 - 0.8, degrees[3], 1e-12);
        assertEquals(7 - Math.sqrt(0.49) * (1 + 0.9 + 0.8), degrees[4], 1e-12);
        DenseMatrix laplacian = DenseMatrix.identity(N);
        DenseMatrix normalized = normalizedOperator(layer);
        DenseMatrix expected = normalized(byHand);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                assertEquals(laplacian.get(i, j) - expected.get(i, j), laplacian.get(i, j) - normalized.get(i, j), 1e-12);
            }
        }
    }

    @Test
    void labelStructureAndEnumeratedPairsGiveTheSameLayers() {
        ConstraintSet labels = ConstraintSet.fromLabels(12, new int[] {0, 2, 3, 5, 8, 9, 11},
                new int[] {0, 1, 0, 2, 1, 0, 2}, new double[] {0.7, 0.9, 1.0, 0.8, 0.75, 0.95, 0.85});
        ConstraintSet pairs = ConstraintSet.ofPairs(12, labels.allPairs(1000));
        assertTrue(labels.pairs().isEmpty() && pairs.labelledBlocks().isEmpty());
        for (boolean mustLinks : new boolean[] {true, false}) {
            ConstraintLayer structured = mustLinks ? ConstraintLayer.mustLinks(labels) : ConstraintLayer.cannotLinks(labels);
            ConstraintLayer enumerated = mustLinks ? ConstraintLayer.mustLinks(pairs) : ConstraintLayer.cannotLinks(pairs);
            assertTrue(enumerated.terms().isEmpty());
            assertEquals(0.0, Operators.toDense(structured.operator())
                    .maxAbsoluteDifference(Operators.toDense(enumerated.operator())), 1e-12);
            assertEquals(0.0, normalizedOperator(structured).maxAbsoluteDifference(normalizedOperator(enumerated)), 1e-12);
        }
    }

    @Test
    void sampledColumnsBlockAndProductsMatchTheDenseLayer() {
        int[] sample = {5, 0, 4};
        for (ConstraintLayer layer : List.of(ConstraintLayer.mustLinks(mixed()), ConstraintLayer.cannotLinks(mixed()))) {
            DenseMatrix dense = Operators.toDense(layer.operator());
            double[] rowScale = {0.5, 1, 2, 0, 1.5, 1, 0.25};
            double[] columnScale = {2, 0.5, 3};
            DenseMatrix columns = DenseMatrix.zeros(N, sample.length);
            layer.addSampledColumns(sample, ConstraintLayer.positions(N, sample), rowScale, columnScale, columns);
            DenseMatrix block = layer.block(sample);
            DenseMatrix x = DenseMatrix.of(new double[][] {{1, -1}, {0.5, 2}, {-3, 1}});
            DenseMatrix product = layer.multiplySampledColumns(sample, rowScale, columnScale, x);
            double[] sampledDegrees = layer.sampledDegrees(sample);
            for (int a = 0; a < N; a++) {
                double rowSum = 0;
                for (int j = 0; j < sample.length; j++) {
                    double entry = dense.get(a, sample[j]);
                    rowSum += entry;
                    assertEquals(rowScale[a] * entry * columnScale[j], columns.get(a, j), 1e-12);
                    for (int c = 0; c < 2; c++) {
                        assertEquals(rowScale[a] * dense.get(a, sample[0]) * columnScale[0] * x.get(0, c)
                                + rowScale[a] * dense.get(a, sample[1]) * columnScale[1] * x.get(1, c)
                                + rowScale[a] * dense.get(a, sample[2]) * columnScale[2] * x.get(2, c),
                                product.get(a, c), 1e-12);
                    }
                }
                assertEquals(rowSum, sampledDegrees[a], 1e-12);
            }
            for (int i = 0; i < sample.length; i++) {
                for (int j = 0; j < sample.length; j++) {
                    assertEquals(dense.get(sample[i], sample[j]), block.get(i, j), 1e-12);
                }
            }
        }
    }
}
