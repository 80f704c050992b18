package io.csc.graph;

import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ResidentOperand;
import io.csc.util.Parallel;
import java.util.Arrays;

/**
 * Many landmarks screened by cells: the landmarks' coordinates on the principal components
 * ({@link PrincipalScreening}) grouped around {@code p / }{@value #CELL_SIZE} k-means centres
 * ({@link CellSearch#centres}), and each point screened against the landmarks of the cells whose
 * centres are nearest to it, about {@value #SCREENED} landmarks, instead of all p. The best
 * candidates then get their exact distances, as after a screening of all landmarks, so a landmark
 * the cells miss is only ever a near one in place of a nearer one; the recall the run reports
 * ({@code landmarkSearch.recall}) counts it.
 *
 * <p>Used for {@value #MINIMUM_LANDMARKS} landmarks or more, and only when no bandwidth rule needs
 * the distances to all landmarks (SC-PC's default rule, the mean distance to the r nearest, does
 * not): SC-PC with 7,000 labels on Fashion-MNIST has 8,000 landmarks, and its screening product of
 * 70,000 x 8,000 x 128 multiply-adds and the scan of 8,000 values per point were most of its fit.
 * The k-means of the cells runs on all landmarks from a fixed seed, so that the cells depend on the
 * landmarks alone and not on the run's seed. (A saved model places new points by the exact
 * screening of {@link SparseCoding#encode}; only the fit's own points are screened by cells.)
 *
 * @param cells       the number of cells
 * @param probes      the cells each point is screened against
 * @param centres     the cells' centres, cells x m
 * @param centreNorms their squared norms
 * @param starts      where each cell's landmarks start in {@code order}, with p appended
 * @param order       the landmark indices, cell after cell
 * @param coordinates the landmarks' coordinates in that order, p x m
 */
record LandmarkCells(int cells, int probes, float[] centres, float[] centreNorms, int[] starts, int[] order,
                     float[] coordinates) {

    /** Landmarks per cell, on average. */
    static final int CELL_SIZE = 64;
    /** About how many landmarks each point is screened against. */
    static final int SCREENED = 1024;
    /** The fewest landmarks screened by cells: with fewer, the probed cells would be much of them. */
    static final int MINIMUM_LANDMARKS = 4 * SCREENED;
    /** The seed of the cells' k-means. */
    private static final long SEED = 0x6c616e64L;

    /**
     * The cells of the p landmarks of {@code coordinates} (p x m, row-major), their k-means and
     * assignment on {@code parallel} (the same cells on any number of threads, as in
     * {@link CellSearch}), each block's products by {@code sequential}.
     */
    static LandmarkCells of(float[] coordinates, int p, int m, LinearAlgebraBackend sequential, Parallel parallel) {
        int cells = Math.max(1, p / CELL_SIZE);
        int probes = CellSearch.probes(p, cells, SCREENED);
        float[] centres = CellSearch.centres(coordinates, p, m, cells, SEED, sequential, parallel);
        int[] nearest = CellSearch.nearestCentres(coordinates, p, m, centres, cells, 1, sequential, parallel);
        int[] starts = new int[cells + 1];
        int[] order = CellSearch.byCell(nearest, 1, p, cells, starts);
        float[] ordered = new float[p * m];
        for (int t = 0; t < p; t++) {
            System.arraycopy(coordinates, order[t] * m, ordered, t * m, m);
        }
        return new LandmarkCells(cells, probes, centres, CellSearch.squaredNorms(centres, cells, m), starts, order,
                ordered);
    }

    /** One thread's scratch arrays. */
    static final class Scratch {
        private float[] centreProducts = new float[0];
        private float[] centreValues = new float[0];
        private long[] centreKeys = new long[0];
        private long[] pairs = new long[0];
        private float[] queries = new float[0];
        private float[] products = new float[0];
        private float[] values = new float[0];
        private int[] survivors = new int[0];
    }

    /**
     * The {@code candidates} smallest screening distances of each of {@code count} rows among the
     * landmarks of its probed cells, as keys {@link CandidateSelection#key (value, position)}
     * ascending from {@code keys[row * candidates]}, {@code filled[row]} of them; a position is
     * a landmark's place in {@link #order}. The screening distance is {@code rowNorms[row] +
     * landmarkNorms[position] - 2 y_row · y_landmark}, as in {@link PrincipalScreening}.
     *
     * @param rows          the rows' coordinates on the components, count x m
     * @param landmarkNorms the landmarks' squared norms in the full space, in cell order
     * @param resident      {@link #coordinates}, where {@code sequential} multiplies
     */
    void screen(float[] rows, int count, int m, float[] rowNorms, float[] landmarkNorms, int candidates, long[] keys,
                int[] filled, Scratch scratch, LinearAlgebraBackend sequential, ResidentOperand resident) {
        // the probed cells: nearest centres by |y - c|², the products with the centres in one go
        scratch.centreProducts = CellSearch.grow(scratch.centreProducts, count * cells);
        scratch.centreValues = CellSearch.grow(scratch.centreValues, cells);
        scratch.centreKeys = CellSearch.grow(scratch.centreKeys, probes);
        scratch.survivors = CellSearch.grow(scratch.survivors, Math.max(cells, CellSearch.COLUMN_BLOCK));
        scratch.pairs = CellSearch.grow(scratch.pairs, count * probes);
        sequential.gemm(false, true, count, cells, m, 1f, rows, 0, m, centres, 0, m, 0f, scratch.centreProducts, 0,
                cells);
        for (int row = 0; row < count; row++) {
            probe(rows, row, m, scratch);
        }
        Arrays.sort(scratch.pairs, 0, count * probes);
        Arrays.fill(filled, 0, count, 0);
        // each probed cell: the rows probing it, one product with its landmarks, offered to each row's list
        for (int run = 0; run < count * probes; ) {
            int cell = (int) (scratch.pairs[run] >>> 32);
            int end = run;
            while (end < count * probes && (int) (scratch.pairs[end] >>> 32) == cell) {
                end++;
            }
            screenCell(cell, run, end, rows, m, rowNorms, landmarkNorms, candidates, keys, filled, scratch, sequential,
                    resident);
            run = end;
        }
        // a row whose probed cells hold fewer landmarks than it needs candidates (unbalanced cells) is
        // screened against all of them
        for (int row = 0; row < count; row++) {
            if (filled[row] < Math.min(candidates, order.length)) {
                screenAll(rows, row, m, rowNorms, landmarkNorms, candidates, keys, filled, scratch, sequential,
                        resident);
            }
        }
    }

    // The steps of screen, each a method of its own (as SparseCoding's RowSearch): one loop in one
    // method is compiled once, where a method of several long loops is compiled again for each loop
    // it enters hot (on-stack replacement), which on two cores competes with the fit's own threads.

    /** The probed cells of row {@code row} as (cell, row) pairs in {@code scratch.pairs}. */
    private void probe(float[] rows, int row, int m, Scratch scratch) {
        float projectedNorm = 0;
        for (int t = 0; t < m; t++) {
            projectedNorm += rows[row * m + t] * rows[row * m + t];
        }
        for (int c = 0; c < cells; c++) {
            scratch.centreValues[c] = projectedNorm + centreNorms[c] - 2f * scratch.centreProducts[row * cells + c];
        }
        CellSearch.offer(scratch.centreValues, cells, 0, scratch.centreKeys, 0, 0, probes, scratch.survivors);
        for (int t = 0; t < probes; t++) {
            scratch.pairs[row * probes + t] = ((long) (int) scratch.centreKeys[t] << 32) | row;
        }
    }

    /** The landmarks of {@code cell} offered to the rows of the pairs {@code [run, end)}, which probe it. */
    private void screenCell(int cell, int run, int end, float[] rows, int m, float[] rowNorms, float[] landmarkNorms,
                            int candidates, long[] keys, int[] filled, Scratch scratch, LinearAlgebraBackend sequential,
                            ResidentOperand resident) {
        int from = starts[cell];
        int width = starts[cell + 1] - from;
        int rowsProbing = end - run;
        if (width == 0) {
            return;
        }
        scratch.queries = CellSearch.grow(scratch.queries, rowsProbing * m);
        scratch.products = CellSearch.grow(scratch.products, rowsProbing * width);
        scratch.values = CellSearch.grow(scratch.values, width);
        scratch.survivors = CellSearch.grow(scratch.survivors, width);
        for (int q = 0; q < rowsProbing; q++) {
            System.arraycopy(rows, (int) scratch.pairs[run + q] * m, scratch.queries, q * m, m);
        }
        sequential.gemm(false, true, rowsProbing, width, m, 1f, scratch.queries, 0, m, resident, from * m, m,
                0f, scratch.products, 0, width);
        for (int q = 0; q < rowsProbing; q++) {
            int row = (int) scratch.pairs[run + q];
            offerProducts(rowNorms[row], landmarkNorms, from, width, q * width, scratch);
            filled[row] = CellSearch.offer(scratch.values, width, from, keys, row * candidates, filled[row],
                    candidates, scratch.survivors);
        }
    }

    /** The screening distances of one row to {@code width} landmarks from {@code from}, from its products. */
    private static void offerProducts(float norm, float[] landmarkNorms, int from, int width, int productBase,
                                      Scratch scratch) {
        float[] values = scratch.values;
        float[] products = scratch.products;
        for (int j = 0; j < width; j++) {
            values[j] = norm + landmarkNorms[from + j] - 2f * products[productBase + j];
        }
    }

    /** Row {@code row} screened against every landmark. */
    private void screenAll(float[] rows, int row, int m, float[] rowNorms, float[] landmarkNorms, int candidates,
                           long[] keys, int[] filled, Scratch scratch, LinearAlgebraBackend sequential,
                           ResidentOperand resident) {
        int p = order.length;
        scratch.products = CellSearch.grow(scratch.products, p);
        scratch.values = CellSearch.grow(scratch.values, p);
        scratch.survivors = CellSearch.grow(scratch.survivors, p);
        sequential.gemm(false, true, 1, p, m, 1f, rows, row * m, m, resident, 0, m, 0f, scratch.products, 0, p);
        offerProducts(rowNorms[row], landmarkNorms, 0, p, 0, scratch);
        filled[row] = CellSearch.offer(scratch.values, p, 0, keys, row * candidates, 0, candidates,
                scratch.survivors);
    }
}
