package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The candidate selection of the block step against sorting every screening distance. */
class CandidateSelectionTest {

    @ParameterizedTest
    @CsvSource({"5, 3", "40, 7", "1000, 7", "8000, 14", "8003, 20"})
    void theSmallestAreThoseOfAFullSortWithTiesToTheSmallerIndex(int p, int count) {
        SplittableRandom random = new SplittableRandom(p);
        float[] landmarkNorms = new float[p];
        float[] products = new float[p];
        for (int j = 0; j < p; j++) {
            // few distinct values: many ties, and some products beyond the norms that clamp at zero
            landmarkNorms[j] = random.nextInt(50);
            products[j] = random.nextInt(30);
        }
        float[] values = new float[p];
        CandidateSelection.screen(products, 0, 20f, landmarkNorms, values);
        float[] clamped = new float[p];
        Integer[] order = new Integer[p];
        for (int j = 0; j < p; j++) {
            assertEquals(20f + landmarkNorms[j] - 2f * products[j], values[j]);
            clamped[j] = Math.max(0f, values[j]);
            order[j] = j;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(j -> clamped[j]).thenComparingInt(j -> j));
        int[] indices = new int[count];
        double[] smallest = new double[count];
        int filled = CandidateSelection.smallest(values, p, count, indices, smallest, new long[count]);
        assertEquals(Math.min(p, count), filled);
        for (int t = 0; t < filled; t++) {
            assertEquals(order[t], indices[t], "candidate " + t);
            assertEquals(clamped[order[t]], smallest[t]);
        }
    }

    @ParameterizedTest
    @CsvSource({"0.5, 3", "0.55, 3", "0.7, 2"})
    void withinRoundingKeepsTheFirstRAndTheLaterOnesTheBoundCannotSeparate(double gap, int expected) {
        // r = 2, bound 0.1 per unit of norm, row norm 1, landmark norms 2: each screening distance is
        // within 0.3 of the exact one, so the first two are exactly at most 10.8
        int[] indices = {7, 3, 9, 1};
        double[] screening = {10, 10.5, 10.5 + gap, 11.5 + gap};
        double[] landmarkNorms = new double[10];
        Arrays.fill(landmarkNorms, 2);
        int kept = CandidateSelection.withinRounding(indices, screening, 4, 2, 1.0, landmarkNorms, 0.1);
        assertEquals(expected, kept);
        assertArrayEquals(Arrays.copyOf(new int[] {7, 3, 9}, expected), Arrays.copyOf(indices, kept));
    }

    @org.junit.jupiter.api.Test
    void aLaterCandidateWithALargerErrorBoundIsKeptAfterOneThatIsNot() {
        int[] indices = {0, 1, 2, 3};
        double[] screening = {10, 10.5, 11.2, 11.6};
        // candidate 2's bound is 0.3 (cannot reach 10.8), candidate 3's is 0.1 x (1 + 9) = 1.0 (can)
        double[] landmarkNorms = {2, 2, 2, 9};
        int kept = CandidateSelection.withinRounding(indices, screening, 4, 2, 1.0, landmarkNorms, 0.1);
        assertEquals(3, kept);
        assertArrayEquals(new int[] {0, 1, 3}, Arrays.copyOf(indices, kept));
        assertEquals(11.6, screening[2]);
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "5, 5", "7, 5", "13, 5", "13, 1"})
    void theNearestInOrderAreThoseOfAFullSortWithTiesToTheSmallerIndex(int filled, int r) {
        for (int seed = 0; seed < 50; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int[] candidates = new int[filled];
            double[] distances = new double[filled];
            Integer[] order = new Integer[filled];
            for (int t = 0; t < filled; t++) {
                candidates[t] = t * 7 + random.nextInt(7); // distinct landmarks, in no particular order
                // few distinct values, zero among them: many ties
                distances[t] = random.nextInt(4) * 0.25;
                order[t] = t;
            }
            for (int t = filled - 1; t > 0; t--) {
                int u = random.nextInt(t + 1);
                int index = candidates[t];
                candidates[t] = candidates[u];
                candidates[u] = index;
            }
            Arrays.sort(order, Comparator.<Integer>comparingDouble(t -> distances[t]).thenComparingInt(t -> candidates[t]));
            int[] indices = new int[r + 3];
            double[] nearest = new double[r + 3];
            CandidateSelection.nearestInOrder(candidates, distances, filled, r, indices, nearest, 3, new int[filled],
                    new double[filled]);
            for (int t = 0; t < r; t++) {
                assertEquals(candidates[order[t]], indices[3 + t], "seed " + seed + ", place " + t);
                assertEquals(distances[order[t]], nearest[3 + t]);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void precedesOrdersByDistanceThenIndex() {
        long zero = Double.doubleToRawLongBits(0.0);
        long small = Double.doubleToRawLongBits(Double.MIN_VALUE);
        long large = Double.doubleToRawLongBits(Double.MAX_VALUE);
        long infinite = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
        assertEquals(1, CandidateSelection.precedes(zero, 9, small, 1));
        assertEquals(0, CandidateSelection.precedes(small, 1, zero, 9));
        assertEquals(1, CandidateSelection.precedes(large, 5, infinite, 0));
        assertEquals(1, CandidateSelection.precedes(small, 2, small, 3));
        assertEquals(0, CandidateSelection.precedes(small, 3, small, 2));
        assertEquals(0, CandidateSelection.precedes(small, 3, small, 3));
        assertEquals(0, CandidateSelection.precedes(infinite, 0, zero, Integer.MAX_VALUE));
        assertEquals(1, CandidateSelection.precedes(zero, 0, zero, Integer.MAX_VALUE));
    }
}
