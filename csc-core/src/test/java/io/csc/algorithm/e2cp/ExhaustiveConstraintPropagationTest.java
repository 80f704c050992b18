package io.csc.algorithm.e2cp;

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
import io.csc.api.RunContext;
import io.csc.algorithm.SolverStatus;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.metric.ClusteringMetrics;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExhaustiveConstraintPropagationTest {

    private static ClusteringAlgorithm e2cp(String... parameters) {
        return AlgorithmRegistry.byName("e2cp").createWithoutSelection(GoldenRuns.parameters(parameters));
    }

    private static ClusteringAlgorithm njw(String... parameters) {
        return NormalizedSpectralClustering.DESCRIPTOR.create(GoldenRuns.parameters(parameters));
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "scalable"})
    void aPreparedGraphGivesTheLabelsOfAFitWithTheSameSeed(String path) {
        Dataset iris = GoldenRuns.zScored("iris");
        ClusteringAlgorithm method = e2cp("path", path);
        RunContext context = RunContext.sequential(4);
        var prepared = method.prepare(iris, 3, context);
        for (int draw = 1; draw <= 3; draw++) {
            ConstraintSet labels = GoldenRuns.labels(iris, 0.1, draw);
            ClusteringResult fitted = method.fit(iris, labels, 3, context);
            ClusteringResult reused = prepared.fit(labels, context);
            assertArrayEquals(fitted.labels(), reused.labels(), path + ", draw " + draw);
            assertEquals(fitted.diagnostics().value("knnGraphComponents"), reused.diagnostics().value("knnGraphComponents"));
            // the exact neighbours do not depend on the seed: a fold's fit with its own seed is the plain fit's
            RunContext fold = RunContext.sequential(100 + draw);
            assertArrayEquals(method.fit(iris, labels, 3, fold).labels(), prepared.fit(labels, fold).labels());
        }
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> prepared.fit(ConstraintSet.empty(10), context));
        assertEquals("The constraints of e2cp refer to 10 points but the prepared data has 150", other.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "scalable"})
    void irisAtTwentyPercentLabelsBeatsUnconstrainedNjw(String path) {
        Dataset iris = GoldenRuns.zScored("iris");
        double baseline = GoldenRuns.meanNmi(njw(), iris, 0.2, 5);
        double constrained = GoldenRuns.meanNmi(e2cp("path", path), iris, 0.2, 5);
        assertTrue(constrained >= baseline + 0.04, "e2cp " + constrained + " against njw " + baseline);
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "scalable"})
    void constraintsOverrideTheNaturalSplitOfFourBlobs(String path) {
        double unconstrained = 0;
        double constrained = 0;
        for (int seed = 1; seed <= 3; seed++) {
            Dataset blobs = GoldenRuns.fourBlobs(seed);
            ConstraintSet labels = GoldenRuns.labels(blobs, 0.2, seed);
            unconstrained += ClusteringMetrics.normalizedMutualInformation(blobs.labels(),
                    njw().fit(blobs, labels, 2, RunContext.sequential(seed)).labels()) / 3;
            constrained += ClusteringMetrics.normalizedMutualInformation(blobs.labels(),
                    e2cp("path", path).fit(blobs, labels, 2, RunContext.sequential(seed)).labels()) / 3;
        }
        assertTrue(unconstrained < 0.2, "njw " + unconstrained);
        assertTrue(constrained > 0.7, "e2cp " + constrained);
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "scalable"})
    void wineAtTwentyPercentLabelsBeatsNjwOnTheSameGraph(String path) {
        Dataset wine = GoldenRuns.zScored("wine");
        double baseline = GoldenRuns.meanNmi(njw("graph", "knn", "neighbours", "20"), wine, 0.2, 5);
        double constrained = GoldenRuns.meanNmi(e2cp("path", path), wine, 0.2, 5);
        assertTrue(constrained >= baseline + 0.02, "e2cp " + constrained + " against njw on the 20-NN graph " + baseline);
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "scalable"})
    void everyPointLabelledGivesNearlyTheTruth(String path) {
        // Not exactly: cannot-links only scale the graph's edges by (1 + F), and F is normalized by its
        // largest entry, so a few edges between the overlapping Iris classes keep some weight.
        Dataset iris = GoldenRuns.zScored("iris");
        ClusteringResult result = e2cp("path", path).fit(iris, GoldenRuns.labels(iris, 1.0, 1), 3,
                RunContext.sequential(1));
        assertTrue(ClusteringMetrics.accuracy(iris.labels(), result.labels()) >= 0.98);
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "scalable"})
    void sameLabelsOnOneAndTwoThreads(String path) {
        Dataset wine = GoldenRuns.zScored("wine");
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 4);
        ClusteringAlgorithm algorithm = e2cp("path", path);
        ClusteringResult one = algorithm.fit(wine, labels, 3, RunContext.sequential(9));
        try (RunContext context = RunContext.of(9, 2)) {
            ClusteringResult two = algorithm.fit(wine, labels, 3, context);
            assertArrayEquals(one.labels(), two.labels());
            assertArrayEquals(one.embedding().data(), two.embedding().data(), 0.0);
        }
    }

    @Test
    void reportsThePropagationAndTheScalableApproximation() {
        Dataset wine = GoldenRuns.zScored("wine");
        ClusteringResult result = e2cp("path", "scalable").fit(wine, GoldenRuns.labels(wine, 0.1, 2), 3,
                RunContext.sequential(2));
        assertEquals(List.of(), result.diagnostics().warnings());
        assertEquals(4, result.diagnostics().value("propagationSolves"), "3 classes + all labelled points");
        SolverStatus propagation = (SolverStatus) result.diagnostics().value("solver.propagation");
        assertTrue(propagation.converged() && propagation.residual() < 1e-9, propagation.toString());
        double dropped = (Double) result.diagnostics().value("droppedWeightShare");
        assertTrue(dropped > 0 && dropped < 0.2, "dropped share " + dropped);
        assertTrue((Double) result.diagnostics().value("confidenceNormalizer") > 0);
        assertTrue(result.diagnostics().stageSeconds().containsKey("propagation"));
    }

    @Test
    void theSolvesAndTheScanForPartnersReportProgress() {
        Dataset wine = GoldenRuns.zScored("wine");
        java.util.List<long[]> reported = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        java.util.List<long[]> solves = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        RunContext context = RunContext.of(2, 2).withProgress((stage, done, total) -> {
            if (stage.equals(ScalableAdjustedAffinity.PROGRESS)) {
                reported.add(new long[] {done, total});
            } else if (stage.equals(ConstraintPropagation.PROGRESS)) {
                solves.add(new long[] {done, total});
            }
        });
        ClusteringResult withProgress = e2cp("path", "scalable").fit(wine, GoldenRuns.labels(wine, 0.1, 2), 3, context);
        assertTrue(!reported.isEmpty(), "the scan reports progress");
        assertTrue(reported.stream().allMatch(step -> step[1] == wine.size() && step[0] > 0 && step[0] <= wine.size()));
        assertTrue(reported.stream().anyMatch(step -> step[0] == wine.size()), "the last step covers every row");
        assertEquals(4, solves.size(), "one step per solve: 3 classes + all labelled points");
        assertTrue(solves.stream().anyMatch(step -> step[0] == 4 && step[1] == 4));
        assertArrayEquals(e2cp("path", "scalable").fit(wine, GoldenRuns.labels(wine, 0.1, 2), 3, RunContext.of(2, 2))
                .labels(), withProgress.labels(), "progress changes nothing");
    }

    @Test
    void uniformlySoftLabelsActAsHardOnesBecauseFIsNormalized() {
        Dataset iris = GoldenRuns.zScored("iris");
        LabelledPoints hard = GoldenRuns.labels(iris, 0.1, 3).labelledBlocks().get(0);
        double[] half = new double[hard.size()];
        Arrays.fill(half, 0.5);
        ConstraintSet soft = ConstraintSet.fromLabels(iris.size(), hard.points(), hard.classes(), half);
        ClusteringAlgorithm algorithm = e2cp();
        ClusteringResult fromHard = algorithm.fit(iris, ConstraintSet.fromLabels(iris.size(), hard.points(),
                hard.classes()), 3, RunContext.sequential(3));
        ClusteringResult fromSoft = algorithm.fit(iris, soft, 3, RunContext.sequential(3));
        assertEquals(1.0, ClusteringMetrics.adjustedRandIndex(fromHard.labels(), fromSoft.labels()), 1e-12);
        assertEquals((Double) fromHard.diagnostics().value("confidenceNormalizer") / 2,
                (Double) fromSoft.diagnostics().value("confidenceNormalizer"), 1e-12);
    }

    @Test
    void withoutConstraintsItWarnsAndClustersTheGraph() {
        Dataset iris = GoldenRuns.zScored("iris");
        ClusteringResult result = e2cp().fit(iris, ConstraintSet.empty(iris.size()), 3, RunContext.sequential(1));
        assertTrue(result.diagnostics().warnings().get(0).contains("No constraints"));
        assertTrue(ClusteringMetrics.normalizedMutualInformation(iris.labels(), result.labels()) > 0.6);
    }

    @Test
    void theDenseAffinityWithoutConstraintsIsNjwOnTheDenseGraph() {
        Dataset wine = GoldenRuns.zScored("wine");
        ConstraintSet none = ConstraintSet.empty(wine.size());
        int[] dense = e2cp("affinity", "dense").fit(wine, none, 3, RunContext.sequential(4)).labels();
        int[] njwDense = njw().fit(wine, none, 3, RunContext.sequential(4)).labels();
        assertEquals(1.0, ClusteringMetrics.adjustedRandIndex(njwDense, dense), 1e-12);
    }

    @Test
    void theDenseAffinityMovesPairsTowardsTheirConstraints() {
        Dataset wine = GoldenRuns.zScored("wine");
        ConstraintSet labels = GoldenRuns.labels(wine, 0.2, 5);
        ClusteringResult result = e2cp("affinity", "dense").fit(wine, labels, 3, RunContext.sequential(5));
        assertEquals("dense", result.diagnostics().values().get("affinity"));
        assertTrue(ClusteringMetrics.accuracy(wine.labels(), result.labels()) > 0.95);
    }

    @Test
    void theDenseAffinityNeedsTheExactPath() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> e2cp("affinity", "dense", "path", "scalable"));
        assertTrue(error.getMessage().contains("affinity=dense needs path=exact"), error.getMessage());
    }

    @Test
    void theExactPathRefusesMorePointsThanADenseMatrixHoldsAndNamesTheScalablePath() {
        int n = 46_341;
        Dataset line = Dataset.unlabelled("line", n, 1, java.util.stream.IntStream.range(0, n).asDoubleStream().toArray());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> e2cp("path", "exact").fit(line, ConstraintSet.empty(n), 2, RunContext.sequential(1)));
        assertTrue(error.getMessage().startsWith("e2cp refuses 46341 points"), error.getMessage());
        assertTrue(error.getMessage().contains("path=scalable"), error.getMessage());
    }

    @Test
    void refusesInvalidOptionsNamingTheValue() {
        assertEquals("Invalid alpha: 1.0 (must be > 0 and < 1)",
                assertThrows(IllegalArgumentException.class, () -> e2cp("alpha", "1")).getMessage());
        assertEquals("Invalid alpha: 0.0 (must be > 0 and < 1)",
                assertThrows(IllegalArgumentException.class, () -> e2cp("alpha", "0")).getMessage());
        assertEquals("Invalid neighbours: 0 (must be >= 1)",
                assertThrows(IllegalArgumentException.class, () -> e2cp("neighbours", "0")).getMessage());
        assertEquals("Invalid partners: -1 (must be >= 0)",
                assertThrows(IllegalArgumentException.class, () -> e2cp("partners", "-1")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> e2cp("path", "dense"));
        assertThrows(IllegalArgumentException.class, () -> e2cp("propagation-tolerance", "0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> e2cp("beta", "1")).getMessage()
                .contains("Unknown parameter 'beta' for e2cp"));
    }

    @Test
    void everyOptionIsAParameterWithTheDocumentedDefault() {
        E2cpOptions defaults = ExhaustiveConstraintPropagation.options(ParameterValues.EMPTY);
        assertEquals(PropagationPath.AUTO, defaults.path());
        assertEquals(PropagationPath.EXACT, defaults.pathFor(ExhaustiveConstraintPropagation.EXACT_LIMIT));
        assertEquals(PropagationPath.SCALABLE, defaults.pathFor(ExhaustiveConstraintPropagation.EXACT_LIMIT + 1));
        assertEquals(PropagationPath.EXACT, ExhaustiveConstraintPropagation.options(GoldenRuns.parameters("affinity", "dense"))
                .pathFor(ExhaustiveConstraintPropagation.EXACT_LIMIT + 1), "only the exact path holds the dense affinity");
        assertEquals(20, defaults.neighbours());
        assertEquals(0.8, defaults.alpha(), 0.0);
        assertEquals(40, defaults.partners());
        assertEquals(AdjustedGraph.KNN, defaults.adjusted());
        assertEquals(List.of("path", "neighbours", "alpha", "partners", "affinity", "sigma", "bandwidth", "scale-neighbours",
                        "propagation-tolerance", "propagation-iterations", "assignment", "kmeans-restarts", "kmeans-iterations",
                        "kmeans-sample", "eigen-tolerance", "eigen-iterations"),
                ExhaustiveConstraintPropagation.PARAMETERS.stream().map(Parameter::name).toList());
        E2cpOptions changed = ExhaustiveConstraintPropagation.options(GoldenRuns.parameters("path", "scalable", "neighbours", "15",
                "alpha", "0.9", "partners", "5", "propagation-tolerance", "1e-6", "propagation-iterations", "50"));
        assertEquals(PropagationPath.SCALABLE, changed.path());
        assertEquals(15, changed.neighbours());
        assertEquals(0.9, changed.alpha(), 0.0);
        assertEquals(5, changed.partners());
        assertEquals(1e-6, changed.propagation().tolerance(), 0.0);
        assertEquals(50, changed.propagation().maxIterations());
    }

    @Test
    void theDefaultTakesTheScalablePathAboveTheExactLimitWithTheSameLabelsAsAsking() {
        Dataset blobs = io.csc.data.GaussianMixture.generate(ExhaustiveConstraintPropagation.EXACT_LIMIT + 1, 2, 3, 5, 8.0);
        ConstraintSet labels = GoldenRuns.labels(blobs, 0.01, 1);
        ClusteringResult byDefault = e2cp().fit(blobs, labels, 3, RunContext.sequential(1));
        ClusteringResult scalable = e2cp("path", "scalable").fit(blobs, labels, 3, RunContext.sequential(1));
        assertEquals("scalable", byDefault.diagnostics().values().get("path"));
        assertArrayEquals(scalable.labels(), byDefault.labels());
        Dataset small = io.csc.data.GaussianMixture.generate(300, 2, 3, 5, 8.0);
        assertEquals("exact", e2cp().fit(small, GoldenRuns.labels(small, 0.1, 1), 3, RunContext.sequential(1))
                .diagnostics().values().get("path"));
    }
}
