package io.csc.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DimensionMismatchException;
import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class KMeansTest {

    private static Parallel twoThreads;

    @BeforeAll
    static void startPool() {
        twoThreads = Parallel.withThreads(2);
    }

    @AfterAll
    static void stopPool() {
        twoThreads.close();
    }

    /** {@code perCluster} Gaussian points (standard deviation {@code spread}) around each centre. */
    static DenseMatrix blobs(double[][] centres, int perCluster, double spread, long seed, int[] truthOut) {
        SplittableRandom random = new SplittableRandom(seed);
        int d = centres[0].length;
        int n = centres.length * perCluster;
        double[] data = new double[n * d];
        // interleave the clusters so that cluster membership is unrelated to the row order
        for (int i = 0; i < n; i++) {
            int cluster = i % centres.length;
            if (truthOut != null) {
                truthOut[i] = cluster;
            }
            for (int t = 0; t < d; t++) {
                data[i * d + t] = centres[cluster][t] + spread * gaussian(random);
            }
        }
        return new DenseMatrix(n, d, data);
    }

    static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }

    static DenseMatrix uniform(int n, int d, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] data = new double[n * d];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextDouble();
        }
        return new DenseMatrix(n, d, data);
    }

    /** True if the two labelings are equal up to a renaming of the predicted ids. */
    static boolean sameUpToRelabelling(int[] truth, int[] predicted) {
        int[] forward = new int[truth.length + 1];
        int[] backward = new int[truth.length + 1];
        Arrays.fill(forward, -1);
        Arrays.fill(backward, -1);
        for (int i = 0; i < truth.length; i++) {
            if (forward[predicted[i]] == -1 && backward[truth[i]] == -1) {
                forward[predicted[i]] = truth[i];
                backward[truth[i]] = predicted[i];
            }
            if (forward[predicted[i]] != truth[i] || backward[truth[i]] != predicted[i]) {
                return false;
            }
        }
        return true;
    }

    private static void assertAllClustersNonEmpty(KMeansResult result, int k) {
        int[] sizes = result.clusterSizes();
        assertEquals(k, sizes.length);
        for (int j = 0; j < k; j++) {
            assertTrue(sizes[j] > 0, "cluster " + j + " is empty: " + result);
        }
    }

    @Test
    void recoversWellSeparatedBlobsExactly() {
        double[][] centres = {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {0, 0, 10}, {10, 10, 10}};
        int[] truth = new int[5 * 80];
        DenseMatrix points = blobs(centres, 80, 0.7, 42, truth);
        KMeansResult result = new KMeans().fit(points, 5, new SplittableRandom(1), Parallel.sequential());
        assertTrue(sameUpToRelabelling(truth, result.labels()), result.toString());
        assertTrue(result.converged());
        // each centroid is the mean of its points, within the noise of the blob around its centre
        for (int j = 0; j < 5; j++) {
            double[] centroid = result.centroids().row(j);
            double nearest = Double.POSITIVE_INFINITY;
            for (double[] centre : centres) {
                double distance = 0;
                for (int t = 0; t < 3; t++) {
                    distance += (centroid[t] - centre[t]) * (centroid[t] - centre[t]);
                }
                nearest = Math.min(nearest, distance);
            }
            assertTrue(nearest < 0.1, "centroid " + j + " is " + Math.sqrt(nearest) + " from every centre");
        }
    }

    @Test
    void convergedLabelsAreTheNearestCentroidsAndInertiaMatches() {
        DenseMatrix points = uniform(3000, 4, 7);
        for (int k : new int[] {2, 6, 15}) {
            KMeansResult result = new KMeans(new KMeansOptions(3, 1000, 0)).fit(points, k, new SplittableRandom(k),
                    twoThreads);
            assertTrue(result.converged());
            assertArrayEquals(result.labels(), KMeans.assign(points, result.centroids(), Parallel.sequential()));
            int[] labels = result.labels();
            double inertia = 0;
            for (int i = 0; i < points.rows(); i++) {
                for (int t = 0; t < 4; t++) {
                    double difference = points.get(i, t) - result.centroids().get(labels[i], t);
                    inertia += difference * difference;
                }
            }
            assertEquals(inertia, result.inertia(), 1e-9 * inertia);
        }
    }

    @Test
    void everyIterationAssignsToTheNearestCentroidsOfTheLastUpdate() {
        // the run stopped after t + 1 iterations assigns each point to its nearest centroid of the
        // run stopped after t iterations (the skipped distances never matter), and its centroids
        // are the means of those clusters (ids compared in canonical order, as fit returns them)
        DenseMatrix points = blobs(new double[][] {{0, 0, 0}, {3, 0, 0}, {0, 3, 0}, {3, 3, 3}}, 1500, 1.2, 8, null);
        int k = 9;
        KMeansResult before = new KMeans(new KMeansOptions(1, 1, 0)).fit(points, k, new SplittableRandom(77),
                Parallel.sequential());
        int checked = 0;
        for (int iterations = 2; iterations <= 30 && !before.converged(); iterations++) {
            KMeansResult after = new KMeans(new KMeansOptions(1, iterations, 0)).fit(points, k,
                    new SplittableRandom(77), Parallel.sequential());
            int[] nearest = CanonicalLabels.of(KMeans.assign(points, before.centroids(), Parallel.sequential()), k);
            assertArrayEquals(nearest, after.labels(), "iteration " + iterations);
            assertEquals(0.0, after.centroids().maxAbsoluteDifference(means(points, nearest, k)), 1e-12,
                    "iteration " + iterations);
            before = after;
            checked++;
        }
        assertTrue(checked >= 20, "only " + checked + " iterations checked");
    }

    private static DenseMatrix means(DenseMatrix points, int[] labels, int k) {
        int d = points.columns();
        double[] sums = new double[k * d];
        int[] counts = new int[k];
        for (int i = 0; i < points.rows(); i++) {
            counts[labels[i]]++;
            for (int t = 0; t < d; t++) {
                sums[labels[i] * d + t] += points.get(i, t);
            }
        }
        for (int j = 0; j < k; j++) {
            for (int t = 0; t < d; t++) {
                sums[j * d + t] /= counts[j];
            }
        }
        return new DenseMatrix(k, d, sums);
    }

    @Test
    void moreRestartsNeverIncreaseTheInertia() {
        DenseMatrix points = uniform(2000, 3, 11);
        double one = new KMeans(new KMeansOptions(1, 300, 1e-6)).fit(points, 8, new SplittableRandom(5),
                Parallel.sequential()).inertia();
        // the first restart of the 10 uses the same generator as the single run
        double ten = new KMeans(new KMeansOptions(10, 300, 1e-6)).fit(points, 8, new SplittableRandom(5),
                Parallel.sequential()).inertia();
        assertTrue(ten <= one, ten + " > " + one);
    }

    @Test
    void identicalOnOneAndTwoThreadsWithParallelChunks() {
        // 20,000 points in 20 chunks and a single restart: the chunks of each step run in parallel
        DenseMatrix points = uniform(20_000, 5, 17);
        assertIdenticalAcrossThreadCounts(points, 7, 1);
    }

    @Test
    void identicalOnOneAndTwoThreadsWithParallelRestarts() {
        // 4 restarts on 2 threads: the restarts run in parallel
        assertIdenticalAcrossThreadCounts(uniform(20_000, 5, 17), 7, 4);
        assertIdenticalAcrossThreadCounts(uniform(600, 3, 19), 5, 4);
    }

    private static void assertIdenticalAcrossThreadCounts(DenseMatrix points, int k, int restarts) {
        KMeans kMeans = new KMeans(new KMeansOptions(restarts, 300, 1e-6));
        KMeansResult sequential = kMeans.fit(points, k, new SplittableRandom(2024), Parallel.sequential());
        KMeansResult parallel = kMeans.fit(points, k, new SplittableRandom(2024), twoThreads);
        assertArrayEquals(sequential.labels(), parallel.labels());
        assertArrayEquals(sequential.centroids().data(), parallel.centroids().data());
        assertEquals(Double.doubleToRawLongBits(sequential.inertia()), Double.doubleToRawLongBits(parallel.inertia()));
        assertEquals(sequential.iterations(), parallel.iterations());
        assertEquals(sequential, parallel);
        assertArrayEquals(KMeans.assign(points, sequential.centroids(), Parallel.sequential()),
                KMeans.assign(points, sequential.centroids(), twoThreads));
        // another seed gives another result (the generator is used)
        KMeansResult other = kMeans.fit(points, k, new SplittableRandom(2025), Parallel.sequential());
        assertNotEquals(sequential, other);
    }

    @Test
    void seedingNeverPicksAPointAlreadyOnASeed() {
        // 4 distinct locations, each repeated 25 times: k-means++ must seed one per location, so a
        // single run finds inertia 0 for every seed (uniform seeding would often pick duplicates)
        double[] data = new double[100 * 2];
        for (int i = 0; i < 100; i++) {
            data[2 * i] = (i % 4) * 3.0;
            data[2 * i + 1] = (i % 4 == 3) ? 5.0 : 0.0;
        }
        DenseMatrix points = new DenseMatrix(100, 2, data);
        KMeans kMeans = new KMeans(new KMeansOptions(1, 1, 0));
        for (long seed = 0; seed < 30; seed++) {
            KMeansResult result = kMeans.fit(points, 4, new SplittableRandom(seed), Parallel.sequential());
            assertEquals(0.0, result.inertia(), "seed " + seed);
            assertArrayEquals(new int[] {25, 25, 25, 25}, result.clusterSizes());
        }
    }

    @Test
    void noEmptyClusterWithFewerDistinctPointsThanK() {
        // 12 points at only 2 distinct locations, k = 5
        double[] data = new double[12];
        for (int i = 0; i < 12; i++) {
            data[i] = i % 2 == 0 ? 1.0 : -4.0;
        }
        DenseMatrix points = new DenseMatrix(12, 1, data);
        for (long seed = 0; seed < 20; seed++) {
            KMeansResult result = new KMeans(new KMeansOptions(3, 50, 1e-6)).fit(points, 5,
                    new SplittableRandom(seed), Parallel.sequential());
            assertAllClustersNonEmpty(result, 5);
            assertEquals(0.0, result.inertia());
        }
    }

    @Test
    void noEmptyClusterWhenAllPointsCoincide() {
        DenseMatrix points = new DenseMatrix(7, 3, new double[21]);
        KMeansResult result = new KMeans().fit(points, 7, new SplittableRandom(8), Parallel.sequential());
        assertAllClustersNonEmpty(result, 7);
        assertTrue(result.converged());
        KMeansResult three = new KMeans().fit(points, 3, new SplittableRandom(8), Parallel.sequential());
        assertAllClustersNonEmpty(three, 3);
    }

    @Test
    void noEmptyClusterOnDuplicatedDataWithManyChunks() {
        // 5,000 copies of 3 points, k = 6, on two threads
        int n = 15_000;
        double[] data = new double[n * 2];
        for (int i = 0; i < n; i++) {
            data[2 * i] = i % 3;
            data[2 * i + 1] = (i % 3) * (i % 3);
        }
        DenseMatrix points = new DenseMatrix(n, 2, data);
        for (int restarts = 1; restarts <= 2; restarts++) {
            KMeansResult result = new KMeans(new KMeansOptions(restarts, 100, 1e-6)).fit(points, 6,
                    new SplittableRandom(4), twoThreads);
            assertAllClustersNonEmpty(result, 6);
            assertEquals(0.0, result.inertia());
        }
    }

    @Test
    void kEqualToNGivesSingletons() {
        DenseMatrix points = uniform(9, 2, 23);
        KMeansResult result = new KMeans().fit(points, 9, new SplittableRandom(6), Parallel.sequential());
        assertAllClustersNonEmpty(result, 9);
        assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1}, result.clusterSizes());
        assertEquals(0.0, result.inertia());
    }

    @Test
    void kEqualToOneGivesTheMean() {
        // points 0, 1, 2, 5 on a line: mean 2, inertia 4 + 1 + 0 + 9 = 14
        DenseMatrix points = DenseMatrix.of(new double[][] {{0}, {1}, {2}, {5}});
        KMeansResult result = new KMeans().fit(points, 1, new SplittableRandom(0), Parallel.sequential());
        assertArrayEquals(new int[] {0, 0, 0, 0}, result.labels());
        assertEquals(2.0, result.centroids().get(0, 0), 1e-15);
        assertEquals(14.0, result.inertia(), 1e-12);
        assertTrue(result.converged());
    }

    @Test
    void assignPicksTheNearestCentroidAndTheLowestIndexOnTies() {
        DenseMatrix centroids = DenseMatrix.of(new double[][] {{0, 0}, {4, 0}, {0, 4}});
        DenseMatrix points = DenseMatrix.of(new double[][] {{1, 0}, {3, 1}, {0, 3}, {2, 0}, {2, 2}});
        // (2, 0) is at squared distance 4 from centroids 0 and 1 -> 0;
        // (2, 2) is at squared distance 8 from all three centroids -> 0
        assertArrayEquals(new int[] {0, 1, 2, 0, 0}, KMeans.assign(points, centroids, Parallel.sequential()));
    }

    @Test
    void iterationBoundIsReportedAsNotConverged() {
        DenseMatrix points = uniform(5000, 2, 29);
        KMeansResult result = new KMeans(new KMeansOptions(1, 1, 0)).fit(points, 10, new SplittableRandom(1),
                Parallel.sequential());
        assertEquals(1, result.iterations());
        assertFalse(result.converged());
        assertAllClustersNonEmpty(result, 10);
    }

    @Test
    void rejectsInvalidArguments() {
        DenseMatrix points = uniform(5, 2, 1);
        KMeans kMeans = new KMeans();
        SplittableRandom random = new SplittableRandom(0);
        Parallel sequential = Parallel.sequential();
        assertEquals("Invalid k: 0 (must be >= 1)",
                assertThrows(IllegalArgumentException.class, () -> kMeans.fit(points, 0, random, sequential)).getMessage());
        assertEquals("Invalid k: 6 (must be <= the number of points, 5)",
                assertThrows(IllegalArgumentException.class, () -> kMeans.fit(points, 6, random, sequential)).getMessage());
        DenseMatrix withNaN = DenseMatrix.of(new double[][] {{0, 1}, {2, Double.NaN}});
        assertEquals("Point 1 has a non-finite value NaN in column 1",
                assertThrows(IllegalArgumentException.class, () -> kMeans.fit(withNaN, 1, random, sequential)).getMessage());
        assertThrows(DimensionMismatchException.class,
                () -> KMeans.assign(points, DenseMatrix.zeros(2, 3), sequential));
        assertThrows(IllegalArgumentException.class, () -> KMeans.assign(points, DenseMatrix.zeros(0, 2), sequential));
    }

    @Test
    void validatesOptions() {
        assertEquals(new KMeansOptions(10, 300, 1e-6), KMeansOptions.DEFAULTS);
        assertEquals("Invalid restarts: 0 (must be >= 1)",
                assertThrows(IllegalArgumentException.class, () -> new KMeansOptions(0, 300, 1e-6)).getMessage());
        assertEquals("Invalid maxIterations: 0 (must be >= 1)",
                assertThrows(IllegalArgumentException.class, () -> new KMeansOptions(1, 0, 1e-6)).getMessage());
        assertEquals("Invalid tolerance: -1.0 (must be finite and >= 0)",
                assertThrows(IllegalArgumentException.class, () -> new KMeansOptions(1, 1, -1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new KMeansOptions(1, 1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new KMeansOptions(1, 1, Double.POSITIVE_INFINITY));
        assertEquals(3, KMeansOptions.DEFAULTS.withRestarts(3).restarts());
    }

    @Test
    void restartsOnASampleEndNearTheExactResult() {
        int[] truth = new int[4 * 3000];
        DenseMatrix points = blobs(new double[][] {{0, 0}, {4, 0}, {0, 4}, {4, 4}}, 3000, 1.0, 21, truth);
        KMeansOptions sampled = KMeansOptions.DEFAULTS.withSample(1000);
        assertTrue(sampled.samples(points.rows(), points.columns()));
        KMeansResult fromSample = new KMeans(sampled).fit(points, 4, new SplittableRandom(3), twoThreads);
        KMeansResult exact = new KMeans(KMeansOptions.DEFAULTS.withSample(0)).fit(points, 4, new SplittableRandom(3),
                twoThreads);
        assertTrue(fromSample.converged());
        // overlapping blobs have several nearby fixed points: the partitions agree but for a few border points
        assertTrue(agreement(exact.labels(), fromSample.labels()) > 0.995);
        assertEquals(exact.inertia(), fromSample.inertia(), 1e-3 * exact.inertia());
        assertTrue(agreement(fromSample.labels(), KMeans.assign(points, fromSample.centroids(), twoThreads)) > 0.999);
        KMeansResult oneThread = new KMeans(sampled).fit(points, 4, new SplittableRandom(3), Parallel.sequential());
        assertArrayEquals(fromSample.labels(), oneThread.labels());
        assertFalse(KMeansOptions.DEFAULTS.samples(65_536, 2));
        assertTrue(KMeansOptions.DEFAULTS.samples(65_537, 2));
    }

    @Test
    void theSampleOfWidePointsHoldsAsManyValuesAsThatOfNarrowOnes() {
        assertEquals(32_768, KMeansOptions.DEFAULTS.sampleFor(2));
        assertEquals(32_768, KMeansOptions.DEFAULTS.sampleFor(64));
        assertEquals(2_097_152 / 784, KMeansOptions.DEFAULTS.sampleFor(784));
        assertEquals(2_048, KMeansOptions.DEFAULTS.sampleFor(100_000), "at least 2,048 points");
        assertEquals(1_000, KMeansOptions.DEFAULTS.withSample(1_000).sampleFor(784), "never more than asked");
        assertEquals(0, KMeansOptions.DEFAULTS.withSample(0).sampleFor(784), "0 keeps every restart on all points");
        assertTrue(KMeansOptions.DEFAULTS.samples(20_000, 784));
        assertFalse(KMeansOptions.DEFAULTS.samples(20_000, 64));
        assertFalse(KMeansOptions.DEFAULTS.withSample(0).samples(20_000, 784));
        assertEquals(32_768, KMeansOptions.DEFAULTS.sampleFor(784, 1), "one run has no restarts to save");
        assertFalse(KMeansOptions.DEFAULTS.samples(20_000, 784, 1));
    }

    /** The share of points with the same id in two canonical labellings. */
    static double agreement(int[] a, int[] b) {
        int same = 0;
        for (int i = 0; i < a.length; i++) {
            same += a[i] == b[i] ? 1 : 0;
        }
        return (double) same / a.length;
    }
}
