package io.csc.linalg;

/**
 * Options of {@link ConjugateGradient}.
 *
 * @param tolerance     a solve stops when the residual {@code ||b - A x||} falls to
 *                      {@code tolerance · ||b||}; in (0, 1), default {@code 1e-10}
 * @param maxIterations iteration cap per right-hand side, at least 1, default 1000; a solve that
 *                      reaches it returns its last iterate, flagged unconverged
 */
public record ConjugateGradientOptions(double tolerance, int maxIterations) {

    /** Tolerance 1e-10, at most 1000 iterations. */
    public static final ConjugateGradientOptions DEFAULTS = new ConjugateGradientOptions(1e-10, 1000);

    public ConjugateGradientOptions {
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("Invalid tolerance: " + tolerance + " (must be > 0 and < 1)");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("Invalid maxIterations: " + maxIterations + " (must be >= 1)");
        }
    }
}
