package io.csc.algorithm.nystrom;

import io.csc.algorithm.Parameter;
import io.csc.cluster.KMeansOptions;
import io.csc.graph.BandwidthRule;
import io.csc.graph.KernelOptions;

/**
 * Options of {@link NystromSpectralClustering}.
 *
 * @param samples m, the number of sampled columns of the affinity (>= 2)
 * @param kernel the Gaussian kernel; only a fixed σ or the median rule (on a sample), since the
 *     k-NN rules would need all n² distances
 * @param kmeans the final k-means
 */
public record NystromOptions(int samples, KernelOptions kernel, KMeansOptions kmeans) {

    public NystromOptions {
        if (samples < 2) {
            throw new IllegalArgumentException("Invalid samples: " + samples + " (must be >= 2)");
        }
        if (kernel == null || kmeans == null) {
            throw new IllegalArgumentException("Invalid Nystrom options: null component");
        }
        if (kernel.rule() != BandwidthRule.FIXED && kernel.rule() != BandwidthRule.MEDIAN) {
            throw new IllegalArgumentException("Invalid bandwidth for nystrom: " + Parameter.enumText(kernel.rule())
                    + " (use median, or give sigma): the k-NN rules need all pairwise distances");
        }
    }
}
