package io.csc.experiment;

import io.csc.constraint.ConstraintSet;
import java.util.List;
import java.util.Objects;

/**
 * One draw of supervision from the ground truth: the constraints every constrained method of a
 * repetition receives, and notes on how they were made (for example a fallback the kind took).
 *
 * @param constraints the supervision
 * @param notes remarks for the run records, possibly empty
 */
public record SupervisionDraw(ConstraintSet constraints, List<String> notes) {

    public SupervisionDraw {
        Objects.requireNonNull(constraints, "constraints");
        notes = List.copyOf(notes);
    }
}
