package io.csc.graph;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * A random projection tree over the rows of a row-major single-precision array (Dasgupta and
 * Freund 2008, in the variant of Annoy and PyNNDescent): each node splits its points by the
 * hyperplane halfway between two of them drawn at random, until a leaf holds at most
 * {@code leafSize} points. Points of one leaf are close with high probability, which makes the
 * leaves a good start for {@link NeighbourDescent}, and the order of the leaves a
 * locality-preserving order of the points.
 *
 * @param order  the point indices, leaf after leaf (depth first)
 * @param starts where each leaf starts in {@code order}, with {@code order.length} appended
 */
record ProjectionTree(int[] order, int[] starts) {

    /** The number of leaves. */
    int leaves() {
        return starts.length - 1;
    }

    /**
     * The tree of the n points of {@code x} (m coordinates each) with leaves of at most
     * {@code leafSize} points; {@code seed} fixes every choice. Time O(n m log(n / leafSize)).
     *
     * <p>The rows are copied and moved along with the points they belong to, so that the points
     * of a node lie together in memory and each split reads them in one stream: reading them in
     * place, scattered over the whole array, every row would be a wait on memory.
     */
    static ProjectionTree build(float[] x, int n, int m, int leafSize, long seed) {
        int[] order = new int[n];
        Arrays.setAll(order, i -> i);
        float[] rows = Arrays.copyOf(x, n * m);
        int[] starts = new int[n + 1];
        int leaves = 0;
        float[] normal = new float[m];
        float[] swap = new float[m];
        boolean[] below = new boolean[n];
        Deque<int[]> pending = new ArrayDeque<>();
        pending.push(new int[] {0, n});
        while (!pending.isEmpty()) {
            int[] range = pending.pop();
            int from = range[0];
            int to = range[1];
            int size = to - from;
            if (size <= leafSize) {
                starts[leaves++] = from;
                continue;
            }
            long draw = NeighbourDescent.mix(seed ^ NeighbourDescent.mix(((long) from << 32) | to));
            int a = from + (int) Long.remainderUnsigned(draw, size);
            int b = from + (int) Long.remainderUnsigned(NeighbourDescent.mix(draw), size);
            int middle = from;
            if (order[a] != order[b]) {
                double offset = 0;
                for (int t = 0; t < m; t++) {
                    normal[t] = rows[a * m + t] - rows[b * m + t];
                    offset += normal[t] * 0.5 * ((double) rows[a * m + t] + rows[b * m + t]);
                }
                middle = partition(rows, m, order, from, to, normal, offset, draw, below, swap);
            }
            if (middle == from || middle == to) {
                // every point on one side (duplicates): an arbitrary halving keeps the leaves small
                middle = from + size / 2;
            }
            pending.push(new int[] {middle, to});
            pending.push(new int[] {from, middle});
        }
        int[] bounds = Arrays.copyOf(starts, leaves + 1);
        bounds[leaves] = n;
        return new ProjectionTree(order, bounds);
    }

    /**
     * Moves the points of {@code order[from, to)}, with their rows, below the hyperplane
     * {@code normal·x = offset} before those above it (a point on it goes by a hash of its index)
     * and returns where the second side starts. The sides are computed first, into {@code below}
     * (by position), in one pass over the rows.
     */
    private static int partition(float[] rows, int m, int[] order, int from, int to, float[] normal, double offset,
                                 long draw, boolean[] below, float[] swap) {
        for (int position = from; position < to; position++) {
            below[position] = below(rows, m, position, order[position], normal, offset, draw);
        }
        int low = from;
        int high = to - 1;
        while (low <= high) {
            if (below[low]) {
                low++;
            } else {
                int point = order[low];
                order[low] = order[high];
                order[high] = point;
                below[low] = below[high];
                below[high] = false;
                System.arraycopy(rows, low * m, swap, 0, m);
                System.arraycopy(rows, high * m, rows, low * m, m);
                System.arraycopy(swap, 0, rows, high * m, m);
                high--;
            }
        }
        return low;
    }

    private static boolean below(float[] rows, int m, int position, int point, float[] normal, double offset,
                                 long draw) {
        // four running sums: one sum waits on the previous addition at every step, four overlap
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int base = position * m;
        int t = 0;
        for (; t + 3 < m; t += 4) {
            s0 += normal[t] * rows[base + t];
            s1 += normal[t + 1] * rows[base + t + 1];
            s2 += normal[t + 2] * rows[base + t + 2];
            s3 += normal[t + 3] * rows[base + t + 3];
        }
        for (; t < m; t++) {
            s0 += normal[t] * rows[base + t];
        }
        double side = (s0 + s1) + (s2 + s3) - offset;
        return side < 0 || (side == 0 && (NeighbourDescent.mix(draw ^ point) & 1) == 0);
    }
}
