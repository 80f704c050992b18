package io.csc.graph;

import io.csc.linalg.SparseMatrix;

/**
 * The sparse-coding matrix of the landmark methods, stored with points as rows: {@code codes} is
 * n x p (the papers' Zᵀ, whose Z is p x n), each row holding r weights that sum to one, and the σ
 * that weighted them (needed to code new points the same way).
 */
public record SparseCode(SparseMatrix codes, double sigma) {
}
