package io.csc.linalg;

/**
 * The outcome of {@link ConjugateGradient#solve}: the solutions and how the solves ended.
 *
 * @param solutions     the solution of each right-hand side as a column of an {@code n x m} matrix
 * @param converged     whether every solve reached the tolerance
 * @param iterations    the largest number of iterations any solve took
 * @param totalIterations the iterations of all solves together (one product with A each)
 * @param maxResidual   the largest relative residual {@code ||b - A x|| / ||b||} over the solves,
 *                      recomputed from the returned solutions (0 for a zero right-hand side)
 */
public record ConjugateGradientResult(DenseMatrix solutions, boolean converged, int iterations, long totalIterations,
                                      double maxResidual) {
}
