package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParallelDenseOperatorTest {

    @Test
    void theParallelProductIsTheSequentialOneBitForBit() {
        int n = 1000;
        SplittableRandom random = new SplittableRandom(4);
        DenseMatrix a = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double value = random.nextDouble() - 0.5;
                a.set(i, j, value);
                a.set(j, i, value);
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble();
        }
        double[] sequential = new double[n];
        double[] parallel = new double[n];
        Operators.of(a).apply(x, sequential);
        try (Parallel threads = Parallel.withThreads(3)) {
            Operators.of(a, threads).apply(x, parallel);
        }
        assertArrayEquals(sequential, parallel, 0.0);
        double[] expected = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                expected[i] += a.get(i, j) * x[j];
            }
        }
        assertArrayEquals(expected, sequential, 1e-12);
    }

    @Test
    void theUpperTriangleProductIsTheFullOneOnEverySizeOfBlock() {
        SplittableRandom random = new SplittableRandom(9);
        for (int n : new int[] {1, 2, 3, 63, 64, 65, 127, 128, 129, 1031}) {
            DenseMatrix a = TestMatrices.randomSymmetric(n, random);
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = random.nextDouble(-1, 1);
            }
            double[] expected = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    expected[i] += a.get(i, j) * x[j];
                }
            }
            double[] sequential = new double[n];
            double[] threaded = new double[n];
            Operators.of(a).apply(x, sequential);
            try (Parallel threads = Parallel.withThreads(2)) {
                Operators.of(a, threads).apply(x, threaded);
            }
            assertArrayEquals(expected, sequential, 1e-12 * n, "n = " + n);
            assertArrayEquals(sequential, threaded, 0.0, "n = " + n);
            int[] blocks = Operators.triangleBlocks(n);
            org.junit.jupiter.api.Assertions.assertEquals(0, blocks[0]);
            org.junit.jupiter.api.Assertions.assertEquals(n, blocks[blocks.length - 1]);
            for (int b = 1; b < blocks.length; b++) {
                org.junit.jupiter.api.Assertions.assertTrue(blocks[b] >= blocks[b - 1], "rows in order, n = " + n);
            }
        }
    }

    @Test
    void aMatrixGivenByRowsHasTheStoredMatrixsProductsBitForBit() {
        for (int n : new int[] {7, 130, 2_051}) {
            SplittableRandom random = new SplittableRandom(n);
            double[] scale = new double[n];
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                scale[i] = random.nextDouble(0.5, 2.0);
                x[i] = random.nextDouble() - 0.5;
            }
            DenseRows rows = new DenseRows(n, (i, from, to, target, offset) -> {
                for (int j = from; j < to; j++) {
                    target[offset + j - from] = Math.cos(i - j) * (scale[i] * scale[j]);
                }
            });
            double[] stored = new double[n];
            double[] given = new double[n];
            Operators.of(rows.toMatrix(), Parallel.sequential()).apply(x, stored);
            try (Parallel threads = Parallel.withThreads(3)) {
                Operators.of(rows, threads).apply(x, given);
            }
            assertArrayEquals(stored, given, 0.0, "n = " + n);
        }
    }

    @Test
    void anAsymmetricMatrixIsRefused() {
        DenseMatrix a = DenseMatrix.of(new double[][] {{1, 2}, {3, 4}});
        assertThrows(IllegalArgumentException.class, () -> Operators.of(a, Parallel.sequential()));
    }
}
