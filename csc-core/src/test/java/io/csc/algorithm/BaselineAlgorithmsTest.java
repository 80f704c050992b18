package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.ClusteringMetrics;
import io.csc.testing.TestData;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Golden runs of the unconstrained baselines and COP-KMeans on the bundled UCI data. */
class BaselineAlgorithmsTest {

    private static ClusteringResult fit(String name, Map<String, String> parameters, Dataset data, ConstraintSet constraints,
                                        long seed, int threads) {
        ClusteringAlgorithm algorithm = AlgorithmRegistry.byName(name).create(ParameterValues.of(parameters));
        try (RunContext context = RunContext.of(seed, threads)) {
            return algorithm.fit(data, constraints, data.classCount(), context);
        }
    }

    private static double accuracy(Dataset data, ClusteringResult result) {
        return ClusteringMetrics.accuracy(data.labels(), result.labels());
    }

    /**
     * Bounds a broken pipeline misses: k-means on the raw z-scored wine data reaches about 0.97
     * and on iris about 0.83; a spectral method with a wrong normalization or eigenvector order
     * falls far below.
     */
    @ParameterizedTest
    @CsvSource({
        "njw, , wine, 0.96",
        "njw, graph=knn, wine, 0.94",
        "lsc-r, , wine, 0.90",
        "lsc-k, , wine, 0.90",
        "nystrom, , wine, 0.95",
        "njw, , iris, 0.80",
        "njw, graph=knn, iris, 0.78",
        "lsc-r, , iris, 0.68",
        "nystrom, , iris, 0.78"})
    void unconstrainedBaselinesReachKnownQuality(String name, String parameter, String dataName, double minimum) {
        Dataset data = dataName.equals("wine") ? TestData.wine() : TestData.iris();
        Map<String, String> parameters = parameter == null ? Map.of() : Map.of(parameter.split("=")[0], parameter.split("=")[1]);
        ClusteringResult result = fit(name, parameters, data, ConstraintSet.empty(data.size()), 1, 2);
        assertTrue(accuracy(data, result) >= minimum, name + " " + parameter + " on " + dataName + ": " + accuracy(data, result));
        assertEquals(data.classCount(), result.clusterCount());
    }

    @ParameterizedTest
    @CsvSource({"njw, graph=dense", "njw, graph=knn", "lsc-r, landmarks=60", "lsc-k, landmarks=60", "nystrom, samples=60",
        "cop-kmeans, restarts=3"})
    void sameSeedSameLabelsOnOneAndTwoThreads(String name, String parameter) {
        Dataset data = TestData.wine();
        ConstraintSet constraints = ConstraintGenerator.labelledFraction(data.labels(), 0.1, new SplittableRandom(5));
        Map<String, String> parameters = Map.of(parameter.split("=")[0], parameter.split("=")[1]);
        int[] one = fit(name, parameters, data, constraints, 11, 1).labels();
        int[] two = fit(name, parameters, data, constraints, 11, 2).labels();
        assertArrayEquals(one, two);
    }

    @Test
    void landmarkAndNystromModelsPlaceTheTrainingPointsInTheirOwnClusters() {
        Dataset data = TestData.wine();
        for (String name : List.of("lsc-r", "nystrom")) {
            Map<String, String> parameters = Map.of(name.equals("lsc-r") ? "landmarks" : "samples", "80");
            ClusteringResult result = fit(name, parameters, data, ConstraintSet.empty(data.size()), 3, 1);
            try (RunContext context = RunContext.sequential(3)) {
                int[] predicted = result.model().orElseThrow().predict(data, context);
                assertTrue(ClusteringMetrics.accuracy(result.labels(), predicted) >= 0.99, name);
                assertEquals(result.embedding().rows(), result.model().orElseThrow().embed(data, context).rows());
            }
        }
    }

    @Test
    void copKMeansSatisfiesEveryConstraint() {
        Dataset data = TestData.iris();
        ConstraintSet labels = ConstraintGenerator.labelledFraction(data.labels(), 0.2, new SplittableRandom(2));
        ClusteringResult result = fit("cop-kmeans", Map.of(), data, labels, 4, 2);
        assertEquals(1.0, ClusteringMetrics.constraintSatisfaction(labels, result.labels()));
        ConstraintSet all = ConstraintGenerator.labelledFraction(data.labels(), 1.0, new SplittableRandom(2));
        assertEquals(1.0, accuracy(data, fit("cop-kmeans", Map.of(), data, all, 4, 1)));
    }

    @Test
    void copKMeansRefusesWhatItCannotSatisfy() {
        Dataset data = TestData.iris();
        ConstraintSet triangle = ConstraintSet.ofPairs(data.size(), List.of(Constraint.cannotLink(0, 1),
                Constraint.cannotLink(1, 2), Constraint.cannotLink(0, 2)));
        ClusteringAlgorithm copKMeans = AlgorithmRegistry.byName("cop-kmeans").create(ParameterValues.of(Map.of("restarts", "2")));
        try (RunContext context = RunContext.sequential(1)) {
            IllegalArgumentException infeasible = assertThrows(IllegalArgumentException.class,
                    () -> copKMeans.fit(data, triangle, 2, context));
            assertTrue(infeasible.getMessage().contains("no assignment satisfying all constraints"), infeasible.getMessage());
            ConstraintSet inconsistent = ConstraintSet.ofPairs(data.size(), List.of(Constraint.mustLink(0, 1),
                    Constraint.cannotLink(0, 1)));
            assertThrows(IllegalArgumentException.class, () -> copKMeans.fit(data, inconsistent, 3, context));
        }
    }

    @Test
    void landmarkMethodsOnDataOfKDistinctPointsAskForALowerKNotMoreLandmarks() {
        // 3 distinct points repeated 100 times each, k = 3: every landmark is a copy of one of the 3,
        // and raising the landmarks, even to every point, cannot give the k + 1 = 4 that are needed.
        double[] values = new double[300 * 2];
        for (int i = 0; i < 300; i++) {
            values[2 * i] = 5 * (i % 3);
            values[2 * i + 1] = i % 3 == 1 ? 5 : 0;
        }
        Dataset copies = Dataset.unlabelled("copies", 300, 2, values);
        for (String name : List.of("lsc-r", "lsc-k")) {
            for (String landmarks : List.of("auto", "300")) {
                ClusteringAlgorithm method = AlgorithmRegistry.byName(name)
                        .create(ParameterValues.of(Map.of("landmarks", landmarks)));
                try (RunContext context = RunContext.sequential(1)) {
                    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                            () -> method.fit(copies, ConstraintSet.empty(300), 3, context));
                    assertTrue(error.getMessage().contains("hold only 3 distinct points; lower k to at most 2"),
                            error.getMessage());
                    assertTrue(!error.getMessage().contains("raise --param landmarks"), error.getMessage());
                }
            }
        }
    }

    @Test
    void denseNjwRefusesHugeInputsNamingTheScalableMethods() {
        Dataset big = Dataset.unlabelled("big", 60_000, 1, java.util.stream.IntStream.range(0, 60_000).asDoubleStream().toArray());
        ClusteringAlgorithm njw = AlgorithmRegistry.byName("njw").create();
        try (RunContext context = RunContext.sequential(1)) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> njw.fit(big, ConstraintSet.empty(60_000), 3, context));
            assertTrue(error.getMessage().contains("lsc-r"), error.getMessage());
        }
    }

    @Test
    void disconnectedKnnGraphIsReportedInTheDiagnostics() {
        Dataset blobs = TestData.blobs(3, 30, 3, 80.0, 1);
        ClusteringResult result = fit("njw", Map.of("graph", "knn", "neighbours", "4"), blobs,
                ConstraintSet.empty(blobs.size()), 1, 1);
        assertEquals(3, result.diagnostics().value("graphComponents"));
        assertTrue(result.diagnostics().warnings().stream().anyMatch(w -> w.contains("3 connected components")));
        assertEquals(1.0, accuracy(blobs, result));
    }

    @ParameterizedTest
    @CsvSource({"seeded-njw,graph=dense", "seeded-njw,graph=knn", "njw,graph=knn"})
    void aPreparedNjwGivesTheLabelsOfAFitWithTheSameSeed(String name, String parameter) {
        Dataset wine = TestData.wine();
        ClusteringAlgorithm method = AlgorithmRegistry.byName(name).create(ParameterValues.parse(List.of(parameter)));
        RunContext context = RunContext.sequential(8);
        var prepared = method.prepare(wine, 3, context);
        for (long draw = 1; draw <= 3; draw++) {
            ConstraintSet labels = ConstraintGenerator.labelledFraction(wine.labels(), 0.1, new SplittableRandom(draw));
            assertArrayEquals(method.fit(wine, labels, 3, context).labels(), prepared.fit(labels, context).labels(),
                    name + " " + parameter + ", draw " + draw);
        }
    }
}
