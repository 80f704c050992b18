package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConjugateGradientTest {

    /** A random symmetric positive definite sparse matrix: a random symmetric one shifted past its Gershgorin bound. */
    private static SparseMatrix positiveDefinite(int n, SplittableRandom random) {
        SparseMatrix a = TestGraphs.randomSymmetric(n, 4, random);
        double[] shift = new double[n];
        double bound = 0;
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int p = a.rowPointers()[i]; p < a.rowPointers()[i + 1]; p++) {
                sum += Math.abs(a.values()[p]);
            }
            bound = Math.max(bound, sum);
        }
        java.util.Arrays.fill(shift, bound + 0.5);
        int[] rows = new int[a.nonZeros() + n];
        int[] columns = new int[rows.length];
        double[] values = new double[rows.length];
        int t = 0;
        for (int i = 0; i < n; i++) {
            for (int p = a.rowPointers()[i]; p < a.rowPointers()[i + 1]; p++) {
                rows[t] = i;
                columns[t] = a.columnIndices()[p];
                values[t++] = a.values()[p];
            }
            rows[t] = i;
            columns[t] = i;
            values[t++] = shift[i];
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.SUM);
    }

    @Test
    void matchesADenseSolve() {
        SplittableRandom random = new SplittableRandom(3);
        SparseMatrix a = positiveDefinite(60, random);
        double[] b = new double[60];
        for (int i = 0; i < b.length; i++) {
            b[i] = random.nextDouble(-1, 1);
        }
        ConjugateGradientResult result = new ConjugateGradient(ConjugateGradientOptions.DEFAULTS)
                .solve(Operators.of(a, Parallel.sequential()), b);
        assertTrue(result.converged());
        assertTrue(result.maxResidual() < 1e-9, "residual " + result.maxResidual());
        assertArrayEquals(DenseReference.solve(a.toDense(), b), result.solutions().column(0), 1e-9);
    }

    @Test
    void solvesADiagonalSystemInOneIterationPerDistinctValue() {
        SparseMatrix diagonal = SparseMatrix.diagonal(new double[] {2, 2, 2, 5});
        ConjugateGradientResult result = new ConjugateGradient(ConjugateGradientOptions.DEFAULTS)
                .solve(Operators.of(diagonal, Parallel.sequential()), new double[] {2, 4, 6, 5});
        assertArrayEquals(new double[] {1, 2, 3, 1}, result.solutions().column(0), 1e-12);
        assertEquals(2, result.iterations());
    }

    @Test
    void severalRightHandSidesGiveTheSameSolutionsOnAnyNumberOfThreads() {
        SplittableRandom random = new SplittableRandom(5);
        SparseMatrix a = positiveDefinite(300, random);
        DenseMatrix b = DenseMatrix.zeros(300, 5);
        for (int t = 0; t < b.data().length; t++) {
            b.data()[t] = random.nextDouble(-1, 1);
        }
        ConjugateGradient solver = new ConjugateGradient(ConjugateGradientOptions.DEFAULTS);
        ConjugateGradientResult one;
        ConjugateGradientResult two;
        try (Parallel parallel = Parallel.withThreads(1)) {
            one = solver.solve(Operators.of(a, parallel), b, parallel);
        }
        try (Parallel parallel = Parallel.withThreads(2)) {
            two = solver.solve(Operators.of(a, parallel), b, parallel);
        }
        assertArrayEquals(one.solutions().data(), two.solutions().data(), 0.0);
        for (int j = 0; j < 5; j++) {
            double[] single = solver.solve(Operators.of(a, Parallel.sequential()), b.column(j)).solutions().column(0);
            assertArrayEquals(single, one.solutions().column(j), 0.0);
        }
        assertTrue(one.totalIterations() >= one.iterations());
    }

    @Test
    void zeroRightHandSideNeedsNoIteration() {
        ConjugateGradientResult result = new ConjugateGradient(ConjugateGradientOptions.DEFAULTS)
                .solve(Operators.of(SparseMatrix.diagonal(new double[] {1, 2}), Parallel.sequential()), new double[2]);
        assertTrue(result.converged());
        assertEquals(0, result.iterations());
        assertArrayEquals(new double[2], result.solutions().column(0), 0.0);
    }

    @Test
    void reportsAnUnconvergedSolveAtTheIterationCap() {
        SplittableRandom random = new SplittableRandom(7);
        SparseMatrix a = positiveDefinite(200, random);
        double[] b = new double[200];
        for (int i = 0; i < b.length; i++) {
            b[i] = random.nextDouble(-1, 1);
        }
        ConjugateGradientResult result = new ConjugateGradient(new ConjugateGradientOptions(1e-12, 2))
                .solve(Operators.of(a, Parallel.sequential()), b);
        assertFalse(result.converged());
        assertEquals(2, result.iterations());
        assertTrue(result.maxResidual() > 1e-12);
    }

    @Test
    void refusesAnIndefiniteOperator() {
        SparseMatrix indefinite = SparseMatrix.diagonal(new double[] {1, -1});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new ConjugateGradient(ConjugateGradientOptions.DEFAULTS)
                        .solve(Operators.of(indefinite, Parallel.sequential()), new double[] {1, 1}));
        assertTrue(error.getMessage().contains("not positive definite"), error.getMessage());
    }

    @Test
    void validatesOptionsAndShapes() {
        assertThrows(IllegalArgumentException.class, () -> new ConjugateGradientOptions(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new ConjugateGradientOptions(1, 10));
        assertThrows(IllegalArgumentException.class, () -> new ConjugateGradientOptions(1e-8, 0));
        assertThrows(DimensionMismatchException.class, () -> new ConjugateGradient(ConjugateGradientOptions.DEFAULTS)
                .solve(Operators.of(SparseMatrix.diagonal(new double[] {1, 2}), Parallel.sequential()), new double[3]));
    }
}
