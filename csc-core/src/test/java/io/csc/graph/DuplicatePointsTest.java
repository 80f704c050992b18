package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;
import org.junit.jupiter.api.Test;

/** Data whose points repeat: the k-NN bandwidth rules and graphs count each coordinate once. */
class DuplicatePointsTest {

    /** Points 0, 1, 3, 6 on a line. */
    private static final double[] LINE = {0, 1, 3, 6};

    /** The points of {@code values} (one dimension), each repeated {@code copies} times in a row. */
    private static Dataset repeated(double[] values, int copies) {
        double[] features = new double[values.length * copies];
        for (int i = 0; i < values.length; i++) {
            for (int c = 0; c < copies; c++) {
                features[i * copies + c] = values[i];
            }
        }
        return Dataset.unlabelled("repeated", features.length, 1, features);
    }

    @Test
    void distinctRowsGroupEqualCoordinatesAndCountThem() {
        Dataset data = Dataset.unlabelled("rows", 5, 2, new double[] {1, 2, 3, 4, 1, 2, 0.0, 5, -0.0, 5});
        DistinctRows distinct = DistinctRows.of(data);
        assertEquals(3, distinct.count());
        assertArrayEquals(new int[] {0, 1, 0, 2, 2}, distinct.location());
        assertArrayEquals(new int[] {0, 1, 3}, distinct.points());
        assertArrayEquals(new int[] {2, 1, 2}, distinct.counts());
        assertEquals(3, DistinctRows.count(data, 10));
        assertEquals(2, DistinctRows.count(data, 2), "counted up to the limit");
    }

    @Test
    void rowsHashedOnThreadsGroupAsRowsHashedInTurn() {
        // 9,000 points on 1,000 coordinates, beyond several tasks of the parallel hashing
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        double[] features = new double[9000 * 4];
        for (int i = 0; i < 9000; i++) {
            int coordinate = random.nextInt(1000);
            for (int t = 0; t < 4; t++) {
                features[i * 4 + t] = (coordinate * 7 + t) % 13 + 0.5 * (coordinate % 11);
            }
        }
        Dataset data = Dataset.unlabelled("grid", 9000, 4, features);
        DistinctRows inTurn = DistinctRows.of(data);
        try (io.csc.util.Parallel parallel = io.csc.util.Parallel.withThreads(3)) {
            DistinctRows onThreads = DistinctRows.of(data, parallel);
            assertArrayEquals(inTurn.location(), onThreads.location());
            assertArrayEquals(inTurn.points(), onThreads.points());
            assertArrayEquals(inTurn.counts(), onThreads.counts());
        }
        assertTrue(inTurn.count() > 1 && inTurn.count() < 9000, "distinct " + inTurn.count());
    }

    @Test
    void manyCopiesMeansAPointWithCopiesForHalfItsNeighbours() {
        // k = 6: half of the list is 3 entries, so 4 points at one place (3 copies each) are many
        double[] fourAtZero = {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};
        double[] threeAtZero = {0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        assertTrue(Bandwidths.manyCopies(DistinctRows.of(Dataset.unlabelled("four", 12, 1, fourAtZero)), 6));
        assertEquals(false, Bandwidths.manyCopies(DistinctRows.of(Dataset.unlabelled("three", 12, 1, threeAtZero)), 6));
        // k = 5: half of the list is 2 entries (rounded up to 3 of 5, so copies for entries 0..2)
        assertTrue(Bandwidths.manyCopies(DistinctRows.of(Dataset.unlabelled("four", 12, 1, fourAtZero)), 5));
        // fewer points than neighbours: half of the n - 1 = 3 others
        assertTrue(Bandwidths.manyCopies(DistinctRows.of(Dataset.unlabelled("tiny", 4, 1, new double[] {0, 0, 0, 7})), 10));
        // one neighbour: the list is that neighbour, so one copy fills it
        assertTrue(Bandwidths.manyCopies(DistinctRows.of(Dataset.unlabelled("k1", 4, 1, new double[] {0, 0, 5, 7})), 1));
        assertEquals(false, Bandwidths.manyCopies(DistinctRows.of(Dataset.unlabelled("k1", 4, 1, new double[] {0, 3, 5, 7})), 1));
    }

    @Test
    void copiesOfValuesWithRoundingInTheirDistancesAreFoundAsCopies() {
        // coordinates whose products round: the distance between two copies computed from norms and
        // a product need not be exactly 0, and the copies must still count as copies
        double[] values = new double[60];
        for (int i = 0; i < 60; i++) {
            values[i] = 0.1 * (i % 6) + 1e-3 * Math.sqrt(7 + i % 6);
        }
        Dataset data = Dataset.unlabelled("rounded", 20, 3, values);
        DistinctRows distinct = DistinctRows.of(data);
        assertEquals(2, distinct.count());
        assertTrue(Bandwidths.manyCopies(distinct, 10));
    }

    @Test
    void repeatingEveryPointLeavesTheKnnBandwidthsAsTheyWere() {
        try (RunContext context = RunContext.sequential(1)) {
            KernelOptions mean = new KernelOptions(BandwidthRule.KNN_MEAN, Double.NaN, 2);
            KernelOptions local = new KernelOptions(BandwidthRule.SELF_TUNING, Double.NaN, 2);
            Dataset once = Dataset.unlabelled("line", 4, 1, LINE);
            Dataset fiveTimes = repeated(LINE, 5);
            // nearest two: (1+3) + (1+2) + (2+3) + (3+5) = 20 over 8 distances
            assertEquals(2.5, Bandwidths.resolve(mean, once, null, context).sigma(), 1e-12);
            assertEquals(2.5, Bandwidths.resolve(mean, fiveTimes, null, context).sigma(), 1e-12);
            double[] scales = Bandwidths.resolve(local, fiveTimes, null, context).localScales();
            double[] expected = {3, 2, 3, 5};
            for (int i = 0; i < fiveTimes.size(); i++) {
                assertEquals(expected[i / 5], scales[i], 1e-12, "point " + i);
            }
        }
    }

    @Test
    void aKnnGraphOfPointsWithMoreCopiesThanNeighboursStillJoinsNearbyCoordinates() {
        // two groups of eight coordinates each, 12 copies of every coordinate, 10 neighbours
        double[] coordinates = {0, 1, 2, 3, 4, 5, 6, 7, 100, 101, 102, 103, 104, 105, 106, 107};
        Dataset data = repeated(coordinates, 12);
        try (RunContext context = RunContext.sequential(1)) {
            KnnGraphOptions options = new KnnGraphOptions(10, new KernelOptions(BandwidthRule.KNN_MEAN, Double.NaN, 7),
                    false);
            SparseGraph graph = KnnGraph.build(data, options, context);
            assertEquals(2, graph.components(), "the two groups, not the 16 coordinates");
            assertTrue(graph.bandwidth().sigma() > 0.5, "sigma " + graph.bandwidth().sigma());
            // the graph's σ reuses its search among the distinct points: the same as resolving it afresh
            assertEquals(Bandwidths.resolve(options.kernel(), data, null, context).sigma(), graph.bandwidth().sigma(),
                    1e-12);
            SparseGraph averaged = KnnGraph.buildAveraged(data, options, context);
            assertEquals(2, averaged.components());
        }
    }

    @Test
    void aPointListsAQuarterOfItsNeighboursAmongItsCopiesThenTheNearestOtherCoordinates() {
        Dataset data = repeated(new double[] {0, 1, 3, 10, 11}, 4);
        try (RunContext context = RunContext.sequential(1)) {
            NeighbourLists lists = DistinctNeighbours.of(data, DistinctRows.of(data).requireSeveral(), 8, context).lists();
            // point 5 (coordinate 1): two copies of itself (points 4 and 6), then the first points at 0, 3, 10, 11
            assertArrayEquals(new int[] {4, 6, 0, 8, 12, 16, 16, 16}, java.util.Arrays.copyOfRange(lists.indices(), 40, 48));
            assertArrayEquals(new double[] {0, 0, 1, 2, 9, 10, 10, 10},
                    java.util.Arrays.copyOfRange(lists.distances(), 40, 48), 0.0);
            // fewer distinct coordinates than wanted: the last entry repeats; at least one copy for few neighbours
            NeighbourLists narrow = DistinctNeighbours.of(data, DistinctRows.of(data).requireSeveral(), 2, context).lists();
            assertArrayEquals(new int[] {1, 4}, java.util.Arrays.copyOfRange(narrow.indices(), 0, 2));
        }
    }

    @Test
    void randomLandmarksKeepOneOfEachRepeatedPoint() {
        Dataset data = repeated(new double[] {0, 1, 3, 6, 10}, 20);
        io.csc.linalg.DenseMatrix landmarks = Landmarks.random(data, 30, new java.util.SplittableRandom(4));
        assertEquals(5, landmarks.rows(), "30 draws from 5 coordinates");
        java.util.Set<Double> values = new java.util.HashSet<>();
        for (int t = 0; t < landmarks.rows(); t++) {
            assertTrue(values.add(landmarks.get(t, 0)), "repeated landmark " + landmarks.get(t, 0));
        }
        Dataset once = Dataset.unlabelled("line", 4, 1, LINE);
        assertEquals(4, Landmarks.random(once, 4, new java.util.SplittableRandom(4)).rows());
    }

    @Test
    void theNearestLandmarkWidthLeavesOutLandmarksAtAPointsOwnCoordinates() {
        // two points, r = 2: distances 0 and 2 for the first (a copy of its nearest landmark), 1 and 3 for the second
        SparseCoding.NearestLandmarks block = new SparseCoding.NearestLandmarks(2, 2, new int[] {0, 1, 1, 2},
                new double[] {0, 4, 1, 9}, 0, 0, 0);
        SparseCodingOptions options = new SparseCodingOptions(2, SparseCodingOptions.LandmarkBandwidth.NEAREST_MEAN, null);
        assertEquals((2 + 1 + 3) / 3.0, SparseCoding.sigma(options, java.util.List.of(block), 3), 1e-12);
        SparseCoding.NearestLandmarks copies = new SparseCoding.NearestLandmarks(1, 2, new int[] {0, 1},
                new double[] {0, 0}, 0, 0, 0);
        assertThrows(io.csc.api.UnsuitableInputException.class,
                () -> SparseCoding.sigma(options, java.util.List.of(copies), 3));
    }
}
