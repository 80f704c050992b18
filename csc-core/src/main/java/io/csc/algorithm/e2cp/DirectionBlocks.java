package io.csc.algorithm.e2cp;

/**
 * The columns of {@code F* = H Gᵀ} ({@link PropagatedConstraints}) ordered by the direction of
 * their rows of G and cut into blocks of {@value #WIDTH}, with what bounds a whole block of one row
 * of F* at once, so that {@link ConfidenceScan} computes only the blocks that can matter.
 *
 * <p><b>Order.</b> With {@code g_j = ||g_j|| u_j}, the columns are ordered by a k-d split of the unit
 * directions u (the widest coordinate split at a block boundary near its median, recursively down
 * to one block): the columns of a block point in nearly one direction.
 *
 * <p><b>Bounds.</b> For a block with direction box {@code [lo, hi]} and norms in {@code [r_min, r_max]},
 * {@code x = h · u_j} lies in {@code [Σ_t min(h_t lo_t, h_t hi_t), Σ_t max(h_t lo_t, h_t hi_t)]}, so
 * that {@code F_ij = ||g_j|| x} lies between {@code min(r_min x_min, r_max x_min)} and
 * {@code max(r_max x_max, r_min x_max)} for every column j of the block. A block whose bounds share a
 * sign has {@code Σ_j |F_ij| = |h · Σ_j g_j|}, from the block's column sums. The directions of a
 * block are narrow, so the sign of most blocks is settled (F* is negative wherever the propagated
 * classes of i and j differ) and their upper bounds fall below the row's partners: on Fashion-MNIST
 * with 1,000 labels about 8% of the blocks of a row are computed. The bounds are computed in double
 * precision with a relative allowance ({@link #slack}) far above their rounding.
 */
final class DirectionBlocks {

    /** Columns per block. */
    static final int WIDTH = 64;

    private final int size;
    private final int rank;
    private final int count;
    /** Position in the order to column of F*. */
    private final int[] order;
    /** The direction box of every block, term-major ({@code [t][b]}). */
    private final double[][] lower;
    private final double[][] upper;
    private final double[] smallestNorm;
    private final double[] largestNorm;
    /** The column sums of G over every block, term-major. */
    private final double[][] sums;
    private final double largestColumnNorm;

    DirectionBlocks(PropagatedConstraints propagated) {
        size = propagated.size();
        rank = propagated.rank();
        double[] g = propagated.solved().data();
        double[] directions = new double[size * rank];
        double[] norms = new double[size];
        double largest = 0;
        for (int j = 0; j < size; j++) {
            double squares = 0;
            for (int t = 0; t < rank; t++) {
                squares += g[j * rank + t] * g[j * rank + t];
            }
            norms[j] = Math.sqrt(squares);
            largest = Math.max(largest, norms[j]);
            double inverse = norms[j] > 0 ? 1.0 / norms[j] : 0.0;
            for (int t = 0; t < rank; t++) {
                directions[j * rank + t] = g[j * rank + t] * inverse;
            }
        }
        largestColumnNorm = largest;
        order = new int[size];
        for (int j = 0; j < size; j++) {
            order[j] = j;
        }
        split(directions, 0, size, new double[rank], new double[rank]);
        count = (size + WIDTH - 1) / WIDTH;
        lower = new double[rank][count];
        upper = new double[rank][count];
        sums = new double[rank][count];
        smallestNorm = new double[count];
        largestNorm = new double[count];
        for (int b = 0; b < count; b++) {
            double low = Double.POSITIVE_INFINITY;
            double high = 0;
            for (int t = 0; t < rank; t++) {
                lower[t][b] = Double.POSITIVE_INFINITY;
                upper[t][b] = Double.NEGATIVE_INFINITY;
            }
            for (int position = b * WIDTH; position < Math.min(size, (b + 1) * WIDTH); position++) {
                int j = order[position];
                low = Math.min(low, norms[j]);
                high = Math.max(high, norms[j]);
                for (int t = 0; t < rank; t++) {
                    double u = directions[j * rank + t];
                    lower[t][b] = Math.min(lower[t][b], u);
                    upper[t][b] = Math.max(upper[t][b], u);
                    sums[t][b] += g[j * rank + t];
                }
            }
            smallestNorm[b] = low;
            largestNorm[b] = high;
        }
    }

    /**
     * Orders {@code order[from, to)} by a k-d split of the directions: the coordinate of widest
     * spread, split at the block boundary nearest the middle (by selection, ties by column).
     */
    private void split(double[] directions, int from, int to, double[] low, double[] high) {
        int blocks = (to - from + WIDTH - 1) / WIDTH;
        if (blocks <= 1) {
            return;
        }
        java.util.Arrays.fill(low, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(high, Double.NEGATIVE_INFINITY);
        for (int position = from; position < to; position++) {
            int base = order[position] * rank;
            for (int t = 0; t < rank; t++) {
                low[t] = Math.min(low[t], directions[base + t]);
                high[t] = Math.max(high[t], directions[base + t]);
            }
        }
        int widest = 0;
        for (int t = 1; t < rank; t++) {
            if (high[t] - low[t] > high[widest] - low[widest]) {
                widest = t;
            }
        }
        int middle = from + (blocks + 1) / 2 * WIDTH;
        select(directions, widest, from, to, middle);
        split(directions, from, middle, low, high);
        split(directions, middle, to, low, high);
    }

    /** Rearranges {@code order[from, to)} so that the first {@code nth - from} are the smallest by coordinate t (ties by column). */
    private void select(double[] directions, int t, int from, int to, int nth) {
        int left = from;
        int right = to - 1;
        while (left < right) {
            int pivot = order[left + (right - left) / 2];
            double key = directions[pivot * rank + t];
            int a = left;
            int b = right;
            while (a <= b) {
                while (before(directions, t, order[a], key, pivot)) {
                    a++;
                }
                while (before(directions, t, pivot, directions[order[b] * rank + t], order[b])) {
                    b--;
                }
                if (a <= b) {
                    int swap = order[a];
                    order[a++] = order[b];
                    order[b--] = swap;
                }
            }
            if (nth <= b) {
                right = b;
            } else if (nth >= a) {
                left = a;
            } else {
                return;
            }
        }
    }

    /** Whether column j comes before (key, column) by coordinate t, then by column. */
    private boolean before(double[] directions, int t, int j, double key, int column) {
        double value = directions[j * rank + t];
        return value < key || (value == key && j < column);
    }

    /** n. */
    int size() {
        return size;
    }

    /** The number of blocks. */
    int count() {
        return count;
    }

    /** The column of F* at {@code position} of the order. */
    int column(int position) {
        return order[position];
    }

    /** The order, position to column (not a copy). */
    int[] order() {
        return order;
    }

    /**
     * An allowance, in units of F*, above the rounding of the bounds of the row {@code h}: far
     * above it (2^-36 of the largest |F_ij| the norms allow) and far below the single-precision
     * error of the scan.
     */
    double slack(double[] h, int offset) {
        double norm = 0;
        for (int t = 0; t < rank; t++) {
            norm += h[offset + t] * h[offset + t];
        }
        return 0x1p-36 * Math.sqrt(norm) * largestColumnNorm + Double.MIN_NORMAL;
    }

    /**
     * The bounds of row {@code h} (at {@code offset}, q values) of F* over every block into
     * {@code upperBounds} and {@code lowerBounds}, and {@code h · Σ_j g_j} over each block into
     * {@code blockSums}; loops over the blocks the JIT vectorizes, one store each.
     */
    void bounds(double[] h, int offset, double[] upperBounds, double[] lowerBounds, double[] blockSums) {
        java.util.Arrays.fill(upperBounds, 0, count, 0.0);
        java.util.Arrays.fill(lowerBounds, 0, count, 0.0);
        java.util.Arrays.fill(blockSums, 0, count, 0.0);
        for (int t = 0; t < rank; t++) {
            double ht = h[offset + t];
            if (ht == 0.0) {
                continue;
            }
            addScaled(upperBounds, ht >= 0 ? upper[t] : lower[t], ht, count);
            addScaled(lowerBounds, ht >= 0 ? lower[t] : upper[t], ht, count);
            addScaled(blockSums, sums[t], ht, count);
        }
        for (int b = 0; b < count; b++) {
            double x = upperBounds[b];
            upperBounds[b] = Math.max(largestNorm[b] * x, smallestNorm[b] * x);
        }
        for (int b = 0; b < count; b++) {
            double x = lowerBounds[b];
            lowerBounds[b] = Math.min(largestNorm[b] * x, smallestNorm[b] * x);
        }
    }

    private static void addScaled(double[] out, double[] values, double factor, int count) {
        for (int b = 0; b < count; b++) {
            out[b] += factor * values[b];
        }
    }
}
