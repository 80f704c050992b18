package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.csc.data.Dataset;
import io.csc.linalg.LinearAlgebra;
import io.csc.testing.TestData;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NearestNeighboursTest {

    /** Neighbours by sorting all distances, ties by index. */
    private static int[] bruteForce(Dataset data, int point, int k) {
        int d = data.dimension();
        double[] distances = new double[data.size()];
        for (int j = 0; j < data.size(); j++) {
            double sum = 0;
            for (int t = 0; t < d; t++) {
                double difference = data.feature(point, t) - data.feature(j, t);
                sum += difference * difference;
            }
            distances[j] = sum;
        }
        return IntStream.range(0, data.size()).filter(j -> j != point).boxed()
                .sorted(Comparator.<Integer>comparingDouble(j -> distances[j]).thenComparing(j -> j))
                .limit(k).mapToInt(Integer::intValue).toArray();
    }

    @Test
    void matchesBruteForceAcrossBlockBoundaries() {
        // more than one row block (1024 rows); integer coordinates create exact ties
        Dataset data = TestData.gaussian(2100, 3, 5);
        double[] rounded = data.features().clone();
        for (int i = 0; i < rounded.length; i++) {
            rounded[i] = Math.rint(rounded[i] * 2);
        }
        Dataset ties = Dataset.unlabelled("ties", 2100, 3, rounded);
        try (Parallel parallel = Parallel.withThreads(2)) {
            NeighbourLists lists = NearestNeighbours.exact(ties, 6, LinearAlgebra.defaultBackend(), parallel, ProgressListener.NONE);
            for (int point : new int[] {0, 1, 1023, 1024, 1500, 2099}) {
                int[] expected = bruteForce(ties, point, 6);
                int[] actual = Arrays.copyOfRange(lists.indices(), point * 6, point * 6 + 6);
                // integer coordinates make every squared distance exact, so ties must break by index
                assertArrayEquals(expected, actual, "point " + point);
                for (int t = 0; t < 6; t++) {
                    assertEquals(Math.sqrt(TestData.squaredDistance(ties, point, expected[t])), lists.distance(point, t), 1e-12);
                }
            }
        }
    }

    @Test
    void exactOnDistinctPointsAndIndependentOfThreads() {
        Dataset data = TestData.gaussian(400, 5, 9);
        NeighbourLists one;
        NeighbourLists two;
        try (Parallel sequential = Parallel.sequential(); Parallel parallel = Parallel.withThreads(2)) {
            one = NearestNeighbours.exact(data, 7, LinearAlgebra.defaultBackend(), sequential, ProgressListener.NONE);
            two = NearestNeighbours.exact(data, 7, LinearAlgebra.defaultBackend(), parallel, ProgressListener.NONE);
        }
        for (int point = 0; point < 400; point += 37) {
            assertArrayEquals(bruteForce(data, point, 7), Arrays.copyOfRange(one.indices(), point * 7, point * 7 + 7));
        }
        assertArrayEquals(one.indices(), two.indices());
        assertArrayEquals(one.distances(), two.distances());
    }

    @Test
    void refusesImpossibleNeighbourCounts() {
        Dataset data = TestData.gaussian(10, 2, 1);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> NearestNeighbours.exact(data, 10, LinearAlgebra.defaultBackend(), Parallel.sequential(), ProgressListener.NONE));
        assertEquals("Invalid number of neighbours: 10 (must be in [1, 9] for 10 points)", error.getMessage());
    }

    @org.junit.jupiter.api.Test
    void aLowRecallIsReportedWithAWarning() {
        java.util.Map<String, Object> report = new java.util.LinkedHashMap<>();
        NearestNeighbours.putLowRecallWarning(report, 0.97);
        org.junit.jupiter.api.Assertions.assertFalse(report.containsKey("warning"));
        NearestNeighbours.putLowRecallWarning(report, 0.07);
        org.junit.jupiter.api.Assertions.assertTrue(((String) report.get("warning")).contains("7%"), report.toString());
    }
}
