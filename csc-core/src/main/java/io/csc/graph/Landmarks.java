package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;

import java.util.SplittableRandom;

/**
 * Landmark (base vector) selection for the landmark methods: p points drawn at random, or the
 * centres of a few k-means iterations started from such a draw (Chen and Cai 2011, whose code runs
 * 5 iterations of one k-means from random points; the distance step here is a matrix product).
 */
public final class Landmarks {

    /** Rows per block of the distance step. */
    private static final int ROW_BLOCK = 2048;

    private Landmarks() {
    }

    /** How landmarks are chosen. */
    public enum Selection { RANDOM, KMEANS }

    /**
     * {@code p} points of {@code data} drawn uniformly (ascending index order), less those equal to
     * one drawn before them ({@link #withoutRepeats}): at most p x d.
     */
    public static DenseMatrix random(Dataset data, int p, SplittableRandom random) {
        return withoutRepeats(rows(data, Bandwidths.sampleWithoutReplacement(data.size(), checkCount(data, p), random)));
    }

    /**
     * The rows of {@code landmarks} less every row equal to an earlier one. On data with duplicates
     * (binary, ordinal or categorical features) a random draw holds copies of one point, and a point
     * at such coordinates then has those copies as all its r nearest landmarks: the landmark graph
     * falls apart into the distinct rows (LSC-R at ACC 0.39 on 1,500 binary points on 64 distinct
     * rows, against 0.79 for NJW). Without repeats, the nearest landmarks after its own are the
     * nearest other coordinates. The same matrix when no row repeats.
     */
    public static DenseMatrix withoutRepeats(DenseMatrix landmarks) {
        Dataset rows = Dataset.unlabelled("landmarks", landmarks.rows(), landmarks.columns(), landmarks.data());
        DistinctRows distinct = DistinctRows.of(rows);
        return distinct.count() == landmarks.rows() ? landmarks : rows(rows, distinct.points());
    }

    /** The given points of {@code data} (either precision), in the given order, as a double-precision matrix. */
    public static DenseMatrix rows(Dataset data, int[] points) {
        int d = data.dimension();
        double[] values = new double[points.length * d];
        for (int t = 0; t < points.length; t++) {
            data.copyRow(points[t], values, t * d);
        }
        return new DenseMatrix(points.length, d, values);
    }

    /**
     * The centres after {@code iterations} Lloyd iterations started from {@code p} random points. A
     * centre that loses all its points keeps its previous position.
     */
    public static DenseMatrix kmeans(Dataset data, int p, int iterations, RunContext context) {
        if (iterations < 0) {
            throw new IllegalArgumentException("Invalid landmark k-means iterations: " + iterations + " (must be >= 0)");
        }
        DenseMatrix centres = random(data, p, context.random().split());
        int count = centres.rows();
        int n = data.size();
        int d = data.dimension();
        double[] x = data.features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        int[] assignment = new int[n];
        for (int iteration = 0; iteration < iterations; iteration++) {
            assign(x, norms, n, d, centres, assignment, context);
            double[] sums = new double[count * d];
            long[] counts = new long[count];
            accumulate(x, n, d, assignment, sums, counts);
            moveCentres(centres, sums, counts);
            context.progress().progress("landmark k-means", iteration + 1, iterations);
        }
        return centres;
    }

    /**
     * Adds the rows of {@code x} (n x d) to the sums (p x d row-major) and counts of the centres
     * they are assigned to: the block step of a Lloyd iteration.
     */
    public static void accumulate(double[] x, int n, int d, int[] assignment, double[] sums, long[] counts) {
        for (int i = 0; i < n; i++) {
            int c = assignment[i];
            counts[c]++;
            int source = i * d;
            int target = c * d;
            for (int j = 0; j < d; j++) {
                sums[target + j] += x[source + j];
            }
        }
    }

    /** Moves each centre with points to their mean; a centre without points keeps its position. */
    public static void moveCentres(DenseMatrix centres, double[] sums, long[] counts) {
        int p = centres.rows();
        int d = centres.columns();
        double[] centreData = centres.data();
        for (int c = 0; c < p; c++) {
            if (counts[c] > 0) {
                double inverse = 1.0 / counts[c];
                for (int j = 0; j < d; j++) {
                    centreData[c * d + j] = sums[c * d + j] * inverse;
                }
            }
        }
    }

    /**
     * Assigns every row of {@code x} (n x d, squared norms {@code norms}) to its nearest centre (ties to
     * the smaller index).
     */
    public static void assign(double[] x, double[] norms, int n, int d, DenseMatrix centres, int[] assignment,
                              RunContext context) {
        int p = centres.rows();
        double[] centreNorms = DistanceKernels.squaredNorms(centres.data(), p, d);
        double[] block = new double[Math.min(ROW_BLOCK, n) * p];
        for (int start = 0; start < n; start += ROW_BLOCK) {
            int end = Math.min(n, start + ROW_BLOCK);
            DistanceKernels.squaredDistances(context.backend(), x, norms, start, end, centres.data(), centreNorms, p, d, block);
            int blockStart = start;
            context.parallel().forRange(end - start, 256, (from, to) -> {
                for (int r = from; r < to; r++) {
                    int best = 0;
                    double bestDistance = block[r * p];
                    for (int c = 1; c < p; c++) {
                        double distance = block[r * p + c];
                        if (distance < bestDistance) {
                            bestDistance = distance;
                            best = c;
                        }
                    }
                    assignment[blockStart + r] = best;
                }
            });
        }
    }

    private static int checkCount(Dataset data, int p) {
        if (p < 1 || p > data.size()) {
            throw new IllegalArgumentException("Invalid number of landmarks: " + p + " (must be in [1, " + data.size()
                    + "], the number of points)");
        }
        return p;
    }

}
