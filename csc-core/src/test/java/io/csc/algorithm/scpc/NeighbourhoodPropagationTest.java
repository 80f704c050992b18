package io.csc.algorithm.scpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.algorithm.scpc.NeighbourhoodPropagation.NeighbourList;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

class NeighbourhoodPropagationTest {

    // The paper's worked example: points p1, p2 (one component) and x1, x2, x3.
    private static final int P1 = 0;
    private static final int P2 = 1;
    private static final int X1 = 2;
    private static final int X2 = 3;
    private static final int X3 = 4;

    /**
     * Ẑᵀ of the example (points as rows, landmarks p1 and p2 as columns): Ẑ(x1, p1) = 0.4,
     * Ẑ(x2, p1) = 0.6, Ẑ(x1, p2) = 0.5, Ẑ(x3, p2) = 0.7, and each landmark coding itself.
     */
    private static SparseMatrix exampleCodes() {
        return SparseMatrix.fromTriplets(5, 2,
                new int[] {P1, P2, X1, X1, X2, X3},
                new int[] {0, 1, 0, 1, 0, 1},
                new double[] {0.9, 0.9, 0.4, 0.5, 0.6, 0.7}, 6, SparseMatrix.Duplicates.SUM);
    }

    @Test
    void thePapersWorkedExample() {
        NeighbourhoodPropagation.Component component = NeighbourhoodPropagation.propagate(List.of(
                new NeighbourList(new int[] {X1, X2}, new double[] {0.4, 0.6}),
                new NeighbourList(new int[] {X1, X3}, new double[] {0.5, 0.7})));
        assertEquals(0.4, component.minimum());
        assertEquals(0.7, component.maximum());
        assertArrayEquals(new int[] {1, 2}, component.degreeVector());
        assertArrayEquals(new double[] {0.7, 1.0}, component.lookupVector(), 1e-15);
        assertArrayEquals(new int[] {X1, X2, X3}, component.neighbours());
        assertArrayEquals(new double[] {1.0, 0.7, 0.7}, component.values(), 1e-15);
    }

    @Test
    void thePapersWorkedExampleUpdatesTheAffinity() {
        SparseMatrix codes = exampleCodes();
        boolean[] constrained = {true, true, false, false, false};
        SparseMatrix byLandmark = codes.transpose();
        NeighbourList first = NeighbourhoodPropagation.nearest(byLandmark, 0, constrained, 2);
        NeighbourList second = NeighbourhoodPropagation.nearest(byLandmark, 1, constrained, 2);
        assertArrayEquals(new int[] {X2, X1}, first.points(), "L_p1 = {x1, x2}, by decreasing affinity");
        assertArrayEquals(new int[] {X3, X1}, second.points(), "L_p2 = {x1, x3}");
        NeighbourhoodPropagation.Component component = NeighbourhoodPropagation.propagate(List.of(first, second));
        PropagatedAffinity affinity = PropagatedAffinity.of(codes, new int[] {P1, P2}, new int[] {0, 0},
                List.of(component));
        DenseMatrix z = affinity.toDense();
        double[][] expected = {
            // p1 p2  x1   x2   x3
            {1, 1, 1.0, 0.7, 0.7},
            {1, 1, 1.0, 0.7, 0.7}};
        assertEquals(0.0, z.maxAbsoluteDifference(DenseMatrix.of(expected)), 1e-15);
    }

    @Test
    void equationThreeSeparatesComponents() {
        SparseMatrix codes = exampleCodes();
        PropagatedAffinity affinity = PropagatedAffinity.of(codes, new int[] {P1, P2}, new int[] {0, 1},
                List.of(NeighbourhoodPropagation.Component.empty(), NeighbourhoodPropagation.Component.empty()));
        double[][] expected = {
            {1, 0, 0.4, 0.6, 0},
            {0, 1, 0.5, 0, 0.7}};
        assertEquals(0.0, affinity.toDense().maxAbsoluteDifference(DenseMatrix.of(expected)), 1e-15);
    }

    @Test
    void oneDistinctFrequencyGivesTheMaximum() {
        NeighbourhoodPropagation.Component component = NeighbourhoodPropagation.propagate(List.of(
                new NeighbourList(new int[] {7, 8}, new double[] {0.2, 0.3}),
                new NeighbourList(new int[] {9}, new double[] {0.5})));
        assertArrayEquals(new int[] {1}, component.degreeVector());
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, component.values());
    }

    @Test
    void frequenciesEnterTheLookupAsPrinted() {
        // Frequencies 1 and 3 (m = 2): min + f (max - min) / (m - 1).
        NeighbourhoodPropagation.Component component = NeighbourhoodPropagation.propagate(List.of(
                new NeighbourList(new int[] {5, 6}, new double[] {0.1, 0.2}),
                new NeighbourList(new int[] {5}, new double[] {0.3}),
                new NeighbourList(new int[] {5}, new double[] {0.2})));
        assertArrayEquals(new int[] {1, 3}, component.degreeVector());
        assertArrayEquals(new double[] {0.1 + 3 * 0.2, 0.1 + 0.2}, component.values(), 1e-15);
    }

    @Test
    void aComponentWithoutNeighboursPropagatesNothing() {
        NeighbourhoodPropagation.Component component = NeighbourhoodPropagation.propagate(List.of(
                new NeighbourList(new int[0], new double[0])));
        assertEquals(0, component.neighbours().length);
    }

    @Test
    void neighboursSkipConstrainedPointsAndBreakTiesByIndex() {
        SparseMatrix byLandmark = SparseMatrix.fromTriplets(1, 6, new int[] {0, 0, 0, 0, 0},
                new int[] {1, 2, 3, 4, 5}, new double[] {0.9, 0.5, 0.5, 0.5, 0.1}, 5, SparseMatrix.Duplicates.SUM);
        boolean[] constrained = {true, true, false, false, false, false};
        NeighbourList list = NeighbourhoodPropagation.nearest(byLandmark, 0, constrained, 2);
        assertArrayEquals(new int[] {2, 3}, list.points());
        assertArrayEquals(new double[] {0.5, 0.5}, list.affinities());
    }
}
