package io.csc.algorithm.csp;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.KernelOptions;

/**
 * Options of {@link ConstrainedSpectralPartitioning}.
 *
 * @param variant the threshold rule and embedding used when {@code beta} is null ({@link CspVariant})
 * @param kernel the Gaussian kernel of the dense affinity and how σ is chosen
 * @param beta the threshold β of the constraint {@code vᵀ Q̄ v >= β}, or null for the rule of the
 *             variant: {@code β = (λ_{K-1} + λ_K) vol / 2} with λ the eigenvalues of Q̄, largest
 *             first (paper) or {@code β = -2 λ_1 vol / (1 - λ_K(L))} (robust); a given β must be finite
 * @param ridge the relative ridge of the generalized eigensolver (> 0); see
 *              {@link io.csc.linalg.GeneralizedEigen#DEFAULT_RIDGE}
 * @param normalizeRows scale the rows of {@code D^-1/2 V} to unit length before k-means (not in the
 *                      method as published; true for the robust variant unless given)
 * @param kmeans the final k-means
 */
public record CspOptions(CspVariant variant, KernelOptions kernel, Double beta, double ridge, boolean normalizeRows, KMeansOptions kmeans) {

    public CspOptions {
        if (variant == null || kernel == null || kmeans == null) {
            throw new IllegalArgumentException("Invalid CSP options: null variant, kernel or k-means options");
        }
        if (beta != null && !Double.isFinite(beta)) {
            throw new IllegalArgumentException("Invalid beta: " + beta + " (must be finite, or auto)");
        }
        if (!(ridge > 0 && ridge < 1)) {
            throw new IllegalArgumentException("Invalid ridge: " + ridge + " (must be > 0 and < 1)");
        }
    }
}
