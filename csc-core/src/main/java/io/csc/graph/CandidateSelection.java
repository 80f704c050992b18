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

    /**
     * Adds one row's distances to all p landmarks to {@code sums[0]} and their squares to
     * {@code sums[1]}, from its screening distances ({@link #clamped}): the clamped values and their
     * square roots in single precision in one loop the compiler vectorizes (into {@code clampedOut}
     * and {@code roots}), then summed in double precision in four running sums each. A root rounded
     * to single precision is off by at most 2^-24 of itself, far below the screening distance's own
     * rounding; the square roots one at a time in double precision cost more than the selection.
     */
    static void addDistanceSums(float[] values, int p, float[] clampedOut, float[] roots, double[] sums) {
        for (int j = 0; j < p; j++) {
            float value = clamped(values[j]);
            clampedOut[j] = value;
            roots[j] = (float) Math.sqrt(value);
        }
        double d0 = 0;
        double d1 = 0;
        double d2 = 0;
        double d3 = 0;
        double q0 = 0;
        double q1 = 0;
        double q2 = 0;
        double q3 = 0;
        int j = 0;
        for (; j + 3 < p; j += 4) {
            d0 += roots[j];
            d1 += roots[j + 1];
            d2 += roots[j + 2];
            d3 += roots[j + 3];
            q0 += clampedOut[j];
            q1 += clampedOut[j + 1];
            q2 += clampedOut[j + 2];
            q3 += clampedOut[j + 3];
        }
        for (; j < p; j++) {
            d0 += roots[j];
            q0 += clampedOut[j];
        }
        sums[0] += (d0 + d1) + (d2 + d3);
        sums[1] += (q0 + q1) + (q2 + q3);
    }

    /** A screening distance as it counts: at least zero. */
    static float clamped(float value) {
        return Math.max(0f, value);
    }

    /**
     * The {@code count} smallest of the p {@code values} ({@link #clamped}) into {@code indices} and
     * {@code smallest}, ascending by value and then by index; returns how many (count, or all values
     * when fewer); {@code keys} (at least count long) is scratch. The candidates are kept as one
     * long each, the value's bits above the index ({@link #key}), so that "smaller value, then
     * smaller index" is one comparison: a tie between two values is no branch of its own, which the
     * compiler would first leave out as never taken and then, at the first tie, recompile the whole
     * row search for (a pause of about 0.1 s on a cold JVM).
     */
    static int smallest(float[] values, int p, int count, int[] indices, double[] smallest, long[] keys) {
        int first = Math.min(p, count);
        for (int j = 0; j < first; j++) {
            insertKey(keys, 0, j, count, key(values[j], j));
        }
        int filled = first;
        if (filled == count) {
            // a later value equal to the bound has a larger index and stays out, as a full sort would have it
            float bound = valueOf(keys[count - 1]);
            for (int j = count; j < p; j++) {
                if (values[j] < bound) {
                    insertKey(keys, 0, filled, count, key(values[j], j));
                    bound = valueOf(keys[count - 1]);
                }
            }
        }
        for (int t = 0; t < filled; t++) {
            indices[t] = (int) keys[t];
            smallest[t] = valueOf(keys[t]);
        }
        return filled;
    }

    /**
     * A candidate as one long ordered as (value, index): the bits of a float at least zero
     * ({@link #clamped}) order as its value, and the index (at least zero) fills the low half.
     */
    static long key(float value, int index) {
        return ((long) Float.floatToRawIntBits(clamped(value)) << 32) | index;
    }

    static float valueOf(long key) {
        return Float.intBitsToFloat((int) (key >>> 32));
    }

    /**
     * Inserts {@code key} into the ascending list of at most {@code count} keys at {@code keys[base..]},
     * dropping the last when full; returns its new length.
     */
    static int insertKey(long[] keys, int base, int filled, int count, long key) {
        if (filled == count && key > keys[base + count - 1]) {
            return filled;
        }
        int position = filled < count ? filled++ : count - 1;
        while (position > 0 && keys[base + position - 1] > key) {
            keys[base + position] = keys[base + position - 1];
            position--;
        }
        keys[base + position] = key;
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
            // written in any case and counted when it can be among the r nearest (no branch: see #smallest)
            indices[kept] = indices[t];
            screening[kept] = screening[t];
            kept += atMost(screening[t] - relativeBound * (rowNorm + landmarkNorms[indices[t]]), farthest);
        }
        return kept;
    }

    /** 1 when {@code a <= b}, else 0, for values that are not NaN, without a branch. */
    private static int atMost(double a, double b) {
        // b - a is at least zero exactly when a <= b (it is +0.0, never -0.0, when they are equal)
        return 1 - (int) (Double.doubleToRawLongBits(b - a) >>> 63);
    }

    /**
     * The r nearest of {@code filled} candidates (r at most filled) with their exact squared
     * distances, ascending by distance and then by landmark index, into {@code indices} and
     * {@code distances} from {@code out}. Each candidate's place is the number of candidates before
     * it, counted without a branch ({@link #precedes}): the candidates arrive nearly in order, and
     * an insertion whose rare "move it up" case the compiler had left out would recompile the row
     * search when it first happens ({@link #smallest}). {@code rankedIndices} and
     * {@code rankedDistances} (at least filled long) are scratch.
     */
    static void nearestInOrder(int[] candidateIndices, double[] candidateDistances, int filled, int r, int[] indices,
                               double[] distances, int out, int[] rankedIndices, double[] rankedDistances) {
        for (int t = 0; t < filled; t++) {
            long bits = Double.doubleToRawLongBits(candidateDistances[t]);
            int index = candidateIndices[t];
            int place = 0;
            for (int u = 0; u < filled; u++) {
                place += precedes(Double.doubleToRawLongBits(candidateDistances[u]), candidateIndices[u], bits, index);
            }
            rankedIndices[place] = index;
            rankedDistances[place] = candidateDistances[t];
        }
        System.arraycopy(rankedIndices, 0, indices, out, r);
        System.arraycopy(rankedDistances, 0, distances, out, r);
    }

    /**
     * 1 when the candidate (distance bits {@code a}, index {@code i}) comes before (b, j), else 0,
     * without a branch. The bits of a squared distance (at least zero) order as its value, and
     * their difference cannot overflow; the landmark indices are distinct.
     */
    static int precedes(long a, int i, long b, int j) {
        long difference = a - b;
        long equal = ((difference | -difference) >>> 63) ^ 1;
        return (int) ((difference >>> 63) | (equal & ((long) (i - j) >>> 63)));
    }
}
