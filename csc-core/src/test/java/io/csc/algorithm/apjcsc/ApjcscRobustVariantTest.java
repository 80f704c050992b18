package io.csc.algorithm.apjcsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.GoldenRuns;
import io.csc.api.RunContext;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BernoulliMixture;
import io.csc.data.ClassProportions;
import io.csc.data.Dataset;
import io.csc.metric.ClusteringMetrics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApjcscRobustVariantTest {

    private static ClusteringAlgorithm method(String name, String... parameters) {
        return AlgorithmRegistry.byName(name).createWithoutSelection(GoldenRuns.parameters(parameters));
    }

    /** 120 binary features, three classes differing in a sixth of them: distances concentrate, the graph is nearly flat. */
    private static Dataset flatBinary(long seed) {
        return new BernoulliMixture(600, 120, 3, BernoulliMixture.defaultInformative(120), 2.5, seed,
                ClassProportions.balanced(3)).generate();
    }

    private static double accuracy(ClusteringAlgorithm algorithm, Dataset data, ConstraintSet constraints) {
        return ClusteringMetrics.accuracy(data.labels(), algorithm.fit(data, constraints, 3, RunContext.sequential(1))
                .labels());
    }

    @ParameterizedTest
    @ValueSource(strings = {"apjcsc-1", "apjcsc-2"})
    void robustVariantFollowsTheGraphWhereThePaperEditCollapsesANearlyFlatGraph(String name) {
        Dataset binary = flatBinary(7);
        ConstraintSet labels = GoldenRuns.labels(binary, 0.1, 3);
        double njw = accuracy(NormalizedSpectralClustering.DESCRIPTOR.create(), binary, labels);
        ClusteringResult robust = method(name).fit(binary, labels, 3, RunContext.sequential(1));
        double robustAccuracy = ClusteringMetrics.accuracy(binary.labels(), robust.labels());
        double paper = accuracy(method(name, "variant", "paper"), binary, labels);
        double share = (double) robust.diagnostics().value("editShare");
        assertTrue(share > 0 && share < 0.5, "the edit is scaled down: share " + share);
        assertTrue((double) robust.diagnostics().value("robustEta") > AffinityPenaltyClustering.DEFAULT_ETA);
        assertTrue(njw > 0.7, "njw " + njw);
        assertTrue(robustAccuracy >= njw - 0.02, name + " robust " + robustAccuracy + " njw " + njw);
        assertTrue(paper < njw - 0.2, name + " paper " + paper + " njw " + njw);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense", "knn"})
    void robustVariantIsDeterministicAndThePaperVariantKeepsEta(String graph) {
        Dataset binary = flatBinary(8);
        ConstraintSet labels = GoldenRuns.labels(binary, 0.1, 2);
        ClusteringResult paper = method("apjcsc-1", "graph", graph, "variant", "paper").fit(binary, labels, 3,
                RunContext.sequential(1));
        assertEquals(null, paper.diagnostics().value("editShare"));
        assertEquals(null, paper.diagnostics().value("robustEta"));
        ClusteringResult first = method("apjcsc-1", "graph", graph).fit(binary, labels, 3, RunContext.sequential(5));
        ClusteringResult second = method("apjcsc-1", "graph", graph).fit(binary, labels, 3, RunContext.sequential(5));
        assertArrayEquals(first.labels(), second.labels());
    }
}
