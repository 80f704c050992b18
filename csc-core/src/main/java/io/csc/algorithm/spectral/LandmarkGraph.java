package io.csc.algorithm.spectral;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;

/**
 * The bipartite point-landmark graph of the landmark methods. With the sparse-coding matrix Z
 * (the papers' p x n; stored here as its n x p transpose {@code codes}) and the landmark degrees
 * {@code D = diag(Z 1)}, it provides {@code Ẑ = D^-1/2 Z}, the p x p matrix {@code Ẑ Ẑᵀ} whose
 * eigenvectors are the left singular vectors of Ẑ, and the map from those to the right singular
 * vectors {@code B = Σ^-1 Aᵀ Ẑ} (Chen and Cai 2011): the affinity {@code W = ẐᵀẐ} is never formed.
 *
 * <p>A landmark that no point chose has degree 0 and is given {@code D^-1/2 = 0}.
 */
public final class LandmarkGraph {

    private final SparseMatrix codes;
    private final double[] degrees;
    private final double[] inverseSquareRootDegrees;

    private LandmarkGraph(SparseMatrix codes) {
        this.codes = codes;
        this.degrees = codes.columnSums();
        this.inverseSquareRootDegrees = NormalizedAffinity.inverseSquareRootDegrees(degrees);
    }

    /** The graph of an n x p code matrix. */
    public static LandmarkGraph of(SparseMatrix codes) {
        return new LandmarkGraph(codes);
    }

    /** The n x p code matrix Zᵀ. */
    public SparseMatrix codes() {
        return codes;
    }

    /** The landmark degrees (column sums of the codes). */
    public double[] degrees() {
        return degrees.clone();
    }

    /** {@code D^-1/2} (0 for unused landmarks). */
    public double[] inverseSquareRootDegrees() {
        return inverseSquareRootDegrees.clone();
    }

    /** The number of landmarks no point chose. */
    public int unusedLandmarks() {
        return NormalizedAffinity.isolatedCount(degrees);
    }

    /** The normalized codes {@code Ẑᵀ = Zᵀ D^-1/2} (n x p, sparse). */
    public SparseMatrix normalizedCodes() {
        return codes.scale(null, inverseSquareRootDegrees);
    }

    /** The p x p matrix {@code Ẑ Ẑᵀ = D^-1/2 Z Zᵀ D^-1/2}. */
    public DenseMatrix normalizedGram() {
        return gram().normalizedGram();
    }

    /** The Gram matrix {@code Z Zᵀ} and the degrees, what the spectral step needs. */
    public LandmarkGram gram() {
        return LandmarkGram.of(codes.gram(), degrees.clone());
    }

    /**
     * The p x m map {@code D^-1/2 A Σ^-1} taking codes to right singular vectors
     * ({@link LandmarkGram#rightSingularMap}).
     *
     * @param leftVectors p x m left singular vectors A (eigenvectors of Ẑ Ẑᵀ)
     * @param singularValues the m singular values (square roots of the eigenvalues)
     */
    public DenseMatrix rightSingularMap(DenseMatrix leftVectors, double[] singularValues) {
        return LandmarkGram.rightSingularMap(inverseSquareRootDegrees, leftVectors, singularValues);
    }

    /** The coordinates {@code codes · map} of the points (n x m). */
    public static DenseMatrix embed(SparseMatrix codes, DenseMatrix map, Parallel parallel) {
        return codes.multiply(map, parallel);
    }
}
