package io.csc.graph;

/**
 * The candidates of one row of the block step ({@link SparseCoding#nearest}): the screening
 * distances of the row to all p landmarks, the c smallest of them, and which of those need their
 * exact distance.
 *
 * <p>The screening distances are single precision: they only rank, and the distances that are kept
 * are recomputed exactly. They are computed in one loop without a branch, clamping or carried
 * dependency, which the compiler turns into vector instructions; the c smallest are then found in
 * one scan against the running c-th smallest, where a value goes through the (rarely taken) branch
 * only when it is below that bound, and is clamped at zero there. Measured on the 2-core machine
 * of docs/BENCHMARKS.md (Java 17, one thread, 70,000 rows of random distances): 0.07 s against
 * 0.15 s for 500 landmarks and 0.8 s against 2.0 s for 8,000, where the previous version clamped
 * with {@code Math.max} and kept per-group minima with {@code Math.min} in the distance loop
 * (neither of which Java 17 vectorizes) to skip the groups above the bound.
 */
final class CandidateSelection {

    /**
     * The relative error of an exact screening distance, per feature: the single-precision product of
     * d features errs by at most d units in the last place (2^-24) of {@code ||x|| ||u||}, and the
     * rounding of the centred features and of the sum of norm and product by a few more. The bound
     * is {@code (d + }{@value #EXTRA_ROUNDINGS}{@code ) 2^-24 (||x||² + ||u||²)}: rigorous, whatever
     * the product's order of summation.
     */
    static final int EXTRA_ROUNDINGS = 16;

    private CandidateSelection() {
    }

    /**
     * The screening distances {@code ||x||² + ||u_j||² - 2 x·u_j} of one row into {@code values}, as
     * computed: a distance near zero can come out negative by rounding, and counts as zero wherever
     * it is read ({@link #clamped}).
     */
    static void screen(float[] products, int base, float rowNorm, float[] landmarkNorms, float[] values) {
        int p = landmarkNorms.length;
        for (int j = 0; j < p; j++) {
            values[j] = rowNorm + landmarkNorms[j] - 2f * products[base + j];
        }
    }

    /** A screening distance as it counts: at least zero. */
    static float clamped(float value) {
        return Math.max(0f, value);
    }

    /**
     * The {@code count} smallest of the p {@code values} ({@link #clamped}) into {@code indices} and
     * {@code smallest}, ascending by value and then by index; returns how many (count, or all values
     * when fewer).
     */
    static int smallest(float[] values, int p, int count, int[] indices, double[] smallest) {
        int filled = 0;
        int j = 0;
        for (; j < p && filled < count; j++) {
            filled = insertSorted(indices, smallest, 0, filled, count, j, clamped(values[j]));
        }
        if (filled < count) {
            return filled;
        }
        // a later value equal to the bound has a larger index and stays out, as a full sort would have it
        float bound = (float) smallest[count - 1];
        for (; j < p; j++) {
            if (values[j] < bound) {
                insertSorted(indices, smallest, 0, filled, count, j, clamped(values[j]));
                bound = (float) smallest[count - 1];
            }
        }
        return filled;
    }

    /**
     * Keeps, of the {@code filled} candidates ascending by screening distance, those whose exact
     * distance can be among the r nearest: the first r, and every later one whose screening distance
     * minus its error bound is at most the largest screening distance plus error bound of the first
     * r. The others are farther than all of the first r whatever the rounding. The kept candidates
     * move to the front in their order; returns how many.
     *
     * @param relativeBound the error bound per unit of {@code ||x||² + ||u||²}
     */
    static int withinRounding(int[] indices, double[] screening, int filled, int r, double rowNorm,
                              double[] landmarkNorms, double relativeBound) {
        int first = Math.min(r, filled);
        double farthest = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < first; t++) {
            farthest = Math.max(farthest, screening[t] + relativeBound * (rowNorm + landmarkNorms[indices[t]]));
        }
        int kept = first;
        for (int t = first; t < filled; t++) {
            if (screening[t] - relativeBound * (rowNorm + landmarkNorms[indices[t]]) <= farthest) {
                indices[kept] = indices[t];
                screening[kept++] = screening[t];
            }
        }
        return kept;
    }

    /**
     * Inserts (index, value) into the list of at most r entries at {@code offset}, ascending by value
     * and then by index, dropping the last when full; returns its new length.
     */
    static int insertSorted(int[] indices, double[] values, int offset, int filled, int r, int index, double value) {
        if (filled == r) {
            double last = values[offset + r - 1];
            if (value > last || (value == last && index > indices[offset + r - 1])) {
                return filled;
            }
        }
        int position = filled < r ? filled++ : r - 1;
        while (position > 0 && (values[offset + position - 1] > value
                || (values[offset + position - 1] == value && indices[offset + position - 1] > index))) {
            values[offset + position] = values[offset + position - 1];
            indices[offset + position] = indices[offset + position - 1];
            position--;
        }
        values[offset + position] = value;
        indices[offset + position] = index;
        return filled;
    }
}
