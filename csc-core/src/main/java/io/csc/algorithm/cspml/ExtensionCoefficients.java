package io.csc.algorithm.cspml;

import io.csc.linalg.DenseMatrix;

/**
 * The l x r coefficients of a Nyström extension before orthonormalization: the extended vectors are
 * {@code C · scaled} for the sampled columns C (n x l), {@code scaled = sqrt(l/n) U_Q Σ_Q⁻¹} over
 * the kept eigenvalues of the sampled block ({@link LayerExtension}). Known on the driver of a
 * distributed fit, which then needs only sums over the points of {@code C · scaled}.
 *
 * @param scaled l x r
 * @param values the kept eigenvalues of the sampled block, descending
 * @param factor sqrt(l/n)
 */
public record ExtensionCoefficients(DenseMatrix scaled, double[] values, double factor) {

    /** r, the number of extended directions (0 when the block has no positive eigenvalue). */
    public int count() {
        return values.length;
    }
}
