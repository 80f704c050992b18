package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.NeighbourSearch;
import io.csc.api.RunContext;
import io.csc.api.RunNotes;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.graph.SparseCoding.NearestLandmarks;
import io.csc.linalg.DenseMatrix;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The nearest of many landmarks, exact and screened on principal components, against brute force. */
class LandmarkSearchTest {

    private static final int N = 3000;
    private static final int D = 300;
    private static final int R = 5;
    /** 300 features: 20 informative ones carry the clusters, the other 280 are noise. */
    private static final Dataset WIDE = wide(N, D, 8, 2);
    private static final DenseMatrix LANDMARKS = Landmarks.random(WIDE, 400, new SplittableRandom(4));

    /** n points of d features: 20 informative ones of a six-cluster mixture, the others noise. */
    private static Dataset wide(int n, int d, long mixtureSeed, long noiseSeed) {
        Dataset informative = new GaussianMixture(n, 20, 6, 3.0, mixtureSeed).generate();
        double[] features = new double[n * d];
        SplittableRandom random = new SplittableRandom(noiseSeed);
        for (int i = 0; i < n; i++) {
            for (int f = 0; f < d; f++) {
                features[i * d + f] = f < 20 ? informative.feature(i, f) : 0.3 * random.nextGaussian();
            }
        }
        return Dataset.unlabelled("wide", n, d, features);
    }

    private static double squared(int point, int landmark) {
        double sum = 0;
        for (int f = 0; f < D; f++) {
            double difference = WIDE.feature(point, f) - LANDMARKS.get(landmark, f);
            sum += difference * difference;
        }
        return sum;
    }

    /** The r nearest landmarks of a point by brute force, ties to the smaller index. */
    private static int[] bruteForce(int point) {
        return IntStream.range(0, LANDMARKS.rows()).boxed()
                .sorted(Comparator.<Integer>comparingDouble(j -> squared(point, j)).thenComparingInt(j -> j))
                .limit(R).mapToInt(Integer::intValue).toArray();
    }

    private static int[] indices(List<NearestLandmarks> blocks) {
        return blocks.stream().flatMapToInt(block -> Arrays.stream(block.indices())).toArray();
    }

    private static double[] distances(List<NearestLandmarks> blocks) {
        return blocks.stream().flatMapToDouble(block -> Arrays.stream(block.squaredDistances())).toArray();
    }

    /** The r nearest landmarks of every point of the wide data, found by {@code search} on {@code threads} threads. */
    private static List<NearestLandmarks> search(NeighbourSearch search, int threads, boolean sums, RunNotes notes) {
        try (RunContext context = RunContext.of(3, threads).withNotes(notes).withNeighbourSearch(search)) {
            return LandmarkSearch.nearest(WIDE, LANDMARKS, R, sums, context);
        }
    }

    @Test
    void screeningOnPrincipalComponentsFindsNearlyAllNearestWithExactDistances() {
        RunNotes notes = RunNotes.collecting();
        List<NearestLandmarks> blocks = search(NeighbourSearch.APPROXIMATE, 2, false, notes);
        int[] found = indices(blocks);
        double[] distances = distances(blocks);
        long exact = 0;
        for (int i = 0; i < N; i++) {
            int[] truth = bruteForce(i);
            for (int t = 0; t < R; t++) {
                assertEquals(squared(i, found[i * R + t]), distances[i * R + t], 1e-9 * distances[i * R + t]);
                if (t > 0) {
                    assertTrue(distances[i * R + t - 1] <= distances[i * R + t]);
                }
                int landmark = found[i * R + t];
                exact += Arrays.stream(truth).anyMatch(j -> j == landmark) ? 1 : 0;
            }
        }
        double recall = exact / (double) (N * R);
        assertTrue(recall > 0.95 && recall < 1.0, "recall " + recall);
        Map<?, ?> report = (Map<?, ?>) notes.values().get("landmarkSearch");
        assertEquals("principal-components", report.get("method"));
        assertEquals(LandmarkSearch.SCREENING_DIMENSIONS, report.get("dimensions"));
        assertEquals(R + SparseCoding.PROJECTED_MARGIN, report.get("candidates"));
        assertEquals(NearestNeighbours.RECALL_SAMPLE, report.get("recallSample"));
        assertEquals(recall, (Double) report.get("recall"), 0.03, "the sample's recall estimates the recall of all");
    }

    @Test
    void theSameLandmarksOnAnyThreadCount() {
        List<NearestLandmarks> one = search(NeighbourSearch.APPROXIMATE, 1, true, RunNotes.NONE);
        List<NearestLandmarks> two = search(NeighbourSearch.APPROXIMATE, 2, true, RunNotes.NONE);
        assertArrayEquals(indices(one), indices(two));
        assertArrayEquals(distances(one), distances(two));
        assertEquals(one.get(0).distanceSum(), two.get(0).distanceSum());
    }

    @Test
    void manyLandmarksAreScreenedByCellsOnAnyThreadCount() {
        Dataset data = wide(4500, 150, 9, 6);
        DenseMatrix landmarks = Landmarks.random(data, LandmarkCells.MINIMUM_LANDMARKS, new SplittableRandom(7));
        RunNotes notes = RunNotes.collecting();
        List<NearestLandmarks> two;
        List<NearestLandmarks> one;
        try (RunContext context = RunContext.of(3, 2).withNotes(notes).withNeighbourSearch(NeighbourSearch.APPROXIMATE)) {
            two = LandmarkSearch.nearest(data, landmarks, R, false, context);
        }
        try (RunContext context = RunContext.of(3, 1).withNeighbourSearch(NeighbourSearch.APPROXIMATE)) {
            one = LandmarkSearch.nearest(data, landmarks, R, false, context);
        }
        assertArrayEquals(indices(one), indices(two));
        Map<?, ?> report = (Map<?, ?>) notes.values().get("landmarkSearch");
        assertEquals(LandmarkCells.MINIMUM_LANDMARKS / LandmarkCells.CELL_SIZE, report.get("cells"));
        assertEquals(16, report.get("probes"), "about 1,024 of 4,096 landmarks screened per point");
        assertTrue((Double) report.get("recall") > 0.95, report.toString());
        // a rule that needs the distances to all landmarks screens them all
        try (RunContext context = RunContext.of(3, 2).withNotes(notes).withNeighbourSearch(NeighbourSearch.APPROXIMATE)) {
            LandmarkSearch.nearest(data, landmarks, R, true, context);
        }
        assertFalse(((Map<?, ?>) notes.values().get("landmarkSearch")).containsKey("cells"));
    }

    @Test
    void cellsProbedAllScreenAsAllLandmarks() {
        SplittableRandom random = new SplittableRandom(8);
        int p = 700;
        int m = 6;
        float[] coordinates = new float[p * m];
        for (int v = 0; v < coordinates.length; v++) {
            coordinates[v] = (float) random.nextGaussian();
        }
        io.csc.linalg.LinearAlgebraBackend backend = io.csc.linalg.LinearAlgebra.defaultBackend();
        LandmarkCells cells = LandmarkCells.of(coordinates, p, m, backend, io.csc.util.Parallel.sequential());
        try (io.csc.util.Parallel two = io.csc.util.Parallel.withThreads(2)) {
            LandmarkCells threaded = LandmarkCells.of(coordinates, p, m, backend, two);
            org.junit.jupiter.api.Assertions.assertArrayEquals(cells.centres(), threaded.centres());
            org.junit.jupiter.api.Assertions.assertArrayEquals(cells.order(), threaded.order());
        }
        LandmarkCells all = new LandmarkCells(cells.cells(), cells.cells(), cells.centres(), cells.centreNorms(),
                cells.starts(), cells.order(), cells.coordinates());
        int count = 50;
        int candidates = 9;
        float[] rows = new float[count * m];
        float[] rowNorms = new float[count];
        for (int v = 0; v < rows.length; v++) {
            rows[v] = (float) random.nextGaussian();
            rowNorms[v / m] += rows[v] * rows[v];
        }
        float[] landmarkNorms = new float[p];
        for (int t = 0; t < p; t++) {
            for (int f = 0; f < m; f++) {
                landmarkNorms[t] += cells.coordinates()[t * m + f] * cells.coordinates()[t * m + f];
            }
        }
        long[] keys = new long[count * candidates];
        int[] filled = new int[count];
        try (io.csc.linalg.ResidentOperand resident = backend.resident(cells.coordinates())) {
            all.screen(rows, count, m, rowNorms, landmarkNorms, candidates, keys, filled, new LandmarkCells.Scratch(),
                    backend, resident);
        }
        for (int row = 0; row < count; row++) {
            assertEquals(candidates, filled[row]);
            double[] exact = new double[p];
            for (int t = 0; t < p; t++) {
                for (int f = 0; f < m; f++) {
                    double difference = rows[row * m + f] - cells.coordinates()[t * m + f];
                    exact[t] += difference * difference;
                }
            }
            double[] sorted = exact.clone();
            Arrays.sort(sorted);
            for (int t = 0; t < candidates; t++) {
                int position = (int) keys[row * candidates + t];
                assertTrue(exact[position] <= sorted[candidates - 1] + 1e-4, "row " + row + " candidate " + t);
            }
        }
    }

    @Test
    void theExactSearchIsBruteForce() {
        RunNotes notes = RunNotes.collecting();
        List<NearestLandmarks> blocks = search(NeighbourSearch.EXACT, 2, false, notes);
        int[] found = indices(blocks);
        for (int i = 0; i < N; i++) {
            assertArrayEquals(bruteForce(i), Arrays.copyOfRange(found, i * R, i * R + R), "point " + i);
        }
        assertEquals("exact", ((Map<?, ?>) notes.values().get("landmarkSearch")).get("method"));
    }

    @Test
    void theSearchApproximatesOnlyWideDataWhereTheExactProductCostsTooMuch() {
        assertTrue(LandmarkSearch.screensOnComponents(NeighbourSearch.AUTO, 70_000, 8_000, 784, 6),
                "SC-PC on Fashion-MNIST with 7,000 labels");
        assertTrue(LandmarkSearch.screensOnComponents(NeighbourSearch.AUTO, 70_000, 2_000, 784, 6),
                "n p d = 1.1e11, 1,000 labels and 1,000 random landmarks");
        assertFalse(LandmarkSearch.screensOnComponents(NeighbourSearch.AUTO, 70_000, 1_000, 784, 6),
                "n p d = 5.5e10 stays exact");
        assertFalse(LandmarkSearch.screensOnComponents(NeighbourSearch.APPROXIMATE, 1_000_000, 8_000, 128, 6),
                "no more features than the screening dimensions");
        assertFalse(LandmarkSearch.screensOnComponents(NeighbourSearch.APPROXIMATE, 1_000, 12, 784, 5),
                "no more landmarks than candidates");
        assertFalse(LandmarkSearch.screensOnComponents(NeighbourSearch.EXACT, 70_000, 8_000, 784, 6));
        assertTrue(LandmarkSearch.screensOnComponents(NeighbourSearch.APPROXIMATE, 1_000, 400, 300, 5));
    }
}
