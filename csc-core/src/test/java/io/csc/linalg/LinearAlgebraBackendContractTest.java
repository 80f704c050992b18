package io.csc.linalg;

import static io.csc.linalg.TestMatrices.assertArrayClose;
import static io.csc.linalg.TestMatrices.assertAscending;
import static io.csc.linalg.TestMatrices.assertGuardsIntact;
import static io.csc.linalg.TestMatrices.assertDescending;
import static io.csc.linalg.TestMatrices.backend;
import static io.csc.linalg.TestMatrices.embed;
import static io.csc.linalg.TestMatrices.maxResidual;
import static io.csc.linalg.TestMatrices.multiply;
import static io.csc.linalg.TestMatrices.orthonormalityError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of {@link LinearAlgebraBackend}, run against every backend (the native one is
 * skipped where it does not load).
 */
class LinearAlgebraBackendContractTest {

    private static final String BACKENDS = "io.csc.linalg.TestMatrices#backendNames";

    // ---------------------------------------------------------------- gemm

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void gemmEveryTransposeWithOffsetsLeadingDimensionsAlphaBeta(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(1);
        int m = 5;
        int n = 4;
        int k = 3;
        EmbeddedProduct.forEachTransposition((transposeA, transposeB) -> {
            for (double beta : new double[] {0.0, 1.0, -0.5}) {
                EmbeddedProduct operands = EmbeddedProduct.random(m, n, k, transposeA, transposeB, random);
                double[] c = operands.c();
                if (beta == 0.0) {
                    // BLAS semantics: C is not read when beta is zero, even if it holds NaN.
                    for (int i = 0; i < m; i++) {
                        int row = EmbeddedProduct.C_OFFSET + i * operands.ldc();
                        Arrays.fill(c, row, row + n, Double.NaN);
                    }
                }
                operands.compute(backend, 1.5, beta, c);
                operands.assertProduct(c, 1.5, beta, 1e-12, 0.0);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void gemmOnBlocksOfColumnsOfWideOperands(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(2);
        int m = 6;
        int n = 5;
        int k = 4;
        EmbeddedProduct.forEachTransposition((transposeA, transposeB) -> {
            for (double beta : new double[] {0.0, -0.5}) {
                // leading dimensions of 3-4 times the columns: each operand is a block of a wider one
                EmbeddedProduct operands = EmbeddedProduct.random(m, n, k, transposeA, transposeB, random, 17, 11, 13);
                double[] c = operands.c();
                operands.compute(backend, 0.5, beta, c);
                operands.assertProduct(c, 0.5, beta, 1e-12, 0.0);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void singlePrecisionGemmEveryTransposeWithOffsetsLeadingDimensionsAlphaBeta(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(2);
        int m = 6;
        int n = 5;
        int k = 4;
        EmbeddedProduct.forEachTransposition((transposeA, transposeB) -> {
            for (float beta : new float[] {0.0f, 1.0f, -0.5f}) {
                DenseMatrix opA = TestMatrices.random(m, k, random);
                DenseMatrix opB = TestMatrices.random(k, n, random);
                DenseMatrix c0 = TestMatrices.random(m, n, random);
                DenseMatrix storedA = transposeA ? opA.transpose() : opA;
                DenseMatrix storedB = transposeB ? opB.transpose() : opB;
                int lda = storedA.columns() + 1;
                int ldb = storedB.columns() + 2;
                int ldc = n + 3;
                float[] a = narrow(embed(storedA, 2, lda));
                float[] b = narrow(embed(storedB, 4, ldb));
                float[] c = narrow(embed(c0, 1, ldc));
                if (beta == 0.0f) {
                    for (int i = 0; i < m; i++) {
                        Arrays.fill(c, 1 + i * ldc, 1 + i * ldc + n, Float.NaN);
                    }
                }
                float alpha = -2.0f;
                backend.gemm(transposeA, transposeB, m, n, k, alpha, a, 2, lda, b, 4, ldb, beta, c, 1, ldc);
                DenseMatrix product = multiply(opA, opB);
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        double expected = alpha * product.get(i, j) + (beta == 0.0f ? 0.0 : beta * c0.get(i, j));
                        assertEquals(expected, c[1 + i * ldc + j], 1e-5,
                                "C(" + i + "," + j + ") transposeA=" + transposeA + " transposeB=" + transposeB + " beta=" + beta);
                    }
                }
                for (int t = 0; t < c.length; t++) {
                    int row = (t - 1) / ldc;
                    int column = (t - 1) % ldc;
                    boolean inside = t >= 1 && row < m && column < n;
                    if (!inside) {
                        assertEquals((float) TestMatrices.GUARD, c[t], "guard at " + t + " untouched");
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void singlePrecisionGemmWithAResidentOperandOrOneArrayTwiceEqualsThePlainProduct(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(3);
        int m = 300;
        int n = 200;
        int k = 40;
        float[] a = narrow(TestMatrices.random(m + 2, k, random).data());
        float[] b = narrow(TestMatrices.random(n + 1, k, random).data());
        try (io.csc.util.Parallel threads = io.csc.util.Parallel.withThreads(2)) {
            for (LinearAlgebraBackend each : new LinearAlgebraBackend[] {backend, ParallelBackend.over(backend, threads)}) {
                // each backend against its own plain product: the parallel one cuts the product into
                // blocks, for which OpenBLAS may take another kernel (on AMD EPYC the last bit of
                // single-precision sums differs from the whole product's); its results depend on
                // the shape alone, never on the thread count (ParallelBackend)
                float[] expected = new float[m * n];
                each.gemm(false, true, m, n, k, 1.0f, a, 2 * k, k, b, k, k, 0.0f, expected, 0, n);
                float[] c = new float[m * n];
                try (ResidentOperand resident = each.resident(b)) {
                    each.gemm(false, true, m, n, k, 1.0f, a, 2 * k, k, resident, k, k, 0.0f, c, 0, n);
                }
                assertArrayEquals(expected, c, each + ", resident operand");
            }
        }
        // the rows of one array against rows of the same array (a Gram block), copied once natively
        float[] gram = new float[m * m];
        float[] copy = a.clone();
        backend.gemm(false, true, m, m, k, 1.0f, a, 2 * k, k, copy, 0, k, 0.0f, gram, 0, m);
        float[] same = new float[m * m];
        backend.gemm(false, true, m, m, k, 1.0f, a, 2 * k, k, a, 0, k, 0.0f, same, 0, m);
        assertArrayEquals(gram, same);
    }

    private static float[] narrow(double[] values) {
        float[] narrow = new float[values.length];
        for (int t = 0; t < values.length; t++) {
            narrow[t] = (float) values[t];
        }
        return narrow;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void gemmOnLeadingRowsOfLongerArrays(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(3);
        DenseMatrix a = TestMatrices.random(4, 6, random);
        DenseMatrix b = TestMatrices.random(4, 3, random);
        // Operands that start their arrays without padding but are followed by unrelated data.
        double[] aData = embed(a, 0, 6);
        double[] bData = embed(b, 0, 3);
        double[] c = embed(DenseMatrix.zeros(6, 3), 0, 3);
        backend.gemm(true, false, 6, 3, 4, 1.0, aData, 0, 6, bData, 0, 3, 0.0, c, 0, 3);
        DenseMatrix expected = multiply(a.transpose(), b);
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(expected.get(i, j), c[i * 3 + j], 1e-14);
            }
        }
        assertGuardsIntact(c, 0, 3, 6, 3);
        assertGuardsIntact(aData, 0, 6, 4, 6);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void gemmWithEmptyInnerDimensionScalesC(String name) {
        LinearAlgebraBackend backend = backend(name);
        double[] c = {1, 2, 3, 4};
        backend.gemm(false, false, 2, 2, 0, 1.0, new double[0], 0, 0, new double[0], 0, 2, 0.5, c, 0, 2);
        assertArrayClose(new double[] {0.5, 1, 1.5, 2}, c, 0);
        backend.gemm(true, false, 2, 2, 0, 1.0, new double[0], 0, 2, new double[0], 0, 2, 0.0, c, 0, 2);
        assertArrayClose(new double[] {0, 0, 0, 0}, c, 0);
    }

    // ---------------------------------------------------------------- symmetric eigen

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenAllPairsOfKnownSpectrum(String name) {
        LinearAlgebraBackend backend = backend(name);
        double[] spectrum = {3.5, -2.0, 0.25, 7.0, 1.0, -0.75, 4.0, 2.5, -5.0, 6.0, 0.5, 1.5};
        DenseMatrix a = TestMatrices.withSpectrum(spectrum, new SplittableRandom(3));
        EigenDecomposition eigen = backend.symmetricEigen(a.rows(), a.copy().data(), 0, a.rows() - 1);
        double[] sorted = spectrum.clone();
        Arrays.sort(sorted);
        assertArrayClose(sorted, eigen.values(), 1e-12);
        assertValidPairs(a, eigen, 1e-12);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenSubsetsMatchTheFullDecomposition(String name) {
        LinearAlgebraBackend backend = backend(name);
        DenseMatrix a = TestMatrices.randomSymmetric(40, new SplittableRandom(4));
        EigenDecomposition all = backend.symmetricEigen(40, a.copy().data(), 0, 39);
        assertAscending(all.values());
        assertValidPairs(a, all, 1e-12);
        int[][] ranges = {{0, 0}, {39, 39}, {0, 4}, {35, 39}, {10, 17}, {1, 38}};
        for (int[] range : ranges) {
            EigenDecomposition subset = backend.symmetricEigen(40, a.copy().data(), range[0], range[1]);
            assertArrayClose(Arrays.copyOfRange(all.values(), range[0], range[1] + 1), subset.values(), 1e-12);
            assertValidPairs(a, subset, 1e-12);
            for (int j = 0; j < subset.count(); j++) {
                double overlap = Math.abs(TestMatrices.dot(subset.vector(j), all.vector(range[0] + j)));
                assertEquals(1.0, overlap, 1e-9, "vector " + j + " of range " + Arrays.toString(range));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenOfTheIdentity(String name) {
        LinearAlgebraBackend backend = backend(name);
        DenseMatrix identity = DenseMatrix.identity(9);
        EigenDecomposition eigen = backend.symmetricEigen(9, identity.copy().data(), 0, 8);
        assertArrayClose(filled(9, 1.0), eigen.values(), 1e-14);
        assertTrue(orthonormalityError(eigen.vectors()) < 1e-14);
        EigenDecomposition subset = backend.symmetricEigen(9, identity.copy().data(), 2, 4);
        assertArrayClose(filled(3, 1.0), subset.values(), 1e-14);
        assertTrue(orthonormalityError(subset.vectors()) < 1e-14);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenWithRepeatedEigenvalues(String name) {
        LinearAlgebraBackend backend = backend(name);
        double[] spectrum = {2, 2, 2, 2, -1, -1, 5, 5, 5, 0.5};
        DenseMatrix a = TestMatrices.withSpectrum(spectrum, new SplittableRandom(5));
        EigenDecomposition eigen = backend.symmetricEigen(10, a.copy().data(), 0, 9);
        assertArrayClose(new double[] {-1, -1, 0.5, 2, 2, 2, 2, 5, 5, 5}, eigen.values(), 1e-12);
        assertValidPairs(a, eigen, 1e-12);
        // A range that cuts through the fourfold eigenvalue 2.
        EigenDecomposition cut = backend.symmetricEigen(10, a.copy().data(), 4, 6);
        assertArrayClose(new double[] {2, 2, 2}, cut.values(), 1e-12);
        assertValidPairs(a, cut, 1e-12);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenWithTinyAndNegativeEigenvalues(String name) {
        LinearAlgebraBackend backend = backend(name);
        double[] spectrum = {-3, -1e-12, 1e-14, 0, 2, 1e-8, -1e-300};
        DenseMatrix a = TestMatrices.withSpectrum(spectrum, new SplittableRandom(6));
        EigenDecomposition eigen = backend.symmetricEigen(7, a.copy().data(), 0, 6);
        double[] sorted = spectrum.clone();
        Arrays.sort(sorted);
        // Absolute accuracy is of the order of eps ||A||.
        assertArrayClose(sorted, eigen.values(), 1e-14);
        assertValidPairs(a, eigen, 1e-13);
    }

    /**
     * A constant-block matrix of rank 7 and a 207-fold zero eigenvalue, as the cannot-link layer of
     * CSP-ML on Glass with 30 known labels: blocks of 184, 8, 7, 7, 5 and 3 points, the two blocks
     * of 7 linked only to each other and to the first. EJML's symmetric QR gave up on it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenOfALowRankConstantBlockMatrix(String name) {
        LinearAlgebraBackend backend = backend(name);
        int[] sizes = {184, 8, 7, 7, 5, 3};
        double[][] block = {
                {1 / 214.0, 0.004933356487274116, 0.004946254173303249, 0.004946254173303249, 0.004972355959677903, 0.004998875379545174},
                {0.004933356487274116, 0.005208333333333335, 0, 0, 0, 0},
                {0.004946254173303249, 0, 0, 0.005235602094240837, 0, 0},
                {0.004946254173303249, 0, 0.005235602094240837, 0, 0, 0},
                {0.004972355959677903, 0, 0, 0, 0.005291005291005291, 0},
                {0.004998875379545174, 0, 0, 0, 0, 0.005347593582887701}};
        int n = Arrays.stream(sizes).sum();
        int[] blockOf = new int[n];
        for (int b = 0, i = 0; b < sizes.length; b++) {
            for (int t = 0; t < sizes[b]; t++) {
                blockOf[i++] = b;
            }
        }
        DenseMatrix a = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a.set(i, j, block[blockOf[i]][blockOf[j]]);
            }
        }
        EigenDecomposition eigen = backend.symmetricEigen(n, a.copy().data(), 0, n - 1);
        assertValidPairs(a, eigen, 1e-13);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenOfOneByOneAndDiagonal(String name) {
        LinearAlgebraBackend backend = backend(name);
        EigenDecomposition one = backend.symmetricEigen(1, new double[] {-4.0}, 0, 0);
        assertArrayClose(new double[] {-4.0}, one.values(), 0);
        assertEquals(1.0, Math.abs(one.vectors().get(0, 0)), 0);
        double[] diagonal = {3, -1, 2};
        DenseMatrix a = DenseMatrix.zeros(3, 3);
        for (int i = 0; i < 3; i++) {
            a.set(i, i, diagonal[i]);
        }
        EigenDecomposition eigen = backend.symmetricEigen(3, a.copy().data(), 0, 2);
        assertArrayClose(new double[] {-1, 2, 3}, eigen.values(), 1e-15);
        assertEquals(1.0, Math.abs(eigen.vectors().get(1, 0)), 1e-15);
        assertEquals(1.0, Math.abs(eigen.vectors().get(2, 1)), 1e-15);
        assertEquals(1.0, Math.abs(eigen.vectors().get(0, 2)), 1e-15);
    }

    private static void assertValidPairs(DenseMatrix a, EigenDecomposition eigen, double tolerance) {
        assertEquals(a.rows(), eigen.vectors().rows());
        assertAscending(eigen.values());
        double scale = Math.max(1.0, a.frobeniusNorm());
        double residual = maxResidual(a, eigen.values(), eigen.vectors());
        assertTrue(residual < tolerance * scale * 10, "residual " + residual);
        double orthonormality = orthonormalityError(eigen.vectors());
        assertTrue(orthonormality < 1e-12, "orthonormality " + orthonormality);
    }

    private static double[] filled(int n, double value) {
        double[] values = new double[n];
        Arrays.fill(values, value);
        return values;
    }

    // ---------------------------------------------------------------- Cholesky and triangular solves

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void choleskyFactorsPositiveDefiniteMatrices(String name) {
        LinearAlgebraBackend backend = backend(name);
        for (int n : new int[] {1, 3, 17, 120}) {
            DenseMatrix a = TestMatrices.randomPositiveDefinite(n, new SplittableRandom(n));
            double[] l = a.copy().data();
            assertTrue(backend.cholesky(n, l), "n = " + n);
            DenseMatrix lower = new DenseMatrix(n, n, l);
            for (int i = 0; i < n; i++) {
                assertTrue(lower.get(i, i) > 0);
                for (int j = i + 1; j < n; j++) {
                    assertEquals(0.0, lower.get(i, j), 0.0, "upper triangle must be zero");
                }
            }
            double error = multiply(lower, lower.transpose()).maxAbsoluteDifference(a);
            assertTrue(error < 1e-12 * a.frobeniusNorm(), "n = " + n + ": ||L Lᵀ - A|| = " + error);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void choleskyRefusesMatricesThatAreNotPositiveDefinite(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(7);
        DenseMatrix indefinite = TestMatrices.withSpectrum(new double[] {3, 1, -0.5, 2, 4}, random);
        assertFalse(backend.cholesky(5, indefinite.copy().data()));
        DenseMatrix negative = TestMatrices.withSpectrum(new double[] {-1, -2, -3}, random);
        assertFalse(backend.cholesky(3, negative.copy().data()));
        DenseMatrix singular = DenseMatrix.of(new double[][] {{1, 1}, {1, 1}});
        assertFalse(backend.cholesky(2, singular.copy().data()));
        assertFalse(backend.cholesky(2, new double[] {0, 0, 0, 0}));
        assertFalse(backend.cholesky(2, new double[] {Double.NaN, 0, 0, 1}));
        assertFalse(backend.cholesky(1, new double[] {-1e-300}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void lowerTriangularSolvesBothTransposesSeveralRightHandSides(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(8);
        int n = 11;
        DenseMatrix lower = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                lower.set(i, j, random.nextDouble(-1, 1));
            }
            lower.set(i, i, random.nextDouble(0.5, 2) * (i % 3 == 0 ? -1 : 1));
        }
        for (int m : new int[] {1, 2, 5}) {
            for (boolean transpose : new boolean[] {false, true}) {
                DenseMatrix x = TestMatrices.random(n, m, random);
                DenseMatrix op = transpose ? lower.transpose() : lower;
                DenseMatrix b = multiply(op, x);
                double[] solution = b.copy().data();
                backend.solveLowerTriangular(n, lower.copy().data(), transpose, m, solution);
                double error = new DenseMatrix(n, m, solution).maxAbsoluteDifference(x);
                assertTrue(error < 1e-11, "m = " + m + ", transpose = " + transpose + ": error " + error);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void triangularSolvesWithCholeskyFactorSolvePositiveDefiniteSystem(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(9);
        int n = 30;
        DenseMatrix a = TestMatrices.randomPositiveDefinite(n, random);
        DenseMatrix x = TestMatrices.random(n, 3, random);
        double[] rhs = multiply(a, x).data();
        double[] l = a.copy().data();
        assertTrue(backend.cholesky(n, l));
        backend.solveLowerTriangular(n, l, false, 3, rhs);
        backend.solveLowerTriangular(n, l, true, 3, rhs);
        assertTrue(new DenseMatrix(n, 3, rhs).maxAbsoluteDifference(x) < 1e-10);
    }

    // ---------------------------------------------------------------- thin SVD

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void thinSvdOfTallWideSquareAndRankDeficientMatrices(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(10);
        DenseMatrix rankTwo = multiply(TestMatrices.random(8, 2, random), TestMatrices.random(2, 5, random));
        DenseMatrix[] cases = {
            TestMatrices.random(9, 4, random),
            TestMatrices.random(4, 9, random),
            TestMatrices.random(6, 6, random),
            rankTwo,
            rankTwo.transpose(),
            TestMatrices.random(1, 5, random),
            TestMatrices.random(60, 45, random),
        };
        for (DenseMatrix a : cases) {
            SingularValueDecomposition svd = backend.thinSvd(a.rows(), a.columns(), a.copy().data());
            int r = Math.min(a.rows(), a.columns());
            String shape = a.rows() + " x " + a.columns();
            assertEquals(r, svd.rank(), shape);
            assertEquals(a.rows(), svd.u().rows(), shape);
            assertEquals(a.columns(), svd.v().rows(), shape);
            assertDescending(svd.singularValues());
            for (double s : svd.singularValues()) {
                assertTrue(s >= 0, shape);
            }
            assertTrue(orthonormalityError(svd.u()) < 1e-12, shape);
            assertTrue(orthonormalityError(svd.v()) < 1e-12, shape);
            DenseMatrix us = svd.u().copy();
            for (int i = 0; i < us.rows(); i++) {
                for (int j = 0; j < r; j++) {
                    us.set(i, j, us.get(i, j) * svd.singularValues()[j]);
                }
            }
            double error = multiply(us, svd.v().transpose()).maxAbsoluteDifference(a);
            assertTrue(error < 1e-12 * Math.max(1, a.frobeniusNorm()), shape + ": reconstruction error " + error);
        }
        SingularValueDecomposition rankTwoSvd = backend.thinSvd(8, 5, rankTwo.copy().data());
        for (int j = 2; j < 5; j++) {
            assertEquals(0.0, rankTwoSvd.singularValues()[j], 1e-13);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void thinSvdOfADiagonalMatrixSortsSingularValues(String name) {
        LinearAlgebraBackend backend = backend(name);
        DenseMatrix a = DenseMatrix.of(new double[][] {{1, 0, 0}, {0, -3, 0}, {0, 0, 2}, {0, 0, 0}});
        SingularValueDecomposition svd = backend.thinSvd(4, 3, a.copy().data());
        assertArrayClose(new double[] {3, 2, 1}, svd.singularValues(), 1e-15);
    }
}
