package io.csc.algorithm.e2cp;

import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ResidentOperand;

/**
 * The factors of {@code F* = H Gᵀ} ({@link PropagatedConstraints}) in single precision, laid out so
 * that tiles of F* are computed in cache by loops the JIT vectorizes, with a rigorous bound on the
 * error of every single-precision entry.
 *
 * <p><b>Layout.</b> H is kept row-major (n x q'), where q' is q rounded up to a multiple of
 * {@link #TERMS} with zero columns (which add exact zeros). G is kept transposed in blocks of
 * {@link DirectionBlocks#WIDTH} positions, one array per term and block: a tile of rows times a
 * block is then a sum of q'/4 four-term row updates over those arrays, which the loop vectorizer
 * turns into vector instructions (on Java 17 it gives up on accesses to one array at different
 * loop-invariant offsets), and single precision doubles the lanes per instruction. Holding each
 * block's arrays, rather than copying a block's columns out of one q' x n array when a tile needs
 * them, saves a strided copy of q' rows per computed block: 17% of the CPU time of a fit with 400
 * random pairs on 12,000 points (docs/BENCHMARKS.md). G is kept whole instead, transposed (q' x n),
 * in place of the blocks when the scan computes whole tiles, as the right operand of their products
 * ({@link #tile}).
 *
 * <p><b>Scaling.</b> H and G are each multiplied by a power of two (exact) so that their largest
 * magnitude is about 1: products then neither overflow nor, down to a share of about 2^-126 of the
 * largest entry, underflow. A tile value times {@link #scale()} approximates F*_ij.
 *
 * <p><b>Error bound.</b> Rounding the inputs to single precision (2 roundings), the product (1) and
 * the q' additions gives {@code |f - F*_ij / scale| ≤ γ Σ_t |h_it| |g_jt|} with
 * {@code γ ≈ (q' + 3) 2^-24} (Higham, Accuracy and Stability of Numerical Algorithms, §3.1), in
 * any order of summation and with fused multiply-adds, as a native product may use them.
 * {@link #bound(int)} doubles that and bounds {@code |g_jt|} by the largest magnitude of G, plus an
 * absolute allowance for underflow, so that it holds for every column of row i.
 *
 * <p><b>No subnormal numbers.</b> Scaled entries below {@link #FLUSH} in magnitude are set to zero,
 * so that every product of two entries is a normal number. Where propagation decays to nothing
 * (points many graph steps from any constraint, small classes far from the rest) G and H hold
 * entries down to 10^-40 and below; single-precision arithmetic on subnormal operands or results
 * runs about fifty times slower on x86, and the scan of 30,000 points of an imbalanced set with 400
 * random pairs took 260-310 s instead of 22-27 s (docs/BENCHMARKS.md). A flushed entry is below
 * {@code FLUSH} and its partner in the product at most the largest magnitude of its factor, so the
 * bound of row i grows by {@code FLUSH (m_i max|g| + Σ_t |h_it|)}, m_i the row's flushed entries.
 */
final class SinglePrecisionFactors {

    /** Terms of F* summed per pass over a tile row. */
    static final int TERMS = 4;

    /**
     * Scaled entries below this magnitude are set to zero: 2^-63, so that a product of two kept
     * entries is at least 2^-126, the smallest normal single-precision number.
     */
    static final float FLUSH = 0x1p-63f;

    private final int size;
    private final int padded;
    private final float[] rows;
    /** G transposed, by block ({@code blocks[b][t][c]}: term t of position {@code b * WIDTH + c}), or null. */
    private final float[][][] blocks;
    /** G transposed, whole ({@code columns[t * n + position]}): the right operand of {@link #tile}, or null. */
    private final float[] columns;
    private final double scale;
    private final double[] bounds;

    /**
     * The factors with the columns of F* (the rows of G) in {@code order} (position to column): G
     * transposed holds column {@code order[p]} at position p, whole for products of whole tiles
     * ({@link #tile}) when {@code wholeTiles}, else by block ({@link #block}).
     */
    SinglePrecisionFactors(PropagatedConstraints propagated, int[] order, boolean wholeTiles) {
        size = propagated.size();
        int q = propagated.rank();
        padded = (q + TERMS - 1) / TERMS * TERMS;
        double[] h = propagated.weighted().data();
        double[] g = propagated.solved().data();
        double rowScale = powerOfTwoBelow(largestMagnitude(h));
        double columnScale = powerOfTwoBelow(largestMagnitude(g));
        scale = rowScale * columnScale;
        rows = new float[size * padded];
        int width = DirectionBlocks.WIDTH;
        blocks = wholeTiles ? null : new float[(size + width - 1) / width][padded][width];
        columns = wholeTiles ? new float[padded * size] : null;
        bounds = new double[size];
        double gamma = 2.0 * (padded + 3) * 0x1p-24;
        double largestColumn = largestMagnitude(g) / columnScale;
        double underflow = (padded + 3) * 0x1p-126;
        for (int i = 0; i < size; i++) {
            double absoluteSum = 0;
            int flushed = 0;
            for (int t = 0; t < q; t++) {
                float value = (float) (h[i * q + t] / rowScale);
                if (Math.abs(value) < FLUSH) {
                    flushed += h[i * q + t] != 0 ? 1 : 0;
                    value = 0f;
                }
                rows[i * padded + t] = value;
                absoluteSum += Math.abs(value);
            }
            int j = order[i];
            for (int t = 0; t < q; t++) {
                float value = (float) (g[j * q + t] / columnScale);
                if (Math.abs(value) < FLUSH) {
                    value = 0f;
                }
                if (wholeTiles) {
                    columns[t * size + i] = value;
                } else {
                    blocks[i / width][t][i % width] = value;
                }
            }
            bounds[i] = gamma * absoluteSum * (largestColumn + 0x1p-24) + underflow
                    + FLUSH * (flushed * (largestColumn + 0x1p-24) + absoluteSum);
        }
    }

    /** n. */
    int size() {
        return size;
    }

    /** q', the number of terms including the zero padding. */
    int paddedRank() {
        return padded;
    }

    /** What a tile value is multiplied by to approximate F*. */
    double scale() {
        return scale;
    }

    /** A bound on {@code |f_ij - F*_ij / scale|} for the tile values f of row i (of F*), every column j. */
    double bound(int i) {
        return bounds[i];
    }

    /**
     * The transposed G over the positions of block b ({@code [b WIDTH, (b + 1) WIDTH)}), one array per
     * term, positions past n zero. Shared: read it, never write it.
     */
    float[][] block(int b) {
        return blocks[b];
    }

    /** G transposed, whole ({@code q' x n}, row-major, positions in order), for a resident operand of {@link #tile}. */
    float[] columns() {
        return columns;
    }

    /**
     * Tile values of the rows {@code rows[0 .. count)} of F* (in units of {@link #scale()}) over the
     * {@code width} positions from {@code from}, into {@code out} ({@code count x width}, row-major),
     * by one single-precision product on {@code backend} with {@code resident}, made from
     * {@link #columns()}; {@code scratch} holds at least {@code count x q'} values. The product may
     * sum the terms in any order: {@link #bound} holds for every order.
     */
    void tile(int[] rows, int count, int from, int width, LinearAlgebraBackend backend, ResidentOperand resident,
              float[] scratch, float[] out) {
        for (int r = 0; r < count; r++) {
            System.arraycopy(this.rows, rows[r] * padded, scratch, r * padded, padded);
        }
        backend.gemm(false, false, count, width, padded, 1f, scratch, 0, padded, resident, from, size, 0f, out, 0, width);
    }

    /**
     * Tile values of row i of F* (in units of {@link #scale()}) over the first {@code count}
     * positions of {@code chunk} (a {@link #block}), into {@code out}.
     */
    void row(int i, float[][] chunk, int count, float[] out) {
        for (int t = 0; t < padded; t += TERMS) {
            int a = i * padded + t;
            if (t == 0) {
                assign(out, count, chunk[0], chunk[1], chunk[2], chunk[3], rows[a], rows[a + 1], rows[a + 2], rows[a + 3]);
            } else {
                accumulate(out, count, chunk[t], chunk[t + 1], chunk[t + 2], chunk[t + 3],
                        rows[a], rows[a + 1], rows[a + 2], rows[a + 3]);
            }
        }
    }

    // One store per loop: with two (say, two rows sharing the loads) the vectorizer, unable to rule
    // out that the output arrays alias the inputs, leaves the loop scalar.
    private static void assign(float[] out, int count, float[] g0, float[] g1, float[] g2, float[] g3,
                               float h0, float h1, float h2, float h3) {
        for (int c = 0; c < count; c++) {
            out[c] = h0 * g0[c] + h1 * g1[c] + h2 * g2[c] + h3 * g3[c];
        }
    }

    private static void accumulate(float[] out, int count, float[] g0, float[] g1, float[] g2, float[] g3,
                                   float h0, float h1, float h2, float h3) {
        for (int c = 0; c < count; c++) {
            out[c] += h0 * g0[c] + h1 * g1[c] + h2 * g2[c] + h3 * g3[c];
        }
    }

    private static double largestMagnitude(double[] values) {
        double largest = 0;
        for (double value : values) {
            largest = Math.max(largest, Math.abs(value));
        }
        return largest;
    }

    /** The power of two at or below {@code value} (1 for 0 or non-finite values). */
    private static double powerOfTwoBelow(double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            return 1.0;
        }
        return Math.scalb(1.0, Math.getExponent(value));
    }
}
