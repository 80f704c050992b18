package io.csc.algorithm.njw;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DenseSizeRefusalTest {

    @Test
    void eachDenseVariantNamesItselfAndItsScalableAlternatives() {
        int n = 50_000;
        Dataset big = Dataset.unlabelled("big", n, 1, IntStream.range(0, n).asDoubleStream().toArray());
        ConstraintSet labels = ConstraintSet.fromLabels(n, new int[] {0, n - 1}, new int[] {0, 1});
        try (RunContext context = RunContext.sequential(1)) {
            IllegalArgumentException plain = assertThrows(IllegalArgumentException.class, () -> AlgorithmRegistry
                    .byName("njw").create(ParameterValues.EMPTY).fit(big, ConstraintSet.empty(n), 2, context));
            assertTrue(plain.getMessage().startsWith("njw refuses 50000 points"), plain.getMessage());
            assertTrue(plain.getMessage().contains("njw with --param graph=knn"), plain.getMessage());
            IllegalArgumentException seeded = assertThrows(IllegalArgumentException.class, () -> AlgorithmRegistry
                    .byName("seeded-njw").createWithoutSelection(ParameterValues.EMPTY).fit(big, labels, 2, context));
            assertTrue(seeded.getMessage().startsWith("seeded-njw refuses 50000 points"), seeded.getMessage());
            assertTrue(seeded.getMessage().contains("seeded-njw with --param graph=knn"), seeded.getMessage());
        }
    }
}
