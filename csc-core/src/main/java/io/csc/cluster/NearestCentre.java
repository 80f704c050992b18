package io.csc.cluster;

import io.csc.linalg.DistanceKernels;

/**
 * The centre nearest to a point, the lowest index on ties, as a scan of all k centres gives it
 * (squared distances summed coordinate by coordinate), found with less work in two ways. Both give
 * the scan's index, bit for bit: a centre is passed over only where an error bound shows that the
 * scan's own arithmetic could not have made it the nearest, or tied.
 *
 * <ul>
 *   <li>{@link #of}, the triangle inequality (Elkan, "Using the triangle inequality to accelerate
 *       k-means", ICML 2003): with b the nearest centre so far, a centre j with
 *       {@code |c_b - c_j| > 2 |x - c_b|} is farther than b. Starting from the point's previous
 *       centre, a point of a cluster set apart from the others costs one distance instead of k. The
 *       test carries a relative margin of {@link #MARGIN}; squared distances of d coordinates are
 *       sums of squares, exact to about {@code d ε} relative (1e-13 at d = 1,000).</li>
 *   <li>{@link #fromProducts}, for many coordinates: the distances expanded as
 *       {@code |x|² + |c|² - 2 x·c}, the dot products of a block of points with every centre taken
 *       from one matrix product. The expansion cancels, but its error is at most
 *       {@code (d + 3) ε (|x| + |c|)²} in any order of summation; the centres whose expanded
 *       distance is within eight times that of the smallest are measured exactly, and where only one
 *       is (the point is not near a tie), it is the nearest without a distance computed.</li>
 * </ul>
 */
final class NearestCentre {

    /** The relative margin of the skip test, far above the rounding of the distances it compares. */
    static final double MARGIN = 1e-7;

    /**
     * From this many coordinates {@link ConstrainedKMeans} takes the distances from a product: below
     * it a distance costs little more than a dot product, and the block product does not pay back.
     */
    static final int PRODUCT_DIMENSION = 32;

    /** The points of one block product with the centres in {@link ConstrainedKMeans}. */
    static final int PRODUCT_ROWS = 8_192;

    private NearestCentre() {
    }

    /**
     * Writes half the distance between centres j and m at {@code halfGaps[j k + m]}: k² / 2
     * distances of d coordinates.
     *
     * @param centres k x d, row-major
     */
    static void measureHalfGaps(double[] centres, int k, int d, double[] halfGaps) {
        for (int j = 0; j < k; j++) {
            halfGaps[j * k + j] = 0;
            for (int m = j + 1; m < k; m++) {
                double half = 0.5 * Math.sqrt(DistanceKernels.squaredDistance(centres, j * d, centres, m * d, d));
                halfGaps[j * k + m] = half;
                halfGaps[m * k + j] = half;
            }
        }
    }

    /**
     * The index of the centre nearest to the point at {@code x[base..base+d)}, the lowest on ties.
     *
     * @param halfGaps from {@link #measureHalfGaps} on these centres
     * @param start the centre measured first (any; the point's previous centre saves the most)
     */
    static int of(double[] x, int base, double[] centres, int k, int d, double[] halfGaps, int start) {
        return of(x, base, centres, k, d, halfGaps, start, null, null, 0);
    }

    /**
     * {@link #of(double[], int, double[], int, int, double[], int)}, writing Hamerly's bounds for
     * point i when {@code upper} is not null: {@code upper[i]}, at least its distance to the centre
     * returned, and {@code lower[i]}, at most its distance to every other centre. A measured centre
     * bounds by its distance; a centre passed over because {@code |c_b - c_j| > 2 |x - c_b|} by
     * {@code |c_b - c_j| - |x - c_b|} (the triangle inequality), which the test makes larger than
     * {@code |x - c_b|}. Both carry the relative margin {@link #MARGIN}, so that a point whose bounds
     * still part after its centres moved ({@code upper < lower}) has the same nearest centre as a scan
     * would give it, bit for bit, and needs no distance at all.
     */
    static int of(double[] x, int base, double[] centres, int k, int d, double[] halfGaps, int start,
                  double[] upper, double[] lower, int i) {
        int nearest = start;
        double best = DistanceKernels.squaredDistance(x, base, centres, start * d, d);
        double reach = Math.sqrt(best) * (1 + MARGIN);
        // the other centres' bounds: measured ones by their squared distance (one root at the end),
        // passed-over ones by the triangle inequality
        double othersSquared = Double.POSITIVE_INFINITY;
        double othersPassed = Double.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            if (j == nearest) {
                continue;
            }
            double half = halfGaps[nearest * k + j];
            if (half > reach) {
                if (upper != null) {
                    othersPassed = Math.min(othersPassed, 2 * half * (1 - MARGIN) - reach);
                }
                continue;
            }
            double distance = DistanceKernels.squaredDistance(x, base, centres, j * d, d);
            if (distance < best || distance == best && j < nearest) {
                othersSquared = Math.min(othersSquared, best);
                best = distance;
                nearest = j;
                reach = Math.sqrt(best) * (1 + MARGIN);
            } else {
                othersSquared = Math.min(othersSquared, distance);
            }
        }
        if (upper != null) {
            upper[i] = reach;
            lower[i] = Math.min(Math.sqrt(othersSquared), othersPassed) * (1 - MARGIN);
        }
        return nearest;
    }

    /**
     * The index of the centre nearest to the point at {@code x[base..base+d)}, the lowest on ties,
     * from its dot products with the centres.
     *
     * @param products {@code x·c_j} at {@code products[productBase + j]}, in any order of summation
     * @param squaredNorm {@code |x|²}
     * @param centreSquaredNorms {@code |c_j|²}
     * @param largestCentreNorm {@code max_j |c_j|}
     */
    static int fromProducts(double[] x, int base, double[] centres, int k, int d, double[] products, int productBase,
                            double squaredNorm, double[] centreSquaredNorms, double largestCentreNorm) {
        double smallest = Double.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            smallest = Math.min(smallest, squaredNorm + centreSquaredNorms[j] - 2 * products[productBase + j]);
        }
        // a centre beyond eight times the error bound is farther than the smallest's centre by over
        // 6B, more than both arithmetics can reverse
        double limit = smallest + expansionError(d, squaredNorm, largestCentreNorm);
        if (!(limit < Double.POSITIVE_INFINITY)) {
            limit = Double.POSITIVE_INFINITY; // norms beyond the range of doubles: every centre is measured
        }
        return nearestWithin(x, base, centres, k, d, products, productBase, squaredNorm, centreSquaredNorms, limit);
    }

    /**
     * Bounds for the point whose products with the centres are at {@code products[productBase..]}
     * and whose nearest centre is {@code nearest}: {@code upper[i]}, at least its distance to that
     * centre, and {@code lower[i]}, at most its distance to any other, from the expanded distances
     * widened by eight times their error bound (as {@link #fromProducts} takes it). Norms beyond the
     * range of doubles, or a single centre, give bounds that vouch for nothing.
     */
    static void bounds(double[] products, int productBase, int k, int nearest, double squaredNorm,
                       double[] centreSquaredNorms, double largestCentreNorm, int d, double[] upper, double[] lower,
                       int i) {
        double error = expansionError(d, squaredNorm, largestCentreNorm);
        double second = Double.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            if (j != nearest) {
                second = Math.min(second, squaredNorm + centreSquaredNorms[j] - 2 * products[productBase + j]);
            }
        }
        double own = squaredNorm + centreSquaredNorms[nearest] - 2 * products[productBase + nearest];
        if (!(error < Double.POSITIVE_INFINITY) || k == 1 || !(second < Double.POSITIVE_INFINITY)) {
            upper[i] = Double.POSITIVE_INFINITY;
            lower[i] = 0;
            return;
        }
        upper[i] = Math.sqrt(Math.max(0, own + error)) * (1 + MARGIN);
        lower[i] = Math.sqrt(Math.max(0, second - error)) * (1 - MARGIN);
    }

    /**
     * Eight times the error bound {@code B = (d + 3) ε (|x| + |c|)²} (ε = ulp(1) / 2) of a squared
     * distance expanded as {@code |x|² + |c|² - 2 x·c} in any order of summation, for a point of
     * squared norm {@code squaredNorm} and centres of norm at most {@code largestCentreNorm}.
     */
    static double expansionError(int d, double squaredNorm, double largestCentreNorm) {
        double reach = Math.sqrt(squaredNorm) + largestCentreNorm;
        return 4 * (d + 3) * Math.ulp(1.0) * reach * reach;
    }

    /** The nearest of the centres whose expanded distance is at most {@code limit} (all of them for an infinite one). */
    private static int nearestWithin(double[] x, int base, double[] centres, int k, int d, double[] products,
                                     int productBase, double squaredNorm, double[] centreSquaredNorms, double limit) {
        boolean every = limit == Double.POSITIVE_INFINITY;
        int candidates = 0;
        int only = -1;
        for (int j = 0; j < k; j++) {
            if (every || squaredNorm + centreSquaredNorms[j] - 2 * products[productBase + j] <= limit) {
                candidates++;
                only = j;
            }
        }
        if (candidates == 1) {
            return only;
        }
        double best = Double.POSITIVE_INFINITY;
        int nearest = 0;
        for (int j = 0; j < k; j++) {
            if (every || squaredNorm + centreSquaredNorms[j] - 2 * products[productBase + j] <= limit) {
                double distance = DistanceKernels.squaredDistance(x, base, centres, j * d, d);
                if (distance < best) {
                    best = distance;
                    nearest = j;
                }
            }
        }
        return nearest;
    }
}
