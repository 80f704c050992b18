package io.csc.algorithm.scpc;

import io.csc.linalg.SparseMatrix;
import java.util.Arrays;
import java.util.List;

/**
 * The constraint propagation of SC-PC (Eq. 4 to 6 of its paper) inside one connected
 * component {@code T_a} of the must-link graph. Each constrained point {@code p_j} of the component
 * has a list {@code L_pj} of its l nearest neighbours by the affinity Ẑ; a neighbour that appears
 * in {@code freq} lists of the component gets the value
 * <pre>
 *   lookup(freq) = min + freq · (max - min) / (m - 1)   (m > 1),   max   (m = 1)       (Eq. 4)
 * </pre>
 * where m is the number of distinct frequencies and min, max are the smallest and largest affinity
 * in the lists. Every point of the component then takes the union of the lists as its
 * neighbours (Eq. 5) with these values (Eq. 6): {@code Ẑ(x, p_j) = lookup(freq_x)} for all
 * {@code p_j ∈ T_a} and all x in the union.
 *
 * <p>Eq. 4 is applied as printed, with the frequency itself (not its rank) in the product, which is
 * what the paper's worked example computes: frequencies (1, 2), min 0.4 and max 0.7 give
 * {@code lookupVec = (0.7, 1)}. Values may therefore exceed max when frequencies are large; they
 * grow with how many points of the component share the neighbour.
 *
 * <p>Time O(L log L) for L listed neighbours.
 */
public final class NeighbourhoodPropagation {

    /**
     * The propagated neighbourhood of one component.
     *
     * @param neighbours the union of the lists (Eq. 5), ascending point indices
     * @param values the value Ẑ(x, p_j) of each neighbour for every p_j of the component (Eq. 6)
     * @param degreeVector the distinct frequencies, ascending (the paper's degreeVec)
     * @param lookupVector the value of each distinct frequency (the paper's lookupVec)
     * @param minimum the smallest affinity in the lists
     * @param maximum the largest affinity in the lists
     */
    public record Component(int[] neighbours, double[] values, int[] degreeVector, double[] lookupVector,
                            double minimum, double maximum) {

        /** A component whose points have no neighbour. */
        static Component empty() {
            return new Component(new int[0], new double[0], new int[0], new double[0], Double.NaN, Double.NaN);
        }
    }

    /** The neighbours of one constrained point and their affinities, by decreasing affinity. */
    public record NeighbourList(int[] points, double[] affinities) {
    }

    private NeighbourhoodPropagation() {
    }

    /**
     * Eq. 4 to 6 for one component from the neighbour lists {@code L_pj} of its points.
     */
    public static Component propagate(List<NeighbourList> lists) {
        int total = 0;
        double minimum = Double.POSITIVE_INFINITY;
        double maximum = Double.NEGATIVE_INFINITY;
        for (NeighbourList list : lists) {
            if (list.points().length != list.affinities().length) {
                throw new IllegalArgumentException("A neighbour list has " + list.points().length + " points but "
                        + list.affinities().length + " affinities");
            }
            total += list.points().length;
            for (double value : list.affinities()) {
                minimum = Math.min(minimum, value);
                maximum = Math.max(maximum, value);
            }
        }
        if (total == 0) {
            return Component.empty();
        }
        int[] all = new int[total];
        int filled = 0;
        for (NeighbourList list : lists) {
            System.arraycopy(list.points(), 0, all, filled, list.points().length);
            filled += list.points().length;
        }
        Arrays.sort(all);
        int[] neighbours = new int[total];
        int[] frequencies = new int[total];
        int distinct = 0;
        for (int t = 0; t < total; t++) {
            if (distinct > 0 && neighbours[distinct - 1] == all[t]) {
                frequencies[distinct - 1]++;
            } else {
                neighbours[distinct] = all[t];
                frequencies[distinct++] = 1;
            }
        }
        int[] degreeVector = Arrays.stream(frequencies, 0, distinct).distinct().sorted().toArray();
        int m = degreeVector.length;
        double[] lookupVector = new double[m];
        for (int i = 0; i < m; i++) {
            lookupVector[i] = m == 1 ? maximum : minimum + degreeVector[i] * (maximum - minimum) / (m - 1);
        }
        double[] values = new double[distinct];
        for (int t = 0; t < distinct; t++) {
            values[t] = lookupVector[Arrays.binarySearch(degreeVector, frequencies[t])];
        }
        return new Component(Arrays.copyOf(neighbours, distinct), values, degreeVector, lookupVector, minimum, maximum);
    }

    /**
     * The l neighbours of landmark j: the points with the largest affinity {@code Ẑ(j, x)} (row j of
     * the p x n matrix {@code affinityByLandmark}), leaving out the constrained points, whose
     * affinities Eq. 3 sets; ties go to the smaller point index. Fewer than l if fewer points chose
     * the landmark.
     *
     */
    static NeighbourList nearest(SparseMatrix affinityByLandmark, int landmark, boolean[] constrained, int l) {
        int[] rowPointers = affinityByLandmark.rowPointers();
        int[] columns = affinityByLandmark.columnIndices();
        double[] values = affinityByLandmark.values();
        int[] points = new int[l];
        double[] best = new double[l];
        int filled = 0;
        for (int p = rowPointers[landmark]; p < rowPointers[landmark + 1]; p++) {
            int point = columns[p];
            double value = values[p];
            if (constrained[point] || (filled == l && !(value > best[l - 1]))) {
                continue;
            }
            int position = filled < l ? filled++ : l - 1;
            while (position > 0 && best[position - 1] < value) {
                best[position] = best[position - 1];
                points[position] = points[position - 1];
                position--;
            }
            best[position] = value;
            points[position] = point;
        }
        return new NeighbourList(Arrays.copyOf(points, filled), Arrays.copyOf(best, filled));
    }
}
