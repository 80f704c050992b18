package io.csc.algorithm.spectrallearning;

/** How Spectral Learning normalizes the constrained affinity before taking its top eigenvectors. */
public enum AffinityNormalization {
    /**
     * Kamvar et al.'s {@code N = (W + d_max I - D) / d_max}: a lazy random walk with uniform
     * holding, whose top eigenvectors are the bottom ones of the unnormalized Laplacian
     * {@code D - W}.
     */
    ADDITIVE,
    /** Ng, Jordan and Weiss's {@code D^-1/2 W D^-1/2}, as in {@code njw} and E2CP's last step. */
    SYMMETRIC
}
