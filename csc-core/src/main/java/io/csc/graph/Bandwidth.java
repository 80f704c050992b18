package io.csc.graph;

/**
 * A resolved kernel width: one global σ, or one local scale per point (self-tuning).
 *
 * @param sigma the global σ; for local scaling, the mean of the local scales (for reports)
 * @param localScales σ_i per point, or null for a global σ
 */
public record Bandwidth(double sigma, double[] localScales) {

    /** A global σ. */
    public static Bandwidth global(double sigma) {
        return new Bandwidth(sigma, null);
    }

    /** The kernel value between points i and j at squared distance {@code squaredDistance}. */
    public double weight(int i, int j, double squaredDistance) {
        if (localScales == null) {
            return Math.exp(-squaredDistance / (2 * sigma * sigma));
        }
        return Math.exp(-squaredDistance / (localScales[i] * localScales[j]));
    }

    public boolean isLocal() {
        return localScales != null;
    }
}
