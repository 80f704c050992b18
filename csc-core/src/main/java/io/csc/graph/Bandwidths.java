package io.csc.graph;

import io.csc.api.UnsuitableInputException;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;
import io.csc.linalg.DistanceKernels;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Resolves a {@link KernelOptions} into a {@link Bandwidth} for a data set. */
public final class Bandwidths {

    /** Points used by the median rule; above it, a seeded sample of this size. */
    public static final int MEDIAN_SAMPLE = 2000;

    private Bandwidths() {
    }

    /**
     * The bandwidth for {@code data}. {@code neighbours} may be null; it is computed when the rule
     * needs it (k-NN mean and self-tuning) and may be passed in when the caller already has it.
     */
    public static Bandwidth resolve(KernelOptions kernel, Dataset data, NeighbourLists neighbours, RunContext context) {
        return resolve(kernel, data, neighbours, null, context);
    }

    /**
     * As {@link #resolve(KernelOptions, Dataset, NeighbourLists, RunContext)}, with the distinct rows
     * of {@code data} when the caller has them (else null: found when a rule needs them).
     */
    static Bandwidth resolve(KernelOptions kernel, Dataset data, NeighbourLists neighbours, DistinctRows distinct,
                             RunContext context) {
        return switch (kernel.rule()) {
            case FIXED -> Bandwidth.global(kernel.sigma());
            case MEDIAN -> Bandwidth.global(positive(medianDistance(data, context), "median pairwise distance"));
            case KNN_MEAN, SELF_TUNING -> {
                DistinctRows rows = distinct == null ? DistinctRows.of(data, context.parallel()) : distinct;
                if (manyCopies(rows, kernel.neighbours())) {
                    yield fromDistinctPoints(kernel, data, rows.requireSeveral(), context);
                }
                NeighbourLists lists = neighboursFor(kernel, data, neighbours, context);
                yield kernel.rule() == BandwidthRule.SELF_TUNING ? localScales(lists, kernel.neighbours(), null)
                        : Bandwidth.global(positive(meanDistance(lists, kernel.neighbours(), null), "mean k-NN distance"));
            }
        };
    }

    /**
     * Whether some point has copies of itself (other points at its coordinates) for at least half of
     * its k nearest (of {@code min(k, n - 1)}). Then its k-NN distance says little of the data around
     * it, and its list in a k-NN graph hardly reaches other coordinates: the rules count repeated
     * points once ({@link #fromDistinctPoints}, {@link DistinctNeighbours}). A few repeats (a pair here
     * and there) change the lists little, and leave them as they are. Counted on the distinct rows,
     * before any search: the copies are then exact (a search's distance between two copies may come
     * out a rounding above 0), and data with many copies is searched once, among its distinct points
     * (on Letter's 20,000 points of 16 ordinal features, 18,668 distinct, the k-NN graph was searched
     * twice: 1.4 s each).
     */
    static boolean manyCopies(DistinctRows distinct, int k) {
        int n = distinct.location().length;
        int half = (Math.min(k, n - 1) + 1) / 2 - 1;
        return half >= 0 && distinct.largestCount() - 1 >= half + 1;
    }

    /**
     * The k-NN rules on data with duplicates: each point's k nearest <em>distinct</em> points (at a
     * positive distance) instead of its k nearest points. A point with k copies of itself would
     * otherwise have a k-NN distance of 0, and data whose every point has that many (binary or
     * ordinal features: 1,500 points on 64 distinct rows) a σ of 0 or one so small that the graph
     * falls apart into its distinct rows. So the rules are those of the points counted once, each
     * point then weighing as often as it occurs: clustering a data set with every point repeated c
     * times gives the σ of clustering it once. On data without duplicates, or with only a few
     * (no point with copies for half its neighbours, {@link #manyCopies}), nothing changes.
     */
    private static Bandwidth fromDistinctPoints(KernelOptions kernel, Dataset data, DistinctRows distinct,
                                                RunContext context) {
        Dataset points = data.subset(distinct.points());
        NeighbourLists lists = NearestNeighbours.find(points,
                Math.min(kernel.neighbours(), distinct.count() - 1), context);
        return onDistinct(kernel, distinct, lists);
    }

    /**
     * The bandwidth of a k-NN graph that went the distinct way ({@link DistinctNeighbours}): the
     * k-NN rules from the distinct points' own lists, which the graph has already searched (at least
     * min(k, u - 1) each), so that they are not searched twice; any other rule as usual.
     */
    static Bandwidth resolveOnDistinct(KernelOptions kernel, Dataset data, DistinctNeighbours neighbours,
                                       RunContext context) {
        if (kernel.rule() != BandwidthRule.KNN_MEAN && kernel.rule() != BandwidthRule.SELF_TUNING) {
            return resolve(kernel, data, null, context);
        }
        return onDistinct(kernel, neighbours.distinct(), neighbours.among());
    }

    /** The k-NN rules from the lists of the distinct points among themselves ({@code among}). */
    private static Bandwidth onDistinct(KernelOptions kernel, DistinctRows distinct, NeighbourLists among) {
        if (kernel.rule() == BandwidthRule.SELF_TUNING) {
            return localScales(among, kernel.neighbours(), distinct);
        }
        return Bandwidth.global(positive(meanDistance(among, kernel.neighbours(), distinct), "mean k-NN distance"));
    }

    /**
     * The mean distance of the points to their k nearest neighbours; with {@code distinct}, the lists
     * are those of the distinct points, each counted as often as points are at it.
     */
    private static double meanDistance(NeighbourLists lists, int k, DistinctRows distinct) {
        // Fewer points than neighbours + 1 have fewer neighbours each than the kernel asks for.
        int counted = Math.min(k, lists.neighbours());
        double sum = 0;
        long weight = 0;
        for (int i = 0; i < lists.size(); i++) {
            int count = distinct == null ? 1 : distinct.counts()[i];
            for (int t = 0; t < counted; t++) {
                sum += count * lists.distance(i, t);
            }
            weight += count;
        }
        return sum / ((double) weight * counted);
    }

    private static NeighbourLists neighboursFor(KernelOptions kernel, Dataset data, NeighbourLists given, RunContext context) {
        int wanted = Math.min(kernel.neighbours(), data.size() - 1);
        if (given != null && given.neighbours() >= wanted) {
            return given;
        }
        return NearestNeighbours.find(data, wanted, context);
    }

    /**
     * Local scales σ_i = distance to the k-th neighbour; with {@code distinct}, the lists are those
     * of the distinct points and each point takes the scale of its own. A point whose k-th neighbour
     * is still at distance 0 gets the mean of the positive scales, so that no kernel value divides
     * by zero.
     */
    static Bandwidth localScales(NeighbourLists lists, int k, DistinctRows distinct) {
        int t = Math.min(k, lists.neighbours()) - 1;
        int n = distinct == null ? lists.size() : distinct.location().length;
        double[] scales = new double[n];
        double sum = 0;
        int positive = 0;
        for (int i = 0; i < n; i++) {
            scales[i] = lists.distance(distinct == null ? i : distinct.location()[i], t);
            if (scales[i] > 0) {
                sum += scales[i];
                positive++;
            }
        }
        double fallback = positive > 0 ? sum / positive : 1.0;
        for (int i = 0; i < n; i++) {
            if (!(scales[i] > 0)) {
                scales[i] = fallback;
            }
        }
        return new Bandwidth(Arrays.stream(scales).average().orElse(fallback), scales);
    }

    /** The median Euclidean distance over pairs of (a sample of) the points. */
    public static double medianDistance(Dataset data, RunContext context) {
        int n = data.size();
        int d = data.dimension();
        Dataset sample = data;
        if (n > MEDIAN_SAMPLE) {
            int[] rows = sampleWithoutReplacement(n, MEDIAN_SAMPLE, new SplittableRandom(context.seed() ^ 0x6d656469616eL));
            sample = data.subset(rows);
        }
        int m = sample.size();
        double[] x = sample.features();
        double[] norms = DistanceKernels.squaredNorms(x, m, d);
        double[] squared = new double[m * m];
        DistanceKernels.squaredDistances(context.backend(), x, norms, 0, m, x, norms, m, d, squared);
        double[] pairs = new double[m * (m - 1) / 2];
        int t = 0;
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                pairs[t++] = squared[i * m + j];
            }
        }
        if (pairs.length == 0) {
            return 0.0;
        }
        Arrays.sort(pairs);
        int middle = pairs.length / 2;
        double median = pairs.length % 2 == 1 ? pairs[middle] : 0.5 * (pairs[middle - 1] + pairs[middle]);
        return Math.sqrt(median);
    }

    /**
     * {@code count} distinct indices of {@code [0, n)} drawn uniformly, in ascending order: the first
     * {@code count} steps of a Fisher-Yates shuffle of {@code 0 .. n-1}. Only the displaced entries of
     * the permutation are stored, so memory is O(count) however large n is (a distributed engine draws
     * its landmarks' row indices with this on the driver); the sample is that of the full shuffle
     * ({@link io.csc.util.RandomSample#indices}).
     */
    public static int[] sampleWithoutReplacement(int n, int count, SplittableRandom random) {
        return io.csc.util.RandomSample.indices(n, count, random);
    }

    private static double positive(double sigma, String rule) {
        if (!(sigma > 0)) {
            throw new UnsuitableInputException("The " + rule + " is " + sigma
                    + " (most points coincide with others?): give sigma explicitly with --param sigma=VALUE");
        }
        return sigma;
    }
}
