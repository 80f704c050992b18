package io.csc.algorithm.copkmeans;

/**
 * Options of {@link CopKMeans}.
 *
 * @param restarts independent runs from k-means++ seeds; the feasible run with the lowest
 *     within-cluster sum of squares is kept (>= 1)
 * @param maxIterations assignment / update rounds per run (>= 1)
 * @param orderAttempts random assignment orders tried in one round before the run is declared
 *     infeasible (>= 1)
 */
public record CopKMeansOptions(int restarts, int maxIterations, int orderAttempts) {

    public static final CopKMeansOptions DEFAULTS = new CopKMeansOptions(10, 100, 20);

    public CopKMeansOptions {
        if (restarts < 1) {
            throw new IllegalArgumentException("Invalid restarts: " + restarts + " (must be >= 1)");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("Invalid iterations: " + maxIterations + " (must be >= 1)");
        }
        if (orderAttempts < 1) {
            throw new IllegalArgumentException("Invalid order-attempts: " + orderAttempts + " (must be >= 1)");
        }
    }
}
