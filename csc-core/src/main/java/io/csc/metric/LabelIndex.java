package io.csc.metric;

import java.util.Arrays;

/**
 * Arbitrary non-negative labels renumbered to {@code 0..size()-1} in ascending order of value.
 * Time O(n) when the largest label is below about 2n, O(n log n) otherwise.
 */
final class LabelIndex {

    private final int[] values;
    private final int[] indices;

    private LabelIndex(int[] values, int[] indices) {
        this.values = values;
        this.indices = indices;
    }

    /**
     * @param labels labels, all {@code >= 0}
     * @param role how the labels are named in error messages ("true label", "predicted label")
     */
    static LabelIndex of(int[] labels, String role) {
        int max = -1;
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] < 0) {
                throw new IllegalArgumentException("Invalid " + role + " of point " + i + ": " + labels[i]
                        + " (must be >= 0)");
            }
            max = Math.max(max, labels[i]);
        }
        int[] indices = new int[labels.length];
        if (max < 2L * labels.length + 1024) {
            int[] indexOfValue = new int[max + 1];
            for (int label : labels) {
                indexOfValue[label] = 1;
            }
            int count = 0;
            for (int value = 0; value <= max; value++) {
                indexOfValue[value] = indexOfValue[value] == 0 ? -1 : count++;
            }
            int[] values = new int[count];
            for (int value = 0; value <= max; value++) {
                if (indexOfValue[value] >= 0) {
                    values[indexOfValue[value]] = value;
                }
            }
            for (int i = 0; i < labels.length; i++) {
                indices[i] = indexOfValue[labels[i]];
            }
            return new LabelIndex(values, indices);
        }
        int[] values = Arrays.stream(labels).distinct().sorted().toArray();
        for (int i = 0; i < labels.length; i++) {
            indices[i] = Arrays.binarySearch(values, labels[i]);
        }
        return new LabelIndex(values, indices);
    }

    /** The number of distinct labels. */
    int size() {
        return values.length;
    }

    /** The distinct labels, ascending (shared). */
    int[] values() {
        return values;
    }

    /** The index in {@code 0..size()-1} of each point's label (shared). */
    int[] indices() {
        return indices;
    }
}
