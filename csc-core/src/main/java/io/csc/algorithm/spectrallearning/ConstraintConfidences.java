package io.csc.algorithm.spectrallearning;

import io.csc.constraint.ConstraintSet;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;

/**
 * The pairwise constraints as a sparse symmetric matrix of signed confidences in [-1, 1]: +w for a
 * must-link of weight w, -w for a cannot-link. A pair given more than once (explicitly and by labels)
 * adds up, then is clamped to [-1, 1], as in {@link io.csc.constraint.ConstraintMatrix}.
 *
 * <p>Only pairs that can change the affinity are stored: every must-link, and a cannot-link only
 * where the graph has an edge (elsewhere the affinity is already 0). On a k-NN graph this keeps
 * 7,000 labels at the must-links within classes instead of all 24.5 million pairs.
 */
final class ConstraintConfidences {

    /** Most pairs stored (each twice, as two entries). */
    static final long PAIR_LIMIT = 50_000_000L;

    private ConstraintConfidences() {
    }

    /**
     * The confidences of {@code constraints}.
     *
     * @param graph the sparse affinity whose edges cannot-links may remove, or null when every pair
     *     is an edge (dense affinity)
     */
    static SparseMatrix of(ConstraintSet constraints, SparseMatrix graph) {
        int n = constraints.pointCount();
        long candidates = graph == null ? constraints.pairCount() : constraints.mustLinkCount();
        if (candidates > PAIR_LIMIT) {
            throw new IllegalArgumentException("The supervision implies " + candidates + " pairs, more than the "
                    + PAIR_LIMIT + " Spectral Learning stores; use fewer labels"
                    + (graph == null ? " or --param graph=knn" : ""));
        }
        SparseMatrixBuilder entries = new SparseMatrixBuilder(2 * candidates);
        constraints.forEachPair((first, second, sign, weight) -> {
            if (first != second && (sign > 0 || graph == null || graph.get(first, second) != 0.0)) {
                entries.addSymmetric(first, second, sign * weight);
            }
        });
        SparseMatrix summed = entries.build(n, n, SparseMatrix.Duplicates.SUM);
        double[] clamped = summed.values().clone();
        for (int p = 0; p < clamped.length; p++) {
            clamped[p] = Math.max(-1.0, Math.min(1.0, clamped[p]));
        }
        return new SparseMatrix(n, n, summed.rowPointers(), summed.columnIndices(), clamped);
    }
}
