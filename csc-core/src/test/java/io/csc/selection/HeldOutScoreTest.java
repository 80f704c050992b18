package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.metric.ConstraintCounts;
import org.junit.jupiter.api.Test;

class HeldOutScoreTest {

    @Test
    void fMeasureByHand() {
        // 4 must-links, 3 satisfied; 6 cannot-links, 4 satisfied: F_ML = 6/(6+1+2), F_CL = 8/(8+2+1)
        HeldOutScore score = new HeldOutScore(new ConstraintCounts(4, 3, 6, 4));
        assertEquals(0.5 * (6.0 / 9 + 8.0 / 11), score.fMeasure(), 1e-12);
        assertEquals(0.5 * (0.75 + 4.0 / 6), score.satisfaction(), 1e-12);
    }

    @Test
    void puttingEveryPointAloneSatisfiesTheCannotLinksButScoresNoMustLink() {
        HeldOutScore alone = new HeldOutScore(new ConstraintCounts(1, 0, 9, 9));
        assertEquals(0.5 * (0 + 18.0 / 19), alone.fMeasure(), 1e-12);
        assertTrue(alone.fMeasure() < alone.satisfaction());
    }

    @Test
    void oneKindAloneAndNone() {
        assertEquals(1.0, new HeldOutScore(new ConstraintCounts(0, 0, 5, 5)).fMeasure(), 1e-12);
        assertEquals(2.0 * 2 / (2 * 2 + 2), new HeldOutScore(new ConstraintCounts(4, 2, 0, 0)).fMeasure(), 1e-12);
        assertTrue(Double.isNaN(new HeldOutScore(ConstraintCounts.NONE).fMeasure()));
    }
}
