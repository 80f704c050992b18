package io.csc.algorithm.e2cp;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintMatrix;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import java.util.BitSet;
import java.util.List;

/**
 * The initial constraint matrix Z of the E2CP paper (Eq. 1) as a product {@code Z = V C Vᵀ} of a
 * thin source matrix V (n x q) and a small symmetric coupling C (q x q), so that the propagation
 * {@code (I - αL̄)^-1 Z (I - αL̄)^-1} needs q linear solves, one per column of V, rather than n.
 *
 * <p>The columns of V are the unit vectors of the points in explicit pairs, then the vectors of the
 * rank-one terms of the labelled blocks ({@link ConstraintMatrix}): for labels, one indicator per
 * class plus one over all labelled points, so 7,000 labels in 10 classes give q = 11. C holds the
 * explicit pairs among their points and the coefficients of the rank-one terms. Off the diagonal,
 * {@code Z_ij} is +w for a must-link of weight w, -w for a cannot-link, 0 otherwise (duplicated
 * pairs add up as in {@link ConstraintMatrix}).
 *
 * <p><b>The diagonal of Z</b>, which the paper leaves open, is the self-pair of each constrained
 * point: the paper's must-link set {@code M = {(x_i, x_j) : z_i = z_j}} contains {@code (x_i, x_i)},
 * so {@code Z_ii} is 1 for a point in explicit pairs only and {@code sqrt(c_i c_i) = c_i} for a
 * labelled or grouped point with confidence {@code c_i}, by the pair-weight rule of
 * {@link LabelledPoints}; unconstrained points have {@code Z_ii = 0}. This is also the choice that
 * keeps label supervision of rank (classes + 1): a zero diagonal would subtract a diagonal term
 * and force one solve per labelled point. On the small UCI sets at 10% labels both diagonals give
 * the same mean NMI to within 0.01 (docs/results/50-e2cp-sl.md).
 */
final class ConstraintSources {

    private final int size;
    private final int[] explicitPoints;
    private final List<ConstraintMatrix.RankOneTerm> terms;
    private final SparseMatrix coupling;

    private ConstraintSources(int size, int[] explicitPoints, List<ConstraintMatrix.RankOneTerm> terms,
                              SparseMatrix coupling) {
        this.size = size;
        this.explicitPoints = explicitPoints;
        this.terms = terms;
        this.coupling = coupling;
    }

    /** The sources of the supervision in {@code set}. */
    static ConstraintSources of(ConstraintSet set) {
        int n = set.pointCount();
        ConstraintMatrix matrix = ConstraintMatrix.of(set, 0.0);
        SparseMatrix explicit = matrix.explicitPart();
        BitSet inBlocks = new BitSet(n);
        for (LabelledPoints block : set.labelledBlocks()) {
            for (int point : block.points()) {
                inBlocks.set(point);
            }
        }
        BitSet inPairs = new BitSet(n);
        for (Constraint pair : set.pairs()) {
            inPairs.set(pair.first());
            inPairs.set(pair.second());
        }
        int[] points = inPairs.stream().toArray();
        int[] position = new int[n];
        for (int a = 0; a < points.length; a++) {
            position[points[a]] = a;
        }
        List<ConstraintMatrix.RankOneTerm> terms = matrix.terms();
        int q = points.length + terms.size();
        SparseMatrixBuilder entries = new SparseMatrixBuilder((long) explicit.nonZeros() + q);
        for (int a = 0; a < points.length; a++) {
            int i = points[a];
            if (!inBlocks.get(i)) {
                entries.add(a, a, 1.0);
            }
            for (int p = explicit.rowPointers()[i]; p < explicit.rowPointers()[i + 1]; p++) {
                entries.add(a, position[explicit.columnIndices()[p]], explicit.values()[p]);
            }
        }
        for (int t = 0; t < terms.size(); t++) {
            entries.add(points.length + t, points.length + t, terms.get(t).coefficient());
        }
        SparseMatrix coupling = entries.build(q, q, SparseMatrix.Duplicates.SUM);
        return new ConstraintSources(n, points, terms, coupling);
    }

    /** n. */
    int size() {
        return size;
    }

    /** q, the number of sources (columns of V), hence of linear solves. */
    int count() {
        return explicitPoints.length + terms.size();
    }

    /** The symmetric q x q coupling C. */
    SparseMatrix coupling() {
        return coupling;
    }

    /** V as a dense n x q matrix, the right-hand sides of the propagation solves. */
    DenseMatrix sources() {
        int q = count();
        DenseMatrix v = DenseMatrix.zeros(size, q);
        double[] data = v.data();
        for (int a = 0; a < explicitPoints.length; a++) {
            data[explicitPoints[a] * q + a] = 1.0;
        }
        for (int t = 0; t < terms.size(); t++) {
            int column = explicitPoints.length + t;
            int[] points = terms.get(t).points();
            double[] termValues = terms.get(t).values();
            for (int e = 0; e < points.length; e++) {
                data[points[e] * q + column] += termValues[e];
            }
        }
        return v;
    }
}
