package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.testing.GoldenRuns;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An option given under a setting of another that does not read it (the k of the k-NN graph with
 * the dense graph, a bandwidth rule beside a fixed σ) changes nothing, and the fit says so in its
 * warnings instead of leaving the user to believe it was applied.
 */
class UnusedParameterTest {

    private static final Dataset IRIS = Scaling.ZSCORE.apply(BundledData.load("iris"));

    @ParameterizedTest
    @ValueSource(strings = {"njw", "sl", "csp-ml", "apjcsc-1"})
    void neighboursOfTheDenseGraphAreReportedUnused(String name) {
        ClusteringResult given = fit(name, Map.of("neighbours", "3"));
        assertArrayEquals(fit(name, Map.of()).labels(), given.labels(), name + ": neighbours=3 changed the dense fit");
        assertTrue(given.diagnostics().warnings().stream().anyMatch(warning -> warning.startsWith(
                "neighbours=3 has no effect: it is read only with graph=knn, and this fit has graph=dense (the default)")),
                name + ": " + given.diagnostics().warnings());
    }

    @Test
    void neighboursOfTheKnnGraphAreRead() {
        AlgorithmDescriptor njw = AlgorithmRegistry.byName("njw");
        assertEquals(List.of(), njw.unusedParameters(ParameterValues.of(Map.of("graph", "knn", "neighbours", "3"))));
        assertEquals(List.of(), njw.unusedParameters(ParameterValues.of(Map.of("graph", "dense"))));
        assertEquals(List.of("neighbours=3 has no effect: it is read only with graph=knn, and this fit has graph=dense; "
                + "add --param graph=knn or drop neighbours"),
                njw.unusedParameters(ParameterValues.of(Map.of("graph", "dense", "neighbours", "3"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"njw", "lsc-r", "nystrom", "scacs", "sc-pc", "fast-csp-ml", "e2cp"})
    void aBandwidthRuleBesideAFixedSigmaIsReportedUnused(String name) {
        AlgorithmDescriptor method = AlgorithmRegistry.byName(name);
        List<String> warnings = method.unusedParameters(ParameterValues.of(Map.of("sigma", "0.5",
                "bandwidth", method.effectiveParameters(ParameterValues.EMPTY).get("bandwidth"))));
        assertEquals(1, warnings.size(), name + ": " + warnings);
        assertTrue(warnings.get(0).contains("it is read only with sigma=auto, and this fit has sigma=0.5"), warnings.get(0));
        assertEquals(List.of(), method.unusedParameters(ParameterValues.of(Map.of("sigma", "auto", "bandwidth",
                method.effectiveParameters(ParameterValues.EMPTY).get("bandwidth")))), name);
    }

    private static ClusteringResult fit(String name, Map<String, String> values) {
        ConstraintSet labels = ConstraintSet.fromLabels(IRIS.size(), new int[] {0, 1, 60, 61, 120, 121},
                new int[] {0, 0, 1, 1, 2, 2});
        return GoldenRuns.fit(GoldenRuns.method(name, values), IRIS, labels, 1);
    }
}
