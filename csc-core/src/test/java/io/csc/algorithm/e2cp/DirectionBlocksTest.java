package io.csc.algorithm.e2cp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.SolverStatus;
import io.csc.linalg.DenseMatrix;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DirectionBlocksTest {

    /** Factors with rows of mixed sign, some zero, some repeated, and a spread of norms. */
    private static PropagatedConstraints factors(int n, int q, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DenseMatrix solved = DenseMatrix.zeros(n, q);
        DenseMatrix weighted = DenseMatrix.zeros(n, q);
        for (int j = 0; j < n; j++) {
            double norm = Math.exp(3 * random.nextGaussian());
            for (int t = 0; t < q; t++) {
                solved.data()[j * q + t] = j % 17 == 0 ? 0.0 : norm * random.nextGaussian();
                weighted.data()[j * q + t] = random.nextGaussian();
            }
            if (j % 23 == 5) {
                System.arraycopy(solved.data(), (j - 1) * q, solved.data(), j * q, q);
            }
        }
        return new PropagatedConstraints(solved, weighted, SolverStatus.direct("test"));
    }

    @Test
    void theOrderIsAPermutationAndEveryBlockBoundsItsEntriesAndSumsThem() {
        int n = 10 * DirectionBlocks.WIDTH + 37;
        int q = 5;
        PropagatedConstraints propagated = factors(n, q, 3);
        DirectionBlocks blocks = new DirectionBlocks(propagated);
        int[] sorted = blocks.order().clone();
        Arrays.sort(sorted);
        int[] identity = new int[n];
        Arrays.setAll(identity, j -> j);
        assertArrayEquals(identity, sorted);
        assertEquals(11, blocks.count());
        double[] upper = new double[blocks.count()];
        double[] lower = new double[blocks.count()];
        double[] sums = new double[blocks.count()];
        double[] h = propagated.weighted().data();
        for (int i = 0; i < n; i += 7) {
            blocks.bounds(h, i * q, upper, lower, sums);
            double slack = blocks.slack(h, i * q);
            for (int b = 0; b < blocks.count(); b++) {
                double sum = 0;
                for (int position = b * DirectionBlocks.WIDTH; position < Math.min(n, (b + 1) * DirectionBlocks.WIDTH);
                     position++) {
                    double entry = propagated.entry(i, blocks.column(position));
                    assertTrue(entry <= upper[b] + slack, "row " + i + " block " + b + ": " + entry + " > " + upper[b]);
                    assertTrue(entry >= lower[b] - slack, "row " + i + " block " + b + ": " + entry + " < " + lower[b]);
                    sum += entry;
                }
                assertEquals(sum, sums[b], 1e-12 * (Math.abs(sum) + Math.abs(upper[b]) + Math.abs(lower[b])) * DirectionBlocks.WIDTH);
            }
        }
    }

    @Test
    void theBlocksOfNearlyOneDirectionSettleTheSignOfMostOfARow() {
        // two opposite bundles of directions: every block lies in one, so every row's blocks are settled
        int n = 8 * DirectionBlocks.WIDTH;
        int q = 3;
        SplittableRandom random = new SplittableRandom(9);
        DenseMatrix solved = DenseMatrix.zeros(n, q);
        for (int j = 0; j < n; j++) {
            double sign = j % 2 == 0 ? 1 : -1;
            double norm = 0.1 + random.nextDouble();
            solved.data()[j * q] = sign * norm;
            solved.data()[j * q + 1] = sign * norm * 0.05 * random.nextDouble();
            solved.data()[j * q + 2] = sign * norm * 0.05 * random.nextDouble();
        }
        PropagatedConstraints propagated = new PropagatedConstraints(solved, solved, SolverStatus.direct("test"));
        DirectionBlocks blocks = new DirectionBlocks(propagated);
        double[] upper = new double[blocks.count()];
        double[] lower = new double[blocks.count()];
        double[] sums = new double[blocks.count()];
        blocks.bounds(solved.data(), 0, upper, lower, sums);
        for (int b = 0; b < blocks.count(); b++) {
            assertTrue(lower[b] > 0 || upper[b] < 0, "block " + b + " in [" + lower[b] + ", " + upper[b] + "]");
        }
    }
}
