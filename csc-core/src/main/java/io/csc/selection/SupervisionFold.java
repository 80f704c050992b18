package io.csc.selection;

import io.csc.constraint.ConstraintSet;
import io.csc.metric.ConstraintCounts;

/**
 * One fold of cross-validation over the supervision: the part a method is fitted with, out of all
 * of it. The held-out constraints are every constraint of {@code all} that is not in
 * {@code training}; each involves at least one point that the training part does not name.
 *
 * @param all the whole supervision
 * @param training the supervision without the held-out points (labels) or must-link components (pairs)
 */
public record SupervisionFold(ConstraintSet all, ConstraintSet training) {

    /** The held-out constraints' counts under {@code labels}, computed without enumerating label pairs. */
    public ConstraintCounts heldOut(int[] labels) {
        return ConstraintCounts.of(all, labels).minus(ConstraintCounts.of(training, labels));
    }
}
