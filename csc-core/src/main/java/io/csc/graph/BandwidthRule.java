package io.csc.graph;

/** How the width σ of the Gaussian kernel is chosen. */
public enum BandwidthRule {
    /** σ given by the user. */
    FIXED,
    /**
     * σ = median Euclidean distance between pairs of points: exact up to
     * {@link Bandwidths#MEDIAN_SAMPLE} points, otherwise over all pairs of a seeded random sample of
     * that many points (the median of a sample is a consistent estimate and costs O(s² d)).
     */
    MEDIAN,
    /** σ = mean distance from a point to its k nearest neighbours, over all points. */
    KNN_MEAN,
    /**
     * Local scaling (Zelnik-Manor and Perona 2004): σ_i = distance from point i to its k-th nearest
     * neighbour (k = 7 in the paper) and {@code W_ij = exp(-d_ij² / (σ_i σ_j))}.
     */
    SELF_TUNING
}
