package io.csc.algorithm.e2cp;

import io.csc.api.RunContext;
import io.csc.algorithm.spectral.AffinityAdjustment;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ParallelBackend;
import io.csc.linalg.ResidentOperand;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

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
 * <p><b>Cost.</b> Every row of F* is bounded block by block ({@link DirectionBlocks}: the columns
 * ordered by their direction in the q-dimensional space of the factors), and only the blocks that
 * could hold a partner, an |F*_ij| above the largest found so far, or entries of both signs are
 * computed, in tiles in cache in single precision ({@link ConfidenceScan}); only the entries on the
 * pattern, the partner candidates that survive the screening and the candidates for the largest
 * |F*_ij| are computed in double precision, so W̃ and the normalizer are those of the
 * double-precision F* (up to the rounding of its q-term sums). O(n² q) time at worst, about a tenth
 * of it on Fashion-MNIST with 1,000 labels; O(n q) for the single-precision factors, O(|E|) for the
 * result, no block of F* in memory. The dropped share sums the single-precision |F*_ij| of the
 * computed blocks whose entries have both signs and the exact |Σ_j F*_ij| of the others: it is
 * accurate to about 1e-6 of the total |F*| weight. Rows are scanned in parallel in fixed chunks; the
 * result does not depend on the thread count.
 */
final class ScalableAdjustedAffinity {

    /** Rows per task (several tile blocks, so that each task's scratch is reused). */
    private static final int ROW_GRAIN = 8 * ConfidenceScan.BLOCK_ROWS;

    /** The progress stage of the scan: with many constraint sources it takes minutes on tens of thousands of points. */
    static final String PROGRESS = "adjustment: strongest propagated partners (rows)";

    /**
     * The sparse W̃ and what the scan measured.
     *
     * @param weights W̃, symmetric, zero diagonal
     * @param normalizer the largest off-diagonal |F*_ij|, by which F* was divided (0 when F* = 0)
     * @param droppedWeightShare the weight of the exact W̃ outside the pattern, as a share of its total
     */
    record Result(SparseMatrix weights, double normalizer, double droppedWeightShare) {
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
        DirectionBlocks blocks = new DirectionBlocks(propagated);
        LinearAlgebraBackend backend = context.backend() instanceof ParallelBackend blocked ? blocked.sequential()
                : context.backend();
        boolean wholeTiles = backend.isNative() && ConfidenceScan.mostlyMixed(blocks, propagated);
        SinglePrecisionFactors factors = new SinglePrecisionFactors(propagated, blocks.order(), wholeTiles);
        double initial = initialLargest(propagated);
        AtomicLong scanned = new AtomicLong();
        List<ConfidenceScan.Part> parts;
        try (ResidentOperand resident = wholeTiles ? backend.resident(factors.columns()) : null) {
            parts = context.parallel().map(n, ROW_GRAIN, (from, to) -> {
                ConfidenceScan.Part part = new ConfidenceScan(factors, blocks, propagated, graph, mustLinks, partners,
                        initial, backend, resident).scan(from, to);
                context.progress().progress(PROGRESS, scanned.addAndGet(to - from), n);
                return part;
            });
        }
        SparseMatrixBuilder all = new SparseMatrixBuilder(2L * (graph.nonZeros() + mustLinks.nonZeros() + (long) n * partners));
        double largest = 0;
        double absoluteSum = 0;
        for (ConfidenceScan.Part part : parts) {
            all.append(part.entries());
            largest = Math.max(largest, part.largest());
            absoluteSum += part.absoluteSum();
        }
        SparseMatrix raw = all.build(n, n, SparseMatrix.Duplicates.MAX, context.parallel());
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
        double positive = Math.max(0.0, (offDiagonalSum(propagated) + absoluteSum) / 2);
        double dropped = Math.max(0.0, positive / largest - kept);
        double total = Arrays.stream(adjusted.values()).sum() + dropped;
        return new Result(adjusted, largest, total > 0 ? dropped / total : 0.0);
    }

    /** Rows (and columns) among which {@link #initialLargest} looks for a large |F*_ij|. */
    private static final int INITIAL_CANDIDATES = 256;

    /**
     * An off-diagonal |F*_ij| that the scan starts from as its largest: the largest among the pairs
     * of the {@value #INITIAL_CANDIDATES} rows of H and of G with the largest norms, exact. The scan
     * then skips from the start every block whose |F*_ij| cannot exceed it.
     */
    static double initialLargest(PropagatedConstraints propagated) {
        int[] rows = largestNorms(propagated.weighted().data(), propagated.size(), propagated.rank());
        int[] columns = largestNorms(propagated.solved().data(), propagated.size(), propagated.rank());
        double largest = 0;
        for (int i : rows) {
            for (int j : columns) {
                if (i != j) {
                    largest = Math.max(largest, Math.abs(propagated.entry(i, j)));
                }
            }
        }
        return largest;
    }

    /** The (at most) {@value #INITIAL_CANDIDATES} rows of the n x q {@code m} with the largest squared norms. */
    private static int[] largestNorms(double[] m, int n, int q) {
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < q; t++) {
                norms[i] += m[i * q + t] * m[i * q + t];
            }
        }
        double[] sorted = norms.clone();
        Arrays.sort(sorted);
        double cut = sorted[Math.max(0, n - INITIAL_CANDIDATES)];
        return java.util.stream.IntStream.range(0, n).filter(i -> norms[i] >= cut).limit(INITIAL_CANDIDATES).toArray();
    }

    /**
     * {@code Σ_{i≠j} F*_ij} from the factors in O(n q): the column sums of H times those of G, less
     * the diagonal. With the sum of |F*_ij| it gives the positive mass {@code Σ max(F*_ij, 0)}.
     */
    private static double offDiagonalSum(PropagatedConstraints propagated) {
        int n = propagated.size();
        int q = propagated.rank();
        double[] h = propagated.weighted().data();
        double[] g = propagated.solved().data();
        double[] rowSums = new double[q];
        double[] columnSums = new double[q];
        double diagonal = 0;
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < q; t++) {
                rowSums[t] += h[i * q + t];
                columnSums[t] += g[i * q + t];
            }
            diagonal += propagated.entry(i, i);
        }
        double sum = 0;
        for (int t = 0; t < q; t++) {
            sum += rowSums[t] * columnSums[t];
        }
        return sum - diagonal;
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
}
