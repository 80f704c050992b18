package io.csc.algorithm.spectral;

/**
 * How a constrained spectral method turns its embedding into labels ({@code --param assignment}).
 */
public enum Assignment {
    /** {@link #CONSTRAINED}, except for {@code variant=paper}, which runs the paper's plain k-means. */
    AUTO,
    /** k-means seeded by the labelled classes, labels clamped, pairs and groups as penalties ({@link io.csc.cluster.ConstrainedKMeans}). */
    CONSTRAINED,
    /** Plain k-means with k-means++ seeds, as every paper ends. */
    KMEANS
}
