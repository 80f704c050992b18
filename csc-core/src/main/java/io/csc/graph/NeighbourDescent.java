package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ParallelBackend;
import io.csc.util.Parallel;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Approximate k nearest neighbours by NN-descent (W. Dong, M. Charikar and K. Li, "Efficient
 * k-nearest neighbor graph construction for generic similarity measures", WWW 2011): a neighbour
 * of a neighbour is likely a neighbour, so each point's list (random in the paper, from cells
 * here) improves by comparing, for every point, the members of its list and of its reverse list
 * with one another (the local join), until an iteration changes fewer than {@value #DELTA} of the
 * list entries.
 *
 * <p>As in the paper: lists carry a new/old flag and only pairs with a new member are compared
 * (incremental search); the new and old lists a local join reads hold at most {@code ρK} members
 * each (ρ = 1/2, the paper's sampling rate, and at least {@value #MINIMUM_SAMPLE}), sampled by a
 * random priority, forward and reverse alike. Beyond the paper:
 * <ul>
 * <li><b>The start.</b> Instead of random lists, each point's K nearest among the points of its
 *     nearest k-means cells ({@link CellSearch}), whose distances come from matrix products: the
 *     descent starts near its end. The points are renumbered cell after cell, so that near points
 *     lie near in memory.</li>
 * <li><b>A second stopping rule.</b> Before each iteration the lists of a fixed sample of
 *     {@value #LIST_RECALL_SAMPLE} points are compared with their exact K nearest in the search
 *     space (one product of the sample with all points); once they hold {@value #LIST_RECALL} of
 *     them the descent stops, or does not start. The paper's rule (fewer than {@value #DELTA} of the
 *     entries changed) can only be checked after an iteration, which costs as much as the whole
 *     start: on Fashion-MNIST (70,000 images, K = 40) the cells' lists hold 99.5% of the K nearest,
 *     and three iterations, changing 0.4%, 0.2% and 0.02% of the entries, raised the final recall
 *     from 0.975 to 0.977. Where the cells do worse (data with little cluster structure), the
 *     descent runs as in the paper.</li>
 * <li><b>The search space.</b> Distances during the search are single precision. Data with more
 *     than {@value #SEARCH_DIMENSIONS} features is searched in the space of its leading
 *     {@value #SEARCH_DIMENSIONS} principal components (from the covariance of up to
 *     {@value #COVARIANCE_SAMPLE} sampled points), where a distance costs a sixth or less; on
 *     Fashion-MNIST they hold 93% of the variance, and the exact 2k nearest in that space hold
 *     97% of the exact k nearest.</li>
 * <li><b>Distances by products.</b> On a native backend, in {@value #PRODUCT_DIMENSIONS} dimensions
 *     or more, a point's local join gathers its members' rows and takes all
 *     their distances from one single-precision product ({@code ||p||² + ||q||² - 2 p·q}, the
 *     points centred): the BLAS multiplies at about ten times the speed of a distance loop in
 *     Java 17, which does not vectorize a floating-point sum.</li>
 * <li><b>Exact distances at the end.</b> The search keeps {@code K = 2k} candidates per point
 *     (k + k/2 without projection; at least {@value #MINIMUM_CANDIDATES}), whose exact
 *     double-precision distances in the full space then
 *     choose the k neighbours. The distances of the result are therefore exact, and a wrong
 *     neighbour is only ever a near point in place of a nearer one.</li>
 * <li><b>Determinism.</b> The cells' k-means sample is drawn from the seed, and the sampling
 *     priorities are hashes of the seed, the iteration and the point indices; the local joins of a batch of points run in parallel on a
 *     snapshot and their proposed updates are applied in chunk order afterwards. The result is the
 *     same on any number of threads.</li>
 * </ul>
 *
 * <p>Time O(n (C + P) m) for the start ({@link CellSearch}: C cells, P points probed) and about
 * {@code n K² m} per iteration,
 * m the search dimensions; memory O(n (m + K)). The recall is reported by {@link NearestNeighbours#find}.
 */
public final class NeighbourDescent {

    /** The most dimensions the search runs in; data with more is projected on its principal components. */
    public static final int SEARCH_DIMENSIONS = 128;
    /** The points whose covariance gives the principal components. */
    static final int COVARIANCE_SAMPLE = 5_000;
    /** An iteration changing fewer than this share of the n K list entries ends the search. */
    static final double DELTA = 0.001;
    /** The fewest candidates kept per point: fewer make the neighbours of neighbours too few to find the nearest. */
    static final int MINIMUM_CANDIDATES = 15;
    /** The fewest members of a point's new or old list that a local join reads. */
    private static final int MINIMUM_SAMPLE = 8;
    /**
     * The descent stops, or does not start, once the lists of a sample of points hold this share of
     * their K nearest points in the search space.
     */
    static final double LIST_RECALL = 0.99;
    /** The points whose lists measure that share. */
    static final int LIST_RECALL_SAMPLE = 200;
    /** Columns per product when that share is measured. */
    private static final int RECALL_COLUMNS = 4096;
    /** The most iterations. */
    static final int MAX_ITERATIONS = 20;
    /** Points whose local joins run between two applications of their updates. */
    private static final int BATCH = 8192;
    /** Points per parallel task of a local join. */
    private static final int CHUNK = 256;
    /** Rows per block of the projection. */
    private static final int PROJECTION_BLOCK = 4096;
    /**
     * The fewest dimensions in which the joins compute their distances from one product per join
     * (on a native backend): below, the product's fixed cost exceeds what it saves.
     */
    static final int PRODUCT_DIMENSIONS = 32;

    /**
     * The outcome of a search.
     *
     * @param lists the k neighbours of every point with their exact distances
     * @param iterations NN-descent iterations run
     * @param distanceEvaluations distances computed in the search space (the final exact ones excluded)
     * @param searchDimensions the dimensions of the search space
     * @param candidates K, the candidates kept per point during the search
     * @param cells the cells of the start ({@link CellSearch})
     * @param probes the cells each point probed
     * @param listRecall the share of the K nearest in the search space that the lists of a sample
     *                   of {@value #LIST_RECALL_SAMPLE} points held at the end
     */
    public record Result(NeighbourLists lists, int iterations, long distanceEvaluations, int searchDimensions,
                         int candidates, int cells, int probes, double listRecall) {
    }

    private NeighbourDescent() {
    }

    /** The candidates kept per point while searching for k neighbours among n points. */
    static int candidates(int k, int n, boolean projected) {
        return Math.min(n - 1, Math.max(MINIMUM_CANDIDATES, projected ? 2 * k : k + k / 2));
    }

    /**
     * The approximate k nearest neighbours of every point of {@code data} (either precision).
     *
     * @throws IllegalArgumentException unless {@code 1 <= k < n}
     */
    public static Result search(Dataset data, int k, RunContext context) {
        return search(data, k, context, CellSearch.PROBED_POINTS);
    }

    /** {@link #search(Dataset, int, RunContext)}, each point probing cells of about {@code probedPoints} points at the start. */
    static Result search(Dataset data, int k, RunContext context, int probedPoints) {
        int n = data.size();
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException("Invalid number of neighbours: " + k + " (must be in [1, "
                    + (n - 1) + "] for " + n + " points)");
        }
        boolean projected = data.dimension() > SEARCH_DIMENSIONS;
        float[] space = projected ? principalComponents(data, SEARCH_DIMENSIONS, context) : centred(data);
        int m = projected ? SEARCH_DIMENSIONS : data.dimension();
        int capacity = candidates(k, n, projected);
        LinearAlgebraBackend backend = context.backend();
        CellSearch.Result cells = CellSearch.search(space, n, m, capacity, probedPoints, context.seed(),
                Search.sequential(backend), context.parallel(), context.progress());
        Search search = new Search(cells.rows(), cells.norms(), n, m, capacity, context.seed(), context.parallel(),
                backend);
        search.run(cells, context);
        NeighbourLists lists = search.exactNearest(data, k, cells.order(), context.parallel());
        return new Result(lists, search.iterations, search.evaluations, m, capacity, cells.cells(), cells.probes(),
                search.listRecall);
    }

    /**
     * The features in single precision, minus their mean: distances do not change, but the products
     * the search computes them from ({@link Search#join}) then err relative to the spread of the
     * points rather than to their distance from the origin.
     */
    private static float[] centred(Dataset data) {
        int n = data.size();
        int m = data.dimension();
        float[] x = singlePrecision(data).clone();
        double[] mean = new double[m];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < m; t++) {
                mean[t] += x[i * m + t];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < m; t++) {
                x[i * m + t] = (float) (x[i * m + t] - mean[t] / n);
            }
        }
        return x;
    }

    /** The features as one single-precision array (the data's own when it is held so). */
    private static float[] singlePrecision(Dataset data) {
        return data.precision() == Precision.FLOAT ? data.floatFeatures()
                : data.inPrecision(Precision.FLOAT).floatFeatures();
    }

    /**
     * The n x m coordinates of the points on the m leading principal components: the eigenvectors
     * of the covariance of a sample of up to {@value #COVARIANCE_SAMPLE} points, the points
     * centred on the mean of all. The covariance and the projection are single-precision products,
     * as the search that reads the coordinates is.
     */
    static float[] principalComponents(Dataset data, int m, RunContext context) {
        int n = data.size();
        int d = data.dimension();
        LinearAlgebraBackend backend = context.backend();
        double[] mean = new double[d];
        double[] row = new double[d];
        for (int i = 0; i < n; i++) {
            data.copyRow(i, row, 0);
            for (int t = 0; t < d; t++) {
                mean[t] += row[t];
            }
        }
        for (int t = 0; t < d; t++) {
            mean[t] /= n;
        }
        int[] sample = n <= COVARIANCE_SAMPLE ? null
                : RandomSample.indices(n, COVARIANCE_SAMPLE, new SplittableRandom(context.seed() ^ 0x70636131L));
        int s = sample == null ? n : sample.length;
        float[] covariance = new float[d * d];
        float[] block = new float[Math.min(PROJECTION_BLOCK, Math.max(s, n)) * d];
        for (int start = 0; start < s; start += PROJECTION_BLOCK) {
            int count = Math.min(PROJECTION_BLOCK, s - start);
            for (int r = 0; r < count; r++) {
                centredRow(data, sample == null ? start + r : sample[start + r], mean, row, block, r * d);
            }
            backend.gemm(true, false, d, d, count, 1.0f / s, block, 0, d, block, 0, d, 1.0f, covariance, 0, d);
        }
        float[] components = PrincipalScreening.leadingComponents(covariance, d, m, backend);
        float[] space = new float[n * m];
        for (int start = 0; start < n; start += PROJECTION_BLOCK) {
            int count = Math.min(PROJECTION_BLOCK, n - start);
            for (int r = 0; r < count; r++) {
                centredRow(data, start + r, mean, row, block, r * d);
            }
            backend.gemm(false, false, count, m, d, 1.0f, block, 0, d, components, 0, m, 0.0f, space, start * m, m);
        }
        return space;
    }

    /** Row i of the data minus {@code mean}, in single precision, into {@code out} from {@code offset} ({@code row}: scratch of d). */
    private static void centredRow(Dataset data, int i, double[] mean, double[] row, float[] out, int offset) {
        data.copyRow(i, row, 0);
        for (int t = 0; t < row.length; t++) {
            out[offset + t] = (float) (row[t] - mean[t]);
        }
    }

    /** A 64-bit mix (the finalizer of SplitMix64): independent-looking values from consecutive inputs. */
    static long mix(long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The state of one search: every point's candidate list as a bounded max-heap on (distance, index). */
    private static final class Search {

        private final float[] x;
        private final int n;
        private final int m;
        private final int capacity;
        private final long seed;
        private final Parallel parallel;
        private final int[] neighbours;
        private final float[] distances;
        private final boolean[] fresh;
        private final int sampled;
        private final int[] newCandidates;
        private final int[] newPriorities;
        private final int[] newCounts;
        private final int[] oldCandidates;
        private final int[] oldPriorities;
        private final int[] oldCounts;
        /** The backend the joins' products run on, on the calling thread; null: distances one by one. */
        private final LinearAlgebraBackend products;
        /** The backend that multiplies on the calling thread. */
        private final LinearAlgebraBackend multiplier;
        /** The squared norms of the points. */
        private final float[] norms;
        /** The distance of the farthest member of every list (its heap's root), compact for the joins' tests. */
        private final float[] farthest;
        /** The scratch of the tasks that apply offers, one per range of points. */
        private final List<Offers> ranges = new java.util.ArrayList<>();
        private int iterations;
        private double listRecall;
        private long evaluations;

        Search(float[] x, float[] norms, int n, int m, int capacity, long seed, Parallel parallel,
               LinearAlgebraBackend backend) {
            this.x = x;
            this.n = n;
            this.m = m;
            this.capacity = capacity;
            this.seed = seed;
            this.parallel = parallel;
            this.neighbours = new int[n * capacity];
            this.distances = new float[n * capacity];
            this.fresh = new boolean[n * capacity];
            this.sampled = Math.max(MINIMUM_SAMPLE, (capacity + 1) / 2);
            this.newCandidates = new int[n * sampled];
            this.newPriorities = new int[n * sampled];
            this.newCounts = new int[n];
            this.oldCandidates = new int[n * sampled];
            this.oldPriorities = new int[n * sampled];
            this.oldCounts = new int[n];
            this.multiplier = sequential(backend);
            this.products = joinsByProducts(backend, m) ? multiplier : null;
            this.norms = norms;
            this.farthest = new float[n];
        }

        void run(CellSearch.Result cells, RunContext context) {
            start(cells);
            evaluations += cells.evaluations();
            int[] sample = RandomSample.indices(n, Math.min(n, LIST_RECALL_SAMPLE),
                    new SplittableRandom(mix(seed ^ 0x6c697374L)));
            listRecall = listRecall(sample);
            iterations = 0;
            while (listRecall < LIST_RECALL && iterations < MAX_ITERATIONS) {
                iterations++;
                sampleCandidates(iterations);
                long changes = 0;
                for (int from = 0; from < n; from += BATCH) {
                    changes += localJoin(from, Math.min(n, from + BATCH));
                }
                context.progress().progress("nearest neighbours (NN-descent)", iterations, 0);
                listRecall = listRecall(sample);
                if (changes < DELTA * n * capacity) {
                    break;
                }
            }
        }

        /**
         * The share of the K nearest points (in the search space) of the {@code sample} points that
         * their lists hold: the sample's distances to all points from products, in blocks of
         * columns, each keeping its K smallest. A member at the K-th smallest distance, within the
         * products' rounding, counts as found, so that ties do not count as misses.
         */
        double listRecall(int[] sample) {
            int s = sample.length;
            float[] rows = new float[s * m];
            for (int r = 0; r < s; r++) {
                System.arraycopy(x, sample[r] * m, rows, r * m, m);
            }
            long[] keys = new long[s * capacity];
            int[] filled = new int[s];
            int block = RECALL_COLUMNS;
            float[] products = new float[s * block];
            for (int start = 0; start < n; start += block) {
                int width = Math.min(block, n - start);
                int columns = start;
                multiplier.gemm(false, true, s, width, m, 1f, rows, 0, m, x, columns * m, m, 0f, products, 0,
                        width);
                parallel.forRange(s, 16, (from, to) -> {
                    for (int r = from; r < to; r++) {
                        int point = sample[r];
                        for (int j = 0; j < width; j++) {
                            int other = columns + j;
                            if (other != point) {
                                float value = norms[point] + norms[other] - 2f * products[r * width + j];
                                filled[r] = CandidateSelection.insertKey(keys, r * capacity, filled[r], capacity,
                                        CandidateSelection.key(value, other));
                            }
                        }
                    }
                });
            }
            long found = 0;
            for (int r = 0; r < s; r++) {
                int point = sample[r];
                long[] nearest = Arrays.copyOfRange(keys, r * capacity, r * capacity + filled[r]);
                Arrays.sort(nearest);
                float kth = CandidateSelection.valueOf(keys[r * capacity + filled[r] - 1]);
                for (int t = 0; t < capacity; t++) {
                    int j = neighbours[point * capacity + t];
                    boolean member = false;
                    for (long key : nearest) {
                        member |= (int) key == j;
                    }
                    double rounding = (m + CandidateSelection.EXTRA_ROUNDINGS) * 0x1p-24 * (norms[point] + norms[j]);
                    found += member || squaredDistance(point, j) <= kth + rounding ? 1 : 0;
                }
            }
            return (double) found / ((long) s * capacity);
        }

        /** The squared distance of two points of the search space, in double precision. */
        private double squaredDistance(int a, int b) {
            double sum = 0;
            for (int t = 0; t < m; t++) {
                double difference = (double) x[a * m + t] - x[b * m + t];
                sum += difference * difference;
            }
            return sum;
        }

        /**
         * Every list filled with the candidates of the cells ({@link CellSearch}), all new; a list
         * the cells could not fill (its probed cells held too few points) is completed with distinct
         * random points at an unknown (infinite) distance, which the local joins replace.
         */
        private void start(CellSearch.Result cells) {
            int[] found = cells.neighbours();
            float[] foundDistances = cells.distances();
            int[] counts = cells.counts();
            parallel.forRange(n, CHUNK, (from, to) -> {
                for (int i = from; i < to; i++) {
                    int base = i * capacity;
                    int size = 0;
                    for (int t = 0; t < counts[i]; t++) {
                        size = push(i, size, found[base + t], foundDistances[base + t]);
                    }
                    for (long draw = 0; size < capacity; draw++) {
                        int j = (int) Long.remainderUnsigned(mix(seed ^ mix(((long) i << 24) + draw)), n - 1);
                        if (j >= i) {
                            j++;
                        }
                        if (!contains(neighbours, base, size, j)) {
                            size = push(i, size, j, Float.POSITIVE_INFINITY);
                        }
                    }
                }
            });
        }

        /**
         * The lists a local join reads: for every point, up to {@code sampled} new and old members of
         * its list and of its reverse list, kept by the lowest random priority; the new members
         * sampled from a point's own list are flagged old.
         */
        private void sampleCandidates(int iteration) {
            Arrays.fill(newCounts, 0);
            Arrays.fill(oldCounts, 0);
            // as in apply: one task per thread fills the candidate lists of its range of points, each
            // list receiving its offers in the same order as in one sequential pass
            parallel.forRange(n, (n + parallel.threads() - 1) / parallel.threads(), (from, to) -> {
                for (int i = 0; i < n; i++) {
                    int base = i * capacity;
                    boolean own = i >= from && i < to;
                    for (int t = 0; t < capacity; t++) {
                        int j = neighbours[base + t];
                        boolean reverse = j >= from && j < to;
                        if (!own && !reverse) {
                            continue;
                        }
                        int priority = (int) mix(seed + mix(((long) iteration << 48) ^ ((long) i << 24) ^ j));
                        int[] members = fresh[base + t] ? newCandidates : oldCandidates;
                        int[] priorities = fresh[base + t] ? newPriorities : oldPriorities;
                        int[] counts = fresh[base + t] ? newCounts : oldCounts;
                        if (own) {
                            offer(members, priorities, counts, i, j, priority);
                        }
                        if (reverse) {
                            offer(members, priorities, counts, j, i, priority);
                        }
                    }
                }
            });
            parallel.forRange(n, CHUNK, (from, to) -> {
                for (int i = from; i < to; i++) {
                    int base = i * capacity;
                    for (int t = 0; t < capacity; t++) {
                        if (fresh[base + t] && contains(newCandidates, i * sampled, newCounts[i], neighbours[base + t])) {
                            fresh[base + t] = false;
                        }
                    }
                }
            });
        }

        /** Adds j to point i's candidate list, a max-heap on priority of at most {@code sampled} members. */
        private void offer(int[] members, int[] priorities, int[] counts, int i, int j, int priority) {
            int base = i * sampled;
            int size = counts[i];
            if (size == sampled && priority >= priorities[base]) {
                return;
            }
            if (contains(members, base, size, j)) {
                return;
            }
            if (size < sampled) {
                int child = size;
                while (child > 0) {
                    int parent = (child - 1) / 2;
                    if (priorities[base + parent] >= priority) {
                        break;
                    }
                    priorities[base + child] = priorities[base + parent];
                    members[base + child] = members[base + parent];
                    child = parent;
                }
                priorities[base + child] = priority;
                members[base + child] = j;
                counts[i] = size + 1;
                return;
            }
            int position = 0;
            while (true) {
                int left = 2 * position + 1;
                if (left >= size) {
                    break;
                }
                int largest = left + 1 < size && priorities[base + left + 1] > priorities[base + left] ? left + 1 : left;
                if (priorities[base + largest] <= priority) {
                    break;
                }
                priorities[base + position] = priorities[base + largest];
                members[base + position] = members[base + largest];
                position = largest;
            }
            priorities[base + position] = priority;
            members[base + position] = j;
        }

        /**
         * The local joins of the points {@code [from, to)}: pairs of new candidates, and of a new with
         * an old one, compared on the lists as they stand; every pair closer than the farthest
         * member of either list is then offered to both lists, in chunk order. Returns the number of
         * list entries that changed.
         */
        private long localJoin(int from, int to) {
            List<Updates> proposals = parallel.map(to - from, CHUNK, (start, end) -> {
                Updates updates = new Updates((end - start) * sampled * sampled / 2);
                Block block = new Block(2 * sampled);
                for (int i = from + start; i < from + end; i++) {
                    int base = i * sampled;
                    int newCount = newCounts[i];
                    int oldCount = oldCounts[i];
                    System.arraycopy(newCandidates, base, block.members, 0, newCount);
                    System.arraycopy(oldCandidates, base, block.members, newCount, oldCount);
                    join(block, newCount, newCount + oldCount, updates);
                }
                return updates;
            });
            return apply(proposals);
        }

        /** Whether the joins compute their distances from products: on a native backend, in enough dimensions. */
        private static boolean joinsByProducts(LinearAlgebraBackend backend, int m) {
            return backend.isNative() && m >= PRODUCT_DIMENSIONS;
        }

        static LinearAlgebraBackend sequential(LinearAlgebraBackend backend) {
            return backend instanceof ParallelBackend blocked ? blocked.sequential() : backend;
        }

        /** One task's scratch for a join of up to {@code size} points: their indices, rows and products. */
        private final class Block {
            private final int[] members;
            private final float[] rows;
            private final float[] gram;

            Block(int size) {
                members = new int[size];
                rows = products == null ? null : new float[size * m];
                gram = products == null ? null : new float[size * size];
            }
        }

        /**
         * Offers the pairs {@code (members[a], members[b])} with {@code a < first} and {@code a < b < count}
         * to {@code updates}. On a native backend the distances come from one single-precision
         * product of the members' rows ({@code ||p||² + ||q||² - 2 p·q}, clamped at zero): the
         * product runs at the speed of the BLAS, where the loop of a distance, a floating-point
         * sum, runs scalar in Java. The points are centred, so the rounding is relative to their
         * spread, which the search, whose final distances are exact, tolerates.
         */
        private void join(Block block, int first, int count, Updates updates) {
            int[] members = block.members;
            if (products == null) {
                for (int a = 0; a < first; a++) {
                    for (int b = a + 1; b < count; b++) {
                        updates.consider(members[a], members[b]);
                    }
                }
                return;
            }
            if (first <= 0) {
                return;
            }
            float[] rows = block.rows;
            float[] gram = block.gram;
            for (int b = 0; b < count; b++) {
                System.arraycopy(x, members[b] * m, rows, b * m, m);
            }
            products.gemm(false, true, first, count, m, 1f, rows, 0, m, rows, 0, m, 0f, gram, 0, count);
            for (int a = 0; a < first; a++) {
                updates.considerRow(members[a], members, a + 1, count, gram, a * count);
            }
        }

        /**
         * Offers every proposed pair to both lists, in order; returns the number of list entries that
         * changed. An offer changes only its own list, so each list seeing its offers in the proposals'
         * order is all the order that matters: one task per thread applies the offers to the lists of
         * its range of points, reading all proposals, and the lists come out the same on any number
         * of threads.
         */
        private long apply(List<Updates> proposals) {
            for (Updates updates : proposals) {
                evaluations += updates.evaluated;
            }
            int grain = (n + parallel.threads() - 1) / parallel.threads();
            List<Long> changes = parallel.map(n, grain, (from, to) -> offers(from / grain, to - from).apply(proposals, from));
            return changes.stream().mapToLong(Long::longValue).sum();
        }

        /** The scratch of the task that applies the offers to the lists of range {@code range}, {@code width} points. */
        private Offers offers(int range, int width) {
            synchronized (ranges) {
                while (ranges.size() <= range) {
                    ranges.add(null);
                }
                if (ranges.get(range) == null) {
                    ranges.set(range, new Offers(width));
                }
                return ranges.get(range);
            }
        }

        /**
         * The offers to the lists of one range of points, grouped by list in the order they were
         * proposed (a stable counting sort), so that each list is read from memory once per
         * application and then updated in cache: applied in proposal order, nearly every offer
         * would wait for its list to be read.
         */
        private final class Offers {
            private final int[] starts;
            private int[] others = new int[0];
            private float[] values = new float[0];

            Offers(int width) {
                starts = new int[width + 1];
            }

            /** The members of the list being updated, by open addressing. */
            private final ListMembers members = new ListMembers(capacity);

            long apply(List<Updates> proposals, int from) {
                int width = starts.length - 1;
                Arrays.fill(starts, 0);
                for (Updates updates : proposals) {
                    for (int u = 0; u < updates.size; u++) {
                        int p = updates.first[u] - from;
                        int q = updates.second[u] - from;
                        if (p >= 0 && p < width) {
                            starts[p + 1]++;
                        }
                        if (q >= 0 && q < width) {
                            starts[q + 1]++;
                        }
                    }
                }
                for (int t = 0; t < width; t++) {
                    starts[t + 1] += starts[t];
                }
                int total = starts[width];
                if (others.length < total) {
                    others = new int[total + total / 4];
                    values = new float[others.length];
                }
                // filled from each list's end backwards, the updates in reverse: each list ends in proposal order
                for (int v = proposals.size() - 1; v >= 0; v--) {
                    Updates updates = proposals.get(v);
                    for (int u = updates.size - 1; u >= 0; u--) {
                        int p = updates.first[u] - from;
                        int q = updates.second[u] - from;
                        if (q >= 0 && q < width) {
                            int slot = --starts[q + 1];
                            others[slot] = updates.first[u];
                            values[slot] = updates.distance[u];
                        }
                        if (p >= 0 && p < width) {
                            int slot = --starts[p + 1];
                            others[slot] = updates.second[u];
                            values[slot] = updates.distance[u];
                        }
                    }
                }
                long changed = 0;
                for (int t = 0; t < width; t++) {
                    int end = t + 1 < width ? starts[t + 2] : total;
                    int i = from + t;
                    boolean indexed = false;
                    for (int slot = starts[t + 1]; slot < end; slot++) {
                        int j = others[slot];
                        float distance = values[slot];
                        int base = i * capacity;
                        if (distance > farthest[i] || !after(distances[base], neighbours[base], distance, j)) {
                            continue;
                        }
                        if (!indexed) {
                            members.index(neighbours, base, capacity);
                            indexed = true;
                        }
                        if (!members.contains(j)) {
                            members.replace(neighbours[base], j, neighbours, base, capacity);
                            insert(i, j, distance);
                            changed++;
                        }
                    }
                }
                return changed;
            }
        }

        /** Pairs a local join proposes, with their distances. */
        private final class Updates {
            private int[] first;
            private int[] second;
            private float[] distance;
            private int size;
            private long evaluated;

            /** Room for {@code expected} pairs before the arrays grow. */
            Updates(int expected) {
                first = new int[expected];
                second = new int[expected];
                distance = new float[expected];
            }

            void consider(int p, int q) {
                if (p != q) {
                    consider(p, q, distance(p, q));
                }
            }

            /**
             * {@link #consider(int, int, float)} for p and the members {@code [from, count)}, their
             * distances from the products {@code gram[row + b]}: without a branch, every pair is
             * written and only those kept are counted (about one in three, a branch the processor
             * would mispredict).
             */
            void considerRow(int p, int[] members, int from, int count, float[] gram, int row) {
                if (size + count - from > first.length) {
                    grow(size + count - from);
                }
                float norm = norms[p];
                float bound = farthest[p];
                int kept = size;
                long compared = 0;
                for (int b = from; b < count; b++) {
                    int q = members[b];
                    float value = Math.max(0f, norm + norms[q] - 2f * gram[row + b]);
                    first[kept] = p;
                    second[kept] = q;
                    distance[kept] = value;
                    boolean other = q != p;
                    kept += (value < bound | value < farthest[q]) & other ? 1 : 0;
                    compared += other ? 1 : 0;
                }
                size = kept;
                evaluated += compared;
            }

            private void grow(int needed) {
                int length = Math.max(needed, 2 * first.length + 16);
                first = Arrays.copyOf(first, length);
                second = Arrays.copyOf(second, length);
                distance = Arrays.copyOf(distance, length);
            }

            /** Records the pair (p, q) at {@code value} when it is nearer than the farthest member of either list. */
            void consider(int p, int q, float value) {
                if (p == q) {
                    return;
                }
                evaluated++;
                if (value < farthest[p] || value < farthest[q]) {
                    if (size == first.length) {
                        grow(size + 1);
                    }
                    first[size] = p;
                    second[size] = q;
                    distance[size++] = value;
                }
            }
        }

        /** The squared distance of two points of the search space. */
        private float distance(int a, int b) {
            return DistanceKernels.squaredDistance(x, a * m, x, b * m, m);
        }

        /** Whether (a, ia) comes after (b, ib) in the order "distance, then index". */
        private static boolean after(float a, int ia, float b, int ib) {
            return a > b || (a == b && ia > ib);
        }

        /** Puts j at the distance into point i's unfilled heap of {@code size} members; returns the new size. */
        private int push(int i, int size, int j, float distance) {
            int base = i * capacity;
            int child = size;
            while (child > 0) {
                int parent = (child - 1) / 2;
                if (!after(distance, j, distances[base + parent], neighbours[base + parent])) {
                    break;
                }
                distances[base + child] = distances[base + parent];
                neighbours[base + child] = neighbours[base + parent];
                fresh[base + child] = fresh[base + parent];
                child = parent;
            }
            distances[base + child] = distance;
            neighbours[base + child] = j;
            fresh[base + child] = true;
            farthest[i] = distances[base];
            return size + 1;
        }

        /**
         * Replaces the farthest member of i's full list (its heap's root) by j, nearer and not a
         * member yet.
         */
        private void insert(int i, int j, float distance) {
            int base = i * capacity;
            int position = 0;
            while (true) {
                int left = 2 * position + 1;
                if (left >= capacity) {
                    break;
                }
                int right = left + 1;
                int largest = right < capacity && after(distances[base + right], neighbours[base + right],
                        distances[base + left], neighbours[base + left]) ? right : left;
                if (!after(distances[base + largest], neighbours[base + largest], distance, j)) {
                    break;
                }
                distances[base + position] = distances[base + largest];
                neighbours[base + position] = neighbours[base + largest];
                fresh[base + position] = fresh[base + largest];
                position = largest;
            }
            distances[base + position] = distance;
            neighbours[base + position] = j;
            fresh[base + position] = true;
            farthest[i] = distances[base];
        }

        private static boolean contains(int[] members, int base, int size, int j) {
            for (int t = 0; t < size; t++) {
                if (members[base + t] == j) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The k nearest of every point's candidates by their exact distances in the full feature
         * space (double precision), ascending, ties to the smaller index; {@code point[i]} is the
         * data's row of the search's point i. A pair in both points' lists (about half of all) is
         * computed once, by the point of the smaller index, and read by the other: the distance is
         * the same either way, bit for bit (the same differences, squared, summed in the same order).
         */
        NeighbourLists exactNearest(Dataset data, int k, int[] point, Parallel parallel) {
            int d = data.dimension();
            int[] indices = new int[n * k];
            double[] exact = new double[n * k];
            double[] squared = new double[n * capacity];
            // where j < i holds i in its list, the position of that entry, else -1: its distance is read there
            int[] mirror = new int[n * capacity];
            // the candidates are read in place (a copy of every candidate row would cost more than its distance)
            double[] doubles = data.precision() == Precision.DOUBLE ? data.features() : null;
            float[] floats = doubles == null ? data.floatFeatures() : null;
            parallel.forRange(n, CHUNK, (from, to) -> {
                double[] row = new double[d];
                for (int i = from; i < to; i++) {
                    int base = i * capacity;
                    data.copyRow(point[i], row, 0);
                    for (int t = 0; t < capacity; t++) {
                        int j = neighbours[base + t];
                        mirror[base + t] = j < i ? position(neighbours, j * capacity, capacity, i) : -1;
                        if (mirror[base + t] >= 0) {
                            continue;
                        }
                        int other = point[j];
                        squared[base + t] = doubles != null
                                ? DistanceKernels.squaredDistance(doubles, other * d, row, 0, d)
                                : DistanceKernels.squaredDistance(floats, other * d, row, 0, d);
                    }
                }
            });
            parallel.forRange(n, CHUNK, (from, to) -> {
                int[] order = new int[capacity];
                double[] candidate = new double[capacity];
                for (int i = from; i < to; i++) {
                    int self = point[i];
                    int base = i * capacity;
                    for (int t = 0; t < capacity; t++) {
                        int j = neighbours[base + t];
                        order[t] = point[j];
                        candidate[t] = squared[mirror[base + t] >= 0 ? mirror[base + t] : base + t];
                    }
                    sortByDistanceThenIndex(order, candidate, capacity);
                    for (int t = 0; t < k; t++) {
                        indices[self * k + t] = order[t];
                        exact[self * k + t] = Math.sqrt(candidate[t]);
                    }
                }
            });
            return new NeighbourLists(n, k, indices, exact);
        }

        /** Where {@code j} first is in {@code members[base, base + size)}, else -1. */
        private static int position(int[] members, int base, int size, int j) {
            for (int t = 0; t < size; t++) {
                if (members[base + t] == j) {
                    return base + t;
                }
            }
            return -1;
        }

        private static void sortByDistanceThenIndex(int[] order, double[] keys, int size) {
            for (int a = 1; a < size; a++) {
                int index = order[a];
                double key = keys[a];
                int b = a - 1;
                while (b >= 0 && (keys[b] > key || (keys[b] == key && order[b] > index))) {
                    keys[b + 1] = keys[b];
                    order[b + 1] = order[b];
                    b--;
                }
                keys[b + 1] = key;
                order[b + 1] = index;
            }
        }
    }
}
