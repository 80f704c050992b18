package io.csc.data;

import io.csc.api.UnsuitableInputException;
import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The distinct points of a data set: which points share all their coordinates (duplicates), as
 * categorical, binary, ordinal or rounded data have them by the hundred. Coordinates compare by
 * value ({@code -0.0 == 0.0}).
 *
 * @param location per point, the index of its distinct point (empty from {@link #count})
 * @param points   per distinct point, the first point at it
 * @param counts   per distinct point, how many points are at it
 */
public record DistinctRows(int[] location, int[] points, int[] counts) {

    /**
     * The distinct points of {@code data}, in the order of their first point. O(n d) expected time;
     * memory O(n) besides the data: each row is hashed as it is read, and compared value by value
     * only with the earlier distinct rows of the same hash.
     */
    public static DistinctRows of(Dataset data) {
        return scan(data, Integer.MAX_VALUE, true, null);
    }

    /**
     * As {@link #of(Dataset)}, the rows hashed on {@code parallel}'s threads first: on 70,000 rows of
     * 784 values hashing is most of the work, and the grouping that follows reads a row again only
     * where two hashes meet. The same result on any thread count.
     */
    public static DistinctRows of(Dataset data, Parallel parallel) {
        int n = data.size();
        int d = data.dimension();
        long[] hashes = new long[n];
        parallel.forRange(n, HASH_GRAIN, (from, to) -> {
            double[] row = new double[d];
            for (int i = from; i < to; i++) {
                data.copyRow(i, row, 0);
                hashes[i] = hash(row);
            }
        });
        return scan(data, Integer.MAX_VALUE, true, hashes);
    }

    /** Rows per task of the parallel hashing. */
    private static final int HASH_GRAIN = 2048;

    /**
     * The number of distinct rows of {@code data}, counted up to {@code limit}: the answer is
     * {@code min(distinct, limit)}, and reading stops there, so that asking whether there are at
     * least k distinct points costs about k rows on ordinary data, and memory O(limit).
     */
    public static int count(Dataset data, int limit) {
        return scan(data, limit, false, null).count();
    }

    /**
     * The rows read until {@code limit} distinct ones are found; the points' locations when
     * {@code locate}; {@code hashes}: the rows' hashes when already computed, else null.
     */
    private static DistinctRows scan(Dataset data, int limit, boolean locate, long[] hashes) {
        int n = data.size();
        int d = data.dimension();
        int most = Math.min(n, limit);
        Map<Long, Integer> firstOfHash = new HashMap<>();
        int[] location = locate ? new int[n] : new int[0];
        int[] points = new int[most];
        int[] counts = new int[most];
        int[] sameHash = new int[most];
        double[] row = new double[d];
        double[] other = new double[d];
        int distinct = 0;
        for (int i = 0; i < n && distinct < limit; i++) {
            long hash;
            if (hashes == null) {
                data.copyRow(i, row, 0);
                hash = hash(row);
            } else {
                hash = hashes[i];
            }
            Integer first = firstOfHash.get(hash);
            if (hashes != null && first != null) {
                data.copyRow(i, row, 0);
            }
            int found = -1;
            int last = -1;
            for (int a = first == null ? -1 : first; a >= 0; a = sameHash[a]) {
                data.copyRow(points[a], other, 0);
                if (equal(row, other)) {
                    found = a;
                    break;
                }
                last = a;
            }
            if (found < 0) {
                found = distinct++;
                points[found] = i;
                sameHash[found] = -1;
                if (last < 0) {
                    firstOfHash.put(hash, found);
                } else {
                    sameHash[last] = found;
                }
            }
            if (locate) {
                location[i] = found;
            }
            counts[found]++;
        }
        return new DistinctRows(location, Arrays.copyOf(points, distinct), Arrays.copyOf(counts, distinct));
    }

    /** A hash of the values in which {@code -0.0} and {@code 0.0} are alike. */
    private static long hash(double[] values) {
        long hash = 0x9e3779b97f4a7c15L;
        for (double value : values) {
            hash = (hash ^ Double.doubleToLongBits(value + 0.0)) * 0x100000001b3L;
            hash ^= hash >>> 29;
        }
        return hash;
    }

    /** Equal by value, as {@code ==} compares doubles. */
    private static boolean equal(double[] a, double[] b) {
        for (int t = 0; t < a.length; t++) {
            if (a[t] != b[t]) {
                return false;
            }
        }
        return true;
    }

    /** These rows, refused when the points are all at one place: the k-NN rules need two distinct points. */
    public DistinctRows requireSeveral() {
        if (count() < 2) {
            throw new UnsuitableInputException("The " + location.length + " points are all identical: there is nothing "
                    + "to cluster; check the data (or its scaling)");
        }
        return this;
    }

    /** The most points at one distinct point. */
    public int largestCount() {
        int largest = 0;
        for (int count : counts) {
            largest = Math.max(largest, count);
        }
        return largest;
    }

    /** The number of distinct points. */
    public int count() {
        return points.length;
    }
}
