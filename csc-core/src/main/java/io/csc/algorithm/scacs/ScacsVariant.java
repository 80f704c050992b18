package io.csc.algorithm.scacs;

/**
 * Which constrained cut SCACS solves ({@link ScalableConstrainedSpectralClustering}).
 *
 * <ul>
 * <li>{@link #ROBUST} (default): the constraint is measured against each vector's energy on the
 *     constrained points, {@code vᵀQv >= β vᵀD_c v} (D_c the 0/1 diagonal of the constrained
 *     points), with {@code β0 = 0.5}; fewer than k-1 feasible vectors are completed with the leading
 *     unconstrained eigenvectors of Ŝ.</li>
 * <li>{@link #PAPER}: Algorithm 1 as published, {@code vᵀQv >= β vᵀv} with the rule
 *     {@code β0 = 0.5 + 0.4 c/n}.</li>
 * </ul>
 */
public enum ScacsVariant {
    ROBUST,
    PAPER
}
