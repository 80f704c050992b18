package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.linalg.DenseMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstraintMatrixWeightsTest {

    /** Weights of one type built pair by pair, duplicates by maximum. */
    private static DenseMatrix bruteForce(ConstraintSet set, int sign) {
        int n = set.pointCount();
        DenseMatrix w = DenseMatrix.zeros(n, n);
        set.forEachPair((first, second, pairSign, weight) -> {
            if (pairSign == sign) {
                double value = Math.max(w.get(first, second), weight);
                w.set(first, second, value);
                w.set(second, first, value);
            }
        });
        return w;
    }

    private static ConstraintSet mixed() {
        int n = 30;
        ConstraintSet labels = ConstraintSet.fromLabels(n, new int[] {1, 4, 9, 12, 20, 25},
                new int[] {0, 1, 0, 2, 1, 0}, new double[] {0.9, 1.0, 0.7, 0.8, 1.0, 0.75});
        ConstraintSet groups = ConstraintSet.fromGroups(n, List.of(new int[] {2, 3, 5}));
        ConstraintSet pairs = ConstraintSet.ofPairs(n, List.of(Constraint.mustLink(7, 8),
                new Constraint(7, 15, ConstraintType.CANNOT_LINK, 0.6), Constraint.cannotLink(1, 4),
                new Constraint(1, 9, ConstraintType.MUST_LINK, 0.5), Constraint.cannotLink(7, 15)));
        return labels.plus(groups).plus(pairs);
    }

    @Test
    void mustLinkAndCannotLinkWeightsMatchThePairsCombinedByMaximum() {
        ConstraintSet set = mixed();
        DenseMatrix mustLinks = ConstraintMatrix.mustLinkWeights(set).toSparse(10_000).toDense();
        DenseMatrix cannotLinks = ConstraintMatrix.cannotLinkWeights(set).toSparse(10_000).toDense();
        assertEquals(0.0, mustLinks.maxAbsoluteDifference(bruteForce(set, 1)), 1e-12);
        assertEquals(0.0, cannotLinks.maxAbsoluteDifference(bruteForce(set, -1)), 1e-12);
        assertEquals(Math.sqrt(0.9 * 0.7), mustLinks.get(1, 9), 1e-12, "ML(1, 9, 0.5) is below the implied 0.79");
        assertEquals(1.0, cannotLinks.get(1, 4), 1e-12, "CL(1, 4) hard beats the implied sqrt(0.9)");
        assertEquals(1.0, cannotLinks.get(7, 15), 1e-12);
        for (int i = 0; i < set.pointCount(); i++) {
            assertEquals(0.0, mustLinks.get(i, i), 1e-12);
            assertEquals(0.0, cannotLinks.get(i, i), 1e-12);
        }
    }

    @Test
    void labelsStayRankOneTermsPerClass() {
        ConstraintSet labels = ConstraintSet.fromLabels(100, new int[] {1, 2, 3, 4, 5, 6}, new int[] {0, 1, 2, 0, 1, 2});
        assertEquals(3, ConstraintMatrix.mustLinkWeights(labels).terms().size());
        assertEquals(4, ConstraintMatrix.cannotLinkWeights(labels).terms().size());
        assertEquals(0, ConstraintMatrix.cannotLinkWeights(labels).explicitPart().nonZeros());
    }

    @Test
    void refusesAPointLabelledInTwoBlocks() {
        ConstraintSet twice = ConstraintSet.fromLabels(10, new int[] {1, 2}, new int[] {0, 1})
                .plus(ConstraintSet.fromLabels(10, new int[] {2, 3}, new int[] {0, 1}));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ConstraintMatrix.cannotLinkWeights(twice));
        assertTrue(error.getMessage().startsWith("Point 2 is labelled in two labels blocks"));
    }
}
