package io.csc.linalg;

/**
 * A symmetric linear operator {@code y = A x} that is applied, never stored: a sparse matrix, a
 * low-rank plus sparse sum, or a structured dense matrix such as "all ones minus a sparse part".
 * Iterative eigensolvers only need this.
 */
public interface SymmetricOperator {

    /** The dimension n of the operator. */
    int size();

    /** Computes {@code y = A x}; {@code x} and {@code y} are distinct arrays of length n. */
    void apply(double[] x, double[] y);
}
