package io.csc.algorithm;

import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import java.util.SplittableRandom;

/** Data, supervision and scores for the golden runs of the constrained methods. */
public final class GoldenData {

    private GoldenData() {
    }

    /** A bundled data set (iris, wine) with z-scored features, as the command line prepares it. */
    public static Dataset zScored(String name) {
        return Scaling.ZSCORE.apply(BundledData.load(name));
    }

    /** A labelled fraction of the points drawn from the truth with {@code seed}. */
    public static ConstraintSet labels(Dataset data, double fraction, long seed) {
        return ConstraintGenerator.labelledFraction(data.labels(), fraction, new SplittableRandom(seed));
    }

    /** A small, well separated Gaussian mixture. */
    public static Dataset blobs(int n, int d, int k, long seed) {
        return GaussianMixture.generate(n, d, k, seed, 8.0);
    }

    /** The ACC of {@code predicted} against the truth of {@code data}. */
    public static double accuracy(Dataset data, int[] predicted) {
        return ClusteringMetrics.accuracy(data.labels(), predicted);
    }

    /** The mean ACC of {@code algorithm} over seeds 1..runs, each with its own labelled draw. */
    public static double meanAccuracy(ClusteringAlgorithm algorithm, Dataset data, double fraction, int runs) {
        double sum = 0;
        for (int seed = 1; seed <= runs; seed++) {
            ConstraintSet constraints = labels(data, fraction, seed);
            try (RunContext context = RunContext.sequential(seed)) {
                sum += accuracy(data, algorithm.fit(data, constraints, data.classCount(), context).labels());
            }
        }
        return sum / runs;
    }
}
