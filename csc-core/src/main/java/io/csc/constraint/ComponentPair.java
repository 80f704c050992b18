package io.csc.constraint;

/**
 * Two must-link components (ids of a {@link ConstraintClosure}) that must be separated because a
 * cannot-link, explicit or implied by labels, joins a point of one to a point of the other.
 *
 * @param first the smaller component id, {@code >= 0}
 * @param second the larger component id
 */
public record ComponentPair(int first, int second) {

    public ComponentPair {
        if (first < 0 || first >= second) {
            throw new IllegalArgumentException("Invalid component pair (" + first + ", " + second
                    + "): need 0 <= first < second");
        }
    }
}
