package io.csc.metric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ContingencyTableTest {

    @Test
    void countsClassesAgainstClusters() {
        // truth [0,0,0,1,1,1] vs predicted [0,0,1,1,2,2]:
        //            cluster 0  1  2
        //   class 0          2  1  0
        //   class 1          0  1  2
        ContingencyTable table = ContingencyTable.of(new int[] {0, 0, 0, 1, 1, 1}, new int[] {0, 0, 1, 1, 2, 2});
        assertArrayEquals(new int[][] {{2, 1, 0}, {0, 1, 2}}, table.toArray());
        assertArrayEquals(new int[] {3, 3}, table.classSizes());
        assertArrayEquals(new int[] {2, 2, 2}, table.clusterSizes());
        assertEquals(6, table.total());
        assertEquals(15, table.pairCount());                // C(6,2)
        assertEquals(2, table.pairsTogetherInBoth());       // C(2,2) + C(2,2)
        assertEquals(6, table.pairsTogetherInTruth());      // C(3,2) + C(3,2)
        assertEquals(3, table.pairsTogetherInPrediction()); // 3 x C(2,2)
    }

    @Test
    void acceptsArbitraryNonNegativeLabelValues() {
        // sparse label values, including one far above n (the sorting path)
        int[] truth = {7, 7, 3, 2_000_000_000, 3};
        int[] predicted = {5, 9, 9, 0, 5};
        ContingencyTable table = ContingencyTable.of(truth, predicted);
        assertArrayEquals(new int[] {3, 7, 2_000_000_000}, table.classValues());
        assertArrayEquals(new int[] {0, 5, 9}, table.clusterValues());
        //                 cluster 0  5  9
        //   class 3                0  1  1
        //   class 7                0  1  1
        //   class 2e9              1  0  0
        assertArrayEquals(new int[][] {{0, 1, 1}, {0, 1, 1}, {1, 0, 0}}, table.toArray());
        assertEquals(1, table.count(2, 0));
    }

    @Test
    void rejectsBadInput() {
        assertEquals("2 true labels but 3 predicted labels",
                assertThrows(IllegalArgumentException.class,
                        () -> ContingencyTable.of(new int[] {0, 1}, new int[] {0, 1, 2})).getMessage());
        assertEquals("Invalid predicted label of point 1: -1 (must be >= 0)",
                assertThrows(IllegalArgumentException.class,
                        () -> ContingencyTable.of(new int[] {0, 1}, new int[] {0, -1})).getMessage());
        ContingencyTable table = ContingencyTable.of(new int[] {0}, new int[] {0});
        assertThrows(IndexOutOfBoundsException.class, () -> table.count(1, 0));
    }
}
