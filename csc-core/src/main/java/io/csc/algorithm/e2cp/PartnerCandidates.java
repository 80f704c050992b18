package io.csc.algorithm.e2cp;

import java.util.Arrays;

/**
 * The candidates for the m strongest propagated partners of one point, screened by single-precision
 * values f_j with a bound b on their error ({@link SinglePrecisionFactors}), then decided exactly.
 *
 * <p>A min-heap keeps the m largest screening values seen (built in one pass once m have come); with its least value T, no column with
 * {@code f_j < T - 2b} can be among the m largest exact values (m columns have exact values of at
 * least {@code T - b}, and such a column's is below), nor one with {@code f_j ≤ -b} positive. Every other column offered is kept as
 * a candidate, in the order offered. {@link #select} then recomputes the survivors in double precision and
 * keeps the m largest positive ones, the lower column first among equal values: exactly the partners
 * a scan of the double-precision row would choose, whatever the order of the offers.
 */
final class PartnerCandidates {

    private final int capacity;
    private final float[] heap;
    private int heapSize;
    private int[] columns;
    private float[] values;
    private int count;
    private double bound;
    private double threshold;

    PartnerCandidates(int capacity) {
        this.capacity = capacity;
        heap = new float[capacity];
        columns = new int[4 * capacity + 16];
        values = new float[columns.length];
    }

    /** Starts a new row whose screening values are within {@code bound} of the exact ones. */
    void reset(double bound) {
        this.bound = bound;
        heapSize = 0;
        count = 0;
        threshold = capacity == 0 ? Double.POSITIVE_INFINITY : Math.nextUp(-bound);
    }

    /**
     * Screening values below this cannot be partners (+∞ when no partners are kept). Columns exactly
     * at it are kept, so that a dropped column is strictly weaker than the m-th partner and cannot
     * tie with it.
     */
    double threshold() {
        return threshold;
    }

    /** Offers column j with screening value f, in any order of the columns, never the row's own (the diagonal). */
    void offer(int j, float f) {
        if (!(f >= threshold)) {
            return;
        }

        if (heapSize < capacity) {
            heap[heapSize++] = f;
            if (heapSize == capacity) {
                for (int position = capacity / 2 - 1; position >= 0; position--) {
                    siftDown(position);
                }
                raiseThreshold();
            }
        } else if (f > heap[0]) {
            heap[0] = f;
            siftDown(0);
            raiseThreshold();
        }
        if (count == columns.length) {
            compact();
        }
        columns[count] = j;
        values[count++] = f;
    }

    /**
     * The partners of row i among the candidates, by exact value, into {@code partnerIndex} and
     * {@code partnerValue} sorted by decreasing value; returns how many there are.
     */
    int select(int i, PropagatedConstraints propagated, int[] partnerIndex, double[] partnerValue) {
        int found = 0;
        for (int t = 0; t < count; t++) {
            if (values[t] >= threshold) {
                int j = columns[t];
                double exact = propagated.entry(i, j);
                if (exact > 0 && (found < capacity || before(exact, j, partnerValue[found - 1], partnerIndex[found - 1]))) {
                    found = insert(partnerIndex, partnerValue, found, j, exact);
                }
            }
        }
        return found;
    }

    private void raiseThreshold() {
        threshold = Math.max(Math.nextUp(-bound), heap[0] - 2 * bound);
    }

    /** Drops the candidates the threshold has passed, or makes room when none can be dropped. */
    private void compact() {
        int kept = 0;
        for (int t = 0; t < count; t++) {
            if (values[t] >= threshold) {
                columns[kept] = columns[t];
                values[kept++] = values[t];
            }
        }
        count = kept;
        if (count > columns.length / 2) {
            columns = Arrays.copyOf(columns, 2 * columns.length);
            values = Arrays.copyOf(values, columns.length);
        }
    }

    /** Moves the value at {@code position} down the min-heap to its place. */
    private void siftDown(int position) {
        float value = heap[position];
        while (true) {
            int child = 2 * position + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && heap[child + 1] < heap[child]) {
                child++;
            }
            if (heap[child] >= value) {
                break;
            }
            heap[position] = heap[child];
            position = child;
        }
        heap[position] = value;
    }

    /** Whether (f, j) comes before (g, k) in the partner order: larger value, then lower column. */
    private static boolean before(double f, int j, double g, int k) {
        return f > g || (f == g && j < k);
    }

    /**
     * Inserts (j, f) into the partner list sorted by decreasing value then increasing column,
     * keeping at most its capacity.
     */
    static int insert(int[] index, double[] value, int found, int j, double f) {
        int capacity = index.length;
        int position = Math.min(found, capacity - 1);
        while (position > 0 && before(f, j, value[position - 1], index[position - 1])) {
            if (position < capacity) {
                index[position] = index[position - 1];
                value[position] = value[position - 1];
            }
            position--;
        }
        index[position] = j;
        value[position] = f;
        return Math.min(found + 1, capacity);
    }
}
