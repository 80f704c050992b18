package io.csc.linalg;

/** Which end of a symmetric spectrum an iterative eigensolver looks for (algebraic order). */
public enum Spectrum {
    /** The algebraically largest eigenvalues, returned in descending order. */
    LARGEST,
    /** The algebraically smallest eigenvalues, returned in ascending order. */
    SMALLEST
}
