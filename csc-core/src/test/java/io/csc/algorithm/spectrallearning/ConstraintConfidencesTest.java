package io.csc.algorithm.spectrallearning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.constraint.LabelledPoints;
import io.csc.linalg.SparseMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstraintConfidencesTest {

    private static final ConstraintSet SUPERVISION = ConstraintSet.of(5,
            List.of(new Constraint(0, 1, ConstraintType.MUST_LINK, 0.5), new Constraint(1, 2, ConstraintType.CANNOT_LINK, 1.0),
                    new Constraint(3, 4, ConstraintType.MUST_LINK, 0.25)),
            List.of(LabelledPoints.hard(new int[] {0, 1, 3}, new int[] {0, 0, 1}, true)));

    @Test
    void signedWeightsAddUpAndAreClamped() {
        SparseMatrix confidences = ConstraintConfidences.of(SUPERVISION, null);
        assertArrayEquals(new double[] {
            0, 1, 0, -1, 0,
            1, 0, -1, -1, 0,
            0, -1, 0, 0, 0,
            -1, -1, 0, 0, 0.25,
            0, 0, 0, 0.25, 0}, confidences.toDense().data(), 1e-15);
    }

    @Test
    void onAGraphCannotLinksAreKeptOnlyOnEdges() {
        SparseMatrix graph = SparseMatrix.fromTriplets(5, 5, new int[] {0, 1, 1, 2}, new int[] {1, 0, 2, 1},
                new double[] {0.3, 0.3, 0.6, 0.6}, 4, SparseMatrix.Duplicates.SUM);
        SparseMatrix confidences = ConstraintConfidences.of(SUPERVISION, graph);
        assertEquals(-1.0, confidences.get(1, 2), 0.0);
        assertEquals(0.0, confidences.get(0, 3), 0.0);
        assertEquals(1.0, confidences.get(0, 1), 0.0);
        assertEquals(0.25, confidences.get(4, 3), 0.0);
        assertEquals(6, confidences.nonZeros());
    }
}
