package io.csc.algorithm.cspml;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.BandwidthRule;
import io.csc.graph.KernelOptions;

/**
 * Options of {@link FastMultiLayerConstrainedClustering} (FAST-CSP-ML).
 *
 * @param variant robust (the default, {@link SubspaceRestriction}) or paper (Algorithm 4 as published)
 * @param dimension m of the robust variant (>= 0; 0 = {@value SubspaceRestriction#DIMENSION_PER_CLUSTER} k,
 *     at most the constrained points less k; at least k, at most l; ignored by the paper variant)
 * @param samples l, the number of sampled columns common to all layers (>= 2); memory is about
 *     n x l doubles
 * @param kernel the Gaussian kernel: a fixed σ (the paper's is 1), the median rule on a sample, or
 *     the mean k-NN distance estimated from the sampled points; not self-tuning, whose local scales
 *     would need every point's neighbours (all n² distances)
 * @param alpha α of the modified Laplacian (finite, >= 0)
 * @param kmeans the final k-means
 */
public record FastMultiLayerOptions(Variant variant, int dimension, int samples, KernelOptions kernel, double alpha, KMeansOptions kmeans) {

    public FastMultiLayerOptions {
        if (samples < 2) {
            throw new IllegalArgumentException("Invalid samples: " + samples + " (must be >= 2)");
        }
        if (dimension < 0) {
            throw new IllegalArgumentException("Invalid dimension: " + dimension + " (must be >= 0; 0 = automatic)");
        }
        if (variant == null || kernel == null || kmeans == null) {
            throw new IllegalArgumentException("Invalid FAST-CSP-ML options: null component");
        }
        if (kernel.rule() == BandwidthRule.SELF_TUNING) {
            throw new IllegalArgumentException("Invalid bandwidth for fast-csp-ml: self-tuning (use knn-mean or median, "
                    + "or give sigma): local scales need every point's neighbours, all n² distances");
        }
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("Invalid alpha: " + alpha + " (must be finite and >= 0)");
        }
    }

    /** A copy with another m. */
    public FastMultiLayerOptions withDimension(int dimension) {
        return new FastMultiLayerOptions(variant, dimension, samples, kernel, alpha, kmeans);
    }
}
