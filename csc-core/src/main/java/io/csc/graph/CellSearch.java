package io.csc.graph;

import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ResidentOperand;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The start of {@link NeighbourDescent}'s lists: every point's nearest candidates among the points
 * of the cells nearest to it, the cells those of k-means centres in the search space (an inverted
 * file, the "IVF-Flat" index of FAISS; H. Jégou, M. Douze and C. Schmid, "Product quantization for
 * nearest neighbor search", IEEE PAMI 2011, section IV.A).
 *
 * <ol>
 * <li><b>Cells.</b> {@code C = n / }{@value #CELL_SIZE} centres (at most {@value #MAX_CELLS}, at
 *     least one) from {@value #LLOYD_ITERATIONS} Lloyd iterations on a sample of
 *     {@value #SAMPLE_PER_CELL} points per centre, started from sampled points.</li>
 * <li><b>Probes.</b> Every point probes its P nearest centres, P chosen so that it compares itself
 *     with about {@value #PROBED_POINTS} points ({@code P = ⌈}{@value #PROBED_POINTS}{@code  C / n⌉},
 *     at least {@value #MINIMUM_PROBES}, all cells when C is smaller); its own cell is the nearest.</li>
 * <li><b>Candidates by products.</b> The points are renumbered cell after cell, so that a cell's
 *     rows lie together. For a cell a and each cell b that points of a probe, the distances of those
 *     points to all of b come from one single-precision product, and each point keeps its K
 *     nearest.</li>
 * </ol>
 *
 * <p>Why this start rather than the random projection trees of PyNNDescent: on Fashion-MNIST
 * (70,000 images on 128 principal components, K = 40) the cells' lists hold 99.5% of each point's K
 * nearest in that space, and 97.5% of the exact 20 nearest after the final exact ranking, as much
 * as the trees and five iterations of NN-descent found, and e2cp's whole graph stage took 4.9-5.9 s
 * instead of 10.1-11.2 s (docs/BENCHMARKS.md), although the cells compute twice the distances:
 * each distance is a share of one matrix product instead of a pair gathered from memory.
 *
 * <p>Time O(n (C + P n / C) m), memory O(n (m + K)). Up to {@value #MAX_CELLS} cells of
 * {@value #CELL_SIZE} points, P n / C is about {@value #PROBED_POINTS} and the time linear in n;
 * beyond (about 1.5 million points, where two cells hold more than {@value #PROBED_POINTS} points)
 * the cells grow with n, and the time with n² / {@value #MAX_CELLS}: a point of ten million
 * compares itself with about 20,000. The result does not depend on the number of threads: each
 * cell's points are searched by one task, and every choice comes from the seed.
 */
final class CellSearch {

    /** The points per cell, on average. */
    static final int CELL_SIZE = 256;
    /** The most cells: the assignment of every point to its nearest centres costs n C m. */
    static final int MAX_CELLS = 1024;
    /** About how many points each point is compared with. */
    static final int PROBED_POINTS = 3072;
    /**
     * The fewest cells a point probes: with one, every list would hold points of its own cell only,
     * and the local joins of {@link NeighbourDescent}, which only ever compare members of a list,
     * could never cross from one cell to another.
     */
    static final int MINIMUM_PROBES = 2;
    /** The sampled points per centre that k-means runs on. */
    static final int SAMPLE_PER_CELL = 64;
    /** Lloyd iterations of that k-means. */
    static final int LLOYD_ITERATIONS = 8;
    /** How many times the search of the cells reports its progress. */
    static final int PROGRESS_ROUNDS = 16;
    /** The most points searching a cell with one product. */
    static final int QUERY_BLOCK = 512;
    /** The most points of a cell searched with one product. */
    static final int COLUMN_BLOCK = 4096;
    /** Rows per product when points are assigned to centres. */
    private static final int ASSIGN_BLOCK = 1024;

    /**
     * The candidates.
     *
     * @param order       the original index of every point, in the new numbering (cell after cell)
     * @param rows        the points' coordinates in the new numbering (n x m)
     * @param norms       their squared norms
     * @param neighbours  the candidates of every point (new numbering), {@code capacity} slots per point, ascending
     * @param distances   their squared distances in the search space (single-precision products)
     * @param counts      how many slots of every point are filled (fewer than capacity only when
     *                    its probed cells hold fewer points)
     * @param evaluations distances computed
     * @param cells       the number of cells
     * @param probes      the cells each point probes
     */
    record Result(int[] order, float[] rows, float[] norms, int[] neighbours, float[] distances, int[] counts, long evaluations,
                  int cells, int probes) {
    }

    private CellSearch() {
    }

    /** The number of cells for n points. */
    static int cells(int n) {
        return Math.max(1, Math.min(MAX_CELLS, n / CELL_SIZE));
    }

    /** The cells each point probes, of {@code cells} for n points, to compare it with about {@code probedPoints}. */
    static int probes(int n, int cells, int probedPoints) {
        return (int) Math.min(cells, Math.max(MINIMUM_PROBES, ((long) probedPoints * cells + n - 1) / n));
    }

    /**
     * The {@code capacity} nearest candidates of every one of the n points of {@code x} (m
     * coordinates each, row-major) among the points of its probed cells, which hold about
     * {@code probedPoints} points ({@value #PROBED_POINTS} by default).
     *
     * @param sequential a backend that multiplies on the calling thread (the tasks run in parallel)
     * @param progress    told the cells searched, {@value #PROGRESS_ROUNDS} times
     */
    static Result search(float[] x, int n, int m, int capacity, int probedPoints, long seed,
                         LinearAlgebraBackend sequential, Parallel parallel, ProgressListener progress) {
        int cells = cells(n);
        int probes = probes(n, cells, probedPoints);
        float[] centres = centres(x, n, m, cells, seed, sequential, parallel);
        int[] probed = nearestCentres(x, n, m, centres, cells, probes, sequential, parallel);
        int[] starts = new int[cells + 1];
        int[] order = byCell(probed, probes, n, cells, starts);
        float[] rows = new float[n * m];
        int[] probedInOrder = new int[n * probes];
        for (int i = 0; i < n; i++) {
            System.arraycopy(x, order[i] * m, rows, i * m, m);
            System.arraycopy(probed, order[i] * probes, probedInOrder, i * probes, probes);
        }
        float[] norms = squaredNorms(rows, n, m);
        int[] neighbours = new int[n * capacity];
        float[] distances = new float[n * capacity];
        int[] counts = new int[n];
        long evaluations = 0;
        try (ResidentOperand resident = sequential.resident(rows)) {
            // in rounds of cells, between which the progress is reported
            int round = Math.max(1, (cells + PROGRESS_ROUNDS - 1) / PROGRESS_ROUNDS);
            for (int start = 0; start < cells; start += round) {
                int from = start;
                int count = Math.min(round, cells - start);
                evaluations += parallel.map(count, 1, (first, last) -> {
                    CellTask task = new CellTask(rows, norms, centres, m, capacity, probes, starts, probedInOrder,
                            resident, sequential);
                    long computed = 0;
                    for (int cell = from + first; cell < from + last; cell++) {
                        computed += task.search(cell, neighbours, distances, counts);
                    }
                    return computed;
                }).stream().mapToLong(Long::longValue).sum();
                progress.progress("nearest neighbours (cells)", start + count, cells);
            }
        }
        return new Result(order, rows, norms, neighbours, distances, counts, evaluations, cells, probes);
    }

    /**
     * The n points renumbered cell after cell, in index order within a cell (a stable counting
     * sort): the point of each new number; where each cell starts goes to {@code starts} (cells + 1
     * long, n last). Point i's cell is {@code cellOf[i * stride]}.
     */
    static int[] byCell(int[] cellOf, int stride, int n, int cells, int[] starts) {
        Arrays.fill(starts, 0);
        for (int i = 0; i < n; i++) {
            starts[cellOf[i * stride] + 1]++;
        }
        for (int c = 0; c < cells; c++) {
            starts[c + 1] += starts[c];
        }
        int[] next = Arrays.copyOf(starts, cells);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[next[cellOf[i * stride]]++] = i;
        }
        return order;
    }

    /** The squared norms of the n rows of x. */
    static float[] squaredNorms(float[] x, int n, int m) {
        float[] norms = new float[n];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int t = 0; t < m; t++) {
                sum += (double) x[i * m + t] * x[i * m + t];
            }
            norms[i] = (float) sum;
        }
        return norms;
    }

    /**
     * The centres of the cells: Lloyd's k-means on a sample, started from sampled points; a centre
     * that loses all its points stays where it was.
     */
    static float[] centres(float[] x, int n, int m, int cells, long seed, LinearAlgebraBackend sequential,
                           Parallel parallel) {
        SplittableRandom random = new SplittableRandom(NeighbourDescent.mix(seed ^ 0x63656c6c73L));
        int s = (int) Math.min(n, (long) cells * SAMPLE_PER_CELL);
        int[] sample = s == n ? null : RandomSample.indices(n, s, random);
        float[] points = new float[s * m];
        for (int r = 0; r < s; r++) {
            System.arraycopy(x, (sample == null ? r : sample[r]) * m, points, r * m, m);
        }
        float[] centres = new float[cells * m];
        int[] first = RandomSample.indices(s, cells, random);
        for (int c = 0; c < cells; c++) {
            System.arraycopy(points, first[c] * m, centres, c * m, m);
        }
        double[] sums = new double[cells * m];
        int[] sizes = new int[cells];
        for (int iteration = 0; iteration < LLOYD_ITERATIONS; iteration++) {
            int[] nearest = nearestCentres(points, s, m, centres, cells, 1, sequential, parallel);
            Arrays.fill(sums, 0);
            Arrays.fill(sizes, 0);
            for (int r = 0; r < s; r++) {
                int c = nearest[r];
                sizes[c]++;
                for (int t = 0; t < m; t++) {
                    sums[c * m + t] += points[r * m + t];
                }
            }
            for (int c = 0; c < cells; c++) {
                if (sizes[c] > 0) {
                    for (int t = 0; t < m; t++) {
                        centres[c * m + t] = (float) (sums[c * m + t] / sizes[c]);
                    }
                }
            }
        }
        return centres;
    }

    /**
     * The {@code probes} nearest centres of each of the n rows of x, nearest first (ties to the
     * smaller centre), {@code probes} entries per row.
     */
    static int[] nearestCentres(float[] x, int n, int m, float[] centres, int cells, int probes,
                                LinearAlgebraBackend sequential, Parallel parallel) {
        float[] centreNorms = squaredNorms(centres, cells, m);
        int[] nearest = new int[n * probes];
        parallel.forRange(n, ASSIGN_BLOCK, (from, to) -> {
            int count = to - from;
            float[] products = new float[count * cells];
            sequential.gemm(false, true, count, cells, m, 1f, x, from * m, m, centres, 0, m, 0f, products, 0, cells);
            float[] values = new float[cells];
            long[] keys = new long[probes];
            int[] survivors = new int[cells];
            for (int r = 0; r < count; r++) {
                float rowNorm = 0;
                for (int t = 0; t < m; t++) {
                    rowNorm += x[(from + r) * m + t] * x[(from + r) * m + t];
                }
                for (int c = 0; c < cells; c++) {
                    values[c] = rowNorm + centreNorms[c] - 2f * products[r * cells + c];
                }
                offer(values, cells, 0, keys, 0, 0, probes, survivors);
                for (int t = 0; t < probes; t++) {
                    nearest[(from + r) * probes + t] = (int) keys[t];
                }
            }
        });
        return nearest;
    }

    /** {@code array}, or a larger new one (its values not kept) when it is shorter than {@code length}. */
    static int[] grow(int[] array, int length) {
        return array.length >= length ? array : new int[Math.max(length, 2 * array.length)];
    }

    /** As {@link #grow(int[], int)}. */
    static long[] grow(long[] array, int length) {
        return array.length >= length ? array : new long[Math.max(length, 2 * array.length)];
    }

    /** As {@link #grow(int[], int)}. */
    static float[] grow(float[] array, int length) {
        return array.length >= length ? array : new float[Math.max(length, 2 * array.length)];
    }

    /**
     * Offers the {@code count} values (of indices {@code indexBase + j}) to the ascending list of at
     * most {@code capacity} keys at {@code keys[base..]} that holds {@code filled}
     * ({@link CandidateSelection#key}); returns how many it holds then. An infinite value is never
     * kept. Once the list is full the values are first compared with its largest in one loop
     * without a branch, which writes every index and counts those at or below it
     * ({@code survivors}, at least count long, is scratch): a branch there, taken for about
     * half the values of a point's own cell, would be mispredicted as often.
     */
    static int offer(float[] values, int count, int indexBase, long[] keys, int base, int filled, int capacity,
                     int[] survivors) {
        int j = 0;
        for (; j < count && filled < capacity; j++) {
            if (values[j] != Float.POSITIVE_INFINITY) {
                filled = CandidateSelection.insertKey(keys, base, filled, capacity,
                        CandidateSelection.key(values[j], indexBase + j));
            }
        }
        if (j == count) {
            return filled;
        }
        float bound = CandidateSelection.valueOf(keys[base + capacity - 1]);
        int kept = 0;
        for (; j < count; j++) {
            survivors[kept] = j;
            kept += values[j] <= bound ? 1 : 0;
        }
        for (int s = 0; s < kept; s++) {
            int index = survivors[s];
            if (values[index] <= bound) {
                filled = CandidateSelection.insertKey(keys, base, filled, capacity,
                        CandidateSelection.key(values[index], indexBase + index));
                bound = CandidateSelection.valueOf(keys[base + capacity - 1]);
            }
        }
        return filled;
    }

    /** One task's scratch for searching cells one after another. */
    private static final class CellTask {
        private final float[] rows;
        private final float[] norms;
        private final int m;
        private final int capacity;
        private final int probes;
        private final int[] starts;
        private final int[] probed;
        private final ResidentOperand resident;
        private final LinearAlgebraBackend sequential;
        private final float[] centres;
        private long[] pairs = new long[0];
        private int[] runStarts = new int[0];
        private long[] keys = new long[0];
        private int[] filled = new int[0];
        private float[] queries = new float[0];
        private float[] products = new float[0];
        private float[] values = new float[0];
        private int[] survivors = new int[0];

        CellTask(float[] rows, float[] norms, float[] centres, int m, int capacity, int probes, int[] starts,
                 int[] probed, ResidentOperand resident, LinearAlgebraBackend sequential) {
            this.rows = rows;
            this.centres = centres;
            this.norms = norms;
            this.m = m;
            this.capacity = capacity;
            this.probes = probes;
            this.starts = starts;
            this.probed = probed;
            this.resident = resident;
            this.sequential = sequential;
        }

        /**
         * The candidates of the points of cell a: for each cell b they probe (in ascending order),
         * their distances to b's points from one product, each offered to the point's list.
         * Returns the distances computed.
         */
        long search(int a, int[] neighbours, float[] distances, int[] counts) {
            int from = starts[a];
            int size = starts[a + 1] - from;
            if (size == 0) {
                return 0;
            }
            long[] visit = runs(a, from, size);
            long computed = 0;
            for (long visited : visit) {
                int r = (int) visited;
                int run = runStarts[r];
                int end = runStarts[r + 1];
                int b = (int) (pairs[run] >>> 32);
                // in blocks of queries and of b's points: the products stay small however large a cell
                // is (all the copies of a repeated point fall into one)
                for (int first = run; first < end; first += QUERY_BLOCK) {
                    int count = Math.min(QUERY_BLOCK, end - first);
                    for (int column = starts[b]; column < starts[b + 1]; column += COLUMN_BLOCK) {
                        computed += searchBlock(from, first, count, column, Math.min(COLUMN_BLOCK, starts[b + 1] - column));
                    }
                }
            }
            emit(from, size, neighbours, distances, counts);
            return computed;
        }

        /**
         * The probes of the {@code size} points of cell a (from {@code from}) grouped into runs of one
         * probed cell each ({@link #pairs} sorted, {@link #runStarts}), and the order to visit them:
         * nearest cell first (a's own), so that the lists' bounds tighten at once and few later
         * points enter them. Each returned key holds a run's index in its low half.
         */
        private long[] runs(int a, int from, int size) {
            int pairCount = size * probes;
            pairs = grow(pairs, pairCount);
            for (int q = 0; q < size; q++) {
                for (int t = 0; t < probes; t++) {
                    pairs[q * probes + t] = ((long) probed[(from + q) * probes + t] << 32) | q;
                }
            }
            Arrays.sort(pairs, 0, pairCount);
            keys = grow(keys, size * capacity);
            if (filled.length < size) {
                filled = new int[size];
            }
            Arrays.fill(filled, 0, size, 0);
            int runs = 0;
            runStarts = grow(runStarts, pairCount + 1);
            for (int run = 0; run < pairCount; runs++) {
                int b = (int) (pairs[run] >>> 32);
                int end = run;
                while (end < pairCount && (int) (pairs[end] >>> 32) == b) {
                    end++;
                }
                runStarts[runs] = run;
                runStarts[runs + 1] = end;
                run = end;
            }
            long[] visit = new long[runs];
            for (int r = 0; r < runs; r++) {
                int b = (int) (pairs[runStarts[r]] >>> 32);
                float distance = b == a ? 0f : centreDistance(a, b);
                visit[r] = CandidateSelection.key(distance, r);
            }
            Arrays.sort(visit);
            return visit;
        }

        /**
         * The {@code count} queries of {@link #pairs} from {@code first} (points of the cell starting
         * at {@code from}) against the {@code width} points from {@code column}: one product, each
         * row offered to its query's list. Returns the distances computed.
         */
        private long searchBlock(int from, int first, int count, int column, int width) {
            queries = grow(queries, count * m);
            for (int q = 0; q < count; q++) {
                System.arraycopy(rows, (from + (int) pairs[first + q]) * m, queries, q * m, m);
            }
            products = grow(products, count * width);
            values = grow(values, width);
            sequential.gemm(false, true, count, width, m, 1f, queries, 0, m, resident, column * m, m, 0f, products, 0,
                    width);
            long computed = 0;
            for (int q = 0; q < count; q++) {
                int query = (int) pairs[first + q];
                int point = from + query;
                offerRow(point, query, column, width, q * width);
                computed += width - (point >= column && point < column + width ? 1 : 0);
            }
            return computed;
        }

        /** The lists of the {@code size} points from {@code from} into the result's arrays. */
        private void emit(int from, int size, int[] neighbours, float[] distances, int[] counts) {
            for (int q = 0; q < size; q++) {
                int point = from + q;
                counts[point] = filled[q];
                for (int t = 0; t < filled[q]; t++) {
                    long key = keys[q * capacity + t];
                    neighbours[point * capacity + t] = (int) key;
                    distances[point * capacity + t] = Float.intBitsToFloat((int) (key >>> 32));
                }
            }
        }

        /** Offers the points {@code [bFrom, bFrom + bSize)} to the list of {@code point} (q-th of its cell). */
        private void offerRow(int point, int q, int bFrom, int bSize, int productRow) {
            float norm = norms[point];
            for (int j = 0; j < bSize; j++) {
                values[j] = norm + norms[bFrom + j] - 2f * products[productRow + j];
            }
            if (point >= bFrom && point < bFrom + bSize) {
                values[point - bFrom] = Float.POSITIVE_INFINITY;
            }
            survivors = grow(survivors, bSize);
            int size = offer(values, bSize, bFrom, keys, q * capacity, filled[q], capacity, survivors);
            filled[q] = size;
        }

        /** The squared distance of the centres of cells a and b. */
        private float centreDistance(int a, int b) {
            float sum = 0;
            for (int t = 0; t < m; t++) {
                float difference = centres[a * m + t] - centres[b * m + t];
                sum += difference * difference;
            }
            return sum;
        }
    }
}
