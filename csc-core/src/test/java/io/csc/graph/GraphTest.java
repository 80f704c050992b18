package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.testing.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class GraphTest {

    @Test
    void sampleWithoutReplacementIsTheFullShufflesSample() {
        for (int n : new int[] {1, 2, 7, 100, 5000}) {
            for (int count : new int[] {0, 1, n / 3, n - 1, n}) {
                if (count < 0) {
                    continue;
                }
                for (long seed = 1; seed <= 3; seed++) {
                    int[] permutation = new int[n];
                    for (int i = 0; i < n; i++) {
                        permutation[i] = i;
                    }
                    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
                    for (int i = 0; i < count; i++) {
                        int j = i + random.nextInt(n - i);
                        int swap = permutation[i];
                        permutation[i] = permutation[j];
                        permutation[j] = swap;
                    }
                    int[] expected = java.util.Arrays.copyOf(permutation, count);
                    java.util.Arrays.sort(expected);
                    assertTrue(java.util.Arrays.equals(expected,
                            Bandwidths.sampleWithoutReplacement(n, count, new java.util.SplittableRandom(seed))),
                            "n " + n + ", count " + count + ", seed " + seed);
                }
            }
        }
    }

    @Test
    void medianBandwidthOfFourPointsOnALine() {
        // points 0, 1, 3, 6: pairwise distances 1, 3, 6, 2, 5, 3 -> sorted 1 2 3 3 5 6 -> median 3
        Dataset line = Dataset.unlabelled("line", 4, 1, new double[] {0, 1, 3, 6});
        try (RunContext context = RunContext.sequential(1)) {
            assertEquals(3.0, Bandwidths.medianDistance(line, context), 1e-12);
            Bandwidth knnMean = Bandwidths.resolve(new KernelOptions(BandwidthRule.KNN_MEAN, Double.NaN, 1), line, null, context);
            // nearest distances 1, 1, 2, 3 -> mean 1.75
            assertEquals(1.75, knnMean.sigma(), 1e-12);
            Bandwidth local = Bandwidths.resolve(new KernelOptions(BandwidthRule.SELF_TUNING, Double.NaN, 2), line, null, context);
            // second-nearest distances: 3, 2, 3, 5
            assertEquals(3.0, local.localScales()[0], 1e-12);
            assertEquals(2.0, local.localScales()[1], 1e-12);
            assertEquals(5.0, local.localScales()[3], 1e-12);
            assertEquals(Math.exp(-9.0 / (3.0 * 5.0)), local.weight(0, 3, 9.0), 1e-15);
        }
    }

    @Test
    void knnMeanBandwidthOfFewerPointsThanNeighboursAveragesTheNeighboursThereAre() {
        // points 0, 1, 3, 6, seven neighbours asked for, three each: (1+3+6 + 1+2+5 + 2+3+3 + 3+5+6) / 12 = 40 / 12
        Dataset line = Dataset.unlabelled("line", 4, 1, new double[] {0, 1, 3, 6});
        try (RunContext context = RunContext.sequential(1)) {
            Bandwidth knnMean = Bandwidths.resolve(new KernelOptions(BandwidthRule.KNN_MEAN, Double.NaN, 7), line, null, context);
            assertEquals(40.0 / 12, knnMean.sigma(), 1e-12);
        }
    }

    @Test
    void denseAffinityIsTheGaussianKernelWithZeroDiagonal() {
        Dataset data = TestData.iris();
        try (RunContext context = RunContext.of(1, 2)) {
            DenseGraph graph = DenseAffinity.gaussian(data, KernelOptions.fixed(0.8), "test", 1, "none", context);
            DenseMatrix w = graph.weights();
            for (int i = 0; i < data.size(); i += 13) {
                assertEquals(0.0, w.get(i, i));
                for (int j = 0; j < data.size(); j += 7) {
                    if (i != j) {
                        assertEquals(Math.exp(-TestData.squaredDistance(data, i, j) / (2 * 0.64)), w.get(i, j), 1e-12);
                        assertEquals(w.get(i, j), w.get(j, i));
                    }
                }
            }
            assertEquals(1, graph.components());
        }
    }

    @Test
    void denseAffinityRefusesBeforeAllocatingAndNamesTheScalableMethods() {
        Dataset big = Dataset.unlabelled("big", 50_000, 1, new double[50_000]);
        try (RunContext context = RunContext.sequential(1)) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> DenseAffinity.gaussian(big, KernelOptions.fixed(1), "njw", 2, "lsc-r, nystrom", context));
            assertTrue(error.getMessage().startsWith("njw refuses 50000 points"), error.getMessage());
            assertTrue(error.getMessage().contains("lsc-r, nystrom"), error.getMessage());
        }
    }

    @Test
    void knnGraphIsSymmetricWithGaussianWeightsAndSeesComponents() {
        Dataset blobs = TestData.blobs(2, 40, 2, 60.0, 3);
        try (RunContext context = RunContext.of(1, 2)) {
            SparseGraph graph = KnnGraph.build(blobs, new KnnGraphOptions(5, KernelOptions.fixed(2.0), false), context);
            SparseMatrix w = graph.weights();
            assertEquals(0.0, w.asymmetry());
            assertEquals(2, graph.components());
            assertTrue(GraphConnectivity.warning(graph.components(), blobs.size()).contains("2 connected components"));
            assertNull(GraphConnectivity.warning(1, 10));
            for (int i = 0; i < blobs.size(); i++) {
                assertEquals(0.0, w.get(i, i));
                int[] rowPointers = w.rowPointers();
                assertTrue(rowPointers[i + 1] - rowPointers[i] >= 5);
                for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                    int j = w.columnIndices()[p];
                    assertEquals(Math.exp(-TestData.squaredDistance(blobs, i, j) / 8.0), w.values()[p], 1e-12);
                }
            }
            SparseGraph mutual = KnnGraph.build(blobs, new KnnGraphOptions(5, KernelOptions.fixed(2.0), true), context);
            assertEquals(0.0, mutual.weights().asymmetry());
            assertTrue(mutual.weights().nonZeros() <= w.nonZeros());
        }
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void sparseCodesAreTheNormalizedKernelOfTheNearestLandmarks(Precision precision) {
        // more than one block of 4096 rows; single precision is compared with the exact computation on its own values
        Dataset data = TestData.gaussian(4500, 2, 4).inPrecision(precision);
        try (RunContext context = RunContext.of(7, 2)) {
            DenseMatrix landmarks = Landmarks.random(data, 20, context.random());
            SparseCode code = SparseCoding.encode(data, landmarks,
                    new SparseCodingOptions(3, SparseCodingOptions.LandmarkBandwidth.MEAN_DISTANCE, null), context);
            double distanceSum = 0;
            for (int i = 0; i < data.size(); i++) {
                for (int j = 0; j < 20; j++) {
                    distanceSum += Math.sqrt(squared(data, i, landmarks, j));
                }
            }
            double sigma = distanceSum / (data.size() * 20.0);
            // σ is summed from the single-precision screening distances: about 1e-7 relative error.
            assertEquals(sigma, code.sigma(), 1e-6 * sigma);
            double width = code.sigma();
            SparseMatrix z = code.codes();
            for (int i : new int[] {0, 4095, 4096, 4499}) {
                double[] distances = new double[20];
                for (int j = 0; j < 20; j++) {
                    distances[j] = squared(data, i, landmarks, j);
                }
                double[] sorted = distances.clone();
                java.util.Arrays.sort(sorted);
                double normalizer = 0;
                for (int t = 0; t < 3; t++) {
                    normalizer += Math.exp(-sorted[t] / (2 * width * width));
                }
                double rowSum = 0;
                for (int j = 0; j < 20; j++) {
                    double expected = distances[j] <= sorted[2] ? Math.exp(-distances[j] / (2 * width * width)) / normalizer : 0.0;
                    assertEquals(expected, z.get(i, j), 1e-12);
                    rowSum += z.get(i, j);
                }
                assertEquals(1.0, rowSum, 1e-12);
            }
        }
    }

    @Test
    void beyondTheSampleTheBandwidthAveragesEveryStrideRow() {
        Dataset data = TestData.gaussian(2 * SparseCoding.BANDWIDTH_SAMPLE_ROWS + 5, 2, 9);
        int stride = SparseCoding.sumStride(data.size());
        assertEquals(2, stride);
        assertEquals(1, SparseCoding.sumStride(2 * SparseCoding.BANDWIDTH_SAMPLE_ROWS - 1));
        try (RunContext context = RunContext.of(3, 2)) {
            DenseMatrix landmarks = Landmarks.random(data, 10, context.random());
            SparseCode code = SparseCoding.encode(data, landmarks,
                    new SparseCodingOptions(2, SparseCodingOptions.LandmarkBandwidth.MEAN_DISTANCE, null), context);
            double distanceSum = 0;
            long rows = 0;
            for (int i = 0; i < data.size(); i += stride) {
                for (int j = 0; j < 10; j++) {
                    distanceSum += Math.sqrt(squared(data, i, landmarks, j));
                }
                rows++;
            }
            double sigma = distanceSum / (rows * 10.0);
            assertEquals(sigma, code.sigma(), 1e-6 * sigma);
        }
    }

    @Test
    void nearestLandmarksBreakTiesByTheSmallerIndexAmongManyLandmarks() {
        // 70 landmarks in three copies of a few positions: every distance is tied with other landmarks
        double[] positions = new double[70 * 2];
        for (int j = 0; j < 70; j++) {
            positions[2 * j] = (j * 7) % 5;
            positions[2 * j + 1] = (j * 3) % 4;
        }
        DenseMatrix landmarks = new DenseMatrix(70, 2, positions);
        Dataset data = TestData.gaussian(300, 2, 5);
        try (RunContext context = RunContext.of(1, 2)) {
            SparseCoding.NearestLandmarks nearest = SparseCoding.nearest(data, 0, 300,
                    SparseCoding.LandmarkTable.of(landmarks), 4, true, context.backend(), context.parallel());
            for (int i = 0; i < 300; i++) {
                Integer[] order = new Integer[70];
                for (int j = 0; j < 70; j++) {
                    order[j] = j;
                }
                int point = i;
                java.util.Arrays.sort(order, java.util.Comparator.<Integer>comparingDouble(
                        j -> squared(data, point, landmarks, j)).thenComparingInt(j -> j));
                for (int t = 0; t < 4; t++) {
                    assertEquals(order[t], nearest.indices()[i * 4 + t], "point " + i + ", neighbour " + t);
                    assertEquals(squared(data, i, landmarks, order[t]), nearest.squaredDistances()[i * 4 + t], 1e-12);
                }
            }
        }
    }

    @Test
    void landmarkKMeansLowersTheCodingError() {
        Dataset data = TestData.blobs(4, 100, 3, 8.0, 2);
        try (RunContext context = RunContext.of(3, 1)) {
            DenseMatrix random = Landmarks.random(data, 4, new java.util.SplittableRandom(3).split());
            DenseMatrix centres = Landmarks.kmeans(data, 4, 10, context);
            assertTrue(sumOfSquares(data, centres) <= sumOfSquares(data, random));
        }
    }

    private static double sumOfSquares(Dataset data, DenseMatrix centres) {
        double total = 0;
        for (int i = 0; i < data.size(); i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < centres.rows(); c++) {
                best = Math.min(best, squared(data, i, centres, c));
            }
            total += best;
        }
        return total;
    }

    private static double squared(Dataset data, int i, DenseMatrix landmarks, int j) {
        double sum = 0;
        for (int t = 0; t < data.dimension(); t++) {
            double difference = data.feature(i, t) - landmarks.get(j, t);
            sum += difference * difference;
        }
        return sum;
    }
}
