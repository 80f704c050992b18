package io.csc.algorithm.apjcsc;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintMatrix;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import java.util.ArrayList;
import java.util.List;

/**
 * The supervision of APJCSC as must-link and cannot-link sets (Algorithm 2, step 1), whatever form
 * it came in, kept structured so that labels are never expanded into pairs.
 *
 * <p>Two {@link ConstraintMatrix} objects hold everything: the must-link matrix M (explicit
 * must-links, plus every class of a labels block and every group as the rank-one term of its
 * members) and the signed matrix Q (must-links {@code +w}, cannot-links {@code -w}). The
 * cannot-link matrix is {@code C = M - Q}. Both have a zero diagonal. Labels give the must-links
 * inside each class and the cannot-links between classes, groups give must-links only, as in the
 * paper's Fig. 1; a pair named twice adds up (the convention of {@link ConstraintMatrix}).
 *
 * <p>{@code n_M} and {@code n_C} of Eq. 6 and 10 are the numbers of must-link and cannot-link
 * pairs (counted, not enumerated). A soft constraint of weight t enters M or C with weight t but
 * still counts once in n_M or n_C, so a less trusted constraint pulls less than a hard one.
 */
final class Supervision {

    private final int size;
    private final ConstraintMatrix mustLinks;
    private final ConstraintMatrix signed;
    private final ConstraintEntries mustLinkEntries;
    private final ConstraintEntries signedEntries;
    private final long mustLinkCount;
    private final long cannotLinkCount;
    private final int[] constrainedPoints;
    private final ConstraintSet set;

    private Supervision(ConstraintSet set) {
        this.set = set;
        size = set.pointCount();
        List<Constraint> mustLinkPairs = new ArrayList<>();
        for (Constraint pair : set.pairs()) {
            if (pair.isMustLink()) {
                mustLinkPairs.add(pair);
            }
        }
        List<LabelledPoints> groups = new ArrayList<>();
        for (LabelledPoints block : set.labelledBlocks()) {
            groups.add(new LabelledPoints(block.points(), block.classes(), false, block.confidences()));
        }
        mustLinks = ConstraintMatrix.of(ConstraintSet.of(size, mustLinkPairs, groups), 0.0);
        signed = ConstraintMatrix.of(set, 0.0);
        mustLinkEntries = new ConstraintEntries(mustLinks);
        signedEntries = new ConstraintEntries(signed);
        mustLinkCount = set.mustLinkCount();
        cannotLinkCount = set.cannotLinkCount();
        constrainedPoints = set.constrainedPoints();
    }

    static Supervision of(ConstraintSet set) {
        return new Supervision(set);
    }

    /** The supervision as given. */
    ConstraintSet constraints() {
        return set;
    }

    int size() {
        return size;
    }

    /** n_M. */
    long mustLinkCount() {
        return mustLinkCount;
    }

    /** n_C. */
    long cannotLinkCount() {
        return cannotLinkCount;
    }

    /** True when there is no must-link and no cannot-link. */
    boolean isEmpty() {
        return mustLinkCount == 0 && cannotLinkCount == 0;
    }

    /** The points named by some constraint, ascending (M and Q vanish outside them). */
    int[] constrainedPoints() {
        return constrainedPoints.clone();
    }

    /** The must-link matrix M. */
    ConstraintMatrix mustLinks() {
        return mustLinks;
    }

    /** The signed matrix Q. */
    ConstraintMatrix signed() {
        return signed;
    }

    /** {@code M_ij}, the must-link weight of the pair ({@code i != j}). */
    double mustLink(int i, int j) {
        return mustLinkEntries.get(i, j);
    }

    /** {@code Q_ij}, the signed weight of the pair ({@code i != j}). */
    double signed(int i, int j) {
        return signedEntries.get(i, j);
    }

    /**
     * Eq. 5 with weights: the pair's affinity becomes {@code w (1 - min(1, m + c)) + m} for
     * must-link weight m and cannot-link weight c. A hard must-link sets it to 1, a hard cannot-link
     * to 0, as in the paper; a soft one of weight t moves it the fraction t of the way.
     */
    double constrainedAffinity(int i, int j, double affinity) {
        double m = mustLink(i, j);
        double c = m - signed(i, j);
        return affinity * (1 - Math.min(1.0, m + c)) + m;
    }

    /** The penalty matrix of {@code type} on this supervision. */
    Penalty penalty(PenaltyType type) {
        return new Penalty(this, type);
    }
}
