package io.csc.graph;

/**
 * The candidates of one row of the block step ({@link SparseCoding#nearest}): the screening
 * distances of the row to all p landmarks, the c smallest of them, and which of those need their
 * exact distance.
 *
 * <p>The screening distances are single precision: they only rank, and the distances that are kept
 * are recomputed exactly. The landmarks are split into G strided groups (group g holds the landmarks
 * j with {@code j mod G = g}); the c-th smallest of the groups' minima bounds the c-th smallest
 * distance from above, so only the members of the groups whose minimum is within the bound are
 * ranked. Ranking the minima costs G and scanning the groups below the bound about c p / G, so G is
 * the power of two nearest below {@code sqrt(c p)} (32 to 1024): 64 groups for 1,000 landmarks, 256
 * for 8,000.
 */
final class CandidateSelection {

    /** The fewest groups. */
    static final int MINIMUM_GROUPS = 32;
    /** The most groups. */
    static final int MAXIMUM_GROUPS = 1024;

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

    /** The groups for p landmarks and c candidates. */
    static int groups(int p, int candidates) {
        int balanced = Integer.highestOneBit(Math.max(1, (int) Math.sqrt((double) candidates * p)));
        return Math.max(MINIMUM_GROUPS, Math.min(MAXIMUM_GROUPS, balanced));
    }

    /**
     * The screening distances {@code ||x||² + ||u_j||² - 2 x·u_j} of one row into {@code values},
     * clamped at zero, and the smallest of each group into {@code groupMinima}. Every loop reads
     * and writes its arrays from the same offset (the row's products and each row of G values are
     * first copied to offset 0 of {@code values} and of {@code block}, G values): the Java 17
     * compiler vectorizes such loops and leaves scalar those whose arrays are indexed from
     * different offsets, five times slower here.
     */
    static void screen(float[] products, int base, float rowNorm, float[] landmarkNorms, float[] values,
                       float[] groupMinima, int groups, float[] block) {
        int p = landmarkNorms.length;
        System.arraycopy(products, base, values, 0, p);
        for (int j = 0; j < p; j++) {
            values[j] = Math.max(0f, rowNorm + landmarkNorms[j] - 2f * values[j]);
        }
        System.arraycopy(values, 0, groupMinima, 0, Math.min(groups, p));
        for (int start = groups; start < p; start += groups) {
            int width = Math.min(groups, p - start);
            System.arraycopy(values, start, block, 0, width);
            for (int g = 0; g < width; g++) {
                groupMinima[g] = Math.min(groupMinima[g], block[g]);
            }
        }
    }

    /**
     * The {@code count} smallest of the p {@code values} into {@code indices} and {@code smallest},
     * ascending by value and then by index; returns how many (count, or all values when fewer).
     */
    static int smallest(float[] values, int p, float[] groupMinima, int groups, int count, int[] indices,
                        double[] smallest) {
        int groupCount = Math.min(groups, p);
        if (groupCount < count) {
            int filled = 0;
            for (int j = 0; j < p; j++) {
                filled = insertSorted(indices, smallest, 0, filled, count, j, values[j]);
            }
            return filled;
        }
        int bounds = 0;
        for (int g = 0; g < groupCount; g++) {
            bounds = insertSorted(indices, smallest, 0, bounds, count, g, groupMinima[g]);
        }
        double bound = smallest[count - 1];
        int filled = 0;
        for (int g = 0; g < groupCount; g++) {
            if (groupMinima[g] <= bound) {
                for (int j = g; j < p; j += groups) {
                    if (values[j] <= bound) {
                        filled = insertSorted(indices, smallest, 0, filled, count, j, values[j]);
                    }
                }
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
