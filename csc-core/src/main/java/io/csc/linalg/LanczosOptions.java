package io.csc.linalg;

/**
 * Options of {@link LanczosSolver}.
 *
 * @param tolerance     convergence threshold on the relative residual: a Ritz pair (θ, v) is
 *                      accepted when {@code ||A v - θ v|| <= tolerance · ||A||}, with ||A|| estimated
 *                      by the largest |Ritz value| seen; in (0, 1), default {@code 1e-6}
 * @param maxIterations maximum number of restart cycles (one cycle extends the search space to
 *                      its full size, then performs one Rayleigh-Ritz step); at least 1, default
 *                      1000. The solver returns its best pairs, flagged unconverged, when it runs out.
 * @param subspaceSize  dimension of the search (Krylov) space, not counting converged, locked
 *                      vectors; 0 (default) chooses {@code max(2k + 1, k + 20)}, capped by the
 *                      problem size. Otherwise at least {@code k + 2}, checked when solving.
 *                      Memory is about {@code (subspaceSize + k) · n} doubles.
 */
public record LanczosOptions(double tolerance, int maxIterations, int subspaceSize) {

    /**
     * Tolerance 1e-6, at most 1000 restarts, automatic subspace size.
     *
     * <p>Why 1e-6: the clusterings need the leading invariant subspace to well within what moves a
     * k-means assignment, and a residual of 1e-6 bounds each vector's angle to the exact one by 1e-6
     * over the eigengap. Against 1e-10, every method on Digits, Waveform-21, Letter and two generated
     * sets of 8,000 and 12,000 points (10% labels, 2 draws, 72 fits at the defaults; Fashion-MNIST
     * with E2CP; 40 more fits with random pairs and with classes left unlabelled on generated binary
     * and imbalanced sets) gave the same labels wherever the gap after the k-th eigenvalue is clear; where it
     * is not (Digits, NJW's k-NN graph on Letter's 26 classes) the subspace itself is ill-determined
     * and any tolerance gives other labels (there 11 of the 72 fits, ACC -0.001 to +0.049). The
     * Lanczos fits took 7-13% less time, up to a third less on ill-conditioned graphs
     * (docs/results/96b-eigen-tolerance.md). Tests of the solver itself ask for 1e-10.
     */
    public static final LanczosOptions DEFAULTS = new LanczosOptions(1e-6, 1000, 0);

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
