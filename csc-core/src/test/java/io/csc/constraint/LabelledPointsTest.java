package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class LabelledPointsTest {

    @Test
    void classIdsFarBeyondThePointsAreRefusedRatherThanSizingArraysByThem() {
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ConstraintSet.fromLabels(60, new int[] {0, 1, 2}, new int[] {0, 1, 300_000_000}));
        org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().startsWith("Class id 300000000 of labelled "
                + "point 2 is not below 65536"), refused.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ConstraintSet.fromLabels(60, new int[] {0, 1}, new int[] {0, Integer.MAX_VALUE}));
        assertEquals(2, ConstraintSet.fromLabels(60, new int[] {0, 1},
                new int[] {0, 1000}).constrainedPoints().length, "sparse ids below the limit are kept");
    }

    @Test
    void restrictedKeepsAndRenumbersThePointsItMaps() {
        LabelledPoints soft = new LabelledPoints(new int[] {7, 2, 5, 0}, new int[] {1, 0, 1, 2}, false,
                new double[] {0.5, 1.0, 0.25, 0.75});
        int[] newIndex = {3, -1, 0, -1, -1, 1, -1, 2};
        LabelledPoints kept = soft.restricted(newIndex);
        assertArrayEquals(new int[] {2, 0, 1, 3}, kept.points());
        assertArrayEquals(new int[] {1, 0, 1, 2}, kept.classes());
        assertArrayEquals(new double[] {0.5, 1.0, 0.25, 0.75}, kept.confidences());
        assertFalse(kept.cannotLinkBetweenClasses());
        int[] dropSome = {-1, -1, 4, -1, -1, -1, -1, 9};
        LabelledPoints hard = LabelledPoints.hard(new int[] {7, 2, 5, 0}, new int[] {1, 0, 1, 2}, true);
        LabelledPoints fewer = hard.restricted(dropSome);
        assertArrayEquals(new int[] {9, 4}, fewer.points());
        assertArrayEquals(new int[] {1, 0}, fewer.classes());
        assertNull(fewer.confidences());
        assertEquals(0, hard.restricted(new int[] {-1, -1, -1, -1, -1, -1, -1, -1}).size());
    }

    @Test
    void aConstraintSetRestrictedToRowsRenumbersItsLabelsAndPairs() {
        ConstraintSet set = ConstraintSet.of(6, List.of(new Constraint(1, 4, ConstraintType.MUST_LINK, 1.0)),
                List.of(LabelledPoints.hard(new int[] {0, 3, 5}, new int[] {0, 1, 1}, true)));
        ConstraintSet restricted = set.restrictedTo(new int[] {1, 3, 4, 5});
        assertEquals(4, restricted.pointCount());
        assertArrayEquals(new int[] {1, 3}, restricted.labelledBlocks().get(0).points());
        assertArrayEquals(new int[] {1, 1}, restricted.labelledBlocks().get(0).classes());
        assertEquals(1, restricted.pairs().size());
        assertEquals(0, restricted.pairs().get(0).first());
        assertEquals(2, restricted.pairs().get(0).second());
    }
}
