package io.csc.algorithm.njw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.ClusteringMetrics;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** NJW's bandwidth fallback ({@link BandwidthFallback}) on clusters of very different spread. */
class BandwidthFallbackTest {

    /**
     * Three 2-D Gaussian blobs of standard deviations 1, 2.5 and 0.5 around scikit-learn's centres
     * of {@code make_blobs(1500, cluster_std=[1, 2.5, 0.5], random_state=170)}, 500 points each: the
     * mean distance to the 7th neighbour is set by the tight blob, and the wide blob falls apart at it.
     */
    private static Dataset variedBlobs() {
        double[][] centres = {{-8.947, -5.463}, {-4.589, 0.089}, {1.939, 0.505}};
        double[] deviations = {1.0, 2.5, 0.5};
        int perBlob = 500;
        SplittableRandom random = new SplittableRandom(6);
        double[] features = new double[3 * perBlob * 2];
        int[] labels = new int[3 * perBlob];
        for (int i = 0; i < labels.length; i++) {
            int blob = i % 3;
            labels[i] = blob;
            features[2 * i] = centres[blob][0] + deviations[blob] * random.nextGaussian();
            features[2 * i + 1] = centres[blob][1] + deviations[blob] * random.nextGaussian();
        }
        return Dataset.withIntegerLabels("varied", labels.length, 2, features, labels);
    }

    private static ClusteringResult fit(Dataset data, Map<String, String> parameters) {
        try (RunContext context = RunContext.of(42, 2)) {
            return AlgorithmRegistry.byName("njw").create(ParameterValues.of(parameters))
                    .fit(data, ConstraintSet.empty(data.size()), 3, context);
        }
    }

    @Test
    void aLopsidedClusteringIsFittedAgainWithTheNextRule() {
        Dataset data = variedBlobs();
        ClusteringResult without = fit(data, Map.of("bandwidth-fallback", "false"));
        assertTrue(without.diagnostics().warnings().stream().anyMatch(warning -> warning.startsWith("Lopsided")),
                without.diagnostics().warnings().toString());
        assertTrue(ClusteringMetrics.accuracy(data.labels(), without.labels()) < 0.5);

        ClusteringResult with = fit(data, Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Object> report = (Map<String, Object>) with.diagnostics().value("bandwidthFallback");
        assertEquals("knn-mean", report.get("asked"));
        assertEquals("self-tuning", report.get("used"));
        assertEquals(1, with.diagnostics().warnings().size(), with.diagnostics().warnings().toString());
        assertTrue(with.diagnostics().warnings().get(0).contains("the clusters are those at the self-tuning bandwidth"),
                with.diagnostics().warnings().toString());
        assertTrue(ClusteringMetrics.accuracy(data.labels(), with.labels()) > 0.95);
        // the same as asking for the rule it fell back to
        assertEquals(ClusteringMetrics.accuracy(data.labels(), fit(data, Map.of("bandwidth", "self-tuning")).labels()),
                ClusteringMetrics.accuracy(data.labels(), with.labels()));
    }

    @Test
    void aGivenSigmaAndABalancedClusteringAreKept() {
        Dataset data = variedBlobs();
        assertNull(fit(data, Map.of("sigma", "0.5")).diagnostics().value("bandwidthFallback"));
        assertNull(fit(data, Map.of("bandwidth", "self-tuning")).diagnostics().value("bandwidthFallback"));
    }
}
