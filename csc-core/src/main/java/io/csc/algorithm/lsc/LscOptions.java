package io.csc.algorithm.lsc;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.Landmarks;
import io.csc.graph.SparseCodingOptions;

/**
 * Options of {@link LandmarkSpectralClustering}.
 *
 * @param selection random landmarks (LSC-R) or k-means centres (LSC-K)
 * @param landmarks p, the number of landmarks (>= 2), or null for {@link LandmarkSpectralClustering#automaticLandmarks}
 * @param coding r nearest landmarks and the kernel width
 * @param landmarkIterations Lloyd iterations of LSC-K's landmark k-means (>= 0)
 * @param kmeans the final k-means
 */
public record LscOptions(Landmarks.Selection selection, Integer landmarks, SparseCodingOptions coding,
                         int landmarkIterations, KMeansOptions kmeans) {

    public LscOptions {
        if (selection == null || coding == null || kmeans == null) {
            throw new IllegalArgumentException("Invalid LSC options: null component");
        }
        if (landmarks != null && landmarks < 2) {
            throw new IllegalArgumentException("Invalid landmarks: " + landmarks + " (must be >= 2)");
        }
        if (landmarkIterations < 0) {
            throw new IllegalArgumentException("Invalid landmark-iterations: " + landmarkIterations + " (must be >= 0)");
        }
    }
}
