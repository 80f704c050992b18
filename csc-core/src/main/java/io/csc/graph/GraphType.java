package io.csc.graph;

/** Which affinity graph a spectral method builds. */
public enum GraphType {
    /** The full n x n Gaussian affinity: exact, O(n²) memory, for small and medium n. */
    DENSE,
    /** The symmetric k-nearest-neighbour graph: sparse, O(n k) memory, eigenvectors by Lanczos. */
    KNN
}
