package io.csc.constraint;

/** The two kinds of pairwise supervision. */
public enum ConstraintType {
    /** The two points belong to the same cluster. */
    MUST_LINK(1),
    /** The two points belong to different clusters. */
    CANNOT_LINK(-1);

    private final int sign;

    ConstraintType(int sign) {
        this.sign = sign;
    }

    /** +1 for must-link, -1 for cannot-link (the usual entry of a constraint matrix Q). */
    public int sign() {
        return sign;
    }

    /** The other type. */
    public ConstraintType opposite() {
        return this == MUST_LINK ? CANNOT_LINK : MUST_LINK;
    }

    /** Short code used in files and reports: {@code ML} or {@code CL}. */
    public String code() {
        return this == MUST_LINK ? "ML" : "CL";
    }
}
