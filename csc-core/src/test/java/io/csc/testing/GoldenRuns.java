package io.csc.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.lsc.LandmarkSpectralClustering;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.metric.ClusteringMetrics;
import java.util.Map;
import java.util.SplittableRandom;

/** Supervision, fits and scores for the golden runs of the constrained methods. */
public final class GoldenRuns {

    private GoldenRuns() {
    }

    /** A bundled data set (iris, wine) with z-scored features, as the command line prepares it. */
    public static Dataset zScored(String name) {
        return name.equals("iris") ? TestData.iris() : TestData.wine();
    }

    /** A labelled fraction of the points drawn from the truth with {@code seed}. */
    public static ConstraintSet labels(Dataset data, double fraction, long seed) {
        return ConstraintGenerator.labelledFraction(data.labels(), fraction, new SplittableRandom(seed));
    }

    /** A small, well separated Gaussian mixture. */
    public static Dataset blobs(int n, int d, int k, long seed) {
        return GaussianMixture.generate(n, d, k, seed, 8.0);
    }

    /** The registered method {@code name} with the given option values. */
    public static ClusteringAlgorithm method(String name, Map<String, String> parameters) {
        return AlgorithmRegistry.byName(name).create(ParameterValues.of(parameters));
    }

    /** The registered method {@code name} with the given option values, fitted as set: no selection, no guard. */
    public static ClusteringAlgorithm unguarded(String name, Map<String, String> parameters) {
        return AlgorithmRegistry.byName(name).createWithoutSelection(ParameterValues.of(parameters));
    }

    /** One fit with k = the number of classes, seed 3, on {@code threads} threads. */
    public static ClusteringResult fit(ClusteringAlgorithm algorithm, Dataset data, ConstraintSet constraints, int threads) {
        try (RunContext context = RunContext.of(3, threads)) {
            return algorithm.fit(data, constraints, data.classCount(), context);
        }
    }

    /** The ACC of {@code predicted} against the truth of {@code data}. */
    public static double accuracy(Dataset data, int[] predicted) {
        return ClusteringMetrics.accuracy(data.labels(), predicted);
    }

    /**
     * Golden run: the mean ACC of {@code algorithm} over 5 labelled draws of {@code fraction} of the
     * bundled {@code name} is at least {@code minimum}, above that of landmark spectral clustering
     * (LSC-R) plus {@code margin} (negative: at most that much below), and, when
     * {@code againstFull}, above that of full spectral clustering (NJW).
     */
    public static void assertAgainstUnconstrained(ClusteringAlgorithm algorithm, String name, double fraction,
                                                double minimum, double margin, boolean againstFull) {
        Dataset data = zScored(name);
        double constrained = meanAccuracy(algorithm, data, fraction, 5);
        double landmark = meanAccuracy(LandmarkSpectralClustering.RANDOM_DESCRIPTOR.create(), data, fraction, 5);
        String label = algorithm.name() + " on " + name + " at " + fraction + ": ACC " + constrained;
        assertTrue(constrained >= minimum, label);
        assertTrue(constrained > landmark + margin, label + " against LSC-R " + landmark);
        if (againstFull) {
            double full = meanAccuracy(NormalizedSpectralClustering.DESCRIPTOR.create(), data, fraction, 5);
            assertTrue(constrained > full, label + " against NJW " + full);
        }
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
