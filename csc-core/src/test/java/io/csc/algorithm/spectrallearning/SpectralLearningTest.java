package io.csc.algorithm.spectrallearning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.GoldenRuns;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.PreparedFit;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BernoulliMixture;
import io.csc.data.ClassProportions;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.graph.GraphType;
import io.csc.metric.ClusteringMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpectralLearningTest {

    private static ClusteringAlgorithm sl(String... parameters) {
        return AlgorithmRegistry.byName("sl").createWithoutSelection(GoldenRuns.parameters(parameters));
    }

    @ParameterizedTest
    @CsvSource({"dense, symmetric, 0.7", "knn, symmetric, 0.7", "dense, additive, 0.5", "knn, additive, 0.5"})
    void constraintsOverrideTheNaturalSplitOfFourBlobs(String graph, String normalization, double bound) {
        double unconstrained = 0;
        double constrained = 0;
        ClusteringAlgorithm algorithm = sl("graph", graph, "normalization", normalization);
        for (int seed = 1; seed <= 3; seed++) {
            Dataset blobs = GoldenRuns.fourBlobs(seed);
            ConstraintSet labels = GoldenRuns.labels(blobs, 0.2, seed);
            int[] truth = blobs.labels();
            unconstrained += ClusteringMetrics.normalizedMutualInformation(truth, NormalizedSpectralClustering.DESCRIPTOR
                    .create().fit(blobs, labels, 2, RunContext.sequential(seed)).labels()) / 3;
            constrained += ClusteringMetrics.normalizedMutualInformation(truth,
                    algorithm.fit(blobs, labels, 2, RunContext.sequential(seed)).labels()) / 3;
        }
        assertTrue(unconstrained < 0.2, "njw " + unconstrained);
        assertTrue(constrained > bound, "sl " + constrained);
    }

    @Test
    void wineAtTenPercentLabelsIsAtLeastNjw() {
        Dataset wine = GoldenRuns.zScored("wine");
        double baseline = GoldenRuns.meanNmi(NormalizedSpectralClustering.DESCRIPTOR.create(), wine, 0.1, 5);
        double constrained = GoldenRuns.meanNmi(sl(), wine, 0.1, 5);
        assertTrue(constrained >= baseline, "sl " + constrained + " against njw " + baseline);
    }

    @Test
    void kamvarsNormalizationFindsOutliersOnWine() {
        // Documents why the default normalization is symmetric: the additive one of the paper
        // isolates weakly connected points of the dense Gaussian graph (seen with plain k-means: the
        // constrained assignment's labelled seeds hide part of it).
        Dataset wine = GoldenRuns.zScored("wine");
        assertTrue(GoldenRuns.meanNmi(sl("normalization", "additive", "assignment", "kmeans"), wine, 0.1, 3) < 0.3);
    }

    @Test
    void everyPointLabelledGivesTheTruth() {
        Dataset iris = GoldenRuns.zScored("iris");
        for (String graph : new String[] {"dense", "knn"}) {
            ClusteringResult result = sl("graph", graph).fit(iris, GoldenRuns.labels(iris, 1.0, 1), 3,
                    RunContext.sequential(1));
            assertEquals(1.0, ClusteringMetrics.accuracy(iris.labels(), result.labels()), 0.0, graph);
        }
    }

    @Test
    void sameLabelsOnOneAndTwoThreads() {
        Dataset wine = GoldenRuns.zScored("wine");
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 5);
        for (String graph : new String[] {"dense", "knn"}) {
            ClusteringAlgorithm algorithm = sl("graph", graph);
            ClusteringResult one = algorithm.fit(wine, labels, 3, RunContext.sequential(3));
            try (RunContext context = RunContext.of(3, 2)) {
                ClusteringResult two = algorithm.fit(wine, labels, 3, context);
                assertArrayEquals(one.labels(), two.labels(), graph);
                assertArrayEquals(one.embedding().data(), two.embedding().data(), 0.0, graph);
            }
        }
    }

    @Test
    void withoutConstraintsItWarnsAndIsNjw() {
        Dataset iris = GoldenRuns.zScored("iris");
        ConstraintSet none = ConstraintSet.empty(iris.size());
        ClusteringResult result = sl().fit(iris, none, 3, RunContext.sequential(1));
        assertTrue(result.diagnostics().warnings().get(0).contains("No constraints"));
        ClusteringResult njw = NormalizedSpectralClustering.DESCRIPTOR.create().fit(iris, none, 3, RunContext.sequential(1));
        assertEquals(1.0, ClusteringMetrics.adjustedRandIndex(njw.labels(), result.labels()), 1e-12);
    }

    @Test
    void theDenseGraphRefusesMorePointsThanADenseMatrixHoldsAndNamesTheKnnGraph() {
        int n = 46_341;
        Dataset line = Dataset.unlabelled("line", n, 1, java.util.stream.IntStream.range(0, n).asDoubleStream().toArray());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> sl().fit(line, ConstraintSet.empty(n), 2, RunContext.sequential(1)));
        assertTrue(error.getMessage().startsWith("sl refuses 46341 points"), error.getMessage());
        assertTrue(error.getMessage().contains("graph=knn"), error.getMessage());
    }

    @Test
    void refusesInvalidOptionsNamingTheValue() {
        assertEquals("Invalid neighbours: 0 (must be >= 1)",
                assertThrows(IllegalArgumentException.class, () -> sl("neighbours", "0")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> sl("normalization", "random-walk"));
        assertThrows(IllegalArgumentException.class, () -> sl("normalize-rows", "maybe"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sl("alpha", "1")).getMessage()
                .contains("Unknown parameter 'alpha' for sl"));
    }

    @Test
    void everyOptionIsAParameterWithTheDocumentedDefault() {
        SpectralLearningOptions defaults = SpectralLearning.options(ParameterValues.EMPTY);
        assertEquals(GraphType.DENSE, defaults.graph());
        assertEquals(30, defaults.neighbours());
        assertEquals(AffinityNormalization.SYMMETRIC, defaults.normalization());
        assertTrue(defaults.normalizeRows());
        assertEquals(SpectralLearningVariant.ROBUST, defaults.variant());
        assertEquals(List.of("variant", "graph", "neighbours", "normalization", "normalize-rows", "sigma", "bandwidth",
                        "scale-neighbours", "assignment", "kmeans-restarts", "kmeans-iterations", "kmeans-sample", "eigen-tolerance",
                        "eigen-iterations"),
                SpectralLearning.PARAMETERS.stream().map(Parameter::name).toList());
        SpectralLearningOptions changed = SpectralLearning.options(GoldenRuns.parameters("graph", "knn", "neighbours", "12",
                "normalization", "additive", "normalize-rows", "false"));
        assertEquals(GraphType.KNN, changed.graph());
        assertEquals(12, changed.neighbours());
        assertEquals(AffinityNormalization.ADDITIVE, changed.normalization());
        assertEquals(false, changed.normalizeRows());
    }

    /** 120 binary features, three classes differing in a sixth of them: distances concentrate, the graph is nearly flat. */
    private static Dataset flatBinary(long seed) {
        return new BernoulliMixture(600, 120, 3, BernoulliMixture.defaultInformative(120), 2.5, seed,
                ClassProportions.balanced(3)).generate();
    }

    @Test
    void robustVariantFollowsTheGraphWhereThePaperEditCollapsesANearlyFlatGraph() {
        Dataset binary = flatBinary(7);
        ConstraintSet labels = GoldenRuns.labels(binary, 0.1, 3);
        double njw = ClusteringMetrics.accuracy(binary.labels(), NormalizedSpectralClustering.DESCRIPTOR.create()
                .fit(binary, labels, 3, RunContext.sequential(1)).labels());
        ClusteringResult robust = sl().fit(binary, labels, 3, RunContext.sequential(1));
        double robustAccuracy = ClusteringMetrics.accuracy(binary.labels(), robust.labels());
        double paper = ClusteringMetrics.accuracy(binary.labels(), sl("variant", "paper").fit(binary, labels, 3,
                RunContext.sequential(1)).labels());
        double share = (double) robust.diagnostics().value("editShare");
        assertTrue(share > 0 && share < 0.5, "the edit is scaled down: share " + share);
        assertTrue(njw > 0.7, "njw " + njw);
        assertTrue(robustAccuracy >= njw - 0.02, "robust " + robustAccuracy + " njw " + njw);
        assertTrue(paper < njw - 0.2, "paper " + paper + " njw " + njw);
    }

    @Test
    void thePaperVariantAppliesTheFullEditAndTheRobustOneIsDeterministic() {
        Dataset binary = flatBinary(8);
        ConstraintSet labels = GoldenRuns.labels(binary, 0.1, 2);
        ClusteringResult paper = sl("variant", "paper").fit(binary, labels, 3, RunContext.sequential(1));
        assertEquals(null, paper.diagnostics().value("editShare"));
        ClusteringResult first = sl().fit(binary, labels, 3, RunContext.sequential(5));
        ClusteringResult second = sl().fit(binary, labels, 3, RunContext.sequential(5));
        assertArrayEquals(first.labels(), second.labels());
        assertEquals((double) first.diagnostics().value("editShare"), (double) second.diagnostics().value("editShare"));
    }

    @Test
    void everyPointLabelledLiftsTheLimit() {
        Dataset binary = flatBinary(9);
        ClusteringResult result = sl().fit(binary, GoldenRuns.labels(binary, 1.0, 1), 3, RunContext.sequential(1));
        assertEquals(1.0, (double) result.diagnostics().value("editShare"), 0.0);
        assertEquals(1.0, ClusteringMetrics.accuracy(binary.labels(), result.labels()), 0.0);
    }

    /** Iris, or 1,500 points of three Gaussians: the dense path's Lanczos on rows of the affinity. */
    private static Dataset preparedData(String name) {
        return name.equals("iris") ? GoldenRuns.zScored("iris") : GaussianMixture.generate(1_500, 4, 3, 7, 2.5);
    }

    @ParameterizedTest
    @CsvSource({"iris, dense, robust, symmetric", "iris, dense, paper, symmetric", "iris, knn, robust, symmetric",
            "iris, knn, paper, symmetric", "iris, dense, robust, additive", "iris, knn, robust, additive",
            "mixture, dense, robust, symmetric", "mixture, knn, robust, symmetric"})
    void aPreparedFitGivesTheLabelsOfAFit(String name, String graph, String variant, String normalization) {
        Dataset data = preparedData(name);
        ClusteringAlgorithm method = sl("graph", graph, "variant", variant, "normalization", normalization);
        RunContext context = RunContext.sequential(4);
        PreparedFit prepared = method.prepare(data, 3, context);
        for (int draw = 1; draw <= 3; draw++) {
            ConstraintSet labels = GoldenRuns.labels(data, 0.1, draw);
            ClusteringResult fitted = method.fit(data, labels, 3, context);
            ClusteringResult reused = prepared.fit(labels, context);
            assertArrayEquals(fitted.labels(), reused.labels(), "draw " + draw);
            assertArrayEquals(fitted.embedding().data(), reused.embedding().data(), 0.0, "draw " + draw);
            assertEquals(fitted.diagnostics().value("editShare"), reused.diagnostics().value("editShare"));
            assertEquals(fitted.diagnostics().value("sigma"), reused.diagnostics().value("sigma"));
            // a fold's fit with its own seed: the graph's λ_K is the preparation's, within Lanczos'
            // tolerance of the fold's own, and the labels are the plain fit's
            RunContext fold = RunContext.sequential(100 + draw);
            assertArrayEquals(method.fit(data, labels, 3, fold).labels(), prepared.fit(labels, fold).labels());
        }
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> prepared.fit(ConstraintSet.empty(10), context));
        assertEquals("The constraints of sl refer to 10 points but the prepared data has " + data.size(),
                other.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"iris, symmetric", "iris, additive", "mixture, symmetric"})
    void fitsOnOnePreparedDenseAffinityLeaveItAsTheyFoundIt(String name, String normalization) {
        Dataset data = preparedData(name);
        ClusteringAlgorithm method = sl("normalization", normalization);
        RunContext context = RunContext.sequential(2);
        PreparedFit prepared = method.prepare(data, 3, context);
        ConstraintSet first = GoldenRuns.labels(data, 0.2, 1);
        ConstraintSet second = GoldenRuns.labels(data, 0.2, 2);
        ClusteringResult before = prepared.fit(first, context);
        ClusteringResult between = prepared.fit(second, context);
        ClusteringResult after = prepared.fit(first, context);
        assertArrayEquals(before.labels(), after.labels());
        assertArrayEquals(before.embedding().data(), after.embedding().data(), 0.0, "the affinity was put back");
        assertArrayEquals(method.fit(data, second, 3, context).embedding().data(), between.embedding().data(), 0.0);
    }

    @Test
    void anUnconstrainedPreparedFitIsThePlainOneAndNeedsNoGap() {
        Dataset iris = GoldenRuns.zScored("iris");
        ConstraintSet none = ConstraintSet.empty(iris.size());
        RunContext context = RunContext.sequential(1);
        PreparedFit prepared = sl().prepare(iris, 3, context);
        ClusteringResult unconstrained = prepared.fit(none, context);
        assertArrayEquals(sl().fit(iris, none, 3, context).labels(), unconstrained.labels());
        assertTrue(unconstrained.diagnostics().warnings().get(0).contains("No constraints"));
        assertEquals(null, unconstrained.diagnostics().value("spectralGap"));
        ConstraintSet labels = GoldenRuns.labels(iris, 0.1, 1);
        ClusteringResult constrained = prepared.fit(labels, context);
        assertArrayEquals(sl().fit(iris, labels, 3, context).labels(), constrained.labels());
        assertTrue((double) constrained.diagnostics().value("spectralGap") > 0);
    }

    @Test
    void fitsOnOnePreparedDenseAffinityMayRunAtTheSameTime() throws Exception {
        Dataset iris = GoldenRuns.zScored("iris");
        RunContext context = RunContext.sequential(3);
        PreparedFit prepared = sl().prepare(iris, 3, context);
        List<ConstraintSet> supervision = List.of(GoldenRuns.labels(iris, 0.2, 1), GoldenRuns.labels(iris, 0.2, 2),
                GoldenRuns.labels(iris, 0.1, 3), ConstraintSet.empty(iris.size()));
        List<double[]> alone = supervision.stream().map(given -> prepared.fit(given, context).embedding().data())
                .toList();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<double[]>> together = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (ConstraintSet given : supervision) {
                    together.add(threads.submit(() -> prepared.fit(given, context).embedding().data()));
                }
            }
            for (int t = 0; t < together.size(); t++) {
                assertArrayEquals(alone.get(t % supervision.size()), together.get(t).get(), 0.0, "fit " + t);
            }
        } finally {
            threads.shutdown();
        }
    }
}
