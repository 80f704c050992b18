package io.csc.algorithm.csp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Collapse;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import io.csc.metric.ContingencyTable;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstrainedSpectralPartitioningTest {

    private static final Map<String, String> PAPER = Map.of("variant", "paper");

    private static ClusteringAlgorithm csp(Map<String, String> parameters) {
        return AlgorithmRegistry.byName("csp").create(ParameterValues.of(parameters));
    }

    private static ClusteringResult fit(ClusteringAlgorithm method, Dataset data, ConstraintSet constraints, int threads) {
        try (RunContext context = RunContext.of(7, threads)) {
            return method.fit(data, constraints, data.classCount(), context);
        }
    }

    private static double nmi(Dataset data, int[] labels) {
        return ClusteringMetrics.normalizedMutualInformation(ContingencyTable.of(data.labels(), labels));
    }

    @Test
    void registeredWithEveryOption() {
        AlgorithmDescriptor descriptor = AlgorithmRegistry.byName("csp");
        assertTrue(descriptor.constrained());
        assertEquals(List.of("variant", "sigma", "bandwidth", "scale-neighbours", "beta", "ridge", "normalize-rows",
                "assignment", "kmeans-restarts", "kmeans-iterations", "kmeans-sample", "select"), descriptor.parameters().stream().map(Parameter::name)
                .toList());
    }

    @Test
    void betaSitsBetweenTheKMinusOneAndKthConstraintEigenvaluesAndGivesKMinusOneFeasibleVectors() {
        Dataset wine = Scaling.ZSCORE.apply(BundledData.load("wine"));
        ConstraintSet labels = ConstraintGenerator.labelledFraction(wine.labels(), 0.1, new SplittableRandom(1));
        ClusteringResult result = fit(csp(PAPER), wine, labels, 1);
        double[] top = (double[]) result.diagnostics().value("constraintEigenvalues");
        double volume = (double) result.diagnostics().value("volume");
        assertEquals((top[1] + top[2]) / 2 * volume, (double) result.diagnostics().value("beta"), 1e-9 * volume);
        assertEquals(2, result.diagnostics().value("feasibleVectors"));
        double[] eigenvalues = (double[]) result.diagnostics().value("eigenvalues");
        double[] costs = (double[]) result.diagnostics().value("costs");
        assertTrue(eigenvalues[0] > 0 && eigenvalues[1] > 0);
        assertTrue(costs[0] <= costs[1]);
        // The feasible vectors live mostly on the labelled points, which they separate: at most a collapse warning.
        assertTrue(result.diagnostics().warnings().stream().allMatch(w -> w.startsWith(Collapse.WARNING_PREFIX)));
        assertTrue(ClusteringMetrics.constraintSatisfaction(labels, result.labels()) > 0.85);
        assertEquals(2, result.embedding().columns());
    }

    @Test
    void withEveryPointLabelledTheFeasibleVectorsFollowTheClasses() {
        // Iris: the first feasible vector splits setosa off (λ near 0); the second must also pay for the
        // many edges between versicolor and virginica, so it spreads within classes.
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        ConstraintSet all = ConstraintGenerator.labelledFraction(iris.labels(), 1.0, new SplittableRandom(1));
        ClusteringResult raw = fit(csp(PAPER), iris, all, 1);
        double[] eigenvalues = (double[]) raw.diagnostics().value("eigenvalues");
        assertTrue(eigenvalues[0] < 1e-3 && eigenvalues[1] > eigenvalues[0], java.util.Arrays.toString(eigenvalues));
        assertTrue(nmi(iris, raw.labels()) > 0.5);
        assertTrue(nmi(iris, fit(csp(Map.of("variant", "paper", "normalize-rows", "true")), iris, all, 1).labels()) > 0.85);
    }

    @Test
    void rowNormalizationRecoversTheUnlabelledPointsThatTheRawIndicatorsLeaveTogether() {
        Dataset wine = Scaling.ZSCORE.apply(BundledData.load("wine"));
        double raw = 0;
        double normalized = 0;
        for (long seed = 1; seed <= 3; seed++) {
            ConstraintSet labels = ConstraintGenerator.labelledFraction(wine.labels(), 0.1, new SplittableRandom(seed));
            raw += nmi(wine, fit(csp(PAPER), wine, labels, 1).labels()) / 3;
            normalized += nmi(wine, fit(csp(Map.of("variant", "paper", "normalize-rows", "true")), wine, labels, 1)
                    .labels()) / 3;
        }
        assertTrue(raw < 0.3, "raw " + raw);
        assertTrue(normalized > 0.6, "normalized " + normalized);
    }

    @Test
    void withoutFeasibleVectorsItFallsBackToTheUnconstrainedEmbeddingWithAWarning() {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        ClusteringResult result = fit(csp(PAPER), iris, ConstraintSet.empty(iris.size()), 1);
        assertTrue(result.diagnostics().warnings().get(0).startsWith("No feasible eigenvector"));
        assertTrue(nmi(iris, result.labels()) > 0.6);
    }

    private static double accuracy(Dataset data, ClusteringAlgorithm method, ConstraintSet constraints) {
        return ClusteringMetrics.accuracy(data.labels(), fit(method, data, constraints, 1).labels());
    }

    private static double njwAccuracy(Dataset data) {
        return accuracy(data, AlgorithmRegistry.byName("njw").create(ParameterValues.EMPTY), ConstraintSet.empty(data.size()));
    }

    @Test
    void robustVariantKeepsNjwQualityWithTwentyRandomPairsWhereThePaperVariantCollapses() {
        Dataset mixture = Scaling.ZSCORE.apply(GaussianMixture.generate(400, 5, 5, 11, 4.0));
        double njw = njwAccuracy(mixture);
        ConstraintSet pairs = ConstraintGenerator.randomPairs(mixture.labels(), 20, new SplittableRandom(2));
        double robust = accuracy(mixture, csp(Map.of()), pairs);
        double paper = accuracy(mixture, csp(PAPER), pairs);
        assertTrue(robust >= njw - 0.02, "robust " + robust + " njw " + njw);
        assertTrue(paper < njw - 0.2, "paper " + paper + " njw " + njw);
    }

    /** Binary features whose classes differ in a few of them: distances concentrate, the graph is nearly flat. */
    private static Dataset flatBinary(int n, int d, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] probabilities = new double[3][d];
        for (int feature = 0; feature < d; feature++) {
            double base = 0.1 + 0.4 * random.nextDouble();
            for (int c = 0; c < 3; c++) {
                probabilities[c][feature] = feature % 6 == c ? 0.05 + 0.9 * random.nextDouble() : base;
            }
        }
        double[] features = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            labels[i] = i % 3;
            for (int feature = 0; feature < d; feature++) {
                features[i * d + feature] = random.nextDouble() < probabilities[labels[i]][feature] ? 1 : 0;
            }
        }
        return Scaling.ZSCORE.apply(Dataset.withIntegerLabels("flat-binary", n, d, features, labels));
    }

    @Test
    void robustVariantDoesNotLocalizeOnTheLabelledPointsOfANearlyFlatGraph() {
        Dataset binary = flatBinary(450, 120, 5);
        double njw = njwAccuracy(binary);
        ConstraintSet labels = ConstraintGenerator.labelledFraction(binary.labels(), 0.1, new SplittableRandom(4));
        ClusteringResult robust = fit(csp(Map.of()), binary, labels, 1);
        double gap = (double) robust.diagnostics().value("spectralGap");
        assertTrue(gap > 0 && gap < 0.1, "a nearly flat graph: gap " + gap);
        double robustAccuracy = ClusteringMetrics.accuracy(binary.labels(), robust.labels());
        double paper = accuracy(binary, csp(PAPER), labels);
        assertTrue(njw > 0.8, "njw " + njw);
        assertTrue(robustAccuracy >= njw - 0.02, "robust " + robustAccuracy + " njw " + njw);
        assertTrue(paper < 0.6, "paper " + paper);
    }

    @Test
    void robustBetaIsTheLargestConstraintEigenvalueOverTheGap() {
        assertEquals(-2 * 0.3 / 0.5, ConstrainedSpectralPartitioning.robustThreshold(0.3, 0.5), 1e-12);
        assertEquals(-2 / ConstrainedSpectralPartitioning.MINIMUM_GAP,
                ConstrainedSpectralPartitioning.robustThreshold(0, 0), 1e-3);
    }

    @Test
    void sameSeedSameLabelsOnOneAndTwoThreads() {
        Dataset data = GaussianMixture.generate(400, 3, 3, 4, 3.0);
        ConstraintSet labels = ConstraintGenerator.labelledFraction(data.labels(), 0.2, new SplittableRandom(3));
        assertArrayEquals(fit(csp(Map.of()), data, labels, 1).labels(), fit(csp(Map.of()), data, labels, 2).labels());
        assertArrayEquals(fit(csp(PAPER), data, labels, 1).labels(), fit(csp(PAPER), data, labels, 2).labels());
    }

    @Test
    void invalidOptionsAndSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> csp(Map.of("ridge", "0")));
        assertThrows(IllegalArgumentException.class, () -> csp(Map.of("ridge", "1")));
        assertThrows(IllegalArgumentException.class, () -> csp(Map.of("beta", "NaN")));
        int n = ConstrainedSpectralPartitioning.MAX_POINTS + 1;
        Dataset big = Dataset.unlabelled("big", n, 1, java.util.stream.IntStream.range(0, n).asDoubleStream().toArray());
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> csp(Map.of()).fit(big, ConstraintSet.empty(n), 2, RunContext.sequential(1)));
        assertTrue(refusal.getMessage().startsWith("csp refuses 10001 points") && refusal.getMessage().contains("graph=knn"),
                refusal.getMessage());
    }
}
