package io.csc.selection;

import io.csc.algorithm.Parameter;

/** How a constrained method chooses its parameters. */
public enum SelectionMode {
    /** The given values, or the defaults. */
    NONE,
    /** Cross-validation over the supervision ({@link CrossValidation}), on the method's grid. */
    CV;

    /** The {@code select} option every constrained method has. */
    public static final Parameter<SelectionMode> PARAMETER = Parameter.choice("select", SelectionMode.class, NONE,
            "label-free parameter selection: none, or cv = 3-fold cross-validation over the supervision, "
                    + "held-out pairwise F-measure, on the method's grid (see 'csc algorithms'); at most 10 fits");
}
