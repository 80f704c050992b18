package io.csc.algorithm.e2cp;

import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import java.util.Arrays;

/**
 * One pass over rows {@code [from, to)} of F*, all n columns, for {@link ScalableAdjustedAffinity}:
 * the exact entries on the pattern (graph edges, must-links, strongest partners), the exact largest
 * off-diagonal |F*_ij| and the sum of the single-precision |F*_ij|.
 *
 * <p><b>How.</b> F* is computed in tiles of {@value #BLOCK_ROWS} rows by {@value #CHUNK_COLUMNS}
 * columns in single precision ({@link SinglePrecisionFactors}); each tile is screened while it is in
 * cache, by loops over whole tile rows that the JIT vectorizes: the absolute values are summed per
 * column, and the largest excess of a tile value over its row's thresholds is kept per column. Only
 * the columns with a positive excess (a value that might be a partner, or might beat the largest
 * |F*| found so far, given the error bound of the tile values) are looked at one by one, and only
 * what survives is recomputed in double precision. F* is never stored beyond one tile: the pass
 * reads the two n x q factors and writes the pattern.
 *
 * <p>Not thread-safe: one instance per task; the result depends only on the rows.
 */
final class ConfidenceScan {

    /** Rows of a tile: the columns of a chunk are copied once per block of this many rows. */
    static final int BLOCK_ROWS = 16;

    /** Columns of a tile: a tile of single-precision values is 64 KB, its chunk of G 4 KB per term. */
    static final int CHUNK_COLUMNS = 1024;

    /** What a pass found. */
    record Part(SparseMatrixBuilder entries, double largest, double absoluteSum) {
    }

    private final SinglePrecisionFactors factors;
    private final PropagatedConstraints propagated;
    private final SparseMatrix graph;
    private final SparseMatrix mustLinks;
    private final int partners;
    private final float[][] chunk;
    private final float[][] tile;
    private final float[] excess = new float[CHUNK_COLUMNS];
    private final float[] absolute = new float[CHUNK_COLUMNS];
    private final PartnerCandidates[] candidates = new PartnerCandidates[BLOCK_ROWS];
    private final float[] partnerThresholds = new float[BLOCK_ROWS];
    private final float[] largestThresholds = new float[BLOCK_ROWS];
    private final int[] partnerIndex;
    private final double[] partnerValue;
    private double largest;
    private double absoluteSum;

    ConfidenceScan(SinglePrecisionFactors factors, PropagatedConstraints propagated, SparseMatrix graph,
                   SparseMatrix mustLinks, int partners) {
        this.factors = factors;
        this.propagated = propagated;
        this.graph = graph;
        this.mustLinks = mustLinks;
        this.partners = partners;
        chunk = new float[factors.paddedRank()][CHUNK_COLUMNS];
        tile = new float[BLOCK_ROWS][CHUNK_COLUMNS];
        for (int r = 0; r < BLOCK_ROWS; r++) {
            candidates[r] = new PartnerCandidates(partners);
        }
        partnerIndex = new int[partners];
        partnerValue = new double[partners];
    }

    /** Scans rows {@code [from, to)}. */
    Part scan(int from, int to) {
        SparseMatrixBuilder entries = new SparseMatrixBuilder(2L * (to - from) * (partners + 8));
        largest = 0;
        absoluteSum = 0;
        for (int start = from; start < to; start += BLOCK_ROWS) {
            int rows = Math.min(BLOCK_ROWS, to - start);
            for (int r = 0; r < rows; r++) {
                candidates[r].reset(factors.bound(start + r));
            }
            for (int column = 0; column < factors.size(); column += CHUNK_COLUMNS) {
                scanTile(start, rows, column, Math.min(CHUNK_COLUMNS, factors.size() - column));
            }
            for (int r = 0; r < rows; r++) {
                emit(entries, start + r, candidates[r]);
            }
        }
        return new Part(entries, largest, absoluteSum);
    }

    private void scanTile(int start, int rows, int column, int count) {
        factors.copyColumns(column, count, chunk);
        for (int r = 0; r < rows; r++) {
            factors.row(start + r, chunk, count, tile[r]);
        }
        Arrays.fill(excess, 0, count, Float.NEGATIVE_INFINITY);
        double scale = factors.scale();
        for (int r = 0; r < rows; r++) {
            int i = start + r;
            int diagonal = i - column;
            if (diagonal >= 0 && diagonal < count) {
                tile[r][diagonal] = 0f;
            }
            partnerThresholds[r] = floatBelow(candidates[r].threshold());
            largestThresholds[r] = floatBelow(largest / scale - factors.bound(i));
            screen(tile[r], count, partnerThresholds[r], largestThresholds[r], absolute, excess);
        }
        for (int c = 0; c < count; c++) {
            if (excess[c] > 0f) {
                for (int r = 0; r < rows; r++) {
                    float f = tile[r][c];
                    if (f > partnerThresholds[r] && column + c != start + r) {
                        candidates[r].offer(column + c, f);
                    }
                    if (Math.abs(f) > largestThresholds[r]) {
                        examineLargest(start + r, column + c, f, scale);
                    }
                }
            }
        }
        double sum = 0;
        for (int c = 0; c < count; c++) {
            sum += absolute[c];
            absolute[c] = 0f;
        }
        absoluteSum += sum;
    }

    /**
     * Adds |f| to the column sums and raises each column's excess to {@code f - partnerThreshold}
     * or {@code |f| - largestThreshold}: two vectorized passes over a tile row (one store each, see
     * {@link SinglePrecisionFactors}).
     */
    private static void screen(float[] values, int count, float partnerThreshold, float largestThreshold,
                               float[] absolute, float[] excess) {
        for (int c = 0; c < count; c++) {
            absolute[c] += Math.abs(values[c]);
        }
        for (int c = 0; c < count; c++) {
            float f = values[c];
            excess[c] = Math.max(excess[c], Math.max(f - partnerThreshold, Math.abs(f) - largestThreshold));
        }
    }

    /** Recomputes F*_ij exactly when its tile value might beat the largest |F*| found so far. */
    private void examineLargest(int i, int j, float f, double scale) {
        if (j != i && Math.abs(f) > largest / scale - factors.bound(i)) {
            largest = Math.max(largest, Math.abs(propagated.entry(i, j)));
        }
    }

    private void emit(SparseMatrixBuilder entries, int i, PartnerCandidates row) {
        emitRow(entries, i, graph);
        emitRow(entries, i, mustLinks);
        int found = row.select(i, propagated, partnerIndex, partnerValue);
        for (int t = 0; t < found; t++) {
            entries.addSymmetric(i, partnerIndex[t], partnerValue[t]);
        }
    }

    private void emitRow(SparseMatrixBuilder entries, int i, SparseMatrix pattern) {
        int[] rowPointers = pattern.rowPointers();
        int[] columns = pattern.columnIndices();
        for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
            int j = columns[p];
            if (j != i) {
                entries.addSymmetric(i, j, propagated.entry(i, j));
            }
        }
    }

    /** The largest float strictly below {@code value}, so that {@code f >= value} implies {@code f > result}. */
    private static float floatBelow(double value) {
        if (value == Double.POSITIVE_INFINITY) {
            return Float.MAX_VALUE;
        }
        float rounded = (float) value;
        return rounded < value ? rounded : Math.nextDown(rounded);
    }
}
