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
     */
    static ProjectionTree build(float[] x, int n, int m, int leafSize, long seed) {
        int[] order = new int[n];
        Arrays.setAll(order, i -> i);
        int[] starts = new int[n + 1];
        int leaves = 0;
        float[] normal = new float[m];
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
            int a = order[from + (int) Long.remainderUnsigned(draw, size)];
            int b = order[from + (int) Long.remainderUnsigned(NeighbourDescent.mix(draw), size)];
            int middle = from;
            if (a != b) {
                double offset = 0;
                for (int t = 0; t < m; t++) {
                    normal[t] = x[a * m + t] - x[b * m + t];
                    offset += normal[t] * 0.5 * ((double) x[a * m + t] + x[b * m + t]);
                }
                middle = partition(x, m, order, from, to, normal, offset, draw);
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
     * Moves the points of {@code order[from, to)} below the hyperplane {@code normal·x = offset}
     * before those above it (a point on it goes by a hash of its index) and returns where the
     * second side starts.
     */
    private static int partition(float[] x, int m, int[] order, int from, int to, float[] normal, double offset,
                                 long draw) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            if (below(x, m, order[low], normal, offset, draw)) {
                low++;
            } else {
                int swap = order[low];
                order[low] = order[high];
                order[high] = swap;
                high--;
            }
        }
        return low;
    }

    private static boolean below(float[] x, int m, int point, float[] normal, double offset, long draw) {
        double side = -offset;
        int base = point * m;
        for (int t = 0; t < m; t++) {
            side += normal[t] * x[base + t];
        }
        return side < 0 || (side == 0 && (NeighbourDescent.mix(draw ^ point) & 1) == 0);
    }
}
