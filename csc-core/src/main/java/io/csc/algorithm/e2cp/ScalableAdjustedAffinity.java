package io.csc.algorithm.e2cp;

import io.csc.api.RunContext;
import io.csc.algorithm.spectral.AffinityAdjustment;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import java.util.Arrays;
import java.util.List;

/**
 * The adjusted affinity W̃ of Eq. 4 kept sparse, for the scalable path of E2CP.
 *
 * <p><b>What it computes.</b> W̃ is evaluated exactly, with the exact normalization of F* (its
 * largest off-diagonal |F*_ij| over all pairs), on the pattern E = the k-NN edges ∪ the must-link
 * pairs ∪ the m strongest propagated partners of every point (the m largest positive F*_ij of row i,
 * made symmetric). Off E it is set to 0. Cannot-link pairs need no entry of their own: off the
 * graph {@code W_ij = 0}, so Eq. 4 gives {@code (1 + F) · 0 = 0} there anyway.
 *
 * <p><b>What it approximates.</b> Off the graph, Eq. 4 gives {@code W̃_ij = max(F*_ij, 0)}: the
 * exact W̃ is dense because F* is. The scalable W̃ drops exactly the positive F*_ij outside E, each
 * smaller than the m-th largest of its row and of its column. The dropped share of the total weight
 * of the exact W̃ is computed during the scan and reported as {@code droppedWeightShare}. On the ten
 * small data sets at 10% labels (docs/results/50-e2cp-sl.md), m = 40 drops 0.1-39% of the weight
 * (most on two-class sets: with labels of two classes Z and F* have rank one, and F* is positive on
 * every pair on the same side of its sign pattern, about half of all pairs) and gives the exact path's
 * NMI within 0.015 on every set; m = 20 loses 0.06 on Waveform-21 (one draw); without partners
 * (m = 0: graph edges and must-links only) NMI falls from 0.34 to 0.09 on Ionosphere and from 0.51
 * to 0.39 on Waveform-21, close to the unconstrained graph: the propagated partners carry the
 * propagation.
 *
 * <p><b>Cost.</b> All n² entries of F* are visited once, in blocks of rows, each block one product
 * of the n x q factors on the backend: O(n² q) time (no more than the exact k-NN graph's O(n² d)
 * when q ≤ d, as for labels), O(n · block) scratch and O(|E|) for the result. Rows of a block are
 * processed in parallel; the result does not depend on the thread count.
 */
final class ScalableAdjustedAffinity {

    /** Entries of F* computed per block (the block's scratch is this many doubles). */
    private static final int BLOCK_ENTRIES = 1 << 24;

    private static final int ROW_GRAIN = 16;

    /**
     * The sparse W̃ and what the scan measured.
     *
     * @param weights W̃, symmetric, zero diagonal
     * @param normalizer the largest off-diagonal |F*_ij|, by which F* was divided (0 when F* = 0)
     * @param droppedWeightShare the weight of the exact W̃ outside the pattern, as a share of its total
     */
    record Result(SparseMatrix weights, double normalizer, double droppedWeightShare) {
    }

    /** One chunk of rows: its entries of F* on the pattern, its largest |F*| and its positive mass. */
    private record Chunk(SparseMatrixBuilder entries, double largest, double positive) {
    }

    private ScalableAdjustedAffinity() {
    }

    /**
     * Builds W̃ from the k-NN graph W, the propagated constraints, the must-link pairs and m
     * partners per point.
     */
    static Result build(SparseMatrix graph, PropagatedConstraints propagated, SparseMatrix mustLinks, int partners,
                        RunContext context) {
        int n = graph.rows();
        if (propagated.rank() == 0) {
            return new Result(graph, 0.0, 0.0);
        }
        int blockRows = Math.max(1, Math.min(1024, BLOCK_ENTRIES / n));
        double[] block = new double[blockRows * n];
        SparseMatrixBuilder all = new SparseMatrixBuilder(2L * (graph.nonZeros() + mustLinks.nonZeros() + (long) n * partners));
        double largest = 0;
        double positive = 0;
        for (int start = 0; start < n; start += blockRows) {
            int end = Math.min(n, start + blockRows);
            propagated.rows(start, end, block, context.backend());
            int first = start;
            List<Chunk> chunks = context.parallel().map(end - start, ROW_GRAIN, (from, to) ->
                    scan(block, first, first + from, first + to, n, graph, mustLinks, partners));
            for (Chunk chunk : chunks) {
                all.append(chunk.entries());
                largest = Math.max(largest, chunk.largest());
                positive += chunk.positive();
            }
        }
        SparseMatrix raw = all.build(n, n, SparseMatrix.Duplicates.MAX);
        if (!(largest > 0)) {
            return new Result(graph, 0.0, 0.0);
        }
        double[] scaled = raw.values().clone();
        double kept = 0;
        for (int i = 0; i < n; i++) {
            for (int p = raw.rowPointers()[i]; p < raw.rowPointers()[i + 1]; p++) {
                scaled[p] /= largest;
                if (raw.columnIndices()[p] != i) {
                    kept += Math.max(scaled[p], 0.0);
                }
            }
        }
        SparseMatrix confidences = new SparseMatrix(n, n, raw.rowPointers(), raw.columnIndices(), scaled);
        SparseMatrix adjusted = AffinityAdjustment.adjust(graph, confidences);
        double dropped = Math.max(0.0, positive / largest - kept);
        double total = Arrays.stream(adjusted.values()).sum() + dropped;
        return new Result(adjusted, largest, total > 0 ? dropped / total : 0.0);
    }

    /** The must-link pairs of the supervision as a symmetric pattern (values 1). */
    static SparseMatrix mustLinkPattern(ConstraintSet constraints) {
        int n = constraints.pointCount();
        long count = constraints.mustLinkCount();
        if (2 * count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("The supervision implies " + count + " must-link pairs, too many to "
                    + "store for the scalable path of e2cp");
        }
        SparseMatrixBuilder pattern = new SparseMatrixBuilder(2 * count);
        constraints.forEachPair((first, second, sign, weight) -> {
            if (sign > 0 && first != second) {
                pattern.addSymmetric(first, second, 1.0);
            }
        });
        return pattern.build(n, n, SparseMatrix.Duplicates.MAX);
    }

    private static Chunk scan(double[] block, int blockStart, int from, int to, int n, SparseMatrix graph,
                              SparseMatrix mustLinks, int partners) {
        SparseMatrixBuilder entries = new SparseMatrixBuilder(2L * (to - from) * (partners + 32));
        int[] partnerIndex = new int[partners];
        double[] partnerValue = new double[partners];
        double largest = 0;
        double positive = 0;
        for (int i = from; i < to; i++) {
            int base = (i - blockStart) * n;
            int found = 0;
            for (int j = 0; j < n; j++) {
                double f = block[base + j];
                if (j == i) {
                    continue;
                }
                largest = Math.max(largest, Math.abs(f));
                if (f > 0) {
                    positive += f;
                    if (partners > 0 && (found < partners || f > partnerValue[found - 1])) {
                        found = insert(partnerIndex, partnerValue, found, j, f);
                    }
                }
            }
            emitRow(entries, block, base, i, graph);
            emitRow(entries, block, base, i, mustLinks);
            for (int t = 0; t < found; t++) {
                entries.addSymmetric(i, partnerIndex[t], partnerValue[t]);
            }
        }
        return new Chunk(entries, largest, positive);
    }

    /** Inserts (j, f) into the partner list sorted by decreasing value, keeping at most its capacity. */
    private static int insert(int[] index, double[] value, int found, int j, double f) {
        int capacity = index.length;
        int position = Math.min(found, capacity - 1);
        while (position > 0 && value[position - 1] < f) {
            if (position < capacity) {
                index[position] = index[position - 1];
                value[position] = value[position - 1];
            }
            position--;
        }
        index[position] = j;
        value[position] = f;
        return Math.min(found + 1, capacity);
    }

    private static void emitRow(SparseMatrixBuilder entries, double[] block, int base, int i, SparseMatrix pattern) {
        int[] rowPointers = pattern.rowPointers();
        int[] columns = pattern.columnIndices();
        for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
            int j = columns[p];
            if (j != i) {
                double f = block[base + j];
                entries.addSymmetric(i, j, f);
            }
        }
    }
}
