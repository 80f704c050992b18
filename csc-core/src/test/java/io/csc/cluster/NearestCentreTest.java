package io.csc.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.linalg.DistanceKernels;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NearestCentreTest {

    /** The scan the triangle inequality shortens: every centre, the lowest index on ties. */
    private static int fullScan(double[] x, int base, double[] centres, int k, int d) {
        double best = Double.POSITIVE_INFINITY;
        int nearest = 0;
        for (int j = 0; j < k; j++) {
            double distance = DistanceKernels.squaredDistance(x, base, centres, j * d, d);
            if (distance < best) {
                best = distance;
                nearest = j;
            }
        }
        return nearest;
    }

    @Test
    void everyStartGivesTheFullScansCentreOnTiesAndRepeatedCentres() {
        SplittableRandom random = new SplittableRandom(17);
        int checked = 0;
        for (int trial = 0; trial < 200; trial++) {
            int d = 1 + random.nextInt(12);
            int k = 1 + random.nextInt(9);
            int n = 60;
            // Small integer coordinates: many exact ties, points on centres, and repeated centres.
            double[] centres = new double[k * d];
            for (int t = 0; t < centres.length; t++) {
                centres[t] = random.nextInt(3);
            }
            if (k > 2) {
                System.arraycopy(centres, 0, centres, (k - 1) * d, d); // the last centre repeats the first
            }
            double[] x = new double[n * d];
            for (int t = 0; t < x.length; t++) {
                x[t] = random.nextInt(4) + (trial % 2 == 0 ? 0 : random.nextDouble(-1e-9, 1e-9));
            }
            double[] halfGaps = new double[k * k];
            NearestCentre.measureHalfGaps(centres, k, d, halfGaps);
            for (int i = 0; i < n; i++) {
                int expected = fullScan(x, i * d, centres, k, d);
                for (int start = 0; start < k; start++) {
                    assertEquals(expected, NearestCentre.of(x, i * d, centres, k, d, halfGaps, start),
                            "trial " + trial + ", point " + i + ", start " + start);
                    checked++;
                }
            }
        }
        assertTrue(checked > 10_000, "checked " + checked);
    }

    @Test
    void boundsHoldTheDistancesToTheNearestAndToEveryOtherCentre() {
        SplittableRandom random = new SplittableRandom(23);
        int checked = 0;
        for (int trial = 0; trial < 200; trial++) {
            int d = 1 + random.nextInt(12);
            int k = 1 + random.nextInt(12);
            int n = 50;
            double spread = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 10 : 1e4;
            double[] centres = new double[k * d];
            for (int t = 0; t < centres.length; t++) {
                centres[t] = spread * random.nextGaussian();
            }
            double[] x = new double[n * d];
            for (int t = 0; t < x.length; t++) {
                x[t] = centres[(random.nextInt(k) * d) + t % d] + random.nextGaussian();
            }
            double[] halfGaps = new double[k * k];
            NearestCentre.measureHalfGaps(centres, k, d, halfGaps);
            double[] upper = new double[n];
            double[] lower = new double[n];
            for (int i = 0; i < n; i++) {
                int nearest = NearestCentre.of(x, i * d, centres, k, d, halfGaps, random.nextInt(k), upper, lower, i);
                assertEquals(fullScan(x, i * d, centres, k, d), nearest);
                for (int j = 0; j < k; j++) {
                    double distance = Math.sqrt(DistanceKernels.squaredDistance(x, i * d, centres, j * d, d));
                    if (j == nearest) {
                        assertTrue(upper[i] >= distance, "upper " + upper[i] + " < " + distance);
                    } else {
                        assertTrue(lower[i] <= distance, "lower " + lower[i] + " > " + distance);
                    }
                    checked++;
                }
                assertTrue(k > 1 || lower[i] == Double.POSITIVE_INFINITY, "one centre: nothing else to be near");
            }
        }
        assertTrue(checked > 30_000, "checked " + checked);
    }

    @Test
    void separatedClustersCostOneDistanceFromTheirOwnCentre() {
        // Centres 100 apart, points within 1 of their centre: from the point's own centre every other
        // centre is more than twice as far from it as the point, so none is measured.
        int k = 5;
        int d = 3;
        double[] centres = new double[k * d];
        for (int j = 0; j < k; j++) {
            centres[j * d] = 100.0 * j;
        }
        double[] halfGaps = new double[k * k];
        NearestCentre.measureHalfGaps(centres, k, d, halfGaps);
        double[] point = {200.5, 0.5, -0.5};
        double own = Math.sqrt(DistanceKernels.squaredDistance(point, 0, centres, 2 * d, d));
        for (int j = 0; j < k; j++) {
            assertTrue(j == 2 || halfGaps[2 * k + j] > own * (1 + NearestCentre.MARGIN), "centre " + j + " is skipped");
        }
        assertEquals(2, NearestCentre.of(point, 0, centres, k, d, halfGaps, 2));
        assertEquals(2, NearestCentre.of(point, 0, centres, k, d, halfGaps, 0));
    }

    /** {@code x·c_j} summed from the last coordinate down: another order than the scan's, as a product may use. */
    private static double[] products(double[] x, int n, double[] centres, int k, int d) {
        double[] products = new double[n * k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int t = d - 1; t >= 0; t--) {
                    sum += x[i * d + t] * centres[j * d + t];
                }
                products[i * k + j] = sum;
            }
        }
        return products;
    }

    @Test
    void fromProductsGivesTheFullScansCentreOnTiesOffsetsAndRepeatedCentres() {
        SplittableRandom random = new SplittableRandom(23);
        int checked = 0;
        for (int trial = 0; trial < 120; trial++) {
            int d = 32 + random.nextInt(100);
            int k = 1 + random.nextInt(12);
            int n = 80;
            // Offsets far from the origin make the expansion cancel; integer coordinates make ties.
            double offset = trial % 3 == 0 ? 0 : trial % 3 == 1 ? 1e3 : 1e7;
            boolean integers = trial % 2 == 0;
            double[] centres = new double[k * d];
            for (int t = 0; t < centres.length; t++) {
                centres[t] = offset + (integers ? random.nextInt(3) : random.nextGaussian());
            }
            if (k > 2) {
                System.arraycopy(centres, 0, centres, (k - 1) * d, d);
            }
            double[] x = new double[n * d];
            for (int t = 0; t < x.length; t++) {
                x[t] = offset + (integers ? random.nextInt(3) : random.nextGaussian());
            }
            System.arraycopy(centres, 0, x, 0, d); // a point on a centre
            double[] products = products(x, n, centres, k, d);
            double[] centreNorms = new double[k];
            double largest = 0;
            for (int j = 0; j < k; j++) {
                centreNorms[j] = DistanceKernels.squaredDistance(centres, j * d, new double[d], 0, d);
                largest = Math.max(largest, Math.sqrt(centreNorms[j]));
            }
            for (int i = 0; i < n; i++) {
                double norm = DistanceKernels.squaredDistance(x, i * d, new double[d], 0, d);
                assertEquals(fullScan(x, i * d, centres, k, d),
                        NearestCentre.fromProducts(x, i * d, centres, k, d, products, i * k, norm, centreNorms, largest),
                        "trial " + trial + ", point " + i);
                checked++;
            }
        }
        assertTrue(checked == 120 * 80);
    }

    @Test
    void fromProductsMeasuresEveryCentreWhereTheNormsOverflow() {
        // |x|² beyond the range of doubles: the expansion is Infinity - Infinity, and the scan decides.
        int d = 40;
        int k = 3;
        double[] centres = new double[k * d];
        double[] x = new double[d];
        for (int t = 0; t < d; t++) {
            centres[t] = 1e154;
            centres[d + t] = 2e154;
            centres[2 * d + t] = 3e154;
            x[t] = 2.1e154; // 1e153 from the second centre: the only distance that stays finite
        }
        double[] products = products(x, 1, centres, k, d);
        double[] centreNorms = new double[k];
        for (int j = 0; j < k; j++) {
            centreNorms[j] = DistanceKernels.squaredDistance(centres, j * d, new double[d], 0, d);
        }
        double norm = DistanceKernels.squaredDistance(x, 0, new double[d], 0, d);
        assertEquals(Double.POSITIVE_INFINITY, norm);
        assertEquals(1, fullScan(x, 0, centres, k, d));
        assertEquals(fullScan(x, 0, centres, k, d),
                NearestCentre.fromProducts(x, 0, centres, k, d, products, 0, norm, centreNorms, Math.sqrt(norm)));
    }
}
