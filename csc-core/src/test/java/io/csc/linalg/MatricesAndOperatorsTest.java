package io.csc.linalg;

import static io.csc.linalg.TestMatrices.assertArrayClose;
import static io.csc.linalg.TestMatrices.multiply;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link DenseMatrix}, {@link SparseMatrix} and {@link Operators}. */
class MatricesAndOperatorsTest {

    // ---------------------------------------------------------------- DenseMatrix

    @Test
    void denseMatrixBasics() {
        DenseMatrix a = DenseMatrix.of(new double[][] {{1, 2, 3}, {4, 5, 6}});
        assertEquals(6, a.get(1, 2));
        assertArrayEquals(new double[] {4, 5, 6}, a.row(1));
        assertArrayEquals(new double[] {2, 5}, a.column(1));
        assertArrayEquals(new double[] {1, 4, 2, 5, 3, 6}, a.transpose().data());
        assertArrayEquals(new double[] {2, 3, 5, 6}, a.columns(1, 3).data());
        assertArrayEquals(new double[] {4, 5, 6}, a.rows(1, 2).data());
        DenseMatrix copy = a.copy();
        copy.set(0, 0, 9);
        assertEquals(1, a.get(0, 0), "copy is deep");
        copy.setColumn(2, new double[] {7, 8});
        assertArrayEquals(new double[] {9, 2, 7, 4, 5, 8}, copy.data());
        assertEquals(Math.sqrt(91), a.frobeniusNorm(), 1e-14);
        assertEquals(8, copy.maxAbsoluteDifference(a), 0);
        DenseMatrix scaled = a.copy();
        scaled.scaleRows(new double[] {2, -1});
        assertArrayEquals(new double[] {2, 4, 6, -4, -5, -6}, scaled.data());
        DenseMatrix rows = DenseMatrix.of(new double[][] {{3, 4}, {0, 0}});
        rows.normalizeRows();
        assertArrayEquals(new double[] {0.6, 0.8, 0, 0}, rows.data(), 1e-15);
        assertArrayEquals(new double[] {1, 0, 0, 1}, DenseMatrix.identity(2).data());
        assertThrows(DimensionMismatchException.class, () -> new DenseMatrix(2, 2, new double[3]));
        assertThrows(IllegalArgumentException.class, () -> DenseMatrix.zeros(100_000, 100_000));
        assertThrows(DimensionMismatchException.class, () -> DenseMatrix.of(new double[][] {{1, 2}, {3}}));
        assertThrows(DimensionMismatchException.class, () -> a.setColumn(0, new double[3]));
        assertThrows(IndexOutOfBoundsException.class, () -> a.columns(2, 4));
        assertThrows(DimensionMismatchException.class, () -> a.maxAbsoluteDifference(DenseMatrix.zeros(3, 2)));
    }

    // ---------------------------------------------------------------- SparseMatrix

    @Test
    void fromTripletsSortsAndCombinesDuplicates() {
        int[] rows = {1, 0, 1, 0, 2, 1};
        int[] columns = {2, 1, 0, 1, 2, 2};
        double[] values = {5, 1, 3, 2, 7, -1};
        SparseMatrix sum = SparseMatrix.fromTriplets(3, 3, rows, columns, values, 6, SparseMatrix.Duplicates.SUM);
        assertArrayEquals(new double[][] {{0, 3, 0}, {3, 0, 4}, {0, 0, 7}}, toArray(sum.toDense()));
        assertArrayEquals(new int[] {0, 1, 3, 4}, sum.rowPointers());
        assertArrayEquals(new int[] {1, 0, 2, 2}, sum.columnIndices());
        SparseMatrix max = SparseMatrix.fromTriplets(3, 3, rows, columns, values, 6, SparseMatrix.Duplicates.MAX);
        assertEquals(2, max.get(0, 1));
        assertEquals(5, max.get(1, 2));
        assertEquals(0, max.get(2, 0));
        SparseMatrix prefix = SparseMatrix.fromTriplets(3, 3, rows, columns, values, 2, SparseMatrix.Duplicates.SUM);
        assertEquals(2, prefix.nonZeros());
        assertThrows(IndexOutOfBoundsException.class,
                () -> SparseMatrix.fromTriplets(2, 2, new int[] {2}, new int[] {0}, new double[] {1}, 1, SparseMatrix.Duplicates.SUM));
        assertThrows(DimensionMismatchException.class,
                () -> SparseMatrix.fromTriplets(2, 2, new int[] {1}, new int[] {0}, new double[] {1}, 2, SparseMatrix.Duplicates.SUM));
    }

    @Test
    void constructorValidatesCompressedRows() {
        assertThrows(IllegalArgumentException.class,
                () -> new SparseMatrix(2, 2, new int[] {0, 1, 1}, new int[] {2}, new double[] {1}));
        assertThrows(IllegalArgumentException.class,
                () -> new SparseMatrix(1, 3, new int[] {0, 2}, new int[] {1, 1}, new double[] {1, 1}));
        assertThrows(IllegalArgumentException.class,
                () -> new SparseMatrix(2, 2, new int[] {0, 2, 1}, new int[] {0, 1}, new double[] {1, 1}));
        assertThrows(IllegalArgumentException.class,
                () -> new SparseMatrix(1, 2, new int[] {1, 1}, new int[] {0}, new double[] {1}));
        assertThrows(DimensionMismatchException.class,
                () -> new SparseMatrix(2, 2, new int[] {0, 1}, new int[] {0}, new double[] {1}));
    }

    @Test
    void productsMatchDenseOnAnyThreadCount() {
        SplittableRandom random = new SplittableRandom(1);
        SparseMatrix a = randomRectangular(5000, 300, 4, random);
        DenseMatrix dense = a.toDense();
        double[] x = new double[300];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextDouble(-1, 1);
        }
        DenseMatrix block = TestMatrices.random(300, 3, random);
        DenseMatrix tall = TestMatrices.random(5000, 2, random);
        double[] sequential = a.multiply(x);
        assertArrayClose(multiply(dense, new DenseMatrix(300, 1, x)).data(), sequential, 1e-13);
        DenseMatrix blockProduct = a.multiply(block, Parallel.sequential());
        assertTrue(blockProduct.maxAbsoluteDifference(multiply(dense, block)) < 1e-13);
        DenseMatrix transposeProduct = a.transposeMultiply(tall, Parallel.sequential());
        assertTrue(transposeProduct.maxAbsoluteDifference(multiply(dense.transpose(), tall)) < 1e-12);
        try (Parallel parallel = Parallel.withThreads(3)) {
            double[] y = new double[5000];
            a.multiply(x, y, parallel);
            assertArrayEquals(sequential, y, 0.0);
            assertArrayEquals(blockProduct.data(), a.multiply(block, parallel).data(), 0.0);
            assertArrayEquals(transposeProduct.data(), a.transposeMultiply(tall, parallel).data(), 0.0);
        }
        assertThrows(DimensionMismatchException.class, () -> a.multiply(new double[299]));
        assertThrows(DimensionMismatchException.class, () -> a.multiply(DenseMatrix.zeros(5, 1), Parallel.sequential()));
        assertThrows(DimensionMismatchException.class, () -> a.transposeMultiply(DenseMatrix.zeros(5, 1), Parallel.sequential()));
    }

    @Test
    void asymmetryIsTheLargestDifferenceFromTheDenseTranspose() {
        SplittableRandom random = new SplittableRandom(17);
        for (int trial = 0; trial < 20; trial++) {
            int n = 1 + random.nextInt(30);
            int count = random.nextInt(4 * n);
            int[] rows = new int[2 * count];
            int[] columns = new int[2 * count];
            double[] values = new double[2 * count];
            for (int t = 0; t < count; t++) {
                rows[2 * t] = random.nextInt(n);
                columns[2 * t] = random.nextInt(n);
                values[2 * t] = random.nextInt(5) - 2;
                // most entries get a mirror, equal or not, so that both kinds of difference occur
                rows[2 * t + 1] = columns[2 * t];
                columns[2 * t + 1] = rows[2 * t];
                values[2 * t + 1] = random.nextBoolean() ? values[2 * t] : random.nextInt(5) - 2;
            }
            int used = random.nextBoolean() ? 2 * count : count;
            SparseMatrix a = SparseMatrix.fromTriplets(n, n, rows, columns, values, used, SparseMatrix.Duplicates.MAX);
            DenseMatrix dense = a.toDense();
            double expected = 0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    expected = Math.max(expected, Math.abs(dense.get(i, j) - dense.get(j, i)));
                }
            }
            assertEquals(expected, a.asymmetry(), 0.0, "trial " + trial);
        }
    }

    @Test
    void parallelBuildsAndChecksMatchSequentialOnes() {
        // several row blocks of 2,048, rows long enough for both sorts (insertion and packed keys)
        SplittableRandom random = new SplittableRandom(29);
        int n = 9000;
        int count = 400_000;
        int[] rows = new int[count];
        int[] columns = new int[count];
        double[] values = new double[count];
        for (int t = 0; t < count; t++) {
            rows[t] = random.nextInt(n);
            columns[t] = t % 7 == 0 ? random.nextInt(60) : random.nextInt(n);
            values[t] = random.nextInt(9) - 4;
        }
        try (Parallel parallel = Parallel.withThreads(3)) {
            for (SparseMatrix.Duplicates duplicates : SparseMatrix.Duplicates.values()) {
                SparseMatrix sequential = SparseMatrix.fromTriplets(n, n, rows, columns, values, count, duplicates);
                SparseMatrix threaded = SparseMatrix.fromTriplets(n, n, rows, columns, values, count, duplicates,
                        parallel);
                assertArrayEquals(sequential.rowPointers(), threaded.rowPointers(), duplicates.name());
                assertArrayEquals(sequential.columnIndices(), threaded.columnIndices(), duplicates.name());
                assertArrayEquals(sequential.values(), threaded.values(), duplicates.name());
                assertTrue(sequential.nonZeros() < count, "duplicates were combined");
                assertEquals(sequential.asymmetry(), threaded.asymmetry(parallel), 0.0);
                assertTrue(sequential.asymmetry() > 0);
                for (boolean maximum : new boolean[] {true, false}) {
                    SparseMatrix symmetric = sequential.symmetrize(maximum);
                    SparseMatrix threadedSymmetric = sequential.symmetrize(maximum, parallel);
                    assertArrayEquals(symmetric.columnIndices(), threadedSymmetric.columnIndices());
                    assertArrayEquals(symmetric.values(), threadedSymmetric.values());
                    assertEquals(0.0, threadedSymmetric.asymmetry(parallel), 0.0);
                }
            }
            // without duplicates the triplets' own arrays become the matrix's: still the same matrix
            SparseMatrix distinct = SparseMatrix.fromTriplets(3, 3, new int[] {2, 0, 0}, new int[] {1, 2, 0},
                    new double[] {5, 6, 7}, 3, SparseMatrix.Duplicates.SUM, parallel);
            assertArrayEquals(new int[] {0, 2, 2, 3}, distinct.rowPointers());
            assertArrayEquals(new int[] {0, 2, 1}, distinct.columnIndices());
            assertArrayEquals(new double[] {7, 6, 5}, distinct.values());
        }
    }

    @Test
    void transposeScaleSymmetrizeAndSums() {
        SparseMatrix a = SparseMatrix.fromTriplets(3, 3, new int[] {0, 0, 1, 2}, new int[] {0, 2, 0, 1},
                new double[] {1, 4, 2, -3}, 4, SparseMatrix.Duplicates.SUM);
        DenseMatrix dense = a.toDense();
        assertArrayEquals(dense.transpose().data(), a.transpose().toDense().data());
        assertArrayEquals(new double[] {5, 2, -3}, a.rowSums());
        assertArrayEquals(new double[] {3, -3, 4}, a.columnSums());
        SparseMatrix scaled = a.scale(new double[] {1, 2, 3}, new double[] {10, 100, 1000});
        assertEquals(4000, scaled.get(0, 2));
        assertEquals(40, scaled.get(1, 0));
        assertEquals(-900, scaled.get(2, 1));
        assertEquals(1, a.scale(null, null).get(0, 0));
        SparseMatrix mean = a.symmetrize(false);
        assertArrayEquals(new double[][] {{1, 1, 2}, {1, 0, -1.5}, {2, -1.5, 0}}, toArray(mean.toDense()));
        SparseMatrix maximum = a.symmetrize(true);
        assertArrayEquals(new double[][] {{1, 2, 4}, {2, 0, -3}, {4, -3, 0}}, toArray(maximum.toDense()));
        assertEquals(4, a.asymmetry());
        assertEquals(0, mean.asymmetry());
        assertArrayEquals(new double[][] {{2, 0}, {0, 3}}, toArray(SparseMatrix.diagonal(new double[] {2, 3}).toDense()));
        assertThrows(DimensionMismatchException.class, () -> a.scale(new double[2], null));
        assertThrows(DimensionMismatchException.class,
                () -> new SparseMatrix(2, 3, new int[] {0, 0, 0}, new int[0], new double[0]).symmetrize(true));
    }

    @Test
    void denseSymmetrizationAveragesTheTwoTriangles() {
        double[] a = {1, 2, 4, 0, 5, -3, 6, 1, 9};
        DenseMatrix.symmetrize(a, 3);
        assertArrayEquals(new double[] {1, 1, 5, 1, 5, -1, 5, -1, 9}, a);
        DenseMatrix matrix = new DenseMatrix(2, 2, new double[] {0, 1, 3, 0});
        matrix.symmetrize();
        assertArrayEquals(new double[] {0, 2, 2, 0}, matrix.data());
        assertThrows(DimensionMismatchException.class, () -> DenseMatrix.symmetrize(new double[8], 3));
        assertThrows(DimensionMismatchException.class, () -> DenseMatrix.zeros(2, 3).symmetrize());
    }

    // ---------------------------------------------------------------- Operators

    @Test
    void operatorsApplyWhatTheyDescribe() {
        SplittableRandom random = new SplittableRandom(2);
        SparseMatrix sparse = TestGraphs.randomSymmetric(40, 3, random);
        DenseMatrix dense = TestMatrices.randomSymmetric(40, random);
        SymmetricOperator first = Operators.of(sparse, Parallel.sequential());
        SymmetricOperator second = Operators.of(dense);
        assertEquals(40, first.size());
        assertArrayEquals(sparse.toDense().data(), Operators.toDense(first).data(), 0.0);
        assertTrue(Operators.toDense(second).maxAbsoluteDifference(dense) < 1e-15);
        DenseMatrix expected = sparse.toDense();
        double[] combined = expected.data();
        for (int p = 0; p < combined.length; p++) {
            combined[p] += dense.data()[p];
        }
        assertTrue(Operators.toDense(Operators.sum(first, second)).maxAbsoluteDifference(expected) < 1e-14);
        DenseMatrix shifted = Operators.toDense(Operators.shifted(second, -2.0, 0.5));
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 40; j++) {
                assertEquals(-2.0 * dense.get(i, j) + (i == j ? 0.5 : 0), shifted.get(i, j), 1e-14);
            }
        }
        assertThrows(DimensionMismatchException.class,
                () -> Operators.sum(first, Operators.of(DenseMatrix.identity(3))));
        assertThrows(IllegalArgumentException.class, () -> Operators.shifted(first, Double.NaN, 0));
        double[] scale = new double[40];
        for (int i = 0; i < 40; i++) {
            scale[i] = i % 7 == 0 ? 0.0 : 1.0 / (1 + i);
        }
        DenseMatrix congruence = Operators.toDense(Operators.congruence(second, scale));
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 40; j++) {
                assertEquals(scale[i] * dense.get(i, j) * scale[j], congruence.get(i, j), 1e-14);
            }
        }
        assertThrows(DimensionMismatchException.class, () -> Operators.congruence(first, new double[3]));
    }

    @Test
    void operatorsRefuseMatricesThatAreNotSymmetric() {
        SparseMatrix asymmetric = SparseMatrix.fromTriplets(2, 2, new int[] {0}, new int[] {1}, new double[] {1}, 1,
                SparseMatrix.Duplicates.SUM);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Operators.of(asymmetric, Parallel.sequential()));
        assertTrue(error.getMessage().contains("not symmetric"), error.getMessage());
        assertThrows(DimensionMismatchException.class, () -> Operators.of(
                new SparseMatrix(2, 3, new int[] {0, 0, 0}, new int[0], new double[0]), Parallel.sequential()));
        assertThrows(IllegalArgumentException.class, () -> Operators.of(DenseMatrix.of(new double[][] {{0, 1}, {0, 0}})));
    }

    private static SparseMatrix randomRectangular(int rows, int columns, int perRow, SplittableRandom random) {
        int[] rowIndex = new int[rows * perRow];
        int[] columnIndex = new int[rows * perRow];
        double[] values = new double[rows * perRow];
        for (int t = 0; t < rowIndex.length; t++) {
            rowIndex[t] = t / perRow;
            columnIndex[t] = random.nextInt(columns);
            values[t] = random.nextDouble(-1, 1);
        }
        return SparseMatrix.fromTriplets(rows, columns, rowIndex, columnIndex, values, values.length, SparseMatrix.Duplicates.SUM);
    }

    private static double[][] toArray(DenseMatrix matrix) {
        double[][] rows = new double[matrix.rows()][];
        for (int i = 0; i < matrix.rows(); i++) {
            rows[i] = matrix.row(i);
        }
        return rows;
    }
}
