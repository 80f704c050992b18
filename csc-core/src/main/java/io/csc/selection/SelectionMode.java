package io.csc.selection;

import io.csc.algorithm.Parameter;

/** How a constrained method chooses its parameters. */
public enum SelectionMode {
    /** The given values, or the defaults. */
    NONE,
    /**
     * The default: {@link #GUARD} up to {@link GuardedMethod#LIMIT} points, {@link #CHECK} above,
     * where the method's own cost is what its user is counting.
     */
    AUTO,
    /**
     * The method against its references, NJW's dense embedding (up to
     * {@link GuardedMethod#DENSE_LIMIT} points), k-means on the features and NJW's k-NN embedding,
     * all seeded by the supervision ({@link GuardedMethod}), by cross-validation over the
     * supervision, at any size.
     */
    GUARD,
    /**
     * The method as set, checked against its labels or pairs ({@link NeighbourhoodAgreement}) and guarded
     * ({@link #GUARD}) only when the fit contradicts them: at little more than one fit where it does
     * not. What {@link #AUTO} does above {@link GuardedMethod#LIMIT} points.
     */
    CHECK,
    /** Cross-validation over the supervision ({@link CrossValidation}), on the method's grid and the reference. */
    CV;

    /** The {@code select} option every constrained method has. */
    public static final Parameter<SelectionMode> PARAMETER = Parameter.choice("select", SelectionMode.class, AUTO,
            "label-free selection by 3-fold cross-validation over the supervision (held-out pairwise F-measure; "
                    + "among candidates within " + SelectedFit.NEAR + " of the best (guard: within one standard error of "
                    + "the best score, at least " + SelectedFit.LEAST_GUARD_MARGIN + "), the most stable across folds): "
                    + "none = the method as set; guard = the method or, if one scores higher, seeded-njw (NJW's "
                    + "dense embedding, up to " + GuardedMethod.DENSE_LIMIT + " points), seeded-kmeans (k-means on "
                    + "the features) or seeded-njw graph=knn (NJW's k-NN embedding), all seeded by the supervision: "
                    + "3 folds of each and the final fit; on weak evidence (a margin above " + SelectedFit.WEAK_EVIDENCE
                    + ", or labels of fewer classes than k) seeded-njw goes first among equals, and a handful of "
                    + "supervision, too little for folds, gets seeded-njw's labels; "
                    + "check = the method as set, guarded only when it contradicts its labels' or pairs' neighbourhoods; "
                    + "auto = guard up to " + GuardedMethod.LIMIT + " points, check above (variant=paper: none); "
                    + "cv = the method's grid (see 'csc algorithms') and seeded-kmeans, at most 13 fits");
}
