package io.csc.graph;

import io.csc.linalg.SparseMatrix;

/**
 * A sparse symmetric affinity graph with a zero diagonal, the bandwidth that weighted it, its
 * number of connected components, and the neighbour lists it came from (for reuse).
 */
public record SparseGraph(SparseMatrix weights, Bandwidth bandwidth, int components, NeighbourLists neighbours) {
}
