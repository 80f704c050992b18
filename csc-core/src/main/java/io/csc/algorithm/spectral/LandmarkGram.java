package io.csc.algorithm.spectral;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;

/**
 * What the spectral step of the landmark methods needs from the sparse-coding matrix Z (p x n):
 * the p x p Gram matrix {@code Z Zᵀ} and the landmark degrees {@code D = diag(Z 1)}, both sums over
 * the points. A distributed engine accumulates them block by block ({@link #accumulate}) and never
 * holds Z; {@link LandmarkGraph} builds them from the whole code matrix.
 *
 * <p>A landmark that no point chose has degree 0 and is given {@code D^-1/2 = 0}.
 */
public final class LandmarkGram {

    private final DenseMatrix gram;
    private final double[] degrees;
    private final double[] inverseSquareRootDegrees;

    private LandmarkGram(DenseMatrix gram, double[] degrees) {
        if (gram.rows() != gram.columns() || gram.rows() != degrees.length) {
            throw new IllegalArgumentException("A Gram matrix of " + gram.rows() + " x " + gram.columns() + " with "
                    + degrees.length + " degrees");
        }
        this.gram = gram;
        this.degrees = degrees;
        this.inverseSquareRootDegrees = NormalizedAffinity.inverseSquareRootDegrees(degrees);
    }

    /**
     * The Gram matrix {@code Z Zᵀ} and degrees (column sums of the codes) of p landmarks, as
     * accumulated over the points; the arrays are kept, not copied.
     */
    public static LandmarkGram of(DenseMatrix gram, double[] degrees) {
        return new LandmarkGram(gram, degrees);
    }

    /** The Gram matrix and degrees of an n x p code matrix Zᵀ. */
    public static LandmarkGram of(SparseMatrix codes) {
        return new LandmarkGram(codes.gram(), codes.columnSums());
    }

    /**
     * Adds the rows of {@code codes} (a block of points, n_b x p) to a running Gram matrix
     * (p x p row-major) and degrees (length p): the block step of a distributed fit.
     */
    public static void accumulate(SparseMatrix codes, double[] gram, double[] degrees) {
        int p = codes.columns();
        if (gram.length != p * p || degrees.length != p) {
            throw new IllegalArgumentException("Accumulators of " + gram.length + " and " + degrees.length
                    + " entries for " + p + " landmarks");
        }
        int[] rowPointers = codes.rowPointers();
        int[] columns = codes.columnIndices();
        double[] values = codes.values();
        for (int i = 0; i < codes.rows(); i++) {
            int start = rowPointers[i];
            int end = rowPointers[i + 1];
            for (int a = start; a < end; a++) {
                double value = values[a];
                degrees[columns[a]] += value;
                int base = columns[a] * p;
                for (int b = start; b < end; b++) {
                    gram[base + columns[b]] += value * values[b];
                }
            }
        }
    }

    /** p, the number of landmarks. */
    public int size() {
        return degrees.length;
    }

    /** The landmark degrees, a copy. */
    public double[] degrees() {
        return degrees.clone();
    }

    /** {@code D^-1/2} (0 for unused landmarks), a copy. */
    public double[] inverseSquareRootDegrees() {
        return inverseSquareRootDegrees.clone();
    }

    /** The number of landmarks no point chose. */
    public int unusedLandmarks() {
        return NormalizedAffinity.isolatedCount(degrees);
    }

    /** The new p x p matrix {@code Ẑ Ẑᵀ = D^-1/2 Z Zᵀ D^-1/2}. */
    public DenseMatrix normalizedGram() {
        DenseMatrix normalized = gram.copy();
        normalized.scaleRows(inverseSquareRootDegrees);
        double[] g = normalized.data();
        int p = normalized.rows();
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                g[i * p + j] *= inverseSquareRootDegrees[j];
            }
        }
        return normalized;
    }

    /**
     * The p x m map {@code D^-1/2 A Σ^-1} taking codes to right singular vectors: rows of
     * {@code codes · map} are the points' coordinates {@code Bᵀ = Ẑᵀ A Σ^-1}. Columns whose singular
     * value is (numerically) zero map to zero.
     *
     * @param leftVectors p x m left singular vectors A (eigenvectors of Ẑ Ẑᵀ)
     * @param singularValues the m singular values (square roots of the eigenvalues)
     */
    public DenseMatrix rightSingularMap(DenseMatrix leftVectors, double[] singularValues) {
        return rightSingularMap(inverseSquareRootDegrees, leftVectors, singularValues);
    }

    /** {@link #rightSingularMap(DenseMatrix, double[])} for the given {@code D^-1/2}. */
    static DenseMatrix rightSingularMap(double[] inverseSquareRootDegrees, DenseMatrix leftVectors,
                                        double[] singularValues) {
        int p = leftVectors.rows();
        int m = leftVectors.columns();
        double largest = 0;
        for (double value : singularValues) {
            largest = Math.max(largest, value);
        }
        DenseMatrix map = DenseMatrix.zeros(p, m);
        for (int j = 0; j < m; j++) {
            double inverse = singularValues[j] > 1e-12 * largest ? 1.0 / singularValues[j] : 0.0;
            for (int i = 0; i < p; i++) {
                map.set(i, j, inverseSquareRootDegrees[i] * leftVectors.get(i, j) * inverse);
            }
        }
        return map;
    }
}
