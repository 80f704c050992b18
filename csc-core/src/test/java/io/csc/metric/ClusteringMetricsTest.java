package io.csc.metric;

import static io.csc.metric.ClusteringMetrics.accuracy;
import static io.csc.metric.ClusteringMetrics.adjustedRandIndex;
import static io.csc.metric.ClusteringMetrics.constraintSatisfaction;
import static io.csc.metric.ClusteringMetrics.daviesBouldin;
import static io.csc.metric.ClusteringMetrics.normalizedMutualInformation;
import static io.csc.metric.ClusteringMetrics.randIndex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.constraint.LabelledPoints;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClusteringMetricsTest {

    private static final double EPSILON = 1e-12;

    // The running example: truth [0,0,0,1,1,1] vs predicted [0,0,1,1,2,2]. Contingency table
    //            cluster 0  1  2
    //   class 0          2  1  0
    //   class 1          0  1  2
    // class sizes a = (3, 3), cluster sizes b = (2, 2, 2), n = 6.
    private static final int[] TRUTH = {0, 0, 0, 1, 1, 1};
    private static final int[] PREDICTED = {0, 0, 1, 1, 2, 2};

    @Test
    void accuracyOfTheRunningExample() {
        // best matching: class 0 <-> cluster 0 (2 points), class 1 <-> cluster 2 (2 points);
        // cluster 1 stays unmatched, its 2 points are wrong: ACC = 4 / 6
        assertEquals(4.0 / 6, accuracy(TRUTH, PREDICTED), EPSILON);
    }

    @Test
    void normalizedMutualInformationOfTheRunningExample() {
        // H(truth) = ln 2, H(predicted) = ln 3
        // I = sum n_ij/n ln(n n_ij / (a_i b_j))
        //   = 2/6 ln(6*2/(3*2)) + 1/6 ln(6*1/(3*2)) + 1/6 ln(6*1/(3*2)) + 2/6 ln(6*2/(3*2))
        //   = 1/3 ln 2 + 0 + 0 + 1/3 ln 2 = 2/3 ln 2
        // NMI = (2/3 ln 2) / sqrt(ln 2 ln 3) = 2/3 sqrt(ln 2 / ln 3) = 0.52954...
        double expected = 2.0 / 3 * Math.sqrt(Math.log(2) / Math.log(3));
        assertEquals(expected, normalizedMutualInformation(TRUTH, PREDICTED), EPSILON);
        assertEquals(0.529541, expected, 1e-6);
    }

    @Test
    void randIndexOfTheRunningExample() {
        // 15 pairs. Together in both: (0,1), (4,5) -> 2.
        // Apart in both: 9 pairs across classes, minus (2,3) which shares cluster 1 -> 8.
        // RI = (2 + 8) / 15 = 2/3
        assertEquals(10.0 / 15, randIndex(TRUTH, PREDICTED), EPSILON);
    }

    @Test
    void adjustedRandIndexOfTheRunningExample() {
        // index = sum C(n_ij,2) = 2; sum C(a_i,2) = 6; sum C(b_j,2) = 3; C(6,2) = 15
        // expected = 6 * 3 / 15 = 1.2; maximum = (6 + 3) / 2 = 4.5
        // ARI = (2 - 1.2) / (4.5 - 1.2) = 0.8 / 3.3 = 8/33
        assertEquals(8.0 / 33, adjustedRandIndex(TRUTH, PREDICTED), EPSILON);
    }

    @Test
    void adjustedRandIndexOfPublishedExamples() {
        // the examples of scikit-learn's adjusted_rand_score documentation
        assertEquals(4.0 / 7, adjustedRandIndex(new int[] {0, 0, 1, 1}, new int[] {0, 0, 1, 2}), EPSILON);
        assertEquals(4.0 / 7, adjustedRandIndex(new int[] {0, 0, 1, 2}, new int[] {0, 0, 1, 1}), EPSILON);
        assertEquals(-0.5, adjustedRandIndex(new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1}), EPSILON);
        assertEquals(0.0, adjustedRandIndex(new int[] {0, 0, 0, 0}, new int[] {0, 1, 2, 3}), EPSILON);
        assertEquals(1.0, adjustedRandIndex(new int[] {0, 0, 1, 1}, new int[] {1, 1, 0, 0}), EPSILON);
    }

    @Test
    void adjustedRandIndexOfAContingencyTableExample() {
        // Table (classes x clusters)   [[5, 1, 0], [1, 4, 1], [0, 2, 5]]: n = 19
        // sum C(n_ij,2) = 10 + 0 + 0 + 0 + 6 + 0 + 0 + 1 + 10 = 27
        // a = (6, 6, 7): sum C(a_i,2) = 15 + 15 + 21 = 51
        // b = (6, 7, 6): sum C(b_j,2) = 15 + 21 + 15 = 51
        // C(19,2) = 171; expected = 51 * 51 / 171 = 15.2105...; maximum = 51
        // ARI = (27 - 2601/171) / (51 - 2601/171) = (4617 - 2601) / (8721 - 2601) = 2016 / 6120 = 0.32941...
        int[] truth = new int[19];
        int[] predicted = new int[19];
        int[][] table = {{5, 1, 0}, {1, 4, 1}, {0, 2, 5}};
        int point = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int c = 0; c < table[i][j]; c++) {
                    truth[point] = i;
                    predicted[point++] = j;
                }
            }
        }
        assertEquals(2016.0 / 6120, adjustedRandIndex(truth, predicted), EPSILON);
        // RI = (171 + 2 * 27 - 51 - 51) / 171 = 123 / 171
        assertEquals(123.0 / 171, randIndex(truth, predicted), EPSILON);
    }

    @Test
    void perfectAgreementScoresOne() {
        int[] truth = {0, 0, 1, 1, 1, 2, 3, 3};
        int[] renamed = {40, 40, 7, 7, 7, 0, 12, 12};
        assertEquals(1.0, accuracy(truth, renamed), EPSILON);
        assertEquals(1.0, normalizedMutualInformation(truth, renamed), EPSILON);
        assertEquals(1.0, adjustedRandIndex(truth, renamed), EPSILON);
        assertEquals(1.0, randIndex(truth, renamed), EPSILON);
    }

    @Test
    void externalMeasuresAreInvariantToRelabellingTheClusters() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 50; trial++) {
            int n = 2 + random.nextInt(60);
            int[] truth = new int[n];
            int[] predicted = new int[n];
            for (int i = 0; i < n; i++) {
                truth[i] = random.nextInt(4);
                predicted[i] = random.nextInt(5);
            }
            // a random injective renaming of the cluster ids 0..4 to large, unordered values
            int[] names = {random.nextInt(1000), 1000 + random.nextInt(1000), 5, 2_000_000_000, 3000 + random.nextInt(10)};
            for (int swap = names.length - 1; swap > 0; swap--) {
                int other = random.nextInt(swap + 1);
                int kept = names[swap];
                names[swap] = names[other];
                names[other] = kept;
            }
            int[] renamed = new int[n];
            for (int i = 0; i < n; i++) {
                renamed[i] = names[predicted[i]];
            }
            assertEquals(accuracy(truth, predicted), accuracy(truth, renamed), EPSILON);
            assertEquals(normalizedMutualInformation(truth, predicted), normalizedMutualInformation(truth, renamed), EPSILON);
            assertEquals(adjustedRandIndex(truth, predicted), adjustedRandIndex(truth, renamed), EPSILON);
            assertEquals(randIndex(truth, predicted), randIndex(truth, renamed), EPSILON);
            // the pair measures and NMI are symmetric in their two arguments
            assertEquals(randIndex(truth, predicted), randIndex(predicted, truth), EPSILON);
            assertEquals(adjustedRandIndex(truth, predicted), adjustedRandIndex(predicted, truth), EPSILON);
            assertEquals(normalizedMutualInformation(truth, predicted), normalizedMutualInformation(predicted, truth),
                    EPSILON);
        }
    }

    @Test
    void pairMeasuresMatchPairEnumeration() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 30; trial++) {
            int n = 2 + random.nextInt(40);
            int[] truth = new int[n];
            int[] predicted = new int[n];
            for (int i = 0; i < n; i++) {
                truth[i] = random.nextInt(3);
                predicted[i] = random.nextInt(4);
            }
            long agree = 0;
            long pairs = 0;
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    pairs++;
                    if ((truth[a] == truth[b]) == (predicted[a] == predicted[b])) {
                        agree++;
                    }
                }
            }
            assertEquals((double) agree / pairs, randIndex(truth, predicted), EPSILON);
        }
    }

    @Test
    void degenerateCases() {
        int[] one = {0, 0, 0, 0};
        int[] two = {0, 0, 1, 1};
        int[] singletons = {0, 1, 2, 3};
        // one class and one cluster: identical partitions
        assertEquals(1.0, normalizedMutualInformation(one, one));
        assertEquals(1.0, adjustedRandIndex(one, one));
        assertEquals(1.0, randIndex(one, one));
        assertEquals(1.0, accuracy(one, one));
        // one cluster against two classes: no shared information
        assertEquals(0.0, normalizedMutualInformation(two, one));
        assertEquals(0.0, normalizedMutualInformation(one, two));
        assertEquals(0.0, adjustedRandIndex(two, one), EPSILON);
        assertEquals(0.5, accuracy(two, one), EPSILON);
        // 2 of 6 pairs together in truth, none apart in the prediction: RI = 2/6
        assertEquals(2.0 / 6, randIndex(two, one), EPSILON);
        // all singletons on both sides
        assertEquals(1.0, adjustedRandIndex(singletons, singletons));
        assertEquals(1.0, normalizedMutualInformation(singletons, singletons), EPSILON);
        // a single point
        assertEquals(1.0, randIndex(new int[] {3}, new int[] {5}));
        assertEquals(1.0, adjustedRandIndex(new int[] {3}, new int[] {5}));
        assertEquals("No points to compare",
                assertThrows(IllegalArgumentException.class, () -> randIndex(new int[0], new int[0])).getMessage());
    }

    @Test
    void accuracyWithMoreClassesThanClusters() {
        // 3 classes, 2 clusters: clusters match classes 0 and 2 (3 + 2 points); class 1's point is wrong
        int[] truth = {0, 0, 0, 1, 2, 2};
        int[] predicted = {0, 0, 0, 0, 1, 1};
        assertEquals(5.0 / 6, accuracy(truth, predicted), EPSILON);
    }

    @Test
    void daviesBouldinOfAHandComputedExample() {
        // cluster A: (0,0), (2,0)   centroid (1,0),  delta_A = (1 + 1) / 2 = 1
        // cluster B: (10,0), (10,4) centroid (10,2), delta_B = (2 + 2) / 2 = 2
        // cluster C: (0,10)         centroid (0,10), delta_C = 0 (singleton)
        // Delta_AB = sqrt(81 + 4) = sqrt 85, Delta_AC = sqrt(1 + 100) = sqrt 101, Delta_BC = sqrt(100 + 64) = sqrt 164
        // R_AB = 3 / sqrt 85 = 0.3254, R_AC = 1 / sqrt 101 = 0.0995, R_BC = 2 / sqrt 164 = 0.1562
        // max for A: R_AB; for B: R_AB; for C: R_BC
        // DBI = (2 * 3 / sqrt 85 + 2 / sqrt 164) / 3 = 0.26899...
        double[] features = {0, 0, 10, 0, 2, 0, 0, 10, 10, 4};
        int[] labels = {4, 9, 4, 1, 9};
        double expected = (2 * 3 / Math.sqrt(85) + 2 / Math.sqrt(164)) / 3;
        assertEquals(expected, daviesBouldin(features, 5, 2, labels), EPSILON);
        assertEquals(0.26899, expected, 1e-5);
    }

    @Test
    void daviesBouldinDegenerateCases() {
        double[] features = {0, 1, 2, 3};
        assertTrue(Double.isNaN(daviesBouldin(features, 4, 1, new int[] {2, 2, 2, 2})));
        // two clusters with the same centroid (1.5): not separated
        assertEquals(Double.POSITIVE_INFINITY, daviesBouldin(features, 4, 1, new int[] {0, 1, 1, 0}));
        // all singletons: every scatter is 0
        assertEquals(0.0, daviesBouldin(features, 4, 1, new int[] {0, 1, 2, 3}));
        assertThrows(IllegalArgumentException.class, () -> daviesBouldin(features, 2, 1, new int[] {0, 1}));
        assertThrows(IllegalArgumentException.class, () -> daviesBouldin(features, 4, 1, new int[] {0, 1}));
    }

    @Test
    void constraintSatisfactionOfExplicitPairs() {
        // predicted [0,0,1,1,2,2]
        // must-links: (0,1) satisfied, (1,2) violated                  -> 1/2
        // cannot-links: (0,2) satisfied, (4,5) violated, (3,4) satisfied -> 2/3
        // CONS = (1/2 + 2/3) / 2 = 7/12
        ConstraintSet constraints = ConstraintSet.ofPairs(6, List.of(Constraint.mustLink(0, 1),
                Constraint.mustLink(1, 2), Constraint.cannotLink(0, 2), Constraint.cannotLink(4, 5),
                Constraint.cannotLink(3, 4)));
        assertEquals(7.0 / 12, constraintSatisfaction(constraints, PREDICTED), EPSILON);
        // weights do not change the count
        ConstraintSet soft = ConstraintSet.ofPairs(6, List.of(Constraint.mustLink(0, 1).withWeight(0.1),
                Constraint.mustLink(1, 2), Constraint.cannotLink(0, 2), Constraint.cannotLink(4, 5).withWeight(0.5),
                Constraint.cannotLink(3, 4)));
        assertEquals(7.0 / 12, constraintSatisfaction(soft, PREDICTED), EPSILON);
    }

    @Test
    void constraintSatisfactionOfLabels() {
        // all six points labelled with TRUTH [0,0,0,1,1,1], predicted [0,0,1,1,2,2]
        // must-links: C(3,2) + C(3,2) = 6, satisfied = sum C(n_ij,2) = 2          -> 2/6
        // cannot-links: 15 - 6 = 9; violated = pairs sharing a cluster across classes
        //   = sum C(b_j,2) - sum C(n_ij,2) = 3 - 2 = 1 (the pair (2,3)), satisfied 8 -> 8/9
        // CONS = (1/3 + 8/9) / 2 = 11/18
        ConstraintSet labels = ConstraintSet.fromLabels(6, new int[] {0, 1, 2, 3, 4, 5}, TRUTH);
        assertEquals(11.0 / 18, constraintSatisfaction(labels, PREDICTED), EPSILON);
        // groups imply only the must-links: 2/6
        ConstraintSet groups = ConstraintSet.fromGroups(6, List.of(new int[] {0, 1, 2}, new int[] {3, 4, 5}));
        assertEquals(2.0 / 6, constraintSatisfaction(groups, PREDICTED), EPSILON);
        // cannot-links only
        ConstraintSet cannot = ConstraintSet.ofPairs(6, List.of(Constraint.cannotLink(0, 5)));
        assertEquals(1.0, constraintSatisfaction(cannot, PREDICTED));
    }

    @Test
    void constraintSatisfactionIsOneWhenLabelsAreTheClusters() {
        ConstraintSet labels = ConstraintSet.fromLabels(6, new int[] {5, 0, 3, 1}, new int[] {7, 2, 7, 2});
        int[] predicted = {1, 1, 9, 0, 9, 0};
        assertEquals(1.0, constraintSatisfaction(labels, predicted));
    }

    @Test
    void constraintSatisfactionFromCountsEqualsPairEnumeration() {
        SplittableRandom random = new SplittableRandom(21);
        for (int trial = 0; trial < 200; trial++) {
            int n = 2 + random.nextInt(50);
            ConstraintSet constraints = randomConstraints(n, random);
            int[] predicted = new int[n];
            int clusters = 1 + random.nextInt(5);
            for (int i = 0; i < n; i++) {
                predicted[i] = random.nextInt(clusters) * 3;
            }
            long[] counts = new long[4]; // must-links, satisfied, cannot-links, satisfied
            constraints.forEachPair((first, second, sign, weight) -> {
                boolean together = predicted[first] == predicted[second];
                if (sign > 0) {
                    counts[0]++;
                    counts[1] += together ? 1 : 0;
                } else {
                    counts[2]++;
                    counts[3] += together ? 0 : 1;
                }
            });
            double expected;
            if (counts[0] == 0 && counts[2] == 0) {
                expected = Double.NaN;
            } else if (counts[2] == 0) {
                expected = (double) counts[1] / counts[0];
            } else if (counts[0] == 0) {
                expected = (double) counts[3] / counts[2];
            } else {
                expected = 0.5 * ((double) counts[1] / counts[0] + (double) counts[3] / counts[2]);
            }
            assertEquals(expected, constraintSatisfaction(constraints, predicted), EPSILON,
                    "trial " + trial + ": " + constraints);
        }
    }

    /** Explicit pairs (with duplicates and soft weights), soft partial labels and groups, each present at random. */
    private static ConstraintSet randomConstraints(int n, SplittableRandom random) {
        List<Constraint> pairs = new ArrayList<>();
        int explicit = random.nextInt(3) == 0 ? 0 : random.nextInt(15);
        for (int c = 0; c < explicit; c++) {
            int first = random.nextInt(n);
            int second = (first + 1 + random.nextInt(n - 1)) % n;
            ConstraintType type = random.nextBoolean() ? ConstraintType.MUST_LINK : ConstraintType.CANNOT_LINK;
            pairs.add(new Constraint(first, second, type, random.nextBoolean() ? 1.0 : 0.25 + random.nextDouble() * 0.75));
        }
        List<LabelledPoints> blocks = new ArrayList<>();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int other = random.nextInt(i + 1);
            int kept = order[i];
            order[i] = order[other];
            order[other] = kept;
        }
        int used = 0;
        for (boolean labels : new boolean[] {true, false}) {
            if (random.nextBoolean()) {
                int size = random.nextInt(n - used + 1);
                int[] points = new int[size];
                int[] classes = new int[size];
                double[] confidences = new double[size];
                for (int t = 0; t < size; t++) {
                    points[t] = order[used++];
                    classes[t] = random.nextInt(4) * 5;
                    confidences[t] = 0.5 + 0.5 * random.nextDouble();
                }
                blocks.add(new LabelledPoints(points, classes, labels, random.nextBoolean() ? confidences : null));
            }
        }
        return ConstraintSet.of(n, pairs, blocks);
    }

    @Test
    void constraintSatisfactionWithoutConstraintsIsNaN() {
        assertTrue(Double.isNaN(constraintSatisfaction(ConstraintSet.empty(3), new int[] {0, 1, 2})));
        // a single labelled point implies no pair
        assertTrue(Double.isNaN(constraintSatisfaction(
                ConstraintSet.fromLabels(3, new int[] {1}, new int[] {0}), new int[] {0, 1, 2})));
    }

    @Test
    void constraintSatisfactionOnManyLabelsDoesNotEnumerate() {
        // 7,000 labels imply 24.5 million pairs; counting from the table is immediate
        int n = 70_000;
        int[] points = new int[7_000];
        int[] classes = new int[7_000];
        int[] predicted = new int[n];
        for (int i = 0; i < n; i++) {
            predicted[i] = i % 10;
        }
        for (int t = 0; t < points.length; t++) {
            points[t] = t * 10 + t % 10;  // predicted[points[t]] == t % 10
            classes[t] = t % 10;
        }
        ConstraintSet labels = ConstraintSet.fromLabels(n, points, classes);
        assertEquals(24_496_500L, labels.pairCount());
        assertEquals(1.0, constraintSatisfaction(labels, predicted));
        // merge clusters 0 and 1: the 700 x 700 cannot-links between classes 0 and 1 now fail
        for (int i = 0; i < n; i++) {
            predicted[i] = Math.max(predicted[i], 1);
        }
        double mustLinks = 10 * (700.0 * 699 / 2);
        double cannotLinks = 24_496_500 - mustLinks;
        assertEquals(0.5 * (1 + (cannotLinks - 700 * 700) / cannotLinks), constraintSatisfaction(labels, predicted),
                EPSILON);
    }

    @Test
    void constraintSatisfactionRejectsMismatchedLabels() {
        ConstraintSet constraints = ConstraintSet.ofPairs(3, List.of(Constraint.mustLink(0, 1)));
        assertEquals("2 labels but the constraints are on 3 points", assertThrows(IllegalArgumentException.class,
                () -> constraintSatisfaction(constraints, new int[] {0, 1})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> constraintSatisfaction(constraints, new int[] {0, -1, 0}));
    }
}
