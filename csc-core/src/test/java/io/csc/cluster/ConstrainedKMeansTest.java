package io.csc.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.linalg.DenseMatrix;
import io.csc.util.Parallel;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConstrainedKMeansTest {

    private static final ConstrainedKMeans METHOD = new ConstrainedKMeans(KMeansOptions.DEFAULTS);
    private static Parallel twoThreads;

    @BeforeAll
    static void startPool() {
        twoThreads = Parallel.withThreads(2);
    }

    @AfterAll
    static void stopPool() {
        twoThreads.close();
    }

    /** Points on a line: {@code values[i]} is point i's coordinate. */
    private static DenseMatrix line(double... values) {
        return new DenseMatrix(values.length, 1, values.clone());
    }

    private static int[] fit(DenseMatrix points, int k, ConstraintSet constraints) {
        return METHOD.fit(points, k, constraints, new SplittableRandom(3), Parallel.sequential()).labels();
    }

    @Test
    void withoutSupervisionSeparatesBlobs() {
        int[] truth = new int[300];
        DenseMatrix points = KMeansTest.blobs(new double[][] {{0, 0}, {10, 0}, {0, 10}}, 100, 1.0, 5, truth);
        int[] labels = fit(points, 3, ConstraintSet.empty(300));
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 300; j++) {
                assertEquals(truth[i] == truth[j], labels[i] == labels[j], "points " + i + " and " + j);
            }
        }
    }

    @Test
    void hardLabelsAreClampedAndSeedTheirClusters() {
        // Two tight groups at 0 and 10; point 0 sits in the first group but is labelled with the
        // second group's class: it stays with its class, and the labelled seeds fix the cluster ids.
        DenseMatrix points = line(0.1, 0.0, 0.2, -0.1, 10.0, 10.1, 9.9, 10.2);
        ConstraintSet labels = ConstraintSet.fromLabels(8, new int[] {0, 1, 4}, new int[] {1, 0, 1});
        int[] assigned = fit(points, 2, labels);
        assertEquals(assigned[4], assigned[0], "a hard label is kept against the geometry");
        assertNotEquals(assigned[1], assigned[0]);
        assertEquals(assigned[1], assigned[2]);
        assertEquals(assigned[4], assigned[5]);
    }

    @Test
    void labelledSeedsRepairASplitThatKMeansPrefers() {
        // Three groups: two close ones (at 0 and 2, 50 points each) and a far, wide one (at 20 and
        // 30, 50 points each). Unsupervised, k = 3 splits the far group and merges the close ones;
        // one label per class gives each close group its own cluster.
        double[] values = new double[200];
        int[] truth = new int[200];
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 200; i++) {
            int group = i % 4;
            truth[i] = Math.min(group, 2);
            double centre = group == 0 ? 0 : group == 1 ? 2 : group == 2 ? 20 : 30;
            values[i] = centre + 0.2 * KMeansTest.gaussian(random);
        }
        DenseMatrix points = line(values);
        int[] plain = new KMeans().fit(points, 3, new SplittableRandom(3), Parallel.sequential()).labels();
        assertEquals(plain[0], plain[1], "plain k-means merges the two close groups");
        ConstraintSet labels = ConstraintSet.fromLabels(200, new int[] {0, 1, 2, 3}, new int[] {0, 1, 2, 2});
        int[] assigned = fit(points, 3, labels);
        for (int i = 0; i < 200; i++) {
            assertEquals(truth[i] == truth[0], assigned[i] == assigned[0], "point " + i);
            assertEquals(truth[i] == truth[1], assigned[i] == assigned[1], "point " + i);
        }
        assertEquals(3, java.util.Arrays.stream(assigned).distinct().count());
    }

    @Test
    void aMustLinkDecidesAPointBetweenTwoClusters() {
        // Point 8 lies half-way between the groups; its must-link partner decides its cluster.
        double[] values = {0.0, 0.1, -0.1, 0.2, 4.0, 4.1, 3.9, 4.2, 2.0};
        DenseMatrix points = line(values);
        int[] towardsRight = fit(points, 2, ConstraintSet.ofPairs(9, List.of(Constraint.mustLink(8, 5))));
        assertEquals(towardsRight[5], towardsRight[8]);
        int[] towardsLeft = fit(points, 2, ConstraintSet.ofPairs(9, List.of(Constraint.mustLink(8, 1))));
        assertEquals(towardsLeft[1], towardsLeft[8]);
        int[] apart = fit(points, 2, ConstraintSet.ofPairs(9, List.of(Constraint.cannotLink(8, 1))));
        assertNotEquals(apart[1], apart[8]);
    }

    @Test
    void aWrongPairDoesNotPullAPointOutOfItsCluster() {
        // A must-link between the centres of two well-separated groups: the penalty (the total
        // variance per point) is smaller than moving either point across, so both stay.
        double[] values = new double[40];
        for (int i = 0; i < 40; i++) {
            values[i] = (i < 20 ? 0 : 10) + 0.01 * (i % 20);
        }
        int[] labels = fit(line(values), 2, ConstraintSet.ofPairs(40, List.of(Constraint.mustLink(0, 20))));
        assertNotEquals(labels[0], labels[20]);
        assertEquals(labels[0], labels[1]);
        assertEquals(labels[20], labels[21]);
    }

    @Test
    void aSoftLabelPullsLessThanAHardOne() {
        // Point 0 at 1.0 lies nearer the left group (0) than the right one (4); a soft label of the
        // right class with low confidence does not move it, a hard one does.
        DenseMatrix points = line(1.0, 0.0, 0.1, -0.1, 0.05, 4.0, 4.1, 3.9, 4.05);
        int[] points0 = {0, 1, 5};
        int[] classes = {1, 0, 1};
        ConstraintSet soft = ConstraintSet.fromLabels(9, points0, classes, new double[] {0.05, 1, 1});
        int[] softLabels = fit(points, 2, soft);
        assertEquals(softLabels[1], softLabels[0]);
        int[] hardLabels = fit(points, 2, ConstraintSet.fromLabels(9, points0, classes));
        assertEquals(hardLabels[5], hardLabels[0]);
    }

    @Test
    void groupsPullTheirMembersTogether() {
        DenseMatrix points = line(0.0, 0.1, -0.1, 4.0, 4.1, 3.9, 2.1);
        LabelledPoints group = LabelledPoints.hard(new int[] {6, 3, 4}, new int[] {0, 0, 0}, false);
        ConstraintSet groups = ConstraintSet.of(7, List.of(), List.of(group));
        int[] labels = fit(points, 2, groups);
        assertEquals(labels[3], labels[6]);
    }

    @Test
    void moreLabelledClassesThanClustersStillGiveKClusters() {
        DenseMatrix points = line(0, 1, 2, 3, 10, 11, 12, 13);
        ConstraintSet labels = ConstraintSet.fromLabels(8, new int[] {0, 2, 4, 6}, new int[] {0, 1, 2, 3});
        int[] assigned = fit(points, 2, labels);
        assertEquals(2, java.util.Arrays.stream(assigned).distinct().count());
    }

    @Test
    void pairsAmongOverlappingClustersStillLetEveryRunConverge() {
        // Overlapping clusters and random pairs, a fifth of them wrong: points whose penalties
        // disagree with their distances. Each soft point starts from its previous cluster and moves
        // only when strictly cheaper, so the objective falls at every step and the runs end.
        int[] truth = new int[1600];
        DenseMatrix points = KMeansTest.blobs(new double[][] {{0, 0}, {2, 0}, {0, 2}, {2, 2}}, 400, 1.2, 11, truth);
        SplittableRandom draw = new SplittableRandom(12);
        List<Constraint> pairs = new java.util.ArrayList<>();
        for (int t = 0; t < 400; t++) {
            int a = draw.nextInt(1600);
            int b = draw.nextInt(1600);
            boolean same = (truth[a] == truth[b]) != (t % 5 == 0);
            if (a != b) {
                pairs.add(same ? Constraint.mustLink(a, b) : Constraint.cannotLink(a, b));
            }
        }
        ConstraintSet constraints = ConstraintSet.ofPairs(1600, pairs);
        for (long seed = 1; seed <= 5; seed++) {
            KMeansResult result = METHOD.fit(points, 4, constraints, new SplittableRandom(seed), Parallel.sequential());
            assertTrue(result.converged(), "seed " + seed + ": " + result.iterations() + " iterations");
            assertTrue(result.iterations() < 100, "seed " + seed + ": " + result.iterations() + " iterations");
        }
    }

    @Test
    void sameSeedSameLabelsOnAnyThreadCount() {
        DenseMatrix points = KMeansTest.blobs(new double[][] {{0, 0}, {3, 0}, {0, 3}, {3, 3}}, 800, 1.2, 9, null);
        SplittableRandom draw = new SplittableRandom(4);
        List<Constraint> pairs = new java.util.ArrayList<>();
        for (int t = 0; t < 200; t++) {
            int a = draw.nextInt(3200);
            int b = draw.nextInt(3200);
            if (a != b) {
                pairs.add(a % 4 == b % 4 ? Constraint.mustLink(a, b) : Constraint.cannotLink(a, b));
            }
        }
        ConstraintSet constraints = ConstraintSet.ofPairs(3200, pairs);
        KMeansResult one = METHOD.fit(points, 4, constraints, new SplittableRandom(7), Parallel.sequential());
        KMeansResult two = METHOD.fit(points, 4, constraints, new SplittableRandom(7), twoThreads);
        assertArrayEquals(one.labels(), two.labels());
        assertArrayEquals(one.centroids().data(), two.centroids().data());
    }

    @Test
    void refusesKOutsideTheRange() {
        DenseMatrix points = line(0, 1, 2);
        assertThrows(IllegalArgumentException.class, () -> fit(points, 4, ConstraintSet.empty(3)));
        assertThrows(IllegalArgumentException.class, () -> fit(points, 0, ConstraintSet.empty(3)));
        assertThrows(IllegalArgumentException.class, () -> fit(points, 2, ConstraintSet.empty(4)));
    }

    @Test
    void runsOnASampleKeepTheLabelsClampedAndMatchAllPoints() {
        int[] truth = new int[3 * 2000];
        DenseMatrix points = KMeansTest.blobs(new double[][] {{0, 0}, {5, 0}, {0, 5}}, 2000, 1.0, 17, truth);
        int[] labelled = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        int[] classes = new int[labelled.length];
        for (int t = 0; t < labelled.length; t++) {
            classes[t] = truth[labelled[t]];
        }
        // one point labelled against its blob: clamped in either run
        classes[0] = (truth[0] + 1) % 3;
        ConstraintSet labels = ConstraintSet.fromLabels(points.rows(), labelled, classes);
        KMeansOptions sampled = KMeansOptions.DEFAULTS.withSample(500);
        KMeansResult fromSample = new ConstrainedKMeans(sampled).fit(points, 3, labels, new SplittableRandom(4), twoThreads);
        KMeansResult exact = new ConstrainedKMeans(KMeansOptions.DEFAULTS.withSample(0)).fit(points, 3, labels,
                new SplittableRandom(4), twoThreads);
        assertTrue(KMeansTest.agreement(exact.labels(), fromSample.labels()) > 0.995);
        int[] result = fromSample.labels();
        for (int a = 0; a < labelled.length; a++) {
            for (int b = 0; b < labelled.length; b++) {
                assertEquals(classes[a] == classes[b], result[labelled[a]] == result[labelled[b]], a + ", " + b);
            }
        }
        assertNotEquals(result[0], result[3], "point 0 stays with its label, away from its blob");
    }

    @Test
    void runsOnASampleHandTheirCentresOnInTheOrderOfTheClassesTheySeed() {
        int blob = 5000;
        int[] truth = new int[4 * blob];
        DenseMatrix points = KMeansTest.blobs(new double[][] {{0, 0}, {6, 0}, {0, 6}, {6, 6}}, blob, 1.0, 23, truth);
        // classes numbered against the canonical order: the blob of point 0 is class 3, and so on
        int[] labelled = new int[40];
        int[] classes = new int[40];
        int count = 0;
        for (int point = 0; count < labelled.length; point += 7) {
            labelled[count] = point;
            classes[count++] = 3 - truth[point];
        }
        ConstraintSet labels = ConstraintSet.fromLabels(points.rows(), labelled, classes);
        KMeansResult fromSample = new ConstrainedKMeans(KMeansOptions.DEFAULTS.withSample(300)).fit(points, 4, labels,
                new SplittableRandom(6), twoThreads);
        KMeansResult exact = new ConstrainedKMeans(KMeansOptions.DEFAULTS.withSample(0)).fit(points, 4, labels,
                new SplittableRandom(6), twoThreads);
        assertTrue(KMeansTest.agreement(truth, fromSample.labels()) > 0.99,
                "ACC " + KMeansTest.agreement(truth, fromSample.labels()));
        assertEquals(exact.inertia(), fromSample.inertia(), 1e-3 * exact.inertia());
        assertTrue(fromSample.iterations() <= exact.iterations() + 1,
                "iterations from the sample's centres " + fromSample.iterations() + ", from the seeds " + exact.iterations());
    }

    @Test
    void blockProductsOnEitherBackendGiveTheLabelsOfTheDistanceScan() {
        // 60 coordinates, above NearestCentre.PRODUCT_DIMENSION, far from the origin: the products'
        // expansion cancels, and the labels must still be the scan's, bit for bit.
        io.csc.data.Dataset mixture = io.csc.data.GaussianMixture.generate(900, 60, 4, 11, 1.5);
        double[] shifted = mixture.features().clone();
        for (int t = 0; t < shifted.length; t++) {
            shifted[t] += 1e4;
        }
        DenseMatrix points = new DenseMatrix(900, 60, shifted);
        int[] truth = mixture.labels();
        for (ConstraintSet supervision : List.of(
                io.csc.constraint.ConstraintGenerator.labelledFraction(truth, 0.05, new SplittableRandom(1)),
                io.csc.constraint.ConstraintGenerator.randomPairs(truth, 60, new SplittableRandom(2)))) {
            KMeansResult scanned = METHOD.fit(points, 4, supervision, new SplittableRandom(3), twoThreads);
            for (io.csc.linalg.LinearAlgebraBackend backend : List.of(io.csc.linalg.LinearAlgebra.javaBackend(),
                    io.csc.linalg.LinearAlgebra.nativeAvailable() ? io.csc.linalg.LinearAlgebra.nativeBackend()
                            : io.csc.linalg.LinearAlgebra.javaBackend())) {
                KMeansResult multiplied = METHOD.fit(points, 4, supervision, new SplittableRandom(3), twoThreads, backend);
                assertArrayEquals(scanned.labels(), multiplied.labels(), backend.name());
                assertArrayEquals(scanned.centroids().data(), multiplied.centroids().data(), backend.name());
            }
        }
    }

    @Test
    void distanceBoundsSpareDistancesOfFewCoordinatesWithoutChangingALabel() {
        // the embeddings' case: fewer coordinates than products pay for, distance by distance;
        // overlapping clusters and more centres than clusters keep centres moving for many
        // iterations, with near ties and reseeded clusters
        io.csc.data.Dataset mixture = io.csc.data.GaussianMixture.generate(3000, 8, 6, 29, 0.6);
        DenseMatrix points = new DenseMatrix(3000, 8, mixture.features().clone());
        int[] truth = mixture.labels();
        for (ConstraintSet supervision : List.of(ConstraintSet.empty(3000),
                io.csc.constraint.ConstraintGenerator.labelledFraction(truth, 0.05, new SplittableRandom(1)),
                io.csc.constraint.ConstraintGenerator.randomPairs(truth, 100, new SplittableRandom(2)))) {
            for (int k : new int[] {6, 15}) {
                for (Parallel parallel : List.of(Parallel.sequential(), twoThreads)) {
                    KMeansResult unbounded = METHOD.fit(points, k, supervision, new SplittableRandom(4), parallel, null,
                            false);
                    KMeansResult bounded = METHOD.fit(points, k, supervision, new SplittableRandom(4), parallel, null,
                            true);
                    assertTrue(unbounded.iterations() > 5, "iterations " + unbounded.iterations());
                    assertArrayEquals(unbounded.labels(), bounded.labels(), "k " + k);
                    assertArrayEquals(unbounded.centroids().data(), bounded.centroids().data(), "k " + k);
                    assertEquals(unbounded.iterations(), bounded.iterations(), "k " + k);
                }
            }
        }
    }

    @Test
    void distanceBoundsSpareProductsWithoutChangingALabel() {
        // overlapping clusters, more centres than clusters: many points near ties, centres that keep
        // moving for many iterations, and clusters that empty and are reseeded
        io.csc.data.Dataset mixture = io.csc.data.GaussianMixture.generate(2000, 40, 5, 13, 0.7);
        DenseMatrix points = new DenseMatrix(2000, 40, mixture.features().clone());
        int[] truth = mixture.labels();
        io.csc.linalg.LinearAlgebraBackend backend = io.csc.linalg.LinearAlgebra.nativeAvailable()
                ? io.csc.linalg.LinearAlgebra.nativeBackend() : io.csc.linalg.LinearAlgebra.javaBackend();
        for (ConstraintSet supervision : List.of(ConstraintSet.empty(2000),
                io.csc.constraint.ConstraintGenerator.labelledFraction(truth, 0.05, new SplittableRandom(1)),
                io.csc.constraint.ConstraintGenerator.randomPairs(truth, 100, new SplittableRandom(2)))) {
            for (int k : new int[] {5, 12}) {
                KMeansResult scanned = METHOD.fit(points, k, supervision, new SplittableRandom(4), twoThreads);
                KMeansResult unbounded = METHOD.fit(points, k, supervision, new SplittableRandom(4), twoThreads, backend,
                        false);
                KMeansResult bounded = METHOD.fit(points, k, supervision, new SplittableRandom(4), twoThreads, backend,
                        true);
                assertArrayEquals(scanned.labels(), unbounded.labels(), "k " + k);
                assertArrayEquals(unbounded.labels(), bounded.labels(), "k " + k);
                assertArrayEquals(unbounded.centroids().data(), bounded.centroids().data(), "k " + k);
                assertEquals(unbounded.iterations(), bounded.iterations(), "k " + k);
            }
        }
    }
}
