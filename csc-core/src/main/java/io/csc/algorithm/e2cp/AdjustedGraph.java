package io.csc.algorithm.e2cp;

/** Which affinity E2CP's propagated constraints adjust (Eq. 4) before the final NJW step. */
public enum AdjustedGraph {
    /** The k-NN graph the constraints propagate on, as in the paper. */
    KNN,
    /**
     * The dense Gaussian affinity over all pairs, with the same kernel and bandwidth rule
     * ({@code path=exact} only). Where a k-NN graph loses the clusters (many noisy features, as in
     * binary data with few informative ones) the dense graph keeps them, as it does for NJW.
     */
    DENSE
}
