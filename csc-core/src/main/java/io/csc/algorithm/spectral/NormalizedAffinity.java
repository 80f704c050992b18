package io.csc.algorithm.spectral;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseRows;
import io.csc.linalg.DimensionMismatchException;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SymmetricOperator;

/**
 * The symmetric normalization {@code D^-1/2 W D^-1/2} of an affinity matrix, whose largest
 * eigenvectors are the smallest of the normalized Laplacian {@code I - D^-1/2 W D^-1/2}.
 *
 * <p>An isolated node (degree 0) gets {@code D^-1/2 = 0}: its row and column stay zero, it adds the
 * eigenvalue 0 and never enters the leading eigenvectors; the count is reported by
 * {@link #isolatedCount}.
 */
public final class NormalizedAffinity {

    private NormalizedAffinity() {
    }

    /** {@code 1 / sqrt(d_i)} for positive degrees, 0 for isolated nodes. */
    public static double[] inverseSquareRootDegrees(double[] degrees) {
        double[] scale = new double[degrees.length];
        for (int i = 0; i < degrees.length; i++) {
            scale[i] = degrees[i] > 0 ? 1.0 / Math.sqrt(degrees[i]) : 0.0;
        }
        return scale;
    }

    /** The number of nodes with degree 0. */
    public static int isolatedCount(double[] degrees) {
        int count = 0;
        for (double degree : degrees) {
            if (!(degree > 0)) {
                count++;
            }
        }
        return count;
    }

    /** Row sums of a dense matrix. */
    public static double[] rowSums(DenseMatrix matrix) {
        int n = matrix.rows();
        int m = matrix.columns();
        double[] data = matrix.data();
        double[] sums = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < m; j++) {
                sum += data[i * m + j];
            }
            sums[i] = sum;
        }
        return sums;
    }

    /**
     * Replaces a dense W by {@code D^-1/2 W D^-1/2} in place and returns the degrees. Two nodes of
     * subnormal degree (a σ far below the points' spacing) have a product of scales that overflows;
     * their entries are then scaled one factor at a time, which cannot overflow ({@code w_ij <= d_i}),
     * so that a zero stays zero instead of becoming {@code 0 · ∞ = NaN}.
     */
    public static double[] normalizeInPlace(DenseMatrix weights) {
        double[] degrees = rowSums(weights);
        double[] scale = inverseSquareRootDegrees(degrees);
        int n = weights.rows();
        double[] w = weights.data();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w[i * n + j] = normalized(w[i * n + j], scale[i], scale[j]);
            }
        }
        return degrees;
    }

    /**
     * {@code D^-1/2 W D^-1/2} of a dense W with the given degrees, row by row, W left as it is: the
     * entries {@link #normalizeInPlace} would write, bit for bit.
     */
    public static DenseRows normalizedRows(DenseMatrix weights, double[] degrees) {
        double[] scale = inverseSquareRootDegrees(degrees);
        int n = weights.rows();
        double[] w = weights.data();
        return new DenseRows(n, (i, from, to, target, offset) -> {
            for (int j = from; j < to; j++) {
                target[offset + j - from] = normalized(w[i * n + j], scale[i], scale[j]);
            }
        });
    }

    /** {@code w s_i s_j}, one factor at a time where the product of the scales overflows. */
    private static double normalized(double weight, double rowScale, double columnScale) {
        double factor = rowScale * columnScale;
        return factor < Double.POSITIVE_INFINITY ? weight * factor : weight * rowScale * columnScale;
    }

    /** The new sparse matrix {@code D^-1/2 W D^-1/2}, with the degrees of W. */
    public static SparseMatrix normalize(SparseMatrix weights, double[] degrees) {
        double[] scale = inverseSquareRootDegrees(degrees);
        return weights.scale(scale, scale);
    }

    /**
     * {@code D^-1/2 A D^-1/2} of a symmetric operator A (an affinity, a constraint or penalty
     * matrix) as an operator, for the degrees D of the graph it is normalized by: O(n) on top of
     * each product with A. Thread-safe if A is (one scratch vector per calling thread).
     */
    public static SymmetricOperator normalize(SymmetricOperator matrix, double[] degrees) {
        if (degrees.length != matrix.size()) {
            throw new DimensionMismatchException(degrees.length + " degrees for an operator of size " + matrix.size());
        }
        return Operators.congruence(matrix, inverseSquareRootDegrees(degrees));
    }
}
