package io.csc.spark;

import io.csc.cluster.KMeansOptions;
import io.csc.cluster.SupervisedAssignment;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;

/**
 * The final clustering of the distributed landmark methods: broadcast-centre Lloyd iterations on
 * the embedding's blocks, seeded by k-means|| (Bahmani, Moseley, Vattani, Kumar, Vassilvitskii,
 * "Scalable k-means++", VLDB 2012), all restarts of one fit advancing together in each pass over
 * the data; with supervision, the supervised step of the core's constrained k-means
 * ({@link SupervisedAssignment}: seeds from the labelled classes, hard labels clamped, pairs and
 * groups as penalties) runs on the driver over the supervised points' rows, which are all it
 * involves.
 *
 * <p>As in the local engine: the restarts' generators are split from the fit's generator up front,
 * one run when every cluster is seeded by a class, the run of the lowest objective (squared
 * distances plus penalties) is kept, an empty cluster takes the point farthest from its centre
 * among clusters of two or more points, and a run stops when no point changes cluster or the
 * centres move by at most {@code tolerance} times the embedding's total variance. The k-means||
 * draws are made per block from generators derived from the run's, so a retried task draws the
 * same points. Cluster ids are put in canonical order (cluster 0 holds point 0, ...).
 *
 * <p>Per pass: O(n R k m) work on the executors for R restarts, R k m values and R k candidate
 * points of m values to the driver; the driver holds the supervised points' rows (c x m).
 */
final class DistributedKMeans {

    /** k-means|| rounds and oversampling factor per round (in units of k). */
    static final int SEEDING_ROUNDS = 5;
    static final int OVERSAMPLING = 2;

    /**
     * The fitted centres and the supervised points' clusters, in canonical order.
     *
     * @param centroids k x m
     * @param supervisedLabels the cluster of each supervised point (empty without supervision)
     */
    record Result(DenseMatrix centroids, int[] supervisedLabels, double inertia, int iterations, boolean converged) {
    }

    private final KMeansOptions options;

    DistributedKMeans(KMeansOptions options) {
        this.options = options;
    }

    /**
     * Clusters the rows of {@code embedding} (n rows in all) into k clusters.
     *
     * @param supervision the supervised points; used when {@code supervised} and not empty
     */
    Result fit(JavaRDD<EmbeddedBlock> embedding, long n, int k, Supervision supervision, boolean supervised,
               SplittableRandom random) {
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(embedding.context());
        int m = embedding.first().columns();
        double variance = totalVariance(embedding, n, m);
        double threshold = options.tolerance() * variance;
        boolean useSupervision = supervised && supervision.size() > 0;
        long[] supervisedPoints = useSupervision ? supervision.points() : new long[0];
        DenseMatrix supervisedRows = rowsAt(embedding, supervisedPoints, m);
        SupervisedAssignment assignment = useSupervision
                ? SupervisedAssignment.of(supervision.constraints(), k, supervisedRows, variance > 0 && Double.isFinite(variance) ? variance : 1.0)
                : null;
        int restarts = assignment != null ? assignment.restarts(options) : options.restarts();
        SplittableRandom[] generators = new SplittableRandom[restarts];
        for (int r = 0; r < restarts; r++) {
            generators[r] = random.split();
        }
        Broadcast<long[]> skipped = spark.broadcast(supervisedPoints);
        DenseMatrix seeds = assignment == null ? DenseMatrix.zeros(0, m)
                : assignment.seedCentres().rows(0, Math.min(assignment.seedCount(), k));
        double[][] centres = Seeding.seed(embedding, n, k, seeds, supervisedRows, generators, spark);
        Runs runs = new Runs(restarts, k, m, assignment, supervisedRows, generators);
        runs.iterate(embedding, skipped, centres, threshold, options.maxIterations(), spark);
        Result result = runs.best(embedding, skipped, centres, spark);
        skipped.unpersist(false);
        return result;
    }

    /** The mean squared distance of the rows to their mean, in two passes. */
    private static double totalVariance(JavaRDD<EmbeddedBlock> embedding, long n, int m) {
        double[] mean = OrderedAggregation.aggregate(embedding, partition -> {
            double[] sum = new double[m];
            while (partition.hasNext()) {
                EmbeddedBlock block = partition.next();
                for (int i = 0; i < block.rows(); i++) {
                    for (int t = 0; t < m; t++) {
                        sum[t] += block.values()[i * m + t];
                    }
                }
            }
            return sum;
        }, OrderedAggregation::addInto);
        for (int t = 0; t < m; t++) {
            mean[t] /= n;
        }
        double[] total = OrderedAggregation.aggregate(embedding, partition -> {
            double[] sum = new double[1];
            while (partition.hasNext()) {
                EmbeddedBlock block = partition.next();
                for (int i = 0; i < block.rows(); i++) {
                    sum[0] += DistanceKernels.squaredDistance(block.values(), i * m, mean, 0, m);
                }
            }
            return sum;
        }, OrderedAggregation::addInto);
        return total[0] / n;
    }

    /** The rows at the given ascending global indices, in that order (c x m). */
    static DenseMatrix rowsAt(JavaRDD<EmbeddedBlock> embedding, long[] indices, int m) {
        if (indices.length == 0) {
            return DenseMatrix.zeros(0, m);
        }
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(embedding.context());
        Broadcast<long[]> wanted = spark.broadcast(indices);
        List<IndexedRow> rows = embedding.flatMap(block -> {
            long[] all = wanted.value();
            int[] range = block.rangeIn(all);
            List<IndexedRow> found = new ArrayList<>(range[1] - range[0]);
            for (int t = range[0]; t < range[1]; t++) {
                int row = (int) (all[t] - block.firstIndex());
                found.add(new IndexedRow(t, Arrays.copyOfRange(block.values(), row * m, row * m + m)));
            }
            return found.iterator();
        }).collect();
        wanted.unpersist(false);
        double[] data = new double[indices.length * m];
        for (IndexedRow row : rows) {
            System.arraycopy(row.values(), 0, data, row.position() * m, m);
        }
        return new DenseMatrix(indices.length, m, data);
    }

    /** A row and its position in a list of wanted rows. */
    record IndexedRow(int position, double[] values) implements Serializable {
    }

    /** The index of the nearest of the k centres (row-major k x m) to row {@code offset} of {@code x}; ties to the lower index. */
    static int nearest(double[] x, int offset, double[] centres, int k, int m) {
        int best = 0;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            double distance = DistanceKernels.squaredDistance(x, offset, centres, j * m, m);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = j;
            }
        }
        return best;
    }

    /**
     * The partial sums of one pass of Lloyd iterations over the points that are not supervised, for
     * every active run: cluster sums and counts, points whose cluster changed, and the points
     * farthest from their centres (candidates to re-seed an empty cluster).
     */
    static final class Pass implements Serializable {
        final double[][] sums;
        final long[][] counts;
        final long[] changed;
        final Farthest[] farthest;

        Pass(int runs, int k, int m) {
            sums = new double[runs][k * m];
            counts = new long[runs][k];
            changed = new long[runs];
            farthest = new Farthest[runs];
            for (int r = 0; r < runs; r++) {
                farthest[r] = new Farthest(k, m);
            }
        }

        Pass plus(Pass other) {
            for (int r = 0; r < sums.length; r++) {
                OrderedAggregation.addInto(sums[r], other.sums[r]);
                for (int j = 0; j < counts[r].length; j++) {
                    counts[r][j] += other.counts[r][j];
                }
                changed[r] += other.changed[r];
                farthest[r].merge(other.farthest[r]);
            }
            return this;
        }
    }

    /**
     * The at most {@code capacity} points farthest from their centres (ties to the lower index),
     * with their clusters and rows.
     */
    static final class Farthest implements Serializable {
        final int capacity;
        final int m;
        final List<Candidate> kept = new ArrayList<>();

        Farthest(int capacity, int m) {
            this.capacity = capacity;
            this.m = m;
        }

        record Candidate(long index, int cluster, double distance, double[] row) implements Serializable {
        }

        boolean admits(long index, double distance) {
            if (kept.size() < capacity) {
                return true;
            }
            Candidate last = kept.get(kept.size() - 1);
            return distance > last.distance() || (distance == last.distance() && index < last.index());
        }

        void offer(Candidate candidate) {
            if (!admits(candidate.index(), candidate.distance())) {
                return;
            }
            int position = 0;
            while (position < kept.size() && (kept.get(position).distance() > candidate.distance()
                    || (kept.get(position).distance() == candidate.distance() && kept.get(position).index() < candidate.index()))) {
                position++;
            }
            kept.add(position, candidate);
            if (kept.size() > capacity) {
                kept.remove(kept.size() - 1);
            }
        }

        void merge(Farthest other) {
            other.kept.forEach(this::offer);
        }
    }

    /** The state of the runs on the driver, and their iterations. */
    private static final class Runs {
        private final int count;
        private final int k;
        private final int m;
        private final SupervisedAssignment assignment;
        private final DenseMatrix supervisedRows;
        private final SplittableRandom[] generators;
        private final int[][] supervisedLabels;
        private final int[][] orders;
        private final boolean[] active;
        private final int[] iterations;
        private final boolean[] converged;

        Runs(int count, int k, int m, SupervisedAssignment assignment, DenseMatrix supervisedRows,
             SplittableRandom[] generators) {
            this.count = count;
            this.k = k;
            this.m = m;
            this.assignment = assignment;
            this.supervisedRows = supervisedRows;
            this.generators = generators;
            int c = supervisedRows.rows();
            this.supervisedLabels = new int[count][c];
            this.orders = new int[count][];
            for (int r = 0; r < count; r++) {
                Arrays.fill(supervisedLabels[r], -1);
                orders[r] = assignment == null ? new int[0] : assignment.softPoints();
            }
            this.active = new boolean[count];
            Arrays.fill(active, true);
            this.iterations = new int[count];
            this.converged = new boolean[count];
        }

        void iterate(JavaRDD<EmbeddedBlock> embedding, Broadcast<long[]> skipped, double[][] centres, double threshold,
                     int maxIterations, JavaSparkContext spark) {
            double[][] previous = null;
            for (int iteration = 1; iteration <= maxIterations && anyActive(); iteration++) {
                boolean[] running = active.clone();
                Broadcast<double[][]> current = spark.broadcast(centres);
                Broadcast<double[][]> before = previous == null ? null : spark.broadcast(previous);
                int runs = count;
                int clusters = k;
                int columns = m;
                Pass pass = OrderedAggregation.aggregate(embedding, partition -> {
                    FaultInjection.check("kmeans");
                    Pass partial = new Pass(runs, clusters, columns);
                    double[][] now = current.value();
                    double[][] then = before == null ? null : before.value();
                    long[] skip = skipped.value();
                    while (partition.hasNext()) {
                        EmbeddedBlock block = partition.next();
                        int[] range = block.rangeIn(skip);
                        int nextSkipped = range[0];
                        double[] x = block.values();
                        for (int i = 0; i < block.rows(); i++) {
                            long index = block.firstIndex() + i;
                            if (nextSkipped < range[1] && skip[nextSkipped] == index) {
                                nextSkipped++;
                                continue;
                            }
                            for (int r = 0; r < runs; r++) {
                                if (!running[r]) {
                                    continue;
                                }
                                int label = nearest(x, i * columns, now[r], clusters, columns);
                                if (then == null || nearest(x, i * columns, then[r], clusters, columns) != label) {
                                    partial.changed[r]++;
                                }
                                partial.counts[r][label]++;
                                double[] sum = partial.sums[r];
                                for (int t = 0; t < columns; t++) {
                                    sum[label * columns + t] += x[i * columns + t];
                                }
                                double distance = DistanceKernels.squaredDistance(x, i * columns, now[r], label * columns, columns);
                                if (partial.farthest[r].admits(index, distance)) {
                                    partial.farthest[r].offer(new Farthest.Candidate(index, label, distance,
                                            Arrays.copyOfRange(x, i * columns, i * columns + columns)));
                                }
                            }
                        }
                    }
                    return partial;
                }, Pass::plus);
                current.unpersist(false);
                if (before != null) {
                    before.unpersist(false);
                }
                previous = new double[count][];
                for (int r = 0; r < count; r++) {
                    previous[r] = centres[r].clone();
                    if (!running[r]) {
                        continue;
                    }
                    iterations[r] = iteration;
                    long changed = pass.changed[r] + settleSupervised(r, centres[r]);
                    reseedEmptyClusters(r, pass);
                    double movement = moveCentres(centres[r], pass.sums[r], pass.counts[r]);
                    if (changed == 0 || movement <= threshold) {
                        converged[r] = true;
                        active[r] = false;
                    }
                }
            }
        }

        private boolean anyActive() {
            for (boolean running : active) {
                if (running) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The supervised points of run r to their nearest centres, then the supervised step; returns
         * how many changed cluster. Their sums enter the pass's sums in {@link #reseedEmptyClusters}.
         */
        private long settleSupervised(int r, double[] centres) {
            int c = supervisedRows.rows();
            if (c == 0) {
                return 0;
            }
            int[] labels = new int[c];
            for (int i = 0; i < c; i++) {
                labels[i] = nearest(supervisedRows.data(), i * m, centres, k, m);
            }
            assignment.settle(labels, supervisedLabels[r], orders[r], centres, generators[r]);
            long changed = 0;
            for (int i = 0; i < c; i++) {
                changed += labels[i] != supervisedLabels[r][i] ? 1 : 0;
            }
            supervisedLabels[r] = labels;
            return changed;
        }

        /** Adds the supervised points to run r's sums, then gives each empty cluster its farthest point. */
        private void reseedEmptyClusters(int r, Pass pass) {
            double[] sums = pass.sums[r];
            long[] counts = pass.counts[r];
            double[] x = supervisedRows.data();
            int c = supervisedRows.rows();
            Farthest candidates = pass.farthest[r];
            for (int i = 0; i < c; i++) {
                int label = supervisedLabels[r][i];
                counts[label]++;
                for (int t = 0; t < m; t++) {
                    sums[label * m + t] += x[i * m + t];
                }
            }
            boolean empty = false;
            for (long size : counts) {
                empty |= size == 0;
            }
            if (!empty) {
                return;
            }
            List<Farthest.Candidate> all = new ArrayList<>(candidates.kept);
            for (int i = 0; i < c; i++) {
                if (!assignment.isClamped(i)) {
                    int label = supervisedLabels[r][i];
                    all.add(new Farthest.Candidate(-1 - i, label, DistanceKernels.squaredDistance(x, i * m,
                            previousCentre(sums, counts, label), 0, m), Arrays.copyOfRange(x, i * m, i * m + m)));
                }
            }
            all.sort((a, b) -> a.distance() != b.distance() ? Double.compare(b.distance(), a.distance())
                    : Long.compare(a.index(), b.index()));
            boolean[] used = new boolean[all.size()];
            for (int e = 0; e < k; e++) {
                if (counts[e] > 0) {
                    continue;
                }
                for (int t = 0; t < all.size(); t++) {
                    Farthest.Candidate candidate = all.get(t);
                    if (used[t] || counts[candidate.cluster()] < 2) {
                        continue;
                    }
                    used[t] = true;
                    counts[candidate.cluster()]--;
                    counts[e]++;
                    for (int d = 0; d < m; d++) {
                        sums[candidate.cluster() * m + d] -= candidate.row()[d];
                        sums[e * m + d] += candidate.row()[d];
                    }
                    if (candidate.index() < 0) {
                        supervisedLabels[r][(int) (-1 - candidate.index())] = e;
                    }
                    break;
                }
            }
        }

        private double[] previousCentre(double[] sums, long[] counts, int label) {
            double[] centre = new double[m];
            for (int t = 0; t < m; t++) {
                centre[t] = counts[label] > 0 ? sums[label * m + t] / counts[label] : 0;
            }
            return centre;
        }

        /** The centres as the means of their points (an empty one stays); returns the total squared movement. */
        private double moveCentres(double[] centres, double[] sums, long[] counts) {
            double movement = 0;
            for (int j = 0; j < k; j++) {
                if (counts[j] == 0) {
                    continue;
                }
                for (int t = 0; t < m; t++) {
                    double value = sums[j * m + t] / counts[j];
                    double change = value - centres[j * m + t];
                    movement += change * change;
                    centres[j * m + t] = value;
                }
            }
            return movement;
        }

        /** The run of the lowest objective (earliest on ties), its ids in canonical order. */
        Result best(JavaRDD<EmbeddedBlock> embedding, Broadcast<long[]> skipped, double[][] centres,
                    JavaSparkContext spark) {
            Broadcast<double[][]> finalCentres = spark.broadcast(centres);
            int runs = count;
            int clusters = k;
            int columns = m;
            Ending ending = OrderedAggregation.aggregate(embedding, partition -> {
                Ending partial = new Ending(runs, clusters);
                double[][] now = finalCentres.value();
                long[] skip = skipped.value();
                while (partition.hasNext()) {
                    EmbeddedBlock block = partition.next();
                    int[] range = block.rangeIn(skip);
                    int nextSkipped = range[0];
                    for (int i = 0; i < block.rows(); i++) {
                        long index = block.firstIndex() + i;
                        if (nextSkipped < range[1] && skip[nextSkipped] == index) {
                            nextSkipped++;
                            continue;
                        }
                        for (int r = 0; r < runs; r++) {
                            int label = nearest(block.values(), i * columns, now[r], clusters, columns);
                            partial.distortion[r] += DistanceKernels.squaredDistance(block.values(), i * columns, now[r],
                                    label * columns, columns);
                            partial.first[r][label] = Math.min(partial.first[r][label], index);
                        }
                    }
                }
                return partial;
            }, Ending::plus);
            finalCentres.unpersist(false);
            int best = -1;
            double bestObjective = Double.POSITIVE_INFINITY;
            double[] inertia = new double[count];
            for (int r = 0; r < count; r++) {
                inertia[r] = ending.distortion[r];
                for (int i = 0; i < supervisedRows.rows(); i++) {
                    int label = supervisedLabels[r][i];
                    inertia[r] += DistanceKernels.squaredDistance(supervisedRows.data(), i * m, centres[r], label * m, m);
                }
                double objective = inertia[r] + (assignment == null ? 0 : assignment.totalPenalty(supervisedLabels[r]));
                if (best < 0 || objective < bestObjective) {
                    best = r;
                    bestObjective = objective;
                }
            }
            long[] first = ending.first[best].clone();
            long[] supervisedIndices = skipped.value();
            for (int i = 0; i < supervisedRows.rows(); i++) {
                int label = supervisedLabels[best][i];
                first[label] = Math.min(first[label], supervisedIndices[i]);
            }
            Integer[] order = new Integer[k];
            for (int j = 0; j < k; j++) {
                order[j] = j;
            }
            Arrays.sort(order, (a, b) -> first[a] != first[b] ? Long.compare(first[a], first[b]) : Integer.compare(a, b));
            int[] newId = new int[k];
            double[] canonical = new double[k * m];
            for (int position = 0; position < k; position++) {
                newId[order[position]] = position;
                System.arraycopy(centres[best], order[position] * m, canonical, position * m, m);
            }
            int[] labels = new int[supervisedRows.rows()];
            for (int i = 0; i < labels.length; i++) {
                labels[i] = newId[supervisedLabels[best][i]];
            }
            return new Result(new DenseMatrix(k, m, canonical), labels, inertia[best], Math.max(1, iterations[best]),
                    converged[best]);
        }
    }

    /** The last pass: each run's squared distances and the first point of each cluster. */
    static final class Ending implements Serializable {
        final double[] distortion;
        final long[][] first;

        Ending(int runs, int k) {
            distortion = new double[runs];
            first = new long[runs][k];
            for (long[] row : first) {
                Arrays.fill(row, Long.MAX_VALUE);
            }
        }

        Ending plus(Ending other) {
            for (int r = 0; r < distortion.length; r++) {
                distortion[r] += other.distortion[r];
                for (int j = 0; j < first[r].length; j++) {
                    first[r][j] = Math.min(first[r][j], other.first[r][j]);
                }
            }
            return this;
        }
    }

    /** The label of every point: supervised points from the fit, the others by their nearest centre. */
    static JavaRDD<int[]> labels(JavaRDD<EmbeddedBlock> embedding, Result result, long[] supervisedPoints) {
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(embedding.context());
        Broadcast<double[]> centres = spark.broadcast(result.centroids().data());
        Broadcast<long[]> points = spark.broadcast(supervisedPoints);
        Broadcast<int[]> fixed = spark.broadcast(result.supervisedLabels());
        int k = result.centroids().rows();
        return embedding.map(block -> {
            int m = block.columns();
            int[] labels = new int[block.rows()];
            for (int i = 0; i < block.rows(); i++) {
                labels[i] = nearest(block.values(), i * m, centres.value(), k, m);
            }
            long[] all = points.value();
            int[] range = block.rangeIn(all);
            for (int t = range[0]; t < range[1] && fixed.value().length > 0; t++) {
                labels[(int) (all[t] - block.firstIndex())] = fixed.value()[t];
            }
            return labels;
        });
    }

    /** Persisted with memory and disk, the level the engine caches its intermediate data at. */
    static <T> JavaRDD<T> cached(JavaRDD<T> rdd) {
        return rdd.persist(StorageLevel.MEMORY_AND_DISK());
    }
}
