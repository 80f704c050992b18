package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.csc.api.RunContext;
import io.csc.cluster.CanonicalLabels;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.testing.TestData;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered method gives identical labels on 1 and 2 threads for the same seed, on Wine
 * with a fifth of the points labelled, and numbers its clusters in canonical order. Before the
 * canonical order, csp-ml and fast-csp-ml gave the same partition with permuted ids.
 */
class ThreadCountDeterminismTest {

    static Stream<String> methods() {
        return AlgorithmRegistry.all().stream().map(AlgorithmDescriptor::name).filter(name -> !name.equals("auto"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void sameLabelsOnOneAndTwoThreads(String method) {
        Dataset wine = TestData.wine();
        ConstraintSet labelled = ConstraintGenerator.labelledFraction(wine.labels(), 0.2, new SplittableRandom(5));
        int[] one = fit(method, wine, labelled, 1);
        int[] two = fit(method, wine, labelled, 2);
        assertArrayEquals(one, two);
        assertArrayEquals(CanonicalLabels.of(one, wine.classCount()), one, "canonical ids");
    }

    private static int[] fit(String method, Dataset data, ConstraintSet constraints, int threads) {
        try (RunContext context = RunContext.of(11, threads)) {
            return AlgorithmRegistry.byName(method).create().fit(data, constraints, data.classCount(), context).labels();
        }
    }
}
