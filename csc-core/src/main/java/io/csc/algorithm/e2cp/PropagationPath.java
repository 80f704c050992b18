package io.csc.algorithm.e2cp;

/** How E2CP holds the adjusted affinity W̃. */
public enum PropagationPath {
    /**
     * {@link #EXACT} up to {@link ExhaustiveConstraintPropagation#EXACT_LIMIT} points (or with the
     * dense affinity, which only the exact path holds), {@link #SCALABLE} above.
     */
    AUTO,
    /** W̃ dense and exact: n² memory, for n up to what the heap holds. */
    EXACT,
    /**
     * W̃ sparse on the k-NN edges, the must-link pairs and each point's strongest propagated
     * partners: O(n (k + partners)) memory, for large n.
     */
    SCALABLE
}
