package io.csc.algorithm.apjcsc;

import io.csc.constraint.ConstraintMatrix;
import io.csc.constraint.ConstraintMatrix.RankOneTerm;
import java.util.List;

/**
 * Reads single off-diagonal entries of a structured {@link ConstraintMatrix}
 * ({@code E + Σ_t c_t v_t v_tᵀ + diag(δ)}) without expanding it: an index from each point to the
 * rank-one terms that contain it, so that {@code Q_ij = E_ij + Σ_t c_t v_t[i] v_t[j]} costs a
 * binary search in E plus the (few) terms of i and j. O(labelled points) memory.
 */
final class ConstraintEntries {

    private final ConstraintMatrix matrix;
    /** Terms of point i are {@code term[start[i] .. start[i + 1])} with their values. */
    private final int[] start;
    private final int[] term;
    private final double[] value;

    ConstraintEntries(ConstraintMatrix matrix) {
        this.matrix = matrix;
        int n = matrix.size();
        List<RankOneTerm> terms = matrix.terms();
        start = new int[n + 1];
        for (RankOneTerm t : terms) {
            for (int point : t.points()) {
                start[point + 1]++;
            }
        }
        for (int i = 0; i < n; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = java.util.Arrays.copyOf(start, n);
        term = new int[start[n]];
        value = new double[start[n]];
        for (int t = 0; t < terms.size(); t++) {
            int[] points = terms.get(t).points();
            double[] values = terms.get(t).values();
            for (int a = 0; a < points.length; a++) {
                int position = fill[points[a]]++;
                term[position] = t;
                value[position] = values[a];
            }
        }
    }

    /** The entry (i, j) of the matrix for {@code i != j}. */
    double get(int i, int j) {
        double sum = matrix.explicitPart().get(i, j);
        List<RankOneTerm> terms = matrix.terms();
        for (int p = start[i]; p < start[i + 1]; p++) {
            for (int q = start[j]; q < start[j + 1]; q++) {
                if (term[p] == term[q]) {
                    sum += terms.get(term[p]).coefficient() * value[p] * value[q];
                }
            }
        }
        return sum;
    }
}
