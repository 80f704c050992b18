package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import io.csc.util.RandomSample;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * k nearest neighbours, exact or approximate ({@link #find}). The exact search is blocked brute
 * force: distances of a block of rows to a block of columns come from one matrix product (native
 * gemm where available), and each row keeps its k best in a bounded heap. Time O(n² d), memory
 * O(n k) plus one block of distances; the selection runs in parallel over rows with results
 * independent of the thread count. The approximate search is {@link NeighbourDescent}.
 */
public final class NearestNeighbours {

    private static final int ROW_BLOCK = 1024;
    /**
     * Columns per block of products: a block of 1,024 x 1,024 distances (8 MB) stays in cache while
     * its rows are selected. On Letter (20,000 x 16, where writing and reading the distances is the
     * work) the k-NN graph took 2.1 s with blocks of 8,192 columns and 1.4 s with 1,024 (0.25 s
     * slower at 256 or 512); 20,000 images of 784 pixels took 7.6-7.7 s either way (the product's
     * own speed), the same neighbours (docs/BENCHMARKS.md).
     */
    private static final int COLUMN_BLOCK = 1024;
    private static final int SELECTION_GRAIN = 64;
    /** The most points whose exact neighbours measure the recall of an approximate search. */
    static final int RECALL_SAMPLE = 500;
    /** The fewest such points. */
    static final int RECALL_MINIMUM = 200;
    /**
     * Multiply-adds the recall's exact search may take (the sample shrinks for large n d): about a
     * tenth of a second of double-precision products on two cores. At 10¹⁰ the check of 500 points
     * took 0.4 s of a 3.8 s fit (njw, 20,000 images); 200 points measure a recall near 0.97 of
     * k = 10 neighbours to about ±0.004 (one standard error).
     */
    static final long RECALL_WORK = 2_500_000_000L;

    private NearestNeighbours() {
    }

    /**
     * The k nearest neighbours of every point of {@code data}, found as {@code context} asks
     * ({@link RunContext#neighbourSearch()}): exactly, or by {@link NeighbourDescent NN-descent}.
     * How they were found goes to the run's notes under {@code neighbourSearch}: the method, and
     * for NN-descent its iterations, distance evaluations, search dimensions and its recall, the
     * share of the exact k neighbours it found, measured on a sample of points
     * ({@link #recall}).
     */
    public static NeighbourLists find(Dataset data, int k, RunContext context) {
        int n = data.size();
        Map<String, Object> report = new LinkedHashMap<>();
        NeighbourLists lists;
        if (context.neighbourSearch().approximates(n, data.dimension()) && NeighbourDescent.candidates(k, n, false) < n - 1) {
            NeighbourDescent.Result result = NeighbourDescent.search(data, k, context);
            lists = result.lists();
            int[] sample = recallSample(n, data.dimension(), context.seed());
            report.put("method", "nn-descent");
            report.put("iterations", result.iterations());
            report.put("distanceEvaluations", result.distanceEvaluations());
            report.put("searchDimensions", result.searchDimensions());
            report.put("candidates", result.candidates());
            report.put("cells", result.cells());
            report.put("probes", result.probes());
            report.put("listRecall", result.listRecall());
            double recall = recall(data, lists, sample, context);
            report.put("recall", recall);
            report.put("recallSample", sample.length);
            putLowRecallWarning(report, recall);
        } else {
            lists = exact(data, k, context.backend(), context.parallel(), context.progress());
            report.put("method", "exact");
        }
        report.put("neighbours", k);
        context.notes().put("neighbourSearch", report);
        return lists;
    }

    /**
     * Below this recall an approximate search adds a {@code warning} to its report. On data whose
     * distances are nearly all alike (isotropic noise in hundreds of dimensions: generated Gaussian
     * mixtures of 300-400 features and binary data of 600 gave recalls of 0.07-0.45) the points found
     * are near but mostly not the nearest; NMI did not fall there, but a user should know and can
     * compare with the exact search.
     */
    static final double LOW_RECALL = 0.5;

    /** Adds a warning to an approximate search's report when its measured recall is below {@value #LOW_RECALL}. */
    static void putLowRecallWarning(Map<String, Object> report, double recall) {
        if (recall < LOW_RECALL) {
            report.put("warning", String.format(java.util.Locale.ROOT, "the approximate search found %.0f%% of the "
                    + "exact nearest points on a sample: the distances are nearly all alike; compare the clusters "
                    + "with --neighbour-search exact", 100 * recall));
        }
    }

    /**
     * The share of the exact k nearest neighbours of the {@code sample} points that {@code lists}
     * holds (ties at the k-th distance count as found). Time O(s n d) for s sampled points.
     */
    public static double recall(Dataset data, NeighbourLists lists, int[] sample, RunContext context) {
        int k = lists.neighbours();
        NeighbourLists truth = exact(data, sample, k, context.backend(), context.parallel(), ProgressListener.NONE);
        long found = 0;
        for (int s = 0; s < sample.length; s++) {
            int point = sample[s];
            double kth = truth.distance(s, k - 1);
            for (int t = 0; t < k; t++) {
                int neighbour = lists.neighbour(point, t);
                boolean exactNeighbour = lists.distance(point, t) <= kth;
                for (int u = 0; u < k && !exactNeighbour; u++) {
                    exactNeighbour = truth.neighbour(s, u) == neighbour;
                }
                found += exactNeighbour ? 1 : 0;
            }
        }
        return sample.length == 0 ? 1.0 : (double) found / ((long) sample.length * k);
    }

    /**
     * The points whose exact neighbours measure the recall: all of them up to
     * {@value #RECALL_SAMPLE}, else a fixed random sample of that many, fewer when n d is so large
     * that the exact search of the sample would cost more than {@value #RECALL_WORK} multiply-adds
     * (at least {@value #RECALL_MINIMUM}).
     */
    static int[] recallSample(int n, int d, long seed) {
        long affordable = RECALL_WORK / Math.max(1L, (long) n * d);
        int size = (int) Math.min(n, Math.max(RECALL_MINIMUM, Math.min(RECALL_SAMPLE, affordable)));
        return RandomSample.indices(n, size, new SplittableRandom(seed ^ 0x72656361L));
    }

    /** The k nearest neighbours of every point of {@code data} among all its points. */
    public static NeighbourLists exact(Dataset data, int k, LinearAlgebraBackend backend, Parallel parallel,
                                       ProgressListener progress) {
        return exact(data, null, k, backend, parallel, progress);
    }

    /**
     * The k nearest neighbours among all points of {@code data} of the points {@code queries}
     * (null: every point); list s belongs to {@code queries[s]}.
     */
    public static NeighbourLists exact(Dataset data, int[] queries, int k, LinearAlgebraBackend backend, Parallel parallel,
                                ProgressListener progress) {
        int n = data.size();
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException("Invalid number of neighbours: " + k + " (must be in [1, "
                    + (n - 1) + "] for " + n + " points)");
        }
        int d = data.dimension();
        double[] x = data.inPrecision(Precision.DOUBLE).features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        int q = queries == null ? n : queries.length;
        double[] rows = queries == null ? x : Landmarks.rows(data, queries).data();
        double[] rowNorms = queries == null ? norms : DistanceKernels.squaredNorms(rows, q, d);
        int[] indices = new int[q * k];
        double[] squared = new double[q * k];
        int[] heapSize = new int[q];
        double[] block = new double[Math.min(ROW_BLOCK, q) * Math.min(COLUMN_BLOCK, n)];
        long totalBlocks = (long) ((q + ROW_BLOCK - 1) / ROW_BLOCK) * ((n + COLUMN_BLOCK - 1) / COLUMN_BLOCK);
        long doneBlocks = 0;
        for (int columnStart = 0; columnStart < n; columnStart += COLUMN_BLOCK) {
            int columnEnd = Math.min(n, columnStart + COLUMN_BLOCK);
            int width = columnEnd - columnStart;
            for (int rowStart = 0; rowStart < q; rowStart += ROW_BLOCK) {
                int rowEnd = Math.min(q, rowStart + ROW_BLOCK);
                // -2 x·y by one product; the norms are added as the rows are selected, on their threads.
                backend.gemm(false, true, rowEnd - rowStart, width, d, -2.0, rows, rowStart * d, d, x, columnStart * d, d,
                        0.0, block, 0, width);
                int blockRowStart = rowStart;
                int blockColumnStart = columnStart;
                parallel.forRange(rowEnd - rowStart, SELECTION_GRAIN, (from, to) -> {
                    for (int r = from; r < to; r++) {
                        int list = blockRowStart + r;
                        select(block, r * width, width, rowNorms[list], norms, blockColumnStart,
                                queries == null ? list : queries[list], list, k, indices, squared, heapSize);
                    }
                });
                progress.progress("k-nearest neighbours", ++doneBlocks, totalBlocks);
            }
        }
        double[] distances = new double[q * k];
        parallel.forRange(q, 4096, (from, to) -> {
            for (int i = from; i < to; i++) {
                sortHeap(indices, squared, i * k, k);
                for (int t = 0; t < k; t++) {
                    distances[i * k + t] = Math.sqrt(squared[i * k + t]);
                }
            }
        });
        return new NeighbourLists(q, k, indices, distances);
    }

    /**
     * Offers the columns {@code [columnStart, columnStart + width)} of one row of a block of
     * {@code -2 x·y} products to the row's heap, as squared distances {@code (-2 x·y + |x|²) + |y|²}
     * clamped at 0 (the sums of {@link DistanceKernels#squaredDistances}); the point itself is
     * skipped. Once the heap is full, a candidate is offered only if it is not farther than the
     * heap's top.
     */
    private static void select(double[] block, int base, int width, double rowNorm, double[] norms, int columnStart,
                               int point, int list, int k, int[] indices, double[] squared, int[] heapSize) {
        int top = list * k;
        for (int j = 0; j < width; j++) {
            double value = block[base + j] + rowNorm + norms[columnStart + j];
            value = value > 0 ? value : 0.0;
            int candidate = columnStart + j;
            if ((heapSize[list] < k || value <= squared[top]) && candidate != point) {
                offer(indices, squared, heapSize, list, k, candidate, value);
            }
        }
    }

    /** Whether (a, ia) comes after (b, ib) in the order "distance, then index". */
    private static boolean after(double a, int ia, double b, int ib) {
        return a > b || (a == b && ia > ib);
    }

    /** Offers a candidate to the bounded max-heap of point {@code point}. */
    private static void offer(int[] indices, double[] keys, int[] sizes, int point, int k, int candidate, double key) {
        int base = point * k;
        int size = sizes[point];
        if (size < k) {
            int child = size;
            while (child > 0) {
                int parent = (child - 1) / 2;
                if (!after(key, candidate, keys[base + parent], indices[base + parent])) {
                    break;
                }
                keys[base + child] = keys[base + parent];
                indices[base + child] = indices[base + parent];
                child = parent;
            }
            keys[base + child] = key;
            indices[base + child] = candidate;
            sizes[point] = size + 1;
            return;
        }
        if (!after(keys[base], indices[base], key, candidate)) {
            return;
        }
        siftDown(indices, keys, base, k, 0, key, candidate);
    }

    private static void siftDown(int[] indices, double[] keys, int base, int size, int start, double key, int candidate) {
        int position = start;
        while (true) {
            int left = 2 * position + 1;
            if (left >= size) {
                break;
            }
            int largest = left;
            int right = left + 1;
            if (right < size && after(keys[base + right], indices[base + right], keys[base + left], indices[base + left])) {
                largest = right;
            }
            if (!after(keys[base + largest], indices[base + largest], key, candidate)) {
                break;
            }
            keys[base + position] = keys[base + largest];
            indices[base + position] = indices[base + largest];
            position = largest;
        }
        keys[base + position] = key;
        indices[base + position] = candidate;
    }

    /** Sorts a full max-heap of k entries into ascending order in place (heap sort). */
    private static void sortHeap(int[] indices, double[] keys, int base, int k) {
        for (int end = k - 1; end > 0; end--) {
            double key = keys[base + end];
            int index = indices[base + end];
            keys[base + end] = keys[base];
            indices[base + end] = indices[base];
            siftDown(indices, keys, base, end, 0, key, index);
        }
    }
}
