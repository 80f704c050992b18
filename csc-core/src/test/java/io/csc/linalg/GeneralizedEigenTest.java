package io.csc.linalg;

import static io.csc.linalg.TestMatrices.assertArrayClose;
import static io.csc.linalg.TestMatrices.assertAscending;
import static io.csc.linalg.TestMatrices.assertDescending;
import static io.csc.linalg.TestMatrices.backend;
import static io.csc.linalg.TestMatrices.multiply;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GeneralizedEigenTest {

    private static final String BACKENDS = "io.csc.linalg.TestMatrices#backendNames";

    /** max |Xᵀ M X - D| for the expected diagonal D. */
    private static double congruenceError(DenseMatrix m, DenseMatrix x, double[] diagonal) {
        DenseMatrix product = multiply(x.transpose(), multiply(m, x));
        DenseMatrix expected = DenseMatrix.zeros(diagonal.length, diagonal.length);
        for (int j = 0; j < diagonal.length; j++) {
            expected.set(j, j, diagonal[j]);
        }
        return product.maxAbsoluteDifference(expected);
    }

    /** max_j ||A x_j - λ_j B x_j||. */
    private static double residual(DenseMatrix a, DenseMatrix b, double[] values, DenseMatrix x) {
        DenseMatrix ax = multiply(a, x);
        DenseMatrix bx = multiply(b, x);
        double worst = 0;
        for (int j = 0; j < values.length; j++) {
            double sum = 0;
            for (int i = 0; i < a.rows(); i++) {
                double difference = ax.get(i, j) - values[j] * bx.get(i, j);
                sum += difference * difference;
            }
            worst = Math.max(worst, Math.sqrt(sum));
        }
        return worst;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void definiteProblemSolvedByHand(String name) {
        LinearAlgebraBackend backend = backend(name);
        // det(A - λB) = 2λ² - 6λ + 3, so λ = (3 ± √3) / 2.
        DenseMatrix a = DenseMatrix.of(new double[][] {{2, 1}, {1, 2}});
        DenseMatrix b = DenseMatrix.of(new double[][] {{2, 0}, {0, 1}});
        EigenDecomposition eigen = GeneralizedEigen.definite(backend, a, b);
        double root = Math.sqrt(3);
        assertArrayClose(new double[] {(3 - root) / 2, (3 + root) / 2}, eigen.values(), 1e-14);
        assertTrue(residual(a, b, eigen.values(), eigen.vectors()) < 1e-14);
        assertTrue(congruenceError(b, eigen.vectors(), new double[] {1, 1}) < 1e-14, "B-orthonormal");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void definiteProblemOnRandomMatrices(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(1);
        DenseMatrix a = TestMatrices.randomSymmetric(25, random);
        DenseMatrix b = TestMatrices.randomPositiveDefinite(25, random);
        EigenDecomposition all = GeneralizedEigen.definite(backend, a, b);
        assertAscending(all.values());
        assertTrue(residual(a, b, all.values(), all.vectors()) < 1e-12);
        assertTrue(congruenceError(b, all.vectors(), filled(25, 1)) < 1e-12);
        assertTrue(congruenceError(a, all.vectors(), all.values()) < 1e-12);
        EigenDecomposition some = GeneralizedEigen.definite(backend, a, b, 20, 24);
        assertArrayClose(java.util.Arrays.copyOfRange(all.values(), 20, 25), some.values(), 1e-12);
        assertTrue(residual(a, b, some.values(), some.vectors()) < 1e-12);
        // B = I is the standard problem.
        assertArrayClose(SymmetricEigen.all(backend, a).values(),
                GeneralizedEigen.definite(backend, a, DenseMatrix.identity(25)).values(), 1e-12);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void definiteRefusesBThatIsNotPositiveDefinite(String name) {
        LinearAlgebraBackend backend = backend(name);
        DenseMatrix a = DenseMatrix.identity(2);
        DenseMatrix indefinite = DenseMatrix.of(new double[][] {{1, 0}, {0, -1}});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedEigen.definite(backend, a, indefinite));
        assertTrue(error.getMessage().contains("not positive definite"), error.getMessage());
        assertTrue(error.getMessage().contains("ridge"), error.getMessage());
        DenseMatrix asymmetric = DenseMatrix.of(new double[][] {{1, 0.5}, {0, 1}});
        assertThrows(IllegalArgumentException.class, () -> GeneralizedEigen.definite(backend, asymmetric, DenseMatrix.identity(2)));
        assertThrows(DimensionMismatchException.class, () -> GeneralizedEigen.definite(backend, a, DenseMatrix.identity(3)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void indefiniteProblemSolvedByHand(String name) {
        LinearAlgebraBackend backend = backend(name);
        // A v = λ B v: det(A - λB) = 3 - λ², λ = ±√3; reciprocal μ = ±1/√3, descending.
        DenseMatrix a = DenseMatrix.of(new double[][] {{2, -1}, {-1, 2}});
        DenseMatrix b = DenseMatrix.of(new double[][] {{1, 0}, {0, -1}});
        // With the shift δ: det(B - μ(A + δI)) = μ²((2 + δ)² - 1) - 1, so μ = ±1 / √((2 + δ)² - 1).
        EigenDecomposition eigen = GeneralizedEigen.indefinite(backend, a, b, GeneralizedEigen.DEFAULT_RIDGE);
        double shift = GeneralizedEigen.shift(a, GeneralizedEigen.DEFAULT_RIDGE);
        assertEquals(3e-8, shift, 1e-22);
        double exact = 1 / Math.sqrt((2 + shift) * (2 + shift) - 1);
        assertArrayClose(new double[] {exact, -exact}, eigen.values(), 1e-14);
        double mu = 1 / Math.sqrt(3);
        assertArrayClose(new double[] {mu, -mu}, eigen.values(), 1e-7);
        DenseMatrix shifted = a.copy();
        shifted.set(0, 0, 2 + shift);
        shifted.set(1, 1, 2 + shift);
        assertTrue(residual(b, shifted, eigen.values(), eigen.vectors()) < 1e-14);
        assertTrue(congruenceError(shifted, eigen.vectors(), new double[] {1, 1}) < 1e-14);
        // Back in the original problem: A v = (1/μ) B v.
        assertTrue(residual(a, b, new double[] {1 / mu, -1 / mu}, eigen.vectors()) < 1e-7);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void indefiniteAgreesWithDefiniteWhenBothArePositiveDefinite(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(2);
        DenseMatrix a = TestMatrices.randomPositiveDefinite(15, random);
        DenseMatrix b = TestMatrices.randomPositiveDefinite(15, random);
        EigenDecomposition definite = GeneralizedEigen.definite(backend, a, b);
        EigenDecomposition reciprocal = GeneralizedEigen.indefinite(backend, a, b, 1e-14);
        assertDescending(reciprocal.values());
        for (int j = 0; j < 15; j++) {
            double lambda = definite.values()[j];
            assertEquals(1 / lambda, reciprocal.values()[j], 1e-12 / lambda);
            // Same direction, scaled: xᵀA x = 1 instead of xᵀB x = 1, so x = v / √λ.
            double[] v = definite.vector(j);
            double[] x = reciprocal.vector(j);
            double sign = Math.signum(TestMatrices.dot(v, x));
            for (int i = 0; i < 15; i++) {
                assertEquals(v[i] / Math.sqrt(lambda), sign * x[i], 1e-10);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void indefiniteWithSingularLaplacianAndIndefiniteConstraints(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(3);
        int n = 30;
        DenseMatrix laplacian = TestGraphs.laplacian(TestGraphs.components(1, n, 2, random)).toDense();
        DenseMatrix constraints = TestMatrices.withSpectrum(spectrum(n, random), random);
        EigenDecomposition eigen = GeneralizedEigen.indefinite(backend, laplacian, constraints, GeneralizedEigen.DEFAULT_RIDGE);
        assertDescending(eigen.values());
        double shift = GeneralizedEigen.shift(laplacian, GeneralizedEigen.DEFAULT_RIDGE);
        DenseMatrix shifted = laplacian.copy();
        for (int i = 0; i < n; i++) {
            shifted.set(i, i, shifted.get(i, i) + shift);
        }
        assertTrue(congruenceError(shifted, eigen.vectors(), filled(n, 1)) < 1e-6);
        // The constant vector (null space of L) has |μ| of order |1ᵀQ1/n| / δ.
        double[] ones = filled(n, 1 / Math.sqrt(n));
        double quotient = TestMatrices.dot(ones, multiply(constraints, column(ones)).column(0));
        int extreme = quotient > 0 ? 0 : n - 1;
        assertEquals(quotient / shift, eigen.values()[extreme], 1e-3 * Math.abs(quotient / shift));
        // The other pairs solve L v = λ Q v with λ = 1/μ.
        for (int j = 0; j < n; j++) {
            if (j == extreme) {
                continue;
            }
            double mu = eigen.values()[j];
            double[] x = eigen.vector(j);
            double[] lx = multiply(laplacian, column(x)).column(0);
            double[] qx = multiply(constraints, column(x)).column(0);
            for (int i = 0; i < n; i++) {
                assertEquals(mu * lx[i], qx[i] - mu * shift * x[i], 1e-9);
            }
            assertEquals(Math.signum(mu), Math.signum(TestMatrices.dot(x, qx)), 0.0, "μ > 0 ⟺ λ > 0");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void indefiniteRefusesANotPositiveSemidefinite(String name) {
        LinearAlgebraBackend backend = backend(name);
        DenseMatrix a = DenseMatrix.of(new double[][] {{1, 0}, {0, -1}});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedEigen.indefinite(backend, a, DenseMatrix.identity(2), GeneralizedEigen.DEFAULT_RIDGE));
        assertTrue(error.getMessage().contains("positive semi-definite"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GeneralizedEigen.indefinite(backend, a, a, 0));
        // A = 0: the shift falls back to the ridge itself.
        EigenDecomposition zero = GeneralizedEigen.indefinite(backend, DenseMatrix.zeros(2, 2), DenseMatrix.identity(2), 0.5);
        assertArrayClose(new double[] {2, 2}, zero.values(), 1e-14);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void aDiagonalLeftSideGivesThePairsOfTheGeneralPath(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(11);
        int n = 90;
        double[] diagonal = new double[n];
        DenseMatrix a = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            diagonal[i] = i % 17 == 0 ? 0 : random.nextDouble(0.01, 2); // semi-definite, as SCACS's cuts
            a.set(i, i, diagonal[i]);
        }
        DenseMatrix b = TestMatrices.withSpectrum(spectrum(n, random), random);
        EigenDecomposition general = GeneralizedEigen.indefinite(backend, a, b, GeneralizedEigen.DEFAULT_RIDGE);
        EigenDecomposition scaled = GeneralizedEigen.indefiniteDiagonal(backend, diagonal, b, GeneralizedEigen.DEFAULT_RIDGE);
        assertDescending(scaled.values());
        // Both solve the same reduced problem to the eigensolver's absolute accuracy, a few ε times the
        // largest |μ|: that of the null space of A, of order ||B|| / δ (see DEFAULT_RIDGE).
        double largest = Math.max(Math.abs(general.values()[0]), Math.abs(general.values()[n - 1]));
        double accuracy = 64 * Math.ulp(1.0) * largest;
        for (int j = 0; j < n; j++) {
            double value = general.values()[j];
            assertEquals(value, scaled.values()[j], accuracy, "μ" + j);
            double[] expected = general.vector(j);
            double[] actual = scaled.vector(j);
            double sign = Math.signum(TestMatrices.dot(expected, actual));
            for (int i = 0; i < n; i++) {
                assertEquals(expected[i], sign * actual[i], 1e-6 * Math.max(1, Math.abs(expected[i])), "x" + j + "[" + i + "]");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void aDiagonalLeftSideIsCheckedAsTheGeneralPathChecksIt(String name) {
        LinearAlgebraBackend backend = backend(name);
        DenseMatrix b = DenseMatrix.identity(2);
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedEigen.indefiniteDiagonal(backend, new double[] {1, -1}, b, GeneralizedEigen.DEFAULT_RIDGE));
        assertTrue(negative.getMessage().contains("positive semi-definite"), negative.getMessage());
        IllegalArgumentException infinite = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedEigen.indefiniteDiagonal(backend, new double[] {1, Double.NaN}, b, GeneralizedEigen.DEFAULT_RIDGE));
        assertTrue(infinite.getMessage().contains("non-finite entry NaN at (1, 1)"), infinite.getMessage());
        assertThrows(DimensionMismatchException.class,
                () -> GeneralizedEigen.indefiniteDiagonal(backend, new double[] {1, 2, 3}, b, GeneralizedEigen.DEFAULT_RIDGE));
        assertThrows(IllegalArgumentException.class,
                () -> GeneralizedEigen.indefiniteDiagonal(backend, new double[] {1, 2}, b, 0));
        // A = 0: the shift falls back to the ridge itself, as in the general path.
        EigenDecomposition zero = GeneralizedEigen.indefiniteDiagonal(backend, new double[] {0, 0}, b, 0.5);
        assertArrayClose(new double[] {2, 2}, zero.values(), 1e-14);
    }

    private static double[] spectrum(int n, SplittableRandom random) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = random.nextDouble(-1, 1);
        }
        return values;
    }

    private static DenseMatrix column(double[] values) {
        return new DenseMatrix(values.length, 1, values.clone());
    }

    private static double[] filled(int n, double value) {
        double[] values = new double[n];
        java.util.Arrays.fill(values, value);
        return values;
    }
}
