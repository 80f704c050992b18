package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.csc.linalg.DenseMatrix;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstraintMatrixTest {

    /** Q built pair by pair from the definition, for comparison. */
    private static DenseMatrix bruteForce(ConstraintSet set, double diagonal) {
        int n = set.pointCount();
        DenseMatrix q = DenseMatrix.zeros(n, n);
        set.forEachPair((first, second, sign, weight) -> {
            q.set(first, second, q.get(first, second) + sign * weight);
            q.set(second, first, q.get(second, first) + sign * weight);
        });
        for (int point : set.constrainedPoints()) {
            q.set(point, point, diagonal);
        }
        return q;
    }

    @Test
    void labelsGiveTheMatrixOfEquationTwentyOfScacs() {
        // points 0, 1 in class 0; point 3 in class 1; point 2 unlabelled
        ConstraintSet set = ConstraintSet.fromLabels(4, new int[] {0, 1, 3}, new int[] {0, 0, 1});
        DenseMatrix q = ConstraintMatrix.of(set, 1.0).toSparse(1000).toDense();
        double[][] expected = {
            {1, 1, 0, -1},
            {1, 1, 0, -1},
            {0, 0, 0, 0},
            {-1, -1, 0, 1}};
        assertEquals(0.0, q.maxAbsoluteDifference(DenseMatrix.of(expected)), 1e-12);
    }

    @Test
    void structuredProductEqualsTheExpandedMatrixForMixedSoftSupervision() {
        SplittableRandom random = new SplittableRandom(3);
        int n = 40;
        ConstraintSet labels = ConstraintSet.fromLabels(n, new int[] {1, 4, 9, 12, 20, 33},
                new int[] {0, 1, 0, 2, 1, 0}, new double[] {0.9, 1.0, 0.7, 0.8, 1.0, 0.75});
        ConstraintSet groups = ConstraintSet.fromGroups(n, List.of(new int[] {2, 3, 5}, new int[] {30, 31}));
        ConstraintSet pairs = ConstraintSet.ofPairs(n, List.of(Constraint.mustLink(7, 8),
                new Constraint(7, 15, ConstraintType.CANNOT_LINK, 0.6), Constraint.cannotLink(1, 2)));
        ConstraintSet set = labels.plus(groups).plus(pairs);
        ConstraintMatrix matrix = ConstraintMatrix.of(set, 0.5);
        DenseMatrix expected = bruteForce(set, 0.5);
        assertEquals(0.0, matrix.toSparse(10_000).toDense().maxAbsoluteDifference(expected), 1e-12);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextGaussian();
        }
        double[] y = new double[n];
        matrix.apply(x, y);
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) {
                sum += expected.get(i, j) * x[j];
            }
            assertEquals(sum, y[i], 1e-12);
        }
    }

    @Test
    void refusesToExpandBeyondTheLimit() {
        int[] points = new int[100];
        int[] classes = new int[100];
        for (int i = 0; i < 100; i++) {
            points[i] = i;
            classes[i] = i % 3;
        }
        ConstraintMatrix matrix = ConstraintMatrix.of(ConstraintSet.fromLabels(200, points, classes), 0.0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> matrix.toSparse(1000));
        assertEquals(true, error.getMessage().contains("more than the limit of 1000"));
    }
}
