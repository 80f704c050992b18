package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClassProportionsTest {

    @Test
    void countsFollowTheWeightsByLargestRemainders() {
        ClassProportions proportions = ClassProportions.parse("0.8, 0.15,0.04,0.01");
        assertArrayEquals(new int[] {4000, 750, 200, 50}, proportions.counts(5000));
        assertArrayEquals(new int[] {81, 15, 4, 1}, proportions.counts(101));
        assertArrayEquals(new int[] {251, 251, 251, 250}, ClassProportions.balanced(4).counts(1003));
        assertEquals(1, Arrays.stream(ClassProportions.parse("0.5,0.5").weights()).sum(), 1e-15);
    }

    @Test
    void everyClassGetsAPointEvenWhenItsShareRoundsToNone() {
        ClassProportions proportions = ClassProportions.parse("0.97,0.01,0.01,0.01");
        assertArrayEquals(new int[] {7, 1, 1, 1}, proportions.counts(10));
        assertArrayEquals(new int[] {1, 1, 1, 1}, proportions.counts(4));
        assertThrows(IllegalArgumentException.class, () -> proportions.counts(3));
    }

    @Test
    void labelsAreShuffledWithTheCountsOfEveryClass() {
        ClassProportions proportions = ClassProportions.parse("0.7,0.2,0.1");
        int[] labels = proportions.labels(1000, new SplittableRandom(4));
        int[] sizes = new int[3];
        Arrays.stream(labels).forEach(label -> sizes[label]++);
        assertArrayEquals(new int[] {700, 200, 100}, sizes);
        assertFalse(labels[0] == 0 && labels[1] == 0 && labels[2] == 0 && labels[999] == 2, "shuffled");
        assertArrayEquals(labels, proportions.labels(1000, new SplittableRandom(4)));
        assertFalse(Arrays.equals(labels, proportions.labels(1000, new SplittableRandom(5))));
    }

    @Test
    void refusesWeightsThatAreNotSharesWithOneLineReasons() {
        assertEquals("the weights sum to 0.9, not 1 (within 0.01); give shares such as 0.8,0.15,0.04,0.01",
                assertThrows(IllegalArgumentException.class, () -> ClassProportions.parse("0.5,0.4")).getMessage());
        assertEquals("weight 0.0 is not a positive number (every class needs a share above 0)",
                assertThrows(IllegalArgumentException.class, () -> ClassProportions.parse("1,0")).getMessage());
        assertEquals("'x' is not a number; give comma-separated shares such as 0.8,0.15,0.04,0.01",
                assertThrows(IllegalArgumentException.class, () -> ClassProportions.parse("0.5,x")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClassProportions.parse("0.5,,0.5"));
        assertThrows(IllegalArgumentException.class, () -> ClassProportions.parse("-0.5,1.5"));
        assertTrue(ClassProportions.parse("0.333,0.333,0.333").balanced());
    }
}
