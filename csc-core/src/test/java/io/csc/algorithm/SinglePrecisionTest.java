package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The landmark methods on single-precision features against the same features in double precision. */
class SinglePrecisionTest {

    private static final Dataset DATA = Scaling.ZSCORE.apply(new GaussianMixture(6000, 12, 5, 3.0, 11).generate());

    @ParameterizedTest
    @ValueSource(strings = {"lsc-r", "scacs", "sc-pc"})
    void landmarkMethodsKeepSinglePrecisionAndTheirQuality(String method) {
        Dataset single = DATA.inPrecision(Precision.FLOAT);
        Dataset widened = single.inPrecision(Precision.DOUBLE);
        ConstraintSet labels = ConstraintGenerator.labelledPoints(DATA.labels(), 200, new SplittableRandom(3));
        ClusteringAlgorithm algorithm = AlgorithmRegistry.byName(method).createWithoutSelection(ParameterValues.EMPTY);
        assertTrue(algorithm.unwrapped().acceptsSinglePrecision(), method);
        try (RunContext context = RunContext.of(5, 2)) {
            ClusteringResult fromSingle = algorithm.fit(single, labels, 5, context);
            ClusteringResult fromDouble = algorithm.fit(widened, labels, 5, context);
            double singleAccuracy = ClusteringMetrics.accuracy(DATA.labels(), fromSingle.labels());
            double doubleAccuracy = ClusteringMetrics.accuracy(DATA.labels(), fromDouble.labels());
            assertTrue(doubleAccuracy > 0.8, method + " ACC " + doubleAccuracy);
            assertEquals(doubleAccuracy, singleAccuracy, 0.005, method);
            assertFalse(fromSingle.diagnostics().warnings().toString().contains("widened"), method);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"njw", "lsc-k", "e2cp"})
    void otherMethodsWidenTheDataAndSaySo(String method) {
        Dataset small = DATA.subset(java.util.stream.IntStream.range(0, 600).toArray());
        ConstraintSet labels = ConstraintGenerator.labelledPoints(small.labels(), 60, new SplittableRandom(3));
        try (RunContext context = RunContext.of(5, 1)) {
            ClusteringAlgorithm algorithm = AlgorithmRegistry.byName(method).createWithoutSelection(ParameterValues.EMPTY);
            ClusteringResult single = algorithm.fit(small.inPrecision(Precision.FLOAT), labels, 5, context);
            ClusteringResult widened = algorithm.fit(small.inPrecision(Precision.FLOAT).inPrecision(Precision.DOUBLE),
                    labels, 5, context);
            assertTrue(single.diagnostics().warnings().stream().anyMatch(w -> w.contains("widened")), method);
            assertEquals(java.util.Arrays.toString(widened.labels()), java.util.Arrays.toString(single.labels()), method);
        }
    }
}
