package io.csc.data;

import java.util.HashSet;
import java.util.Set;

/** How many different points a data set holds; identical rows always share a cluster. */
public final class DistinctPoints {

    private DistinctPoints() {
    }

    /**
     * The number of distinct rows of {@code data}, counted up to {@code limit}: the answer is
     * {@code min(distinct, limit)}, and reading stops there, so that asking whether there are at
     * least k distinct points costs about k rows on ordinary data. {@code 0.0} and {@code -0.0}
     * are the same value.
     */
    public static int count(Dataset data, int limit) {
        int dimension = data.dimension();
        Set<Row> seen = new HashSet<>();
        for (int i = 0; i < data.size() && seen.size() < limit; i++) {
            double[] row = new double[dimension];
            data.copyRow(i, row, 0);
            seen.add(new Row(row, 0, dimension));
        }
        return seen.size();
    }

    /** One row of a row-major array, compared by value. */
    private static final class Row {
        private final double[] values;
        private final int start;
        private final int length;
        private final int hash;

        Row(double[] values, int start, int length) {
            this.values = values;
            this.start = start;
            this.length = length;
            int h = 1;
            for (int j = 0; j < length; j++) {
                h = 31 * h + Double.hashCode(values[start + j] + 0.0);
            }
            this.hash = h;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Row that) || that.length != length) {
                return false;
            }
            for (int j = 0; j < length; j++) {
                if (values[start + j] != that.values[that.start + j]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
