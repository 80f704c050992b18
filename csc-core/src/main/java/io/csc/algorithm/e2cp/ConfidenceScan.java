package io.csc.algorithm.e2cp;

import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ResidentOperand;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import java.util.Arrays;

/**
 * One pass over the rows at positions {@code [from, to)} of the order of {@link DirectionBlocks},
 * all n columns of F*, for {@link ScalableAdjustedAffinity}: the exact entries on the pattern (graph
 * edges, must-links, strongest partners), the exact largest off-diagonal |F*_ij| and the sum of the
 * |F*_ij|.
 *
 * <p><b>How.</b> For every row the bounds of {@link DirectionBlocks} settle most blocks of
 * {@value DirectionBlocks#WIDTH} columns without computing them: a block is computed only when it
 * could hold a partner (its upper bound reaches the row's partner threshold), an |F*_ij| above the
 * largest found so far, or entries of both signs (whose |F*_ij| must be summed one by one). The
 * blocks of largest upper bound are computed first ({@value #FIRST_BLOCKS} per row), so that the
 * partner thresholds are high before the others are judged. The sum over a settled block is
 * {@code |h_i · Σ_j g_j|}, exact. A computed block is a tile of single-precision values
 * ({@link SinglePrecisionFactors}, computed for the rows of a block of {@value #BLOCK_ROWS} rows that
 * need it while its columns are in cache); its columns that might be a
 * partner or beat the largest |F*| found so far, given the error bound of the tile values, are
 * recomputed in double precision. F* is never stored beyond one tile.
 *
 * <p><b>Whole tiles.</b> With many constraint sources of both signs (random pairs: one source per
 * point in a pair) nearly every block is mixed, and the scan computes all of F* anyway: with 400
 * pairs on 12,000 points, every block of every row. When at least half of the blocks of a sample
 * of rows are mixed ({@link #mostlyMixed}) and the backend is native, every group of rows computes
 * all its blocks as whole tiles of {@value #TILE_COLUMNS} positions, each by one single-precision
 * product ({@link SinglePrecisionFactors#tile}), and screens them as above. The product sums in its
 * own order, which the error bound allows: what is found is the same, and a mixed block's
 * single-precision sum may differ in its last bits (docs/BENCHMARKS.md).
 *
 * <p>What is computed depends on the order in which rows and blocks are visited, but not what is
 * found: the partners are decided on exact values, the largest |F*_ij| is the exact largest, and a
 * block's share of the sum is single-precision or exact by its bounds alone.
 *
 * <p>Not thread-safe: one instance per task; the result depends only on the rows.
 */
final class ConfidenceScan {

    /**
     * Rows visited together: a computed block's columns are read into cache once for all of them.
     * With 400 random pairs on 12,000 points (docs/BENCHMARKS.md) the adjustment took 8.8-9.3 s with
     * 16 rows, 7.8-8.1 s with 64 and 7.5 s with 256; the scan's bounds take 26 bytes per row and
     * block of {@link DirectionBlocks#WIDTH} columns (26 MB at a million points with 64 rows).
     */
    static final int BLOCK_ROWS = 64;

    /** Blocks of largest upper bound computed first in every row, before the others are judged. */
    static final int FIRST_BLOCKS = 8;

    /** Positions of a whole tile, computed by one product. */
    static final int TILE_COLUMNS = 64 * DirectionBlocks.WIDTH;

    /** What a pass found. */
    record Part(SparseMatrixBuilder entries, double largest, double absoluteSum) {
    }

    private final SinglePrecisionFactors factors;
    private final DirectionBlocks blocks;
    private final PropagatedConstraints propagated;
    private final SparseMatrix graph;
    private final SparseMatrix mustLinks;
    private final int partners;
    /** The columns of the block being computed ({@link SinglePrecisionFactors#block}). */
    private float[][] chunk;
    private final float[] values = new float[DirectionBlocks.WIDTH];
    private final PartnerCandidates[] candidates = new PartnerCandidates[BLOCK_ROWS];
    private final double[][] upperBounds;
    private final double[][] lowerBounds;
    private final double[][] blockSums;
    private final boolean[][] wanted;
    /** Whether any row of the current block of rows wants the block. */
    private final boolean[] anyWanted;
    private final boolean[][] computed;
    /** Per row, the sums of the |tile values| of its mixed blocks, column by column (vectorized). */
    private final float[][] absolute;
    private final double[] slack = new double[BLOCK_ROWS];
    private final int[] firstBlocks = new int[FIRST_BLOCKS];
    private final double[] firstBounds = new double[FIRST_BLOCKS];
    private final int[] partnerIndex;
    private final double[] partnerValue;
    private final double initialLargest;
    /** The native backend and G for whole tiles, or null (every block then from {@link SinglePrecisionFactors#row}). */
    private final LinearAlgebraBackend backend;
    private final ResidentOperand resident;
    private final int[] tileRows = new int[BLOCK_ROWS];
    private float[] tileScratch;
    private float[] tile;
    private int tileFrom;
    private int tileWidth;
    private double largest;
    private double absoluteSum;

    /**
     * A scan that knows an off-diagonal |F*_ij| of {@code initialLargest} from the start. With
     * {@code resident} made from the whole G of {@code factors} ({@link SinglePrecisionFactors#columns()}),
     * it computes every block of every row as whole tiles, one product on {@code backend} (one
     * thread) per {@value #TILE_COLUMNS} positions; without (null), block by block.
     */
    ConfidenceScan(SinglePrecisionFactors factors, DirectionBlocks blocks, PropagatedConstraints propagated,
                   SparseMatrix graph, SparseMatrix mustLinks, int partners, double initialLargest,
                   LinearAlgebraBackend backend, ResidentOperand resident) {
        this.factors = factors;
        this.blocks = blocks;
        this.propagated = propagated;
        this.graph = graph;
        this.mustLinks = mustLinks;
        this.partners = partners;
        this.initialLargest = initialLargest;
        this.backend = backend;
        this.resident = resident;
        int count = blocks.count();
        upperBounds = new double[BLOCK_ROWS][count];
        lowerBounds = new double[BLOCK_ROWS][count];
        blockSums = new double[BLOCK_ROWS][count];
        wanted = new boolean[BLOCK_ROWS][count];
        anyWanted = new boolean[count];
        computed = new boolean[BLOCK_ROWS][count];
        absolute = new float[BLOCK_ROWS][DirectionBlocks.WIDTH];
        for (int r = 0; r < BLOCK_ROWS; r++) {
            candidates[r] = new PartnerCandidates(partners);
        }
        partnerIndex = new int[partners];
        partnerValue = new double[partners];
    }

    /** Scans the rows at positions {@code [from, to)} of the order. */
    Part scan(int from, int to) {
        SparseMatrixBuilder entries = new SparseMatrixBuilder(2L * (to - from) * (partners + 8));
        largest = initialLargest;
        absoluteSum = 0;
        double[] h = propagated.weighted().data();
        int q = propagated.rank();
        for (int start = from; start < to; start += BLOCK_ROWS) {
            int rows = Math.min(BLOCK_ROWS, to - start);
            for (int r = 0; r < rows; r++) {
                int i = blocks.column(start + r);
                candidates[r].reset(factors.bound(i));
                blocks.bounds(h, i * q, upperBounds[r], lowerBounds[r], blockSums[r]);
                slack[r] = blocks.slack(h, i * q);
                Arrays.fill(computed[r], false);
                Arrays.fill(absolute[r], 0f);
                if (!tiled()) {
                    markFirst(r);
                }
            }
            if (tiled()) {
                for (int r = 0; r < rows; r++) {
                    tileRows[r] = blocks.column(start + r);
                    markAll(r);
                }
                tileFrom = -1;
            }
            computeWanted(start, rows);
            for (int r = 0; r < rows; r++) {
                markNeeded(r, blocks.column(start + r));
            }
            computeWanted(start, rows);
            for (int r = 0; r < rows; r++) {
                absoluteSum += settledSum(r, start + r) + mixedSum(r);
                int i = blocks.column(start + r);
                emit(entries, i, candidates[r]);
            }
        }
        return new Part(entries, largest, absoluteSum);
    }

    /** Wants the {@value #FIRST_BLOCKS} blocks of row r with the largest upper bounds (ties to the lower block). */
    private void markFirst(int r) {
        int count = blocks.count();
        double[] upper = upperBounds[r];
        boolean[] want = wanted[r];
        Arrays.fill(want, false);
        if (partners == 0) {
            return;
        }
        int filled = 0;
        for (int b = 0; b < count; b++) {
            double bound = upper[b];
            if (filled == FIRST_BLOCKS && !(bound > firstBounds[FIRST_BLOCKS - 1])) {
                continue;
            }
            int position = Math.min(filled, FIRST_BLOCKS - 1);
            while (position > 0 && firstBounds[position - 1] < bound) {
                firstBounds[position] = firstBounds[position - 1];
                firstBlocks[position] = firstBlocks[position - 1];
                position--;
            }
            firstBounds[position] = bound;
            firstBlocks[position] = b;
            filled = Math.min(filled + 1, FIRST_BLOCKS);
        }
        for (int t = 0; t < filled; t++) {
            want[firstBlocks[t]] = true;
            anyWanted[firstBlocks[t]] = true;
        }
    }

    /** Whether the scan reads its blocks from whole tiles. */
    private boolean tiled() {
        return resident != null;
    }

    /** Rows whose blocks {@link #mostlyMixed} looks at. */
    static final int MIXED_SAMPLE = 256;

    /**
     * Whether at least half of the blocks of up to {@value #MIXED_SAMPLE} rows, evenly spaced in the
     * order, have entries of both signs: the scan then computes nearly all of F*, and whole tiles
     * are the faster way.
     */
    static boolean mostlyMixed(DirectionBlocks blocks, PropagatedConstraints propagated) {
        int n = blocks.size();
        int count = blocks.count();
        int q = propagated.rank();
        double[] h = propagated.weighted().data();
        double[] upper = new double[count];
        double[] lower = new double[count];
        double[] sums = new double[count];
        int rows = Math.min(n, MIXED_SAMPLE);
        long mixed = 0;
        for (int s = 0; s < rows; s++) {
            int i = blocks.column((int) ((long) s * n / rows));
            blocks.bounds(h, i * q, upper, lower, sums);
            double margin = blocks.slack(h, i * q);
            for (int b = 0; b < count; b++) {
                mixed += lower[b] < margin && upper[b] > -margin ? 1 : 0;
            }
        }
        return 2 * mixed >= (long) rows * count;
    }

    /**
     * Wants every block of row r. Which blocks are computed changes what is found nowhere (see the
     * class description): a block that is not mixed contributes its exact sum whether computed or
     * not, and partners and the largest |F*_ij| are decided on exact values.
     */
    private void markAll(int r) {
        int count = blocks.count();
        Arrays.fill(wanted[r], true);
        Arrays.fill(anyWanted, 0, count, true);
    }

    /**
     * Wants every block of row r (row i of F*) not computed yet that could hold a partner, an
     * |F*_ij| above the largest found so far, or entries of both signs.
     */
    private void markNeeded(int r, int i) {
        int count = blocks.count();
        double scale = factors.scale();
        double error = factors.bound(i) * scale + slack[r];
        // a tile value is at most F_ij / scale + bound: below the threshold when F_ij + bound · scale is
        double partnerFloor = candidates[r].threshold() * scale - error;
        double largestFloor = largest - factors.bound(i) * scale - error;
        double[] upper = upperBounds[r];
        double[] lower = lowerBounds[r];
        boolean[] want = wanted[r];
        boolean[] done = computed[r];
        double margin = slack[r];
        for (int b = 0; b < count; b++) {
            double high = upper[b];
            double low = lower[b];
            want[b] = !done[b] && (high >= partnerFloor || Math.max(high, -low) > largestFloor
                    || (low < margin && high > -margin));
        }
        for (int b = 0; b < count; b++) {
            anyWanted[b] |= want[b];
        }
    }

    /**
     * Whether a tile value of block b of row r (row i of F*) might be offered as a partner or beat
     * the largest |F*| found so far (else only its sum is wanted).
     */
    private boolean examined(int r, int i, int b) {
        double scale = factors.scale();
        double error = factors.bound(i) * scale + slack[r];
        double high = upperBounds[r][b];
        return high >= candidates[r].threshold() * scale - error
                || Math.max(high, -lowerBounds[r][b]) > largest - factors.bound(i) * scale - error;
    }

    /** Whether the block's entries may have both signs (its |F*_ij| are then summed from its tile). */
    private boolean mixed(int r, int b) {
        return lowerBounds[r][b] < slack[r] && upperBounds[r][b] > -slack[r];
    }

    /** Computes and screens every wanted block of the rows at positions {@code [start, start + rows)}. */
    private void computeWanted(int start, int rows) {
        int count = blocks.count();
        int n = blocks.size();
        for (int b = 0; b < count; b++) {
            if (!anyWanted[b]) {
                continue;
            }
            anyWanted[b] = false;
            int from = b * DirectionBlocks.WIDTH;
            int width = Math.min(DirectionBlocks.WIDTH, n - from);
            if (tiled()) {
                int tileStart = from / TILE_COLUMNS * TILE_COLUMNS;
                if (tileStart != tileFrom) {
                    computeTile(rows, tileStart, Math.min(TILE_COLUMNS, n - tileStart));
                }
            } else {
                chunk = factors.block(b);
            }
            for (int r = 0; r < rows; r++) {
                if (wanted[r][b]) {
                    wanted[r][b] = false;
                    computed[r][b] = true;
                    screen(r, start + r, from, width, mixed(r, b), b);
                }
            }
        }
    }

    /** The tile of the group's {@code rows} rows over {@code width} positions from {@code from}. */
    private void computeTile(int rows, int from, int width) {
        if (tile == null) {
            tile = new float[BLOCK_ROWS * TILE_COLUMNS];
            tileScratch = new float[BLOCK_ROWS * factors.paddedRank()];
        }
        factors.tile(tileRows, rows, from, width, backend, resident, tileScratch, tile);
        tileFrom = from;
        tileWidth = width;
    }

    /**
     * The tile values of the row at {@code position} over the block's {@code width} columns from
     * position {@code from}: summed when the block is mixed, offered as partners and examined for
     * the largest |F*| where they might matter.
     */
    private void screen(int r, int position, int from, int width, boolean mixed, int b) {
        int i = blocks.column(position);
        if (tiled()) {
            System.arraycopy(tile, r * tileWidth + from - tileFrom, values, 0, width);
        } else {
            factors.row(i, chunk, width, values);
        }
        int diagonal = position - from;
        if (diagonal >= 0 && diagonal < width) {
            values[diagonal] = 0f;
        }
        if (mixed) {
            float[] sums = absolute[r];
            for (int c = 0; c < width; c++) {
                sums[c] += Math.abs(values[c]);
            }
        }
        if (!examined(r, i, b)) {
            return;
        }
        double scale = factors.scale();
        float partnerThreshold = floatBelow(candidates[r].threshold());
        float largestThreshold = floatBelow(largest / scale - factors.bound(i));
        for (int c = 0; c < width; c++) {
            float f = values[c];
            if (f > partnerThreshold && c != diagonal) {
                candidates[r].offer(blocks.column(from + c), f);
            }
            if (Math.abs(f) > largestThreshold) {
                examineLargest(i, blocks.column(from + c), f, scale);
            }
        }
    }

    /** The sum of |F*_ij| over the computed mixed blocks of row r (from single-precision tile values). */
    private double mixedSum(int r) {
        double sum = 0;
        for (float value : absolute[r]) {
            sum += value;
        }
        return sum * factors.scale();
    }

    /** The sum of |F*_ij| over the settled blocks of row r (at {@code position}), the diagonal excluded. */
    private double settledSum(int r, int position) {
        int count = blocks.count();
        double sum = 0;
        for (int b = 0; b < count; b++) {
            if (!mixed(r, b)) {
                sum += Math.abs(blockSums[r][b]);
            }
        }
        if (!mixed(r, position / DirectionBlocks.WIDTH)) {
            int i = blocks.column(position);
            sum -= Math.abs(propagated.entry(i, i));
        }
        return sum;
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
