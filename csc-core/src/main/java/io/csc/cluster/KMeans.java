package io.csc.cluster;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.DimensionMismatchException;
import io.csc.util.Parallel;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * k-means with k-means++ seeding (Arthur and Vassilvitskii, "k-means++: the advantages of careful
 * seeding", SODA 2007) and Lloyd iterations, repeated {@link KMeansOptions#restarts()} times; the
 * run with the lowest inertia is kept (the earliest one on ties).
 *
 * <p><b>Randomness.</b> One generator per restart is split from the caller's generator up front,
 * in restart order, so a run does not depend on how many restarts run before it or on which
 * thread. The same generator state gives the same result on any number of threads, bit for bit.
 *
 * <p><b>Parallelism.</b> The points are cut into chunks whose size depends only on n
 * ({@link Parallel#grainFor(int, int)} with at least {@value #MINIMUM_GRAIN} points); seeding
 * distances, the assignment step, the cluster sums and the inertia are computed per chunk, and
 * per-chunk partial sums are combined in chunk order. When there are at least as many restarts
 * as threads, the restarts run in parallel, each walking its chunks on one thread (no
 * synchronisation per iteration; one run state per thread); otherwise the restarts run one after
 * the other and the chunks of each step run in parallel. Either way every floating-point
 * operation happens in the same order, and the best run is chosen by (inertia, restart number),
 * hence identical results.
 *
 * <p><b>Empty clusters.</b> k-means never returns an empty cluster. When a cluster is left empty
 * by an assignment step (this also happens when several seeds coincide, as with duplicated
 * points), it is re-seeded with the point farthest from its own centroid among the clusters of
 * two or more points (lowest index on ties); that point moves to the empty cluster. Empty clusters
 * are handled in increasing order. As long as n >= k this always succeeds, so there are k
 * non-empty clusters even when the data has fewer than k distinct points.
 *
 * <p><b>Assignment.</b> Each point goes to the centroid at the smallest squared Euclidean
 * distance, the lowest index on ties. Distances are computed directly (no norm expansion, so no
 * cancellation). Lloyd iterations use Hamerly's bounds to skip distances that cannot change an
 * assignment (see {@code Run}); the clusters are those of plain Lloyd iterations. The stopping
 * rule is described at {@link KMeansOptions#tolerance()}.
 *
 * <p><b>Many points.</b> Beyond twice {@link KMeansOptions#sampleFor the sample} (fewer points for
 * more than 64 coordinates), the restarts run on a uniform sample of that many, drawn from the caller's generator before the restarts' own, and the
 * best of them (lowest inertia on the sample) starts one run on all the points, whose labels and
 * inertia are returned: the seeding and the restarts cost O(restarts x sample) instead of
 * O(restarts x n), and the run on all points starts close to its fixed point.
 *
 * <p><b>Cost.</b> Time O(restarts x (k + iterations) x n x k x d) in the worst case, usually far
 * less as most points skip all their distances once the centroids settle; memory O(n + chunks
 * x k x d) per thread running restarts, besides the points. Immutable and thread-safe: each call
 * builds its own run state.
 */
public final class KMeans {

    /** The smallest chunk of points handed to one task. */
    static final int MINIMUM_GRAIN = 1024;

    private static final Parallel SEQUENTIAL = Parallel.sequential();

    private final KMeansOptions options;

    /** k-means with the given options. */
    public KMeans(KMeansOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    /** k-means with {@link KMeansOptions#DEFAULTS}. */
    public KMeans() {
        this(KMeansOptions.DEFAULTS);
    }

    public KMeansOptions options() {
        return options;
    }

    /**
     * Clusters the rows of {@code points} into k clusters.
     *
     * @param points n x d, one point per row, all values finite
     * @param k the number of clusters, {@code 1 <= k <= n}
     * @param random source of the restarts' generators (advanced by {@code restarts} splits)
     * @param parallel the pool to run on; the result does not depend on its thread count
     * @return the run with the lowest inertia, with k non-empty clusters numbered in
     *     {@link CanonicalLabels canonical order}
     * @throws IllegalArgumentException if k is outside {@code [1, n]} or a value is not finite
     */
    public KMeansResult fit(DenseMatrix points, int k, SplittableRandom random, Parallel parallel) {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(random, "random");
        Objects.requireNonNull(parallel, "parallel");
        int n = points.rows();
        if (k < 1) {
            throw new IllegalArgumentException("Invalid k: " + k + " (must be >= 1)");
        }
        if (k > n) {
            throw new IllegalArgumentException("Invalid k: " + k + " (must be <= the number of points, " + n + ")");
        }
        requireFinite(points, "Point");
        int sample = options.sampleFor(points.columns());
        if (options.samples(n, points.columns()) && sample >= k) {
            // restarts on a sample, then one run on every point from the best of them
            int[] rows = RandomSample.indices(n, sample, random.split());
            KMeansResult onSample = new KMeans(options.withSample(0)).fit(points.rows(rows), k, random, parallel);
            int grain = Parallel.grainFor(n, MINIMUM_GRAIN);
            Run run = new Run(points, k, grain, options.maxIterations(),
                    movementThreshold(points, options.tolerance(), grain, parallel), parallel);
            return run.refine(onSample.centroids().data()).canonical();
        }
        SplittableRandom[] generators = new SplittableRandom[options.restarts()];
        for (int restart = 0; restart < generators.length; restart++) {
            generators[restart] = random.split();
        }
        int grain = Parallel.grainFor(n, MINIMUM_GRAIN);
        double movementThreshold = movementThreshold(points, options.tolerance(), grain, parallel);
        boolean sideBySide = parallel.threads() > 1 && generators.length >= parallel.threads();
        // one run state per thread, reused by its restarts
        KMeansResult best = Restarts.best(parallel, sideBySide, generators.length, () -> {
            Run run = new Run(points, k, grain, options.maxIterations(), movementThreshold,
                    sideBySide ? SEQUENTIAL : parallel);
            return restart -> run.execute(generators[restart]);
        }, KMeansResult::inertia);
        return best.canonical();
    }

    /**
     * The index of the nearest centroid (squared Euclidean distance, lowest index on ties) of every
     * point. Time O(n k d).
     *
     * @param points n x d, one point per row
     * @param centroids k x d with k >= 1
     * @throws DimensionMismatchException if the column counts differ
     */
    public static int[] assign(DenseMatrix points, DenseMatrix centroids, Parallel parallel) {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(centroids, "centroids");
        Objects.requireNonNull(parallel, "parallel");
        if (points.columns() != centroids.columns()) {
            throw new DimensionMismatchException("Points have " + points.columns() + " columns but centroids have "
                    + centroids.columns());
        }
        if (centroids.rows() < 1) {
            throw new IllegalArgumentException("At least one centroid is needed");
        }
        requireFinite(points, "Point");
        requireFinite(centroids, "Centroid");
        int n = points.rows();
        int[] labels = new int[n];
        double[] distances = new double[n];
        parallel.forRange(n, Parallel.grainFor(n, MINIMUM_GRAIN), (from, to) -> assignRange(points.data(),
                points.columns(), centroids.data(), centroids.rows(), from, to, labels, distances));
        return labels;
    }

    /**
     * Sets {@code labels[i]} to the nearest centroid of point i and {@code distances[i]} to the
     * squared distance to it, for i in {@code [from, to)}.
     */
    private static void assignRange(double[] x, int d, double[] centroids, int k, int from, int to,
                                    int[] labels, double[] distances) {
        for (int i = from; i < to; i++) {
            int base = i * d;
            double best = Double.POSITIVE_INFINITY;
            int bestIndex = 0;
            for (int j = 0; j < k; j++) {
                double distance = DistanceKernels.squaredDistance(x, base, centroids, j * d, d);
                if (distance < best) {
                    best = distance;
                    bestIndex = j;
                }
            }
            labels[i] = bestIndex;
            distances[i] = best;
        }
    }

    private static void requireFinite(DenseMatrix matrix, String what) {
        double[] data = matrix.data();
        int columns = matrix.columns();
        for (int index = 0; index < data.length; index++) {
            if (!Double.isFinite(data[index])) {
                throw new IllegalArgumentException(what + " " + index / columns + " has a non-finite value "
                        + data[index] + " in column " + index % columns);
            }
        }
    }

    /**
     * The threshold of the stopping rule: {@code tolerance} times the total variance of the data,
     * {@code (1/n) sum_i ||x_i - mean||^2}, computed in chunks combined in chunk order.
     */
    private static double movementThreshold(DenseMatrix points, double tolerance, int grain, Parallel parallel) {
        double[] x = points.data();
        int n = points.rows();
        int d = points.columns();
        double[] mean = new double[d];
        for (double[] partial : parallel.map(n, grain, (from, to) -> {
            double[] sum = new double[d];
            for (int i = from; i < to; i++) {
                for (int t = 0; t < d; t++) {
                    sum[t] += x[i * d + t];
                }
            }
            return sum;
        })) {
            for (int t = 0; t < d; t++) {
                mean[t] += partial[t];
            }
        }
        for (int t = 0; t < d; t++) {
            mean[t] /= n;
        }
        double variance = 0;
        for (double partial : parallel.map(n, grain, (from, to) -> {
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += DistanceKernels.squaredDistance(x, i * d, mean, 0, d);
            }
            return sum;
        })) {
            variance += partial;
        }
        return tolerance * (variance / n);
    }

    /**
     * The private state of a restart, reused by the next restart on the same thread: {@link #execute}
     * initialises everything it reads.
     *
     * <p>Lloyd iterations with Hamerly's bounds (G. Hamerly, "Making k-means even faster", SDM
     * 2010), which skip distance computations that cannot change an assignment. Each point keeps an
     * upper bound on the distance to its own centroid, raised by that centroid's movement, and a
     * lower bound on its distance to every other centroid, lowered by the largest movement among
     * them. While the upper bound is strictly below the lower bound, or below half the distance
     * from its centroid to the nearest other centroid, the point cannot be nearer to another
     * centroid and no distance is computed. Otherwise the upper bound is made exact and tested
     * again, and if that fails all k distances are computed and both bounds refreshed. The
     * assignments are those of plain Lloyd iterations. The cluster sums are updated from the points
     * that changed cluster, per chunk, combined in chunk order.
     */
    private static final class Run {

        private final double[] x;
        private final int n;
        private final int d;
        private final int k;
        private final int grain;
        private final int chunks;
        private final int maxIterations;
        private final double movementThreshold;
        private final Parallel parallel;

        private final double[] centroids;
        private final double[] previousCentroids;
        private int[] labels;
        private int[] previous;
        /**
         * Upper bound on the distance of each point to its centroid. While seeding: the squared
         * distance to the nearest seed.
         */
        private final double[] upperBounds;
        /** Lower bound on the distance of each point to every centroid but its own. */
        private final double[] lowerBounds;
        /** Half the distance from each centroid to the nearest other centroid. */
        private final double[] halfGaps;
        /** How far each centroid moved in the last update. */
        private final double[] movements;
        private final double[] chunkSums;
        private final int[] chunkCounts;
        private final double[] chunkWeights;
        private final int[] chunkChanges;
        private final double[] sums;
        private final int[] counts;
        /** Points whose cluster changed in the current iteration (after re-seeding). */
        private int moved;
        /** The largest centroid movement, the centroid that moved most, and the second largest movement. */
        private double largestMovement;
        private int largestMover;
        private double secondMovement;
        /** The sum of the squared centroid movements of the last update. */
        private double squaredMovement;

        Run(DenseMatrix points, int k, int grain, int maxIterations, double movementThreshold, Parallel parallel) {
            this.x = points.data();
            this.n = points.rows();
            this.d = points.columns();
            this.k = k;
            this.grain = grain;
            this.chunks = (n + grain - 1) / grain;
            this.maxIterations = maxIterations;
            this.movementThreshold = movementThreshold;
            this.parallel = parallel;
            this.centroids = new double[k * d];
            this.previousCentroids = new double[k * d];
            this.labels = new int[n];
            this.previous = new int[n];
            this.upperBounds = new double[n];
            this.lowerBounds = new double[n];
            this.halfGaps = new double[k];
            this.movements = new double[k];
            this.chunkSums = new double[chunks * k * d];
            this.chunkCounts = new int[chunks * k];
            this.chunkWeights = new double[chunks];
            this.chunkChanges = new int[chunks];
            this.sums = new double[k * d];
            this.counts = new int[k];
        }

        KMeansResult execute(SplittableRandom random) {
            seed(random);
            return iterate();
        }

        /** Lloyd iterations from the given k x d centres (row-major) instead of a seeding. */
        KMeansResult refine(double[] start) {
            System.arraycopy(start, 0, centroids, 0, k * d);
            return iterate();
        }

        private KMeansResult iterate() {
            Arrays.fill(labels, -1);
            Arrays.fill(sums, 0.0);
            Arrays.fill(counts, 0);
            int iteration = 0;
            boolean converged = false;
            while (iteration < maxIterations) {
                iteration++;
                int[] swap = previous;
                previous = labels;
                labels = swap;
                computeHalfGaps();
                assignAndAccumulate(iteration == 1);
                reseedEmptyClusters();
                updateCentroids();
                if (moved == 0 || squaredMovement <= movementThreshold) {
                    converged = true;
                    break;
                }
            }
            return new KMeansResult(labels, new DenseMatrix(k, d, centroids.clone()), inertia(), iteration, converged);
        }

        /**
         * k-means++: the first seed uniformly, each next one with probability proportional to the
         * squared distance to the nearest seed so far (uniformly if every point is on a seed).
         */
        private void seed(SplittableRandom random) {
            int first = random.nextInt(n);
            System.arraycopy(x, first * d, centroids, 0, d);
            for (int j = 1; j < k; j++) {
                updateSeedDistances(j - 1);
                int chosen = sample(random);
                System.arraycopy(x, chosen * d, centroids, j * d, d);
            }
        }

        /**
         * Lowers the squared distances to the nearest seed (kept in {@link #upperBounds}) with seed
         * {@code seed} (sets them for seed 0), and stores the per-chunk totals in {@link #chunkWeights}.
         */
        private void updateSeedDistances(int seed) {
            double[] distances = upperBounds;
            int centre = seed * d;
            parallel.forRange(n, grain, (from, to) -> {
                double weight = 0;
                for (int i = from; i < to; i++) {
                    double distance = DistanceKernels.squaredDistance(x, i * d, centroids, centre, d);
                    if (seed == 0 || distance < distances[i]) {
                        distances[i] = distance;
                    }
                    weight += distances[i];
                }
                chunkWeights[from / grain] = weight;
            });
        }

        /** A point drawn with probability proportional to its squared distance to the nearest seed. */
        private int sample(SplittableRandom random) {
            double[] distances = upperBounds;
            double total = 0;
            for (int chunk = 0; chunk < chunks; chunk++) {
                total += chunkWeights[chunk];
            }
            if (!(total > 0) || Double.isInfinite(total)) {
                return random.nextInt(n);
            }
            double target = random.nextDouble() * total;
            int chunk = -1;
            double before = 0;
            for (int candidate = 0; candidate < chunks; candidate++) {
                if (chunkWeights[candidate] > 0) {
                    chunk = candidate;
                    if (before + chunkWeights[candidate] > target) {
                        break;
                    }
                    before += chunkWeights[candidate];
                }
            }
            // chunk holds the target, or is the last chunk with weight when rounding left the target past the end
            int from = chunk * grain;
            int to = Math.min(n, from + grain);
            double remaining = target - before;
            int chosen = -1;
            double within = 0;
            for (int i = from; i < to; i++) {
                if (distances[i] > 0) {
                    chosen = i;
                    within += distances[i];
                    if (within > remaining) {
                        break;
                    }
                }
            }
            return chosen;
        }

        private void computeHalfGaps() {
            Arrays.fill(halfGaps, Double.POSITIVE_INFINITY);
            for (int j = 0; j < k; j++) {
                for (int other = j + 1; other < k; other++) {
                    double half = 0.5 * Math.sqrt(DistanceKernels.squaredDistance(centroids, j * d, centroids, other * d, d));
                    halfGaps[j] = Math.min(halfGaps[j], half);
                    halfGaps[other] = Math.min(halfGaps[other], half);
                }
            }
        }

        /**
         * The assignment step, with per-chunk changes of the cluster sums and counts from the points
         * that changed cluster, then combined in chunk order into {@link #sums} and {@link #counts}.
         * The first step computes every distance.
         */
        private void assignAndAccumulate(boolean first) {
            int block = k * d;
            parallel.forRange(n, grain, (from, to) -> {
                int chunk = from / grain;
                if (first) {
                    scanAll(from, to);
                } else {
                    scanWithBounds(from, to);
                }
                int sumBase = chunk * block;
                int countBase = chunk * k;
                Arrays.fill(chunkSums, sumBase, sumBase + block, 0.0);
                Arrays.fill(chunkCounts, countBase, countBase + k, 0);
                int changes = 0;
                for (int i = from; i < to; i++) {
                    int label = labels[i];
                    int old = previous[i];
                    if (label == old) {
                        continue;
                    }
                    changes++;
                    int base = i * d;
                    int target = sumBase + label * d;
                    chunkCounts[countBase + label]++;
                    for (int t = 0; t < d; t++) {
                        chunkSums[target + t] += x[base + t];
                    }
                    if (old >= 0) {
                        int source = sumBase + old * d;
                        chunkCounts[countBase + old]--;
                        for (int t = 0; t < d; t++) {
                            chunkSums[source + t] -= x[base + t];
                        }
                    }
                }
                chunkChanges[chunk] = changes;
            });
            moved = 0;
            for (int chunk = 0; chunk < chunks; chunk++) {
                moved += chunkChanges[chunk];
                if (chunkChanges[chunk] == 0) {
                    continue;
                }
                int sumBase = chunk * block;
                for (int t = 0; t < block; t++) {
                    sums[t] += chunkSums[sumBase + t];
                }
                int countBase = chunk * k;
                for (int j = 0; j < k; j++) {
                    counts[j] += chunkCounts[countBase + j];
                }
            }
        }

        /** Every distance of the points {@code [from, to)}: label and both bounds. */
        private void scanAll(int from, int to) {
            for (int i = from; i < to; i++) {
                int base = i * d;
                double best = Double.POSITIVE_INFINITY;
                double second = Double.POSITIVE_INFINITY;
                int bestIndex = 0;
                for (int j = 0; j < k; j++) {
                    double distance = DistanceKernels.squaredDistance(x, base, centroids, j * d, d);
                    if (distance < best) {
                        second = best;
                        best = distance;
                        bestIndex = j;
                    } else if (distance < second) {
                        second = distance;
                    }
                }
                labels[i] = bestIndex;
                upperBounds[i] = Math.sqrt(best);
                lowerBounds[i] = Math.sqrt(second);
            }
        }

        /** The assignment of the points {@code [from, to)}, skipping distances that cannot matter. */
        private void scanWithBounds(int from, int to) {
            for (int i = from; i < to; i++) {
                int own = previous[i];
                double upper = upperBounds[i] + movements[own];
                double lower = lowerBounds[i] - (own == largestMover ? secondMovement : largestMovement);
                double bound = Math.max(lower, halfGaps[own]);
                if (upper >= bound) {
                    upper = Math.sqrt(DistanceKernels.squaredDistance(x, i * d, centroids, own * d, d));
                }
                if (upper < bound) {
                    labels[i] = own;
                    upperBounds[i] = upper;
                    lowerBounds[i] = lower;
                } else {
                    scanAll(i, i + 1);
                }
            }
        }

        /**
         * Moves, into each empty cluster, the point farthest from its centroid among clusters of two
         * or more points, keeping sums, counts, bounds and the number of moved points up to date.
         */
        private void reseedEmptyClusters() {
            boolean exact = false;
            for (int empty = 0; empty < k; empty++) {
                if (counts[empty] != 0) {
                    continue;
                }
                if (!exact) {
                    // the farthest point needs exact distances (rare: only when a cluster empties)
                    parallel.forRange(n, grain, (from, to) -> {
                        for (int i = from; i < to; i++) {
                            upperBounds[i] = Math.sqrt(DistanceKernels.squaredDistance(x, i * d, centroids, labels[i] * d, d));
                        }
                    });
                    exact = true;
                }
                int farthest = -1;
                double farthestDistance = -1;
                for (int i = 0; i < n; i++) {
                    if (upperBounds[i] > farthestDistance && counts[labels[i]] > 1) {
                        farthest = i;
                        farthestDistance = upperBounds[i];
                    }
                }
                int old = labels[farthest];
                int base = farthest * d;
                counts[old]--;
                counts[empty] = 1;
                for (int t = 0; t < d; t++) {
                    sums[old * d + t] -= x[base + t];
                    sums[empty * d + t] = x[base + t];
                }
                upperBounds[farthest] = 0;
                lowerBounds[farthest] = 0;
                if (old != previous[farthest]) {
                    moved--;
                }
                if (empty != previous[farthest]) {
                    moved++;
                }
                labels[farthest] = empty;
            }
        }

        /** Centroids from sums and counts, and their movements. */
        private void updateCentroids() {
            System.arraycopy(centroids, 0, previousCentroids, 0, centroids.length);
            largestMovement = 0;
            largestMover = -1;
            secondMovement = 0;
            squaredMovement = 0;
            for (int j = 0; j < k; j++) {
                double scale = 1.0 / counts[j];
                int base = j * d;
                for (int t = 0; t < d; t++) {
                    centroids[base + t] = sums[base + t] * scale;
                }
                double squared = DistanceKernels.squaredDistance(centroids, base, previousCentroids, base, d);
                double movement = Math.sqrt(squared);
                squaredMovement += squared;
                movements[j] = movement;
                if (movement > largestMovement) {
                    secondMovement = largestMovement;
                    largestMovement = movement;
                    largestMover = j;
                } else if (movement > secondMovement) {
                    secondMovement = movement;
                }
            }
        }

        /** The sum of squared distances of the points to the centroid of their cluster. */
        private double inertia() {
            parallel.forRange(n, grain, (from, to) -> {
                double partial = 0;
                for (int i = from; i < to; i++) {
                    partial += DistanceKernels.squaredDistance(x, i * d, centroids, labels[i] * d, d);
                }
                chunkWeights[from / grain] = partial;
            });
            double total = 0;
            for (int chunk = 0; chunk < chunks; chunk++) {
                total += chunkWeights[chunk];
            }
            return total;
        }
    }
}
