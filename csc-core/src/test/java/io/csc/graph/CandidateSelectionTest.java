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
        int groups = CandidateSelection.groups(p, count);
        float[] values = new float[p];
        float[] minima = new float[groups];
        CandidateSelection.screen(products, 0, 20f, landmarkNorms, values, minima, groups, new float[groups]);
        Integer[] order = new Integer[p];
        for (int j = 0; j < p; j++) {
            assertEquals(Math.max(0f, 20f + landmarkNorms[j] - 2f * products[j]), values[j]);
            order[j] = j;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(j -> values[j]).thenComparingInt(j -> j));
        int[] indices = new int[count];
        double[] smallest = new double[count];
        int filled = CandidateSelection.smallest(values, p, minima, groups, count, indices, smallest);
        assertEquals(Math.min(p, count), filled);
        for (int t = 0; t < filled; t++) {
            assertEquals(order[t], indices[t], "candidate " + t);
            assertEquals(values[order[t]], smallest[t]);
        }
    }

    @ParameterizedTest
    @CsvSource({"100, 7, 32", "1000, 7, 64", "8000, 14, 256", "10, 3, 32", "10000000, 20, 1024"})
    void groupsBalanceRankingTheMinimaAgainstScanningTheirMembers(int p, int count, int groups) {
        assertEquals(groups, CandidateSelection.groups(p, count));
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
}
