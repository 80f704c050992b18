package io.csc.metric;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import java.util.Objects;

/**
 * How many must-links and cannot-links a clustering satisfies, the counts behind CONS (APJCSC
 * Eq. 27). Counts add and subtract, so the constraints of one set that are not in a subset of it
 * (held-out supervision) are counted as the difference of the two.
 *
 * @param mustLinks must-link pairs
 * @param satisfiedMustLinks must-link pairs in one cluster
 * @param cannotLinks cannot-link pairs
 * @param satisfiedCannotLinks cannot-link pairs in different clusters
 */
public record ConstraintCounts(long mustLinks, long satisfiedMustLinks, long cannotLinks, long satisfiedCannotLinks) {

    /** No constraint. */
    public static final ConstraintCounts NONE = new ConstraintCounts(0, 0, 0, 0);

    /**
     * The counts of {@code constraints} under {@code labels}. Explicit pairs are counted one by one,
     * duplicates included; the pairs implied by labelled points or groups are counted from each
     * block's class x cluster contingency table, never enumerated: O(m + classes x clusters) for m
     * labelled points. Weights are ignored, as in the paper.
     *
     * @param labels cluster of each of the {@link ConstraintSet#pointCount()} points, {@code >= 0}
     */
    public static ConstraintCounts of(ConstraintSet constraints, int[] labels) {
        Objects.requireNonNull(constraints, "constraints");
        if (labels.length != constraints.pointCount()) {
            throw new IllegalArgumentException(labels.length + " labels but the constraints are on "
                    + constraints.pointCount() + " points");
        }
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] < 0) {
                throw new IllegalArgumentException("Invalid cluster label of point " + i + ": " + labels[i]
                        + " (must be >= 0)");
            }
        }
        long mustLinks = 0;
        long satisfiedMustLinks = 0;
        long cannotLinks = 0;
        long satisfiedCannotLinks = 0;
        for (Constraint pair : constraints.pairs()) {
            boolean together = labels[pair.first()] == labels[pair.second()];
            if (pair.isMustLink()) {
                mustLinks++;
                satisfiedMustLinks += together ? 1 : 0;
            } else {
                cannotLinks++;
                satisfiedCannotLinks += together ? 0 : 1;
            }
        }
        for (LabelledPoints block : constraints.labelledBlocks()) {
            int[] points = block.points();
            if (points.length < 2) {
                continue;
            }
            int[] predicted = new int[points.length];
            for (int t = 0; t < points.length; t++) {
                predicted[t] = labels[points[t]];
            }
            ContingencyTable table = ContingencyTable.of(block.classes(), predicted);
            long sameClass = table.pairsTogetherInTruth();
            long sameClassAndCluster = table.pairsTogetherInBoth();
            mustLinks += sameClass;
            satisfiedMustLinks += sameClassAndCluster;
            if (block.cannotLinkBetweenClasses()) {
                long differentClass = table.pairCount() - sameClass;
                long differentClassSameCluster = table.pairsTogetherInPrediction() - sameClassAndCluster;
                cannotLinks += differentClass;
                satisfiedCannotLinks += differentClass - differentClassSameCluster;
            }
        }
        return new ConstraintCounts(mustLinks, satisfiedMustLinks, cannotLinks, satisfiedCannotLinks);
    }

    /** The counts of both. */
    public ConstraintCounts plus(ConstraintCounts other) {
        return new ConstraintCounts(mustLinks + other.mustLinks, satisfiedMustLinks + other.satisfiedMustLinks,
                cannotLinks + other.cannotLinks, satisfiedCannotLinks + other.satisfiedCannotLinks);
    }

    /** These counts without {@code other}'s (the constraints of a subset). */
    public ConstraintCounts minus(ConstraintCounts other) {
        return new ConstraintCounts(mustLinks - other.mustLinks, satisfiedMustLinks - other.satisfiedMustLinks,
                cannotLinks - other.cannotLinks, satisfiedCannotLinks - other.satisfiedCannotLinks);
    }

    /**
     * CONS: {@code (satisfied must-links / n_M + satisfied cannot-links / n_C) / 2}; the satisfied
     * fraction of the one kind present; NaN without constraints.
     */
    public double satisfaction() {
        if (mustLinks == 0 && cannotLinks == 0) {
            return Double.NaN;
        }
        if (cannotLinks == 0) {
            return (double) satisfiedMustLinks / mustLinks;
        }
        if (mustLinks == 0) {
            return (double) satisfiedCannotLinks / cannotLinks;
        }
        return 0.5 * ((double) satisfiedMustLinks / mustLinks + (double) satisfiedCannotLinks / cannotLinks);
    }
}
