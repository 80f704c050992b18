package io.csc.algorithm.e2cp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseReference;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstraintSourcesTest {

    /** V C Vᵀ, densely. */
    private static DenseMatrix product(ConstraintSources sources) {
        DenseMatrix v = sources.sources();
        DenseMatrix vc = DenseReference.multiply(v, sources.coupling().toDense());
        return DenseReference.multiply(vc, v.transpose());
    }

    @Test
    void factorsReproduceTheConstraintMatrixOfEveryKindOfSupervision() {
        ConstraintSet set = PropagationFixtures.mixedSupervision(12);
        ConstraintSources sources = ConstraintSources.of(set);
        assertArrayEquals(PropagationFixtures.definitionOfZ(set).data(), product(sources).data(), 1e-14);
        assertEquals(5 + 3 + 1, sources.count(), "5 points in explicit pairs, 2 classes + all labelled, 1 group");
    }

    @Test
    void labelsNeedOneSourcePerClassPlusOne() {
        int[] truth = new int[300];
        for (int i = 0; i < truth.length; i++) {
            truth[i] = i % 4;
        }
        ConstraintSet set = ConstraintGenerator.labelledFraction(truth, 0.2, new SplittableRandom(1));
        ConstraintSources sources = ConstraintSources.of(set);
        assertEquals(5, sources.count());
        assertArrayEquals(PropagationFixtures.definitionOfZ(set).data(), product(sources).data(), 1e-14);
    }

    @Test
    void noSupervisionHasNoSources() {
        assertEquals(0, ConstraintSources.of(ConstraintSet.empty(5)).count());
    }
}
