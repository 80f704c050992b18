package io.csc.algorithm;

import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import java.util.SplittableRandom;

/** Runs of methods on the bundled data with labels drawn from the truth, for golden-run tests. */
public final class GoldenRuns {

    private GoldenRuns() {
    }

    /** A bundled data set with z-scored features. */
    public static Dataset zScored(String name) {
        return Scaling.ZSCORE.apply(BundledData.load(name));
    }

    /** A fraction of the points labelled from the truth, drawn with {@code seed}. */
    public static ConstraintSet labels(Dataset data, double fraction, long seed) {
        return ConstraintGenerator.labelledFraction(data.labels(), fraction, new SplittableRandom(seed));
    }

    /** The mean NMI of {@code algorithm} over seeds 1..{@code seeds}, each with its own labels. */
    public static double meanNmi(ClusteringAlgorithm algorithm, Dataset data, double fraction, int seeds) {
        double sum = 0;
        for (int seed = 1; seed <= seeds; seed++) {
            ClusteringResult result = algorithm.fit(data, labels(data, fraction, seed), data.classCount(),
                    RunContext.sequential(seed));
            sum += ClusteringMetrics.normalizedMutualInformation(data.labels(), result.labels());
        }
        return sum / seeds;
    }
}
