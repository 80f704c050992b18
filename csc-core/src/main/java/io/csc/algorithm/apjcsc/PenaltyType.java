package io.csc.algorithm.apjcsc;

/**
 * The two penalty matrices of the APJCSC paper (Qian et al., IEEE TNNLS 2017).
 *
 * <p>With {@code ML = Σ_MLS ML_<i,j> / n_M} (Definition 2, averaged) and the cannot-link
 * indicators averaged over {@code n_C}:
 * <ul>
 *   <li>{@link #TYPE_I}: Θ_T1 (Eq. 6) = {@code Σ_MLS (y_i - y_j)² / n_M - Σ_CLS (y_k - y_l)² / n_C},
 *       {@code P1 = diag(S1 1) - S1} with {@code S1 = ML + CL^T1} (Theorem 1): a signed Laplacian,
 *       cannot-links as edges of weight {@code -1/n_C};</li>
 *   <li>{@link #TYPE_II}: Θ_T2 (Eq. 10) = {@code Σ_MLS (y_i - y_j)² / n_M + Σ_CLS 2 y_k y_l / n_C},
 *       {@code P2 = diag(ML 1) - ML + CL^T2} (Theorem 2): the must-link Laplacian plus the
 *       cannot-link adjacency, which rewards opposite signs rather than distance.</li>
 * </ul>
 */
public enum PenaltyType {
    /** P1 of Theorem 1 (TI-APJCSC, command-line name {@code apjcsc-1}). */
    TYPE_I("apjcsc-1"),
    /** P2 of Theorem 2 (TII-APJCSC, command-line name {@code apjcsc-2}). */
    TYPE_II("apjcsc-2");

    private final String methodName;

    PenaltyType(String methodName) {
        this.methodName = methodName;
    }

    /** The command-line name of the method using this penalty. */
    public String methodName() {
        return methodName;
    }
}
