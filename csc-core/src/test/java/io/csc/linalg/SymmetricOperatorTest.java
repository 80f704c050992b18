package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SymmetricOperatorTest {

    @Test
    void theFactoryReportsTheSizeAndPassesEachApplicationToTheProduct() {
        double[][] seen = new double[2][];
        SymmetricOperator operator = SymmetricOperator.of(3, (x, y) -> {
            seen[0] = x;
            seen[1] = y;
            for (int i = 0; i < x.length; i++) {
                y[i] = 2 * x[i] + 1;
            }
        });
        assertEquals(3, operator.size());
        double[] x = {1, -2, 0.5};
        double[] y = new double[3];
        operator.apply(x, y);
        assertSame(x, seen[0], "the product is given the caller's x");
        assertSame(y, seen[1], "the product writes into the caller's y");
        assertArrayEquals(new double[] {3, -3, 2}, y);
        assertArrayEquals(new double[] {1, -2, 0.5}, x, "x is left as it was");
    }

    @Test
    void anOperatorOfSizeZeroIsAllowed() {
        SymmetricOperator empty = SymmetricOperator.of(0, (x, y) -> { });
        assertEquals(0, empty.size());
        empty.apply(new double[0], new double[0]);
    }

    @Test
    void aNegativeSizeIsRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SymmetricOperator.of(-1, (x, y) -> { }));
        assertEquals("An operator's size must be zero or more, not -1", error.getMessage());
        assertThrows(NullPointerException.class, () -> SymmetricOperator.of(2, null));
    }
}
