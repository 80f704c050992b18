package io.csc.linalg;

/** Thrown when an iterative solver stops before reaching its tolerance and the caller asked for a hard failure. */
public class NonConvergenceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int iterations;
    private final double residual;

    public NonConvergenceException(String message, int iterations, double residual) {
        super(message + " (after " + iterations + " iterations, residual " + residual + ")");
        this.iterations = iterations;
        this.residual = residual;
    }

    public int iterations() {
        return iterations;
    }

    public double residual() {
        return residual;
    }
}
