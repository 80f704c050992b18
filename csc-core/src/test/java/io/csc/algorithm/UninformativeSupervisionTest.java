package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.testing.GoldenRuns;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Supervision that implies no pair (one labelled point) is reported as none, and
 * every method fits as without it: SCACS drew its embedding onto a single labelled point.
 */
class UninformativeSupervisionTest {

    @ParameterizedTest
    @ValueSource(strings = {"scacs", "sc-pc", "e2cp", "fast-csp-ml", "seeded-kmeans"})
    void oneLabelledPointFitsAsNoSupervision(String name) {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        ClusteringAlgorithm method = GoldenRuns.method(name, Map.of());
        int[] alone = GoldenRuns.fit(method, iris, ConstraintSet.empty(iris.size()), 1).labels();
        ConstraintSet oneLabel = ConstraintSet.fromLabels(iris.size(), new int[] {0}, new int[] {0});
        assertTrue(oneLabel.isEmpty());
        assertArrayEquals(alone, GoldenRuns.fit(method, iris, oneLabel, 1).labels(), name + ", one label");
    }
}
