package io.csc.linalg;

/**
 * The outcome of {@link LanczosSolver#solve}.
 *
 * @param values              the k eigenvalue approximations: descending for
 *                            {@link Spectrum#LARGEST}, ascending for {@link Spectrum#SMALLEST}
 * @param vectors             the matching orthonormal eigenvector approximations as the columns
 *                            of an {@code n x k} matrix (signs arbitrary)
 * @param converged           whether every pair met the tolerance; when false the pairs are the
 *                            best found and the caller should report it
 * @param iterations          restart cycles performed (0 for the dense path)
 * @param operatorApplications products {@code A x} computed, including the final residual check
 * @param maxResidual         {@code max_j ||A v_j - λ_j v_j|| / ||A||}, computed explicitly from the
 *                            returned pairs, with ||A|| estimated by the largest |Ritz value| seen
 */
public record LanczosResult(double[] values, DenseMatrix vectors, boolean converged, int iterations,
                            int operatorApplications, double maxResidual) {

    public LanczosResult {
        if (vectors.columns() != values.length) {
            throw new DimensionMismatchException(values.length + " eigenvalues but " + vectors.columns() + " vectors");
        }
    }

    /** The pairs as an {@link EigenDecomposition}, in the same order. */
    public EigenDecomposition toEigenDecomposition() {
        return new EigenDecomposition(values, vectors);
    }
}
