package io.csc.linalg;

/**
 * Options of {@link LanczosSolver}.
 *
 * @param tolerance     convergence threshold on the relative residual: a Ritz pair (θ, v) is
 *                      accepted when {@code ||A v - θ v|| <= tolerance · ||A||}, with ||A|| estimated
 *                      by the largest |Ritz value| seen; in (0, 1), default {@code 1e-10}
 * @param maxIterations maximum number of restart cycles (one cycle extends the search space to
 *                      its full size, then performs one Rayleigh-Ritz step); at least 1, default
 *                      1000. The solver returns its best pairs, flagged unconverged, when it runs out.
 * @param subspaceSize  dimension of the search (Krylov) space, not counting converged, locked
 *                      vectors; 0 (default) chooses {@code max(2k + 1, k + 20)}, capped by the
 *                      problem size. Otherwise at least {@code k + 2}, checked when solving.
 *                      Memory is about {@code (subspaceSize + k) · n} doubles.
 */
public record LanczosOptions(double tolerance, int maxIterations, int subspaceSize) {

    /** Tolerance 1e-10, at most 1000 restarts, automatic subspace size. */
    public static final LanczosOptions DEFAULTS = new LanczosOptions(1e-10, 1000, 0);

    public LanczosOptions {
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("Invalid tolerance: " + tolerance + " (must be > 0 and < 1)");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("Invalid maxIterations: " + maxIterations + " (must be >= 1)");
        }
        if (subspaceSize < 0) {
            throw new IllegalArgumentException("Invalid subspaceSize: " + subspaceSize + " (must be >= 0, 0 = automatic)");
        }
    }

    /** A copy with another tolerance. */
    public LanczosOptions withTolerance(double tolerance) {
        return new LanczosOptions(tolerance, maxIterations, subspaceSize);
    }

    /** A copy with another maximum number of restart cycles. */
    public LanczosOptions withMaxIterations(int maxIterations) {
        return new LanczosOptions(tolerance, maxIterations, subspaceSize);
    }

    /** A copy with another subspace size (0 = automatic). */
    public LanczosOptions withSubspaceSize(int subspaceSize) {
        return new LanczosOptions(tolerance, maxIterations, subspaceSize);
    }
}
