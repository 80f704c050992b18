package io.csc.algorithm.csp;

/**
 * Which threshold β and which embedding {@link ConstrainedSpectralPartitioning} uses.
 *
 * <ul>
 *   <li>{@link #ROBUST} (default): {@code β = -2 λ_max(Q̄) vol}, so that {@code Q̄ - β/vol I} is
 *       positive definite except where constraints are strongly violated and every direction is
 *       feasible; the constraints tilt the graph's eigenvectors instead of confining the feasible
 *       set to the constrained points; the rows of the embedding are scaled to unit length.</li>
 *   <li>{@link #PAPER}: the APJCSC paper's {@code β = (λ_{K-1} + λ_K) vol / 2} and unnormalized
 *       rows, as published (exactly the behaviour before the robust variant existed).</li>
 * </ul>
 */
public enum CspVariant {
    ROBUST,
    PAPER
}
