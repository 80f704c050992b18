package io.csc.metric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.linalg.DenseMatrix;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HungarianAlgorithmTest {

    @Test
    void solvesAKnownSquareProblem() {
        // rows: workers, columns: jobs. The optimum is 0 -> 1, 1 -> 0, 2 -> 2: 1 + 2 + 2 = 5
        // (the diagonal costs 4 + 4 + 2 = 10; every other permutation costs more than 5)
        DenseMatrix cost = DenseMatrix.of(new double[][] {{4, 1, 3}, {2, 4, 5}, {3, 5, 2}});
        int[] assignment = HungarianAlgorithm.minimumCostAssignment(cost);
        assertArrayEquals(new int[] {1, 0, 2}, assignment);
        assertEquals(5.0, HungarianAlgorithm.totalCost(cost, assignment));
    }

    @Test
    void matchesBruteForceOnRandomSquareAndRectangularMatrices() {
        SplittableRandom random = new SplittableRandom(12);
        for (int trial = 0; trial < 300; trial++) {
            int rows = 1 + random.nextInt(6);
            int columns = 1 + random.nextInt(6);
            DenseMatrix cost = DenseMatrix.zeros(rows, columns);
            for (int index = 0; index < rows * columns; index++) {
                // small integers make ties frequent; negative values must work too
                cost.data()[index] = trial % 2 == 0 ? random.nextInt(-5, 6) : random.nextDouble() * 100 - 50;
            }
            int[] assignment = HungarianAlgorithm.minimumCostAssignment(cost);
            assertValidMatching(assignment, rows, columns);
            assertEquals(bruteForceMinimum(cost), HungarianAlgorithm.totalCost(cost, assignment), 1e-9,
                    "trial " + trial + ": " + cost);
        }
    }

    @Test
    void handlesEmptyShapes() {
        assertArrayEquals(new int[0], HungarianAlgorithm.minimumCostAssignment(DenseMatrix.zeros(0, 3)));
        assertArrayEquals(new int[] {-1, -1}, HungarianAlgorithm.minimumCostAssignment(DenseMatrix.zeros(2, 0)));
    }

    @Test
    void rejectsNonFiniteCosts() {
        DenseMatrix cost = DenseMatrix.of(new double[][] {{1, Double.POSITIVE_INFINITY}});
        assertEquals("Cost (0, 1) is not finite: Infinity",
                assertThrows(IllegalArgumentException.class, () -> HungarianAlgorithm.minimumCostAssignment(cost))
                        .getMessage());
    }

    private static void assertValidMatching(int[] assignment, int rows, int columns) {
        assertEquals(rows, assignment.length);
        boolean[] used = new boolean[columns];
        int matched = 0;
        for (int column : assignment) {
            if (column >= 0) {
                assertTrue(column < columns);
                assertTrue(!used[column], "column " + column + " used twice");
                used[column] = true;
                matched++;
            }
        }
        assertEquals(Math.min(rows, columns), matched);
    }

    /** The minimum over all injective matchings of min(r, c) rows to columns. */
    private static double bruteForceMinimum(DenseMatrix cost) {
        return search(cost, 0, new boolean[cost.columns()], 0, Math.min(cost.rows(), cost.columns()));
    }

    private static double search(DenseMatrix cost, int row, boolean[] used, int matched, int needed) {
        if (matched == needed) {
            return 0;
        }
        if (cost.rows() - row < needed - matched) {
            return Double.POSITIVE_INFINITY;
        }
        // leave this row unmatched (possible only when there are more rows than columns)
        double best = search(cost, row + 1, used, matched, needed);
        for (int column = 0; column < cost.columns(); column++) {
            if (!used[column]) {
                used[column] = true;
                best = Math.min(best, cost.get(row, column) + search(cost, row + 1, used, matched + 1, needed));
                used[column] = false;
            }
        }
        return best;
    }
}
