package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.SymmetricEigen;
import io.csc.util.Parallel;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Approximate k nearest neighbours by NN-descent (W. Dong, M. Charikar and K. Li, "Efficient
 * k-nearest neighbor graph construction for generic similarity measures", WWW 2011): a neighbour
 * of a neighbour is likely a neighbour, so each point's list starts random and improves by
 * comparing, for every point, the members of its list and of its reverse list with one another
 * (the local join), until an iteration changes fewer than {@value #DELTA} of the list entries.
 *
 * <p>As in the paper: lists carry a new/old flag and only pairs with a new member are compared
 * (incremental search); the new and old lists a local join reads hold at most {@code ρK} members
 * each (ρ = 1/2, the paper's sampling rate, and at least {@value #MINIMUM_SAMPLE}), sampled by a
 * random priority, forward and reverse alike. Beyond the paper:
 * <ul>
 * <li><b>The start.</b> The lists start random, then take every pair of points of a leaf of
 *     {@value #TREES} random projection trees ({@link ProjectionTree}, leaves of K points), as
 *     PyNNDescent does: fewer iterations follow. The points are renumbered in the order of the first
 *     tree's leaves, so that near points lie near in memory.</li>
 * <li><b>The search space.</b> Distances during the search are single precision. Data with more
 *     than {@value #SEARCH_DIMENSIONS} features is searched in the space of its leading
 *     {@value #SEARCH_DIMENSIONS} principal components (from the covariance of up to
 *     {@value #COVARIANCE_SAMPLE} sampled points), where a distance costs a sixth or less; on
 *     Fashion-MNIST they hold 93% of the variance, and the exact 2k nearest in that space hold
 *     97% of the exact k nearest.</li>
 * <li><b>Exact distances at the end.</b> The search keeps {@code K = 2k} candidates per point
 *     (k + k/2 without projection; at least {@value #MINIMUM_CANDIDATES}), whose exact
 *     double-precision distances in the full space then
 *     choose the k neighbours. The distances of the result are therefore exact, and a wrong
 *     neighbour is only ever a near point in place of a nearer one.</li>
 * <li><b>Determinism.</b> The random start and the sampling priorities are hashes of the seed, the
 *     iteration and the point indices; the local joins of a batch of points run in parallel on a
 *     snapshot and their proposed updates are applied in chunk order afterwards. The result is the
 *     same on any number of threads.</li>
 * </ul>
 *
 * <p>Time about {@code iterations x n K² x dimensions}, memory O(n K); recall on the shared data
 * sets is reported by {@link NearestNeighbours#find}.
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
    /** The most iterations. */
    static final int MAX_ITERATIONS = 20;
    /** Points whose local joins run between two applications of their updates. */
    private static final int BATCH = 8192;
    /** Points per parallel task of a local join. */
    private static final int CHUNK = 256;
    /** Random projection trees whose leaves start the lists. */
    static final int TREES = 8;
    /** Leaves per parallel task of the trees' joins. */
    private static final int LEAF_GRAIN = 64;
    /** Rows per block of the projection. */
    private static final int PROJECTION_BLOCK = 4096;

    /**
     * The outcome of a search.
     *
     * @param lists the k neighbours of every point with their exact distances
     * @param iterations NN-descent iterations run
     * @param distanceEvaluations distances computed in the search space (the final exact ones excluded)
     * @param searchDimensions the dimensions of the search space
     * @param candidates K, the candidates kept per point during the search
     */
    public record Result(NeighbourLists lists, int iterations, long distanceEvaluations, int searchDimensions,
                         int candidates) {
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
        int n = data.size();
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException("Invalid number of neighbours: " + k + " (must be in [1, "
                    + (n - 1) + "] for " + n + " points)");
        }
        boolean projected = data.dimension() > SEARCH_DIMENSIONS;
        float[] space = projected ? principalComponents(data, SEARCH_DIMENSIONS, context) : singlePrecision(data);
        int m = projected ? SEARCH_DIMENSIONS : data.dimension();
        int capacity = candidates(k, n, projected);
        long seed = context.seed();
        List<ProjectionTree> trees = context.parallel().map(TREES, 1, (tree, next) ->
                ProjectionTree.build(space, n, m, capacity, mix(seed + 0x7472656573L + tree)));
        // the points renumbered in the order of the first tree's leaves, so that near points lie near in memory
        int[] order = trees.get(0).order();
        int[] position = new int[n];
        float[] local = new float[n * m];
        for (int i = 0; i < n; i++) {
            position[order[i]] = i;
            System.arraycopy(space, order[i] * m, local, i * m, m);
        }
        Search search = new Search(local, n, m, capacity, seed, context.parallel());
        search.run(trees, position, context);
        return new Result(search.exactNearest(data, k, order, context.parallel()), search.iterations,
                search.evaluations, m, capacity);
    }

    /** The features as one single-precision array (the data's own when it is held so). */
    private static float[] singlePrecision(Dataset data) {
        return data.precision() == Precision.FLOAT ? data.floatFeatures()
                : data.inPrecision(Precision.FLOAT).floatFeatures();
    }

    /**
     * The n x m coordinates of the points on the m leading principal components: the eigenvectors
     * of the covariance of a sample of up to {@value #COVARIANCE_SAMPLE} points, the points
     * centred on the mean of all.
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
        double[] covariance = new double[d * d];
        double[] block = new double[Math.min(PROJECTION_BLOCK, s) * d];
        for (int start = 0; start < s; start += PROJECTION_BLOCK) {
            int count = Math.min(PROJECTION_BLOCK, s - start);
            for (int r = 0; r < count; r++) {
                data.copyRow(sample == null ? start + r : sample[start + r], block, r * d);
                for (int t = 0; t < d; t++) {
                    block[r * d + t] -= mean[t];
                }
            }
            backend.gemm(true, false, d, d, count, 1.0 / s, block, 0, d, block, 0, d, 1.0, covariance, 0, d);
        }
        for (int a = 0; a < d; a++) {
            for (int b = a + 1; b < d; b++) {
                double average = 0.5 * (covariance[a * d + b] + covariance[b * d + a]);
                covariance[a * d + b] = average;
                covariance[b * d + a] = average;
            }
        }
        EigenDecomposition leading = SymmetricEigen.largest(backend, new DenseMatrix(d, d, covariance), m);
        double[] components = leading.vectors().data();
        float[] space = new float[n * m];
        double[] projected = new double[Math.min(PROJECTION_BLOCK, n) * m];
        for (int start = 0; start < n; start += PROJECTION_BLOCK) {
            int count = Math.min(PROJECTION_BLOCK, n - start);
            for (int r = 0; r < count; r++) {
                data.copyRow(start + r, block, r * d);
                for (int t = 0; t < d; t++) {
                    block[r * d + t] -= mean[t];
                }
            }
            backend.gemm(false, false, count, m, d, 1.0, block, 0, d, components, 0, m, 0.0, projected, 0, m);
            for (int v = 0; v < count * m; v++) {
                space[start * m + v] = (float) projected[v];
            }
        }
        return space;
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
        private int iterations;
        private long evaluations;

        Search(float[] x, int n, int m, int capacity, long seed, Parallel parallel) {
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
        }

        void run(List<ProjectionTree> trees, int[] position, RunContext context) {
            start();
            for (ProjectionTree tree : trees) {
                joinLeaves(tree, position);
            }
            for (iterations = 1; iterations <= MAX_ITERATIONS; iterations++) {
                sampleCandidates(iterations);
                long changes = 0;
                for (int from = 0; from < n; from += BATCH) {
                    changes += localJoin(from, Math.min(n, from + BATCH));
                }
                context.progress().progress("nearest neighbours (NN-descent)", iterations, 0);
                if (changes < DELTA * n * capacity) {
                    break;
                }
            }
            iterations = Math.min(iterations, MAX_ITERATIONS);
        }

        /** Every pair of points of a leaf of {@code tree} (numbered by {@code position}) offered to both lists. */
        private void joinLeaves(ProjectionTree tree, int[] position) {
            int[] order = tree.order();
            int[] starts = tree.starts();
            apply(parallel.map(tree.leaves(), LEAF_GRAIN, (first, last) -> {
                Updates updates = new Updates(LEAF_GRAIN * capacity * capacity / 4);
                for (int leaf = first; leaf < last; leaf++) {
                    for (int a = starts[leaf]; a < starts[leaf + 1]; a++) {
                        for (int b = a + 1; b < starts[leaf + 1]; b++) {
                            updates.consider(position[order[a]], position[order[b]]);
                        }
                    }
                }
                return updates;
            }));
        }

        /** Every list filled with distinct random points other than its own, all new. */
        private void start() {
            parallel.forRange(n, CHUNK, (from, to) -> {
                for (int i = from; i < to; i++) {
                    int base = i * capacity;
                    int size = 0;
                    for (long draw = 0; size < capacity; draw++) {
                        int j = (int) Long.remainderUnsigned(mix(seed ^ mix(((long) i << 24) + draw)), n - 1);
                        if (j >= i) {
                            j++;
                        }
                        if (!contains(neighbours, base, size, j)) {
                            size = push(i, size, j, distance(i, j));
                        }
                    }
                }
            });
            evaluations += (long) n * capacity;
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
                for (int i = from + start; i < from + end; i++) {
                    int base = i * sampled;
                    int newCount = newCounts[i];
                    int oldCount = oldCounts[i];
                    for (int a = 0; a < newCount; a++) {
                        int p = newCandidates[base + a];
                        for (int b = a + 1; b < newCount; b++) {
                            updates.consider(p, newCandidates[base + b]);
                        }
                        for (int b = 0; b < oldCount; b++) {
                            updates.consider(p, oldCandidates[base + b]);
                        }
                    }
                }
                return updates;
            });
            return apply(proposals);
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
            List<Long> changes = parallel.map(n, grain, (from, to) -> {
                long changed = 0;
                for (Updates updates : proposals) {
                    for (int u = 0; u < updates.size; u++) {
                        int p = updates.first[u];
                        int q = updates.second[u];
                        if (p >= from && p < to) {
                            changed += tryInsert(p, q, updates.distance[u]) ? 1 : 0;
                        }
                        if (q >= from && q < to) {
                            changed += tryInsert(q, p, updates.distance[u]) ? 1 : 0;
                        }
                    }
                }
                return changed;
            });
            return changes.stream().mapToLong(Long::longValue).sum();
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
                if (p == q) {
                    return;
                }
                float value = distance(p, q);
                evaluated++;
                if (value < distances[p * capacity] || value < distances[q * capacity]) {
                    if (size == first.length) {
                        first = Arrays.copyOf(first, 2 * size + 16);
                        second = Arrays.copyOf(second, 2 * size + 16);
                        distance = Arrays.copyOf(distance, 2 * size + 16);
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
            return size + 1;
        }

        /** Replaces the farthest member of i's full list by j when j is nearer and not a member yet. */
        private boolean tryInsert(int i, int j, float distance) {
            int base = i * capacity;
            if (!after(distances[base], neighbours[base], distance, j) || contains(neighbours, base, capacity, j)) {
                return false;
            }
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
            return true;
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
         * data's row of the search's point i.
         */
        NeighbourLists exactNearest(Dataset data, int k, int[] point, Parallel parallel) {
            int d = data.dimension();
            int[] indices = new int[n * k];
            double[] exact = new double[n * k];
            // the candidates are read in place (a copy of every candidate row would cost more than its distance)
            double[] doubles = data.precision() == Precision.DOUBLE ? data.features() : null;
            float[] floats = doubles == null ? data.floatFeatures() : null;
            parallel.forRange(n, CHUNK, (from, to) -> {
                double[] row = new double[d];
                int[] order = new int[capacity];
                double[] candidate = new double[capacity];
                for (int i = from; i < to; i++) {
                    int self = point[i];
                    data.copyRow(self, row, 0);
                    int base = i * capacity;
                    for (int t = 0; t < capacity; t++) {
                        order[t] = point[neighbours[base + t]];
                        candidate[t] = doubles != null
                                ? DistanceKernels.squaredDistance(doubles, order[t] * d, row, 0, d)
                                : DistanceKernels.squaredDistance(floats, order[t] * d, row, 0, d);
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
