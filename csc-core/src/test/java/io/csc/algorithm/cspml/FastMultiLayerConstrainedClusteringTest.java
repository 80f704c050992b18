package io.csc.algorithm.cspml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.nystrom.NystromSpectralClustering;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.metric.ClusteringMetrics;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class FastMultiLayerConstrainedClusteringTest {

    private static FastMultiLayerConstrainedClustering method(String... parameters) {
        return (FastMultiLayerConstrainedClustering) FastMultiLayerConstrainedClustering.DESCRIPTOR.createWithoutSelection(
                ParameterValues.parse(List.of(parameters))).unwrapped();
    }

    @Test
    void allColumnsSampledReproducesCspMl() {
        Dataset data = TestSupport.bundled("iris");
        ConstraintSet constraints = TestSupport.labels(data, 20, 4);
        try (RunContext context = RunContext.sequential(4)) {
            ClusteringResult exact = MultiLayerConstrainedClustering.DESCRIPTOR.create(ParameterValues.parse(
                    List.of("variant=paper", "sigma=1", "alpha=0.7"))).fit(data, constraints, 3, context);
            assertArrayEquals(new int[] {3, 3, 3}, (int[]) exact.diagnostics().value("layerDimensions"));
            ClusteringResult fast = method("variant=paper", "sigma=1", "alpha=0.7", "samples=150").fit(data, constraints, 3, context);
            assertArrayEquals(new int[] {3, 3, 3}, (int[]) fast.diagnostics().value("layerDimensions"));
            assertEquals(0.0, TestSupport.projector(fast.embedding()).maxAbsoluteDifference(
                    TestSupport.projector(exact.embedding())), 1e-6);
            assertEquals(1.0, ClusteringMetrics.adjustedRandIndex(exact.labels(), fast.labels()), 1e-12);
        }
    }

    @Test
    void goldenRunsWithFewSamples() {
        Dataset iris = TestSupport.bundled("iris");
        double constrained = TestSupport.meanRandIndex(method("variant=paper", "samples=60"), iris, 45, 5);
        double unconstrained = TestSupport.meanRandIndex(NystromSpectralClustering.DESCRIPTOR.createWithoutSelection(
                ParameterValues.parse(List.of("samples=60"))), iris, 45, 5);
        assertTrue(constrained > unconstrained + 0.02, "iris: " + constrained + " vs nystrom " + unconstrained);
        assertTrue(constrained > 0.88, "iris: mean RI " + constrained);
        assertTrue(TestSupport.meanRandIndex(method("variant=paper", "samples=60"), TestSupport.bundled("wine"), 45, 5) > 0.93);
    }

    @Test
    void softNoisyAndPairSupervisionRun() {
        Dataset data = TestSupport.bundled("wine");
        SplittableRandom random = new SplittableRandom(8);
        ConstraintSet labels = TestSupport.labels(data, 60, 8);
        List<ConstraintSet> settings = List.of(ConstraintGenerator.soft(labels, 0.7, 1.0, random),
                ConstraintGenerator.noisy(labels, 0.3, random),
                ConstraintGenerator.inconsistentTriples(labels, data.labels(), 5, random),
                ConstraintGenerator.soft(ConstraintGenerator.randomPairs(data.labels(), 300, random), 0.7, 1.0, random));
        try (RunContext context = RunContext.sequential(8)) {
            for (ConstraintSet setting : settings) {
                ClusteringResult result = method("samples=80").fit(data, setting, 3, context);
                assertTrue(ClusteringMetrics.randIndex(data.labels(), result.labels()) > 0.85, setting.toString());
            }
        }
    }

    @Test
    void modelPlacesNewPointsInTheirClusters() {
        Dataset mixture = GaussianMixture.generate(1200, 5, 3, 11, 8.0);
        int[] train = new int[1000];
        int[] test = new int[200];
        for (int i = 0; i < 1200; i++) {
            if (i < 1000) {
                train[i] = i;
            } else {
                test[i - 1000] = i;
            }
        }
        Dataset fitData = mixture.subset(train);
        Dataset newData = mixture.subset(test);
        try (RunContext context = RunContext.sequential(11)) {
            ClusteringResult result = method("samples=100").fit(fitData, TestSupport.labels(fitData, 50, 11), 3, context);
            assertTrue(ClusteringMetrics.randIndex(fitData.labels(), result.labels()) > 0.99);
            ClusteringModel model = result.model().orElseThrow();
            int[] predicted = model.predict(newData, context);
            assertTrue(ClusteringMetrics.randIndex(newData.labels(), predicted) > 0.99);
            assertEquals(3, model.embed(newData, context).columns());
        }
    }

    @Test
    void sameLabelsOnOneAndTwoThreads() {
        Dataset data = TestSupport.bundled("iris");
        ConstraintSet constraints = TestSupport.labels(data, 30, 6);
        int[] one;
        int[] two;
        try (RunContext context = RunContext.of(6, 1)) {
            one = method("samples=70").fit(data, constraints, 3, context).labels();
        }
        try (RunContext context = RunContext.of(6, 2)) {
            two = method("samples=70").fit(data, constraints, 3, context).labels();
        }
        assertArrayEquals(one, two);
    }

    @Test
    void everyOptionIsReachableByName() {
        FastMultiLayerOptions options = FastMultiLayerConstrainedClustering.options(ParameterValues.parse(List.of(
                "samples=250", "alpha=0.3", "sigma=2.5", "scale-neighbours=4", "kmeans-restarts=2",
                "kmeans-iterations=40")));
        assertEquals(250, options.samples());
        assertEquals(0.3, options.alpha());
        assertEquals(2.5, options.kernel().sigma());
        assertEquals(4, options.kernel().neighbours());
        assertEquals(2, options.kmeans().restarts());
        assertEquals(40, options.kmeans().maxIterations());
        assertEquals("median", io.csc.algorithm.Parameter.enumText(FastMultiLayerConstrainedClustering.options(
                ParameterValues.parse(List.of("bandwidth=median"))).kernel().rule()));
        assertEquals(List.of("variant", "dimension", "samples", "alpha", "sigma", "bandwidth", "scale-neighbours", "assignment", "kmeans-restarts",
                "kmeans-iterations", "kmeans-sample"), FastMultiLayerConstrainedClustering.PARAMETERS.stream()
                .map(io.csc.algorithm.Parameter::name).toList());
    }

    @Test
    void refusesBadInputWithOneLineMessages() {
        assertEquals("Invalid samples: 1 (must be >= 2)",
                assertThrows(IllegalArgumentException.class, () -> method("samples=1")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> method("bandwidth=self-tuning")).getMessage()
                .startsWith("Invalid bandwidth for fast-csp-ml: self-tuning"));
        assertThrows(IllegalArgumentException.class, () -> method("alpha=NaN"));
        Dataset data = TestSupport.bundled("iris");
        try (RunContext context = RunContext.sequential(1)) {
            IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                    () -> method("samples=2").fit(data, ConstraintSet.empty(150), 3, context));
            assertTrue(few.getMessage().contains("raise --param samples"));
        }
    }

    /** Fashion-MNIST (70,000 x 784) with 10% known labels: the paper's large-data setting. */
    @Test
    @Tag("large")
    void fashionMnistWithTenPercentLabels() {
        Dataset data = io.csc.data.Scaling.MINMAX.apply(io.csc.data.DataLoader.load(
                io.csc.data.DataDirectory.resolve("fashion-mnist", io.csc.data.DataDirectory.defaultDirectory())));
        ConstraintSet labels = ConstraintGenerator.labelledFraction(data.labels(), 0.1, new SplittableRandom(1));
        try (RunContext context = RunContext.of(1, 2)) {
            ClusteringResult result = method().fit(data, labels, 10, context);
            assertTrue(ClusteringMetrics.randIndex(data.labels(), result.labels()) > 0.8);
        }
    }
}
