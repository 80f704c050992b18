package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MatrixChecksTest {

    /** A random n x n matrix symmetric up to rounding-sized differences between its triangles. */
    private static DenseMatrix nearlySymmetric(int n, SplittableRandom random) {
        DenseMatrix matrix = TestMatrices.randomSymmetric(n, random);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                matrix.set(i, j, matrix.get(i, j) * (1 + 1e-14 * random.nextDouble(-1, 1)));
            }
        }
        return matrix;
    }

    @Test
    void theSymmetricCopyIsTheMeanOfBothTrianglesBitForBit() {
        SplittableRandom random = new SplittableRandom(5);
        for (int n : new int[] {1, 2, 63, 64, 65, 150}) {
            DenseMatrix matrix = nearlySymmetric(n, random);
            double[] expected = matrix.data().clone();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    double mean = 0.5 * (expected[i * n + j] + expected[j * n + i]);
                    expected[i * n + j] = mean;
                    expected[j * n + i] = mean;
                }
            }
            DenseMatrix copy = MatrixChecks.symmetricCopy(matrix, "A");
            assertArrayEquals(expected, copy.data(), "n = " + n);
            assertTrue(copy.data() != matrix.data(), "a new matrix");
            double[] inPlace = matrix.data().clone();
            DenseMatrix.symmetrize(inPlace, n);
            assertArrayEquals(expected, inPlace, "in place, n = " + n);
        }
    }

    @Test
    void theCheckWithoutACopyRefusesWhatTheCopyRefusesAndLeavesTheMatrixAsItIs() {
        DenseMatrix matrix = nearlySymmetric(150, new SplittableRandom(8));
        double[] before = matrix.data().clone();
        MatrixChecks.requireSymmetric(matrix, "A");
        assertArrayEquals(before, matrix.data());
        matrix.set(5, 130, matrix.get(130, 5) + 1);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MatrixChecks.requireSymmetric(matrix, "A"));
        assertTrue(error.getMessage().startsWith("A is not symmetric: |A(5, 130) - A(130, 5)|"), error.getMessage());
        matrix.set(5, 130, Double.NaN);
        assertEquals("W has a non-finite entry NaN at (5, 130)",
                assertThrows(IllegalArgumentException.class, () -> MatrixChecks.requireSymmetric(matrix, "W")).getMessage());
        assertThrows(DimensionMismatchException.class, () -> MatrixChecks.requireSymmetric(DenseMatrix.zeros(2, 3), "A"));
    }

    @Test
    void theFirstLargestAsymmetryInRowMajorOrderIsNamed() {
        DenseMatrix matrix = TestMatrices.randomSymmetric(150, new SplittableRandom(6));
        // Equal asymmetries at (10, 70) and (5, 130): (5, 130) comes first in row-major order, though
        // it lies in a later tile of columns.
        matrix.set(10, 70, matrix.get(70, 10) + 1);
        matrix.set(5, 130, matrix.get(130, 5) + 1);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MatrixChecks.symmetricCopy(matrix, "A"));
        assertTrue(error.getMessage().startsWith("A is not symmetric: |A(5, 130) - A(130, 5)|"), error.getMessage());
    }

    @Test
    void aNonFiniteEntryIsNamedBeforeAnyAsymmetry() {
        DenseMatrix matrix = TestMatrices.randomSymmetric(100, new SplittableRandom(7));
        matrix.set(90, 3, Double.NaN);
        matrix.set(80, 70, Double.POSITIVE_INFINITY);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MatrixChecks.symmetricCopy(matrix, "B"));
        assertEquals("B has a non-finite entry Infinity at (80, 70)", error.getMessage());
    }
}
