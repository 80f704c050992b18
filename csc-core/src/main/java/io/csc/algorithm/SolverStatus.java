package io.csc.algorithm;

/**
 * How an eigensolver ended: which one ran, whether it reached its tolerance, after how many
 * iterations, and the largest relative residual {@code ||A v - λ v|| / ||A||} of the pairs it
 * returned (0 for direct dense solvers, which are exact to rounding).
 */
public record SolverStatus(String solver, boolean converged, int iterations, double residual) {

    /** A direct dense solve. */
    public static SolverStatus direct(String solver) {
        return new SolverStatus(solver, true, 0, 0.0);
    }
}
