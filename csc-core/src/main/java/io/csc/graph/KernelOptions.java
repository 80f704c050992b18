package io.csc.graph;

/**
 * The Gaussian kernel {@code exp(-||x_i - x_j||² / (2σ²))} and how to choose σ.
 *
 * @param rule the bandwidth rule
 * @param sigma σ for {@link BandwidthRule#FIXED} (> 0); ignored by the other rules
 * @param neighbours k for {@link BandwidthRule#KNN_MEAN} and {@link BandwidthRule#SELF_TUNING} (>= 1)
 */
public record KernelOptions(BandwidthRule rule, double sigma, int neighbours) {

    /** The local-scaling paper's choice of neighbour for σ_i. */
    public static final int SELF_TUNING_NEIGHBOUR = 7;

    public KernelOptions {
        if (rule == null) {
            throw new IllegalArgumentException("Invalid bandwidth rule: null");
        }
        if (rule == BandwidthRule.FIXED && Double.isNaN(sigma)) {
            throw new IllegalArgumentException("The bandwidth rule fixed needs a sigma: give --param sigma=VALUE, or "
                    + "choose another bandwidth rule (median, knn-mean or self-tuning)");
        }
        if (rule == BandwidthRule.FIXED) {
            requireUsableSigma(sigma);
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid bandwidth neighbours: " + neighbours + " (must be >= 1)");
        }
    }

    /**
     * Refuses a σ that is not positive and finite, or so small that σ² underflows (below about
     * 1.5e-154): the kernel would divide by 0, and a point at a landmark's or its own coordinates
     * would get the undefined affinity 0 / 0.
     */
    static void requireUsableSigma(double sigma) {
        if (!(sigma > 0 && Double.isFinite(sigma))) {
            throw new IllegalArgumentException("Invalid sigma: " + sigma + " (must be > 0)");
        }
        if (sigma * sigma < Double.MIN_NORMAL) {
            throw new IllegalArgumentException("Invalid sigma: " + sigma + " (its square underflows to 0, so the "
                    + "Gaussian kernel is undefined; give a sigma of at least " + SMALLEST_SIGMA
                    + ", in the units of the scaled features)");
        }
    }

    /** The smallest σ whose square is a normal double, rounded up. */
    static final double SMALLEST_SIGMA = 1.5e-154;

    /** A fixed σ. */
    public static KernelOptions fixed(double sigma) {
        return new KernelOptions(BandwidthRule.FIXED, sigma, SELF_TUNING_NEIGHBOUR);
    }

    /** A rule with its default neighbour count (7). */
    public static KernelOptions of(BandwidthRule rule) {
        return new KernelOptions(rule, Double.NaN, SELF_TUNING_NEIGHBOUR);
    }

    /** A fixed σ when {@code sigma} is not null, otherwise {@code rule} with {@code neighbours}. */
    public static KernelOptions of(Double sigma, BandwidthRule rule, int neighbours) {
        return sigma != null ? new KernelOptions(BandwidthRule.FIXED, sigma, neighbours)
                : new KernelOptions(rule, Double.NaN, neighbours);
    }
}
