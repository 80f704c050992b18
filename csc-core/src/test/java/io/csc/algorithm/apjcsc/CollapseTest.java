package io.csc.algorithm.apjcsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CollapseTest {

    private static final int[] CONSTRAINED = {0, 1, 2, 3};

    @Test
    void everyFreePointInOneClusterWhileTheConstrainedSpanTwoIsACollapse() {
        int[] labels = new int[44];
        labels[2] = 1;
        labels[3] = 1;
        AffinityPenaltyClustering.Collapse collapse = AffinityPenaltyClustering.Collapse.of(labels, CONSTRAINED, 2);
        assertTrue(collapse.collapsed());
        assertEquals(1.0, collapse.largestShare());
        assertEquals(2, collapse.constrainedClusters());
    }

    @Test
    void aSplitOfTheFreePointsOrConstrainedPointsInOneClusterIsNot() {
        int[] split = new int[44];
        for (int i = 4; i < 44; i += 4) {
            split[i] = 1;
        }
        split[2] = 1;
        AffinityPenaltyClustering.Collapse spread = AffinityPenaltyClustering.Collapse.of(split, CONSTRAINED, 2);
        assertFalse(spread.collapsed(), "10 of 40 free points in the second cluster");
        assertEquals(0.75, spread.largestShare(), 1e-12);
        int[] together = new int[44];
        Arrays.fill(together, 4, 44, 1);
        assertFalse(AffinityPenaltyClustering.Collapse.of(together, CONSTRAINED, 2).collapsed(),
                "the constrained points in one cluster: nothing was pulled apart");
    }
}
