package io.csc.algorithm.scpc;

/**
 * Which SC-PC is run: the paper's Algorithm 1 as published, or the robust variant (the default)
 * that keeps its idea, the constrained points as landmarks with the constraints written into the
 * landmark affinity, without the paper's failure modes. See
 * {@link PairwiseConstraintSpectralClustering} for both and the measurements behind the choice.
 */
public enum ScpcVariant {
    /**
     * Landmarks: the constrained points plus random ones; each must-link component is one node of
     * the landmark graph; codes sharpened by component frequency; explicit cannot-links only cut;
     * the trivial singular vector removed ({@link ComponentLandmarkGraph}).
     */
    ROBUST,
    /** Algorithm 1 with Eq. 3 to 6 as printed, as before this variant existed. */
    PAPER;

    /** The default r, the nearest landmarks coding each point: 3 as the paper for MNIST, 5 (LSC's) for the robust graph. */
    int defaultNearest() {
        return this == PAPER ? 3 : 5;
    }
}
