package io.csc.selection;

import io.csc.metric.ConstraintCounts;

/**
 * How well a clustering answers constraints it was not given: the pairwise F-measure of the
 * must-link and cannot-link classes, averaged (Pourrajabi et al., EDBT 2014), and CONS beside it.
 *
 * <p>A must-link is a positive of the must-link class when its points share a cluster, a
 * cannot-link a false positive of it when they do; the cannot-link class mirrors this. With
 * {@code a} satisfied of {@code M} must-links and {@code b} of {@code C} cannot-links:
 * {@code F_ML = 2a / (2a + (M - a) + (C - b))}, {@code F_CL = 2b / (2b + (C - b) + (M - a))}. The
 * F-measure, unlike CONS, is not fooled by one class being rare: with nine cannot-links to a
 * must-link (random pairs on ten classes), putting every point alone satisfies 90% of the pairs but
 * scores F_ML = 0.
 *
 * @param counts the held-out constraints and how many were satisfied
 */
public record HeldOutScore(ConstraintCounts counts) {

    /** The average of the two classes' F-measures; the one present alone; NaN without constraints. */
    public double fMeasure() {
        long mustLinks = counts.mustLinks();
        long cannotLinks = counts.cannotLinks();
        if (mustLinks == 0 && cannotLinks == 0) {
            return Double.NaN;
        }
        double mustMissed = mustLinks - counts.satisfiedMustLinks();
        double cannotMissed = cannotLinks - counts.satisfiedCannotLinks();
        double mustLink = f(counts.satisfiedMustLinks(), mustMissed + cannotMissed);
        double cannotLink = f(counts.satisfiedCannotLinks(), cannotMissed + mustMissed);
        if (mustLinks == 0) {
            return cannotLink;
        }
        if (cannotLinks == 0) {
            return mustLink;
        }
        return 0.5 * (mustLink + cannotLink);
    }

    /** CONS of the held-out constraints. */
    public double satisfaction() {
        return counts.satisfaction();
    }

    private static double f(double truePositives, double errors) {
        return truePositives == 0 ? 0.0 : 2 * truePositives / (2 * truePositives + errors);
    }
}
