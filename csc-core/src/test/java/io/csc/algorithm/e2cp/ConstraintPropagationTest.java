package io.csc.algorithm.e2cp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintSet;
import io.csc.linalg.ConjugateGradientOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseReference;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstraintPropagationTest {

    private static final double ALPHA = 0.8;

    private static PropagatedConstraints propagate(SparseMatrix normalized, ConstraintSet set, Parallel parallel) {
        return ConstraintPropagation.propagate(normalized, ALPHA, ConstraintSources.of(set),
                ConjugateGradientOptions.DEFAULTS, parallel, "e2cp");
    }

    private static void assertClose(DenseMatrix expected, PropagatedConstraints actual, double tolerance) {
        int n = expected.rows();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(expected.get(i, j), actual.entry(i, j), tolerance, "F*(" + i + ", " + j + ")");
            }
        }
    }

    @Test
    void closedFormMatchesADirectDenseSolve() {
        SparseMatrix normalized = PropagationFixtures.normalized(PropagationFixtures.ring(12, 2, new SplittableRandom(4)));
        ConstraintSet set = PropagationFixtures.mixedSupervision(12);
        DenseMatrix inverse = DenseReference.inverse(PropagationFixtures.system(normalized, ALPHA));
        DenseMatrix expected = DenseReference.multiply(DenseReference.multiply(inverse,
                PropagationFixtures.definitionOfZ(set)), inverse);
        double scale = (1 - ALPHA) * (1 - ALPHA);
        for (int t = 0; t < expected.data().length; t++) {
            expected.data()[t] *= scale;
        }
        PropagatedConstraints propagated = propagate(normalized, set, Parallel.sequential());
        assertTrue(propagated.solver().converged());
        assertClose(expected, propagated, 1e-10);
        DenseMatrix dense = propagated.dense(LinearAlgebra.defaultBackend());
        assertEquals(0.0, dense.maxAbsoluteDifference(dense.transpose()), 1e-14, "F* is symmetric");
    }

    @Test
    void closedFormIsTheLimitOfVerticalThenHorizontalPropagation() {
        SparseMatrix normalized = PropagationFixtures.normalized(PropagationFixtures.ring(10, 1, new SplittableRandom(8)));
        ConstraintSet set = PropagationFixtures.mixedSupervision(10);
        DenseMatrix z = PropagationFixtures.definitionOfZ(set);
        DenseMatrix l = normalized.toDense();
        DenseMatrix vertical = DenseMatrix.zeros(10, 10);
        for (int t = 0; t < 400; t++) {
            DenseMatrix next = DenseReference.multiply(l, vertical);
            for (int e = 0; e < next.data().length; e++) {
                next.data()[e] = ALPHA * next.data()[e] + (1 - ALPHA) * z.data()[e];
            }
            vertical = next;
        }
        DenseMatrix horizontal = DenseMatrix.zeros(10, 10);
        for (int t = 0; t < 400; t++) {
            DenseMatrix next = DenseReference.multiply(horizontal, l);
            for (int e = 0; e < next.data().length; e++) {
                next.data()[e] = ALPHA * next.data()[e] + (1 - ALPHA) * vertical.data()[e];
            }
            horizontal = next;
        }
        assertClose(horizontal, propagate(normalized, set, Parallel.sequential()), 1e-12);
    }

    @Test
    void theSameOnOneAndTwoThreads() {
        SparseMatrix normalized = PropagationFixtures.normalized(PropagationFixtures.ring(200, 3, new SplittableRandom(2)));
        ConstraintSet set = PropagationFixtures.mixedSupervision(200);
        PropagatedConstraints one = propagate(normalized, set, Parallel.sequential());
        try (Parallel parallel = Parallel.withThreads(2)) {
            PropagatedConstraints two = propagate(normalized, set, parallel);
            assertEquals(0.0, one.weighted().maxAbsoluteDifference(two.weighted()), 0.0);
            assertEquals(0.0, one.solved().maxAbsoluteDifference(two.solved()), 0.0);
        }
    }

    @Test
    void noConstraintsPropagateToZero() {
        SparseMatrix normalized = PropagationFixtures.normalized(PropagationFixtures.ring(6, 1, new SplittableRandom(1)));
        PropagatedConstraints propagated = propagate(normalized, ConstraintSet.empty(6), Parallel.sequential());
        assertEquals(0, propagated.rank());
        assertEquals(0.0, propagated.dense(LinearAlgebra.defaultBackend()).frobeniusNorm(), 0.0);
    }

    @Test
    void refusesFactorsLargerThanTheHeap() {
        long points = Runtime.getRuntime().maxMemory() / 8 / 3 + 1;
        assertTrue(points < Integer.MAX_VALUE);
        SparseMatrix large = SparseMatrix.diagonal(new double[(int) Math.min(points, 50_000_000)]);
        if (points <= 50_000_000) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> propagate(large,
                    ConstraintSet.fromLabels(large.rows(), new int[] {0, 1}, new int[] {0, 1}), Parallel.sequential()));
            assertTrue(error.getMessage().contains("e2cp refuses to propagate"), error.getMessage());
        }
    }
}
