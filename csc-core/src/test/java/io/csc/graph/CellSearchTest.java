package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Precision;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The cells' candidates against the exact nearest points of the same space. */
class CellSearchTest {

    private static final int N = 1500;
    private static final int M = 6;
    private static final float[] POINTS = new GaussianMixture(N, M, 5, 3.0, 11).generate()
            .inPrecision(Precision.FLOAT).floatFeatures();

    private static CellSearch.Result search(int capacity, int probedPoints, int threads,
                                            LinearAlgebraBackend backend) {
        try (Parallel parallel = Parallel.withThreads(threads)) {
            return CellSearch.search(POINTS, N, M, capacity, probedPoints, 7, backend, parallel, ProgressListener.NONE);
        }
    }

    private static double squaredDistance(float[] rows, int a, int b) {
        double sum = 0;
        for (int t = 0; t < M; t++) {
            double difference = (double) rows[a * M + t] - rows[b * M + t];
            sum += difference * difference;
        }
        return sum;
    }

    @Test
    void probingEveryCellFindsTheExactNearestInAscendingOrder() {
        int capacity = 12;
        CellSearch.Result result = search(capacity, N, 2, LinearAlgebra.defaultBackend());
        assertEquals(N / CellSearch.CELL_SIZE, result.cells());
        assertEquals(result.cells(), result.probes(), "about N points probed: every cell");
        float[] rows = result.rows();
        for (int i = 0; i < N; i++) {
            assertArrayEquals(Arrays.copyOfRange(POINTS, result.order()[i] * M, result.order()[i] * M + M),
                    Arrays.copyOfRange(rows, i * M, i * M + M), "row i is point order[i]");
        }
        for (int i = 0; i < N; i += 7) {
            assertEquals(capacity, result.counts()[i]);
            double[] exact = new double[N - 1];
            int filled = 0;
            for (int j = 0; j < N; j++) {
                if (j != i) {
                    exact[filled++] = squaredDistance(rows, i, j);
                }
            }
            Arrays.sort(exact);
            double kth = exact[capacity - 1];
            for (int t = 0; t < capacity; t++) {
                int j = result.neighbours()[i * capacity + t];
                assertTrue(j != i);
                // single-precision products: a tie at the K-th distance may go either way
                assertTrue(squaredDistance(rows, i, j) <= kth + 1e-4 * (1 + kth), "point " + i + " member " + t);
                if (t > 0) {
                    assertTrue(result.distances()[i * capacity + t - 1] <= result.distances()[i * capacity + t]);
                }
            }
        }
    }

    @Test
    void theSameCandidatesOnAnyThreadCountAndBackend() {
        CellSearch.Result one = search(10, 400, 1, LinearAlgebra.defaultBackend());
        CellSearch.Result three = search(10, 400, 3, LinearAlgebra.defaultBackend());
        assertTrue(one.probes() < one.cells(), "only some cells probed");
        assertArrayEquals(one.order(), three.order());
        assertArrayEquals(one.neighbours(), three.neighbours());
        assertArrayEquals(one.distances(), three.distances());
        assertEquals(one.evaluations(), three.evaluations());
        // the pure-Java products round differently; the lists are nearly the same
        CellSearch.Result java = search(10, 400, 2, LinearAlgebra.javaBackend());
        long same = 0;
        for (int i = 0; i < N * 10; i++) {
            same += one.neighbours()[i] == java.neighbours()[i] ? 1 : 0;
        }
        assertTrue(same > 0.95 * N * 10, "agreement " + same);
    }

    @Test
    void aListLongEnoughHoldsEveryPointOfTheProbedCells() {
        int capacity = N - 1;
        CellSearch.Result result = search(capacity, 1, 2, LinearAlgebra.defaultBackend());
        assertEquals(CellSearch.MINIMUM_PROBES, result.probes(), "at least two cells, however few points asked for");
        long candidates = 0;
        for (int i = 0; i < N; i++) {
            int count = result.counts()[i];
            assertTrue(count < capacity, "a list holds its probed cells only");
            candidates += count;
            int[] members = Arrays.copyOfRange(result.neighbours(), i * capacity, i * capacity + count);
            int point = i;
            assertTrue(Arrays.stream(members).noneMatch(j -> j == point));
            assertEquals(count, Arrays.stream(members).distinct().count());
        }
        assertEquals(candidates, result.evaluations(), "every point compared is in the list");
    }

    @Test
    void aCellOfThousandsOfCopiesOfOnePointIsSearchedInBlocks() {
        int n = 6000;
        int copies = 5000;
        float[] points = new float[n * 2];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = copies; i < n; i++) {
            points[i * 2] = (float) random.nextDouble(1, 2);
            points[i * 2 + 1] = (float) random.nextDouble(1, 2);
        }
        int capacity = 10;
        CellSearch.Result result;
        try (Parallel parallel = Parallel.withThreads(2)) {
            result = CellSearch.search(points, n, 2, capacity, 3072, 7, LinearAlgebra.defaultBackend(), parallel,
                    ProgressListener.NONE);
        }
        assertTrue(copies > CellSearch.COLUMN_BLOCK && copies > CellSearch.QUERY_BLOCK, "the copies span blocks");
        for (int i = 0; i < n; i++) {
            assertEquals(capacity, result.counts()[i]);
            if (result.order()[i] < copies) {
                for (int t = 0; t < capacity; t++) {
                    int j = result.neighbours()[i * capacity + t];
                    assertTrue(j != i);
                    assertTrue(result.order()[j] < copies, "a copy's nearest are copies");
                    assertEquals(0f, result.distances()[i * capacity + t]);
                }
            }
        }
    }

    @Test
    void offerKeepsTheSmallestValuesOnceEach() {
        SplittableRandom random = new SplittableRandom(3);
        int capacity = 9;
        long[] keys = new long[2 + capacity];
        int[] survivors = new int[100];
        int filled = 0;
        float[] all = new float[300];
        for (int block = 0; block < 3; block++) {
            float[] values = new float[100];
            for (int j = 0; j < 100; j++) {
                values[j] = j == 17 ? Float.POSITIVE_INFINITY : (float) Math.floor(random.nextDouble() * 50);
                all[block * 100 + j] = values[j];
            }
            filled = CellSearch.offer(values, 100, block * 100, keys, 2, filled, capacity, survivors);
        }
        assertEquals(capacity, filled);
        long[] expected = new long[300];
        for (int j = 0; j < 300; j++) {
            expected[j] = CandidateSelection.key(all[j], j);
        }
        Arrays.sort(expected);
        assertArrayEquals(Arrays.copyOf(expected, capacity), Arrays.copyOfRange(keys, 2, 2 + capacity),
                "the smallest values, ties to the smaller index");
    }
}
