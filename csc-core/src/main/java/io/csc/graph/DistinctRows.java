package io.csc.graph;

import io.csc.api.UnsuitableInputException;
import io.csc.data.Dataset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The distinct points of a data set: which points share all their coordinates (duplicates), as
 * categorical, binary, ordinal or rounded data have them by the hundred. Coordinates compare by
 * value ({@code -0.0 == 0.0}).
 *
 * @param location per point, the index of its distinct point
 * @param points   per distinct point, the first point at it
 * @param counts   per distinct point, how many points are at it
 */
public record DistinctRows(int[] location, int[] points, int[] counts) {

    /** The distinct points of {@code data}, in the order of their first point. O(n d) expected time. */
    public static DistinctRows of(Dataset data) {
        int n = data.size();
        int d = data.dimension();
        Map<Row, Integer> seen = new HashMap<>();
        int[] location = new int[n];
        int[] points = new int[n];
        int[] counts = new int[n];
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            double[] values = new double[d];
            data.copyRow(i, values, 0);
            for (int t = 0; t < d; t++) {
                values[t] += 0.0; // -0.0 becomes 0.0, so that equal values hash alike
            }
            Integer known = seen.putIfAbsent(new Row(values), distinct);
            if (known == null) {
                points[distinct] = i;
                location[i] = distinct++;
            } else {
                location[i] = known;
            }
            counts[location[i]]++;
        }
        return new DistinctRows(location, Arrays.copyOf(points, distinct), Arrays.copyOf(counts, distinct));
    }

    /**
     * {@link #of}, refusing data whose points are all at one place: the k-NN rules need two distinct
     * points.
     */
    static DistinctRows ofSeveral(Dataset data) {
        DistinctRows distinct = of(data);
        if (distinct.count() < 2) {
            throw new UnsuitableInputException("The " + data.size() + " points are all identical: there is nothing "
                    + "to cluster; check the data (or its scaling)");
        }
        return distinct;
    }

    /** The number of distinct points. */
    public int count() {
        return points.length;
    }

    /** A row's values as a hash key, compared by value. */
    private record Row(double[] values) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Row row && Arrays.equals(values, row.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }
}
