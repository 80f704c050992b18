package io.csc.graph;

import io.csc.linalg.DenseMatrix;

/**
 * A dense symmetric affinity matrix with a zero diagonal, the bandwidth that built it and its
 * number of connected components (edges with positive weight).
 */
public record DenseGraph(DenseMatrix weights, Bandwidth bandwidth, int components) {
}
