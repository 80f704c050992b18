package io.csc.selection;

import io.csc.algorithm.Parameter;

/** How a constrained method chooses its parameters. */
public enum SelectionMode {
    /** The given values, or the defaults. */
    NONE,
    /**
     * The method against its reference, the supervision used only by the final assignment on NJW's
     * embedding ({@link GuardedMethod}), by cross-validation over the supervision.
     */
    GUARD,
    /** Cross-validation over the supervision ({@link CrossValidation}), on the method's grid and the reference. */
    CV;

    /** The {@code select} option every constrained method has. */
    public static final Parameter<SelectionMode> PARAMETER = Parameter.choice("select", SelectionMode.class, NONE,
            "label-free selection by 3-fold cross-validation over the supervision (held-out pairwise F-measure): "
                    + "none = the method as set; guard = the method or, if it scores lower, seeded-njw (NJW's "
                    + "embedding, supervision in the final assignment only), 7 fits; cv = the method's grid "
                    + "(see 'csc algorithms') and seeded-njw, at most 13 fits");
}
