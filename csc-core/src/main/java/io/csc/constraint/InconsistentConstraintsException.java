package io.csc.constraint;

import java.util.List;

/**
 * Thrown by {@link ConstraintClosure#requireConsistent()} when cannot-links join points that the
 * must-links put in one cluster. The message is one line listing the first few offending pairs and
 * saying how to continue; {@link #inconsistencies()} holds all of them.
 */
public class InconsistentConstraintsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Not serialized: the message carries the description. */
    private final transient List<Inconsistency> inconsistencies;

    public InconsistentConstraintsException(String message, List<Inconsistency> inconsistencies) {
        super(message);
        this.inconsistencies = List.copyOf(inconsistencies);
    }

    /** Every offending cannot-link with its must-link path (empty after deserialization). */
    public List<Inconsistency> inconsistencies() {
        return inconsistencies == null ? List.of() : inconsistencies;
    }
}
