package io.csc.graph;

import io.csc.data.Dataset;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;

/**
 * Exact k nearest neighbours by blocked brute force: distances of a block of rows to a block of
 * columns come from one matrix product (native gemm where available), and each row keeps its k
 * best in a bounded heap. Time O(n² d), memory O(n k) plus one block of distances; the selection
 * runs in parallel over rows with results independent of the thread count.
 */
public final class NearestNeighbours {

    private static final int ROW_BLOCK = 1024;
    private static final int COLUMN_BLOCK = 8192;
    private static final int SELECTION_GRAIN = 64;

    private NearestNeighbours() {
    }

    /** The k nearest neighbours of every point of {@code data} among all its points. */
    public static NeighbourLists exact(Dataset data, int k, LinearAlgebraBackend backend, Parallel parallel,
                                       ProgressListener progress) {
        int n = data.size();
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException("Invalid number of neighbours: " + k + " (must be in [1, "
                    + (n - 1) + "] for " + n + " points)");
        }
        int d = data.dimension();
        double[] x = data.features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        int[] indices = new int[n * k];
        double[] squared = new double[n * k];
        int[] heapSize = new int[n];
        double[] block = new double[ROW_BLOCK * Math.min(COLUMN_BLOCK, n)];
        double[] columnNorms = new double[Math.min(COLUMN_BLOCK, n)];
        long totalBlocks = (long) ((n + ROW_BLOCK - 1) / ROW_BLOCK) * ((n + COLUMN_BLOCK - 1) / COLUMN_BLOCK);
        long doneBlocks = 0;
        for (int columnStart = 0; columnStart < n; columnStart += COLUMN_BLOCK) {
            int columnEnd = Math.min(n, columnStart + COLUMN_BLOCK);
            int width = columnEnd - columnStart;
            System.arraycopy(norms, columnStart, columnNorms, 0, width);
            double[] columns = columnStart == 0 && columnEnd == n ? x
                    : java.util.Arrays.copyOfRange(x, columnStart * d, columnEnd * d);
            for (int rowStart = 0; rowStart < n; rowStart += ROW_BLOCK) {
                int rowEnd = Math.min(n, rowStart + ROW_BLOCK);
                DistanceKernels.squaredDistances(backend, x, norms, rowStart, rowEnd, columns, columnNorms, width, d, block);
                int blockRowStart = rowStart;
                int blockColumnStart = columnStart;
                parallel.forRange(rowEnd - rowStart, SELECTION_GRAIN, (from, to) -> {
                    for (int r = from; r < to; r++) {
                        int point = blockRowStart + r;
                        int base = r * width;
                        for (int j = 0; j < width; j++) {
                            int candidate = blockColumnStart + j;
                            if (candidate != point) {
                                offer(indices, squared, heapSize, point, k, candidate, block[base + j]);
                            }
                        }
                    }
                });
                progress.progress("k-nearest neighbours", ++doneBlocks, totalBlocks);
            }
        }
        double[] distances = new double[n * k];
        parallel.forRange(n, 4096, (from, to) -> {
            for (int i = from; i < to; i++) {
                sortHeap(indices, squared, i * k, k);
                for (int t = 0; t < k; t++) {
                    distances[i * k + t] = Math.sqrt(squared[i * k + t]);
                }
            }
        });
        return new NeighbourLists(n, k, indices, distances);
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
