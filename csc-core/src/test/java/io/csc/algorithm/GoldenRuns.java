package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/** Runs of methods on the bundled data with labels drawn from the truth, for golden-run tests. */
public final class GoldenRuns {

    private GoldenRuns() {
    }

    /** Parameter values from alternating names and values, such as {@code "path", "scalable"}. */
    public static ParameterValues parameters(String... namesAndValues) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int t = 0; t < namesAndValues.length; t += 2) {
            values.put(namesAndValues[t], namesAndValues[t + 1]);
        }
        return ParameterValues.of(values);
    }

    /** A bundled data set with z-scored features. */
    public static Dataset zScored(String name) {
        return Scaling.ZSCORE.apply(BundledData.load(name));
    }

    /**
     * Four Gaussian blobs of 50 points (standard deviation 0.5) centred at (0, 0), (0, 2), (4, 0) and
     * (4, 2), labelled bottom (0) and top (1). Unconstrained spectral clustering splits them left
     * from right (NMI 0): only the supervision can reveal the bottom/top classes.
     */
    public static Dataset fourBlobs(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] centres = {{0, 0}, {0, 2}, {4, 0}, {4, 2}};
        int perBlob = 50;
        double[] features = new double[2 * centres.length * perBlob];
        int[] labels = new int[centres.length * perBlob];
        for (int b = 0; b < centres.length; b++) {
            for (int p = 0; p < perBlob; p++) {
                int i = b * perBlob + p;
                features[2 * i] = centres[b][0] + 0.5 * gaussian(random);
                features[2 * i + 1] = centres[b][1] + 0.5 * gaussian(random);
                labels[i] = b % 2;
            }
        }
        return Dataset.withIntegerLabels("four-blobs", labels.length, 2, features, labels);
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
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
