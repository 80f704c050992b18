package io.csc.graph;

import java.util.function.Consumer;

/**
 * The sparse-coding representation of the landmark methods: each point is coded by its
 * {@code nearest} (r) nearest landmarks with Gaussian weights normalized to sum to one
 * (Chen and Cai 2011; Eq. 3 of the SCACS paper, Eq. 2 of the SC-PC paper).
 *
 * @param nearest r, the number of landmarks per point (>= 1)
 * @param rule how σ is chosen when {@code sigma} is null
 * @param sigma a fixed σ (> 0), or null to apply {@code rule}
 */
public record SparseCodingOptions(int nearest, LandmarkBandwidth rule, Double sigma) {

    /** How σ of the sparse-coding kernel is derived from the distances to the landmarks. */
    public enum LandmarkBandwidth {
        /**
         * σ = mean Euclidean distance between all points and all landmarks, the rule of the SCACS
         * paper ("the average Euclidean distance between all instances and base vectors").
         */
        MEAN_DISTANCE,
        /**
         * The rule of Chen and Cai's reference code: σ = mean <em>squared</em> distance between all
         * points and landmarks, used in {@code exp(-d² / (2σ²))}. It makes the kernel nearly flat over
         * the r nearest landmarks.
         */
        MEAN_SQUARED_DISTANCE,
        /**
         * σ = mean distance from each point to its r nearest landmarks, over the distances above 0 (a
         * landmark at a point's own coordinates is no neighbour of it).
         */
        NEAREST_MEAN
    }

    public SparseCodingOptions {
        if (nearest < 1) {
            throw new IllegalArgumentException("Invalid nearest landmarks r: " + nearest + " (must be >= 1)");
        }
        if (rule == null) {
            throw new IllegalArgumentException("Invalid landmark bandwidth rule: null");
        }
        if (sigma != null) {
            KernelOptions.requireUsableSigma(sigma);
        }
    }

    /**
     * These options with r at most {@code available}, the landmarks a point can be coded by;
     * when r is cut, {@code warnings} hears how, so that no method lowers it silently.
     */
    public SparseCodingOptions withNearestAtMost(int available, Consumer<String> warnings) {
        if (nearest <= available) {
            return this;
        }
        warnings.accept("nearest = " + nearest + " exceeds the " + available + " landmarks a point can be coded by: "
                + "each point is coded by all " + available + " (lower --param nearest, or raise landmarks)");
        return new SparseCodingOptions(available, rule, sigma);
    }
}
