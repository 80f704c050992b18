package io.csc.linalg;

import static io.csc.linalg.TestMatrices.assertArrayClose;
import static io.csc.linalg.TestMatrices.assertAscending;
import static io.csc.linalg.TestMatrices.assertDescending;
import static io.csc.linalg.TestMatrices.backend;
import static io.csc.linalg.TestMatrices.maxResidual;
import static io.csc.linalg.TestMatrices.multiply;
import static io.csc.linalg.TestMatrices.orthonormalityError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link MatrixProducts}, {@link SymmetricEigen} and {@link Svd} on every backend. */
class DenseSolversTest {

    private static final String BACKENDS = "io.csc.linalg.TestMatrices#backendNames";

    // ---------------------------------------------------------------- MatrixProducts

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void productsMatchTheTextbookDefinition(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(1);
        DenseMatrix a = TestMatrices.random(7, 4, random);
        DenseMatrix b = TestMatrices.random(4, 5, random);
        DenseMatrix c = TestMatrices.random(7, 5, random);
        DenseMatrix d = TestMatrices.random(6, 4, random);
        assertTrue(MatrixProducts.multiply(backend, a, b).maxAbsoluteDifference(multiply(a, b)) < 1e-14);
        assertTrue(MatrixProducts.multiplyTransposeA(backend, a, c).maxAbsoluteDifference(multiply(a.transpose(), c)) < 1e-14);
        assertTrue(MatrixProducts.multiplyTransposeB(backend, a, d).maxAbsoluteDifference(multiply(a, d.transpose())) < 1e-14);
        DenseMatrix gram = MatrixProducts.gram(backend, a);
        assertTrue(gram.maxAbsoluteDifference(multiply(a.transpose(), a)) < 1e-14);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                assertEquals(gram.get(i, j), gram.get(j, i), 0.0, "gram must be exactly symmetric");
            }
        }
        DenseMatrix empty = MatrixProducts.multiply(backend, DenseMatrix.zeros(3, 0), DenseMatrix.zeros(0, 2));
        assertEquals(3, empty.rows());
        assertArrayEquals(new double[6], empty.data());
    }

    @Test
    void productsCheckShapes() {
        LinearAlgebraBackend backend = LinearAlgebra.javaBackend();
        DenseMatrix a = DenseMatrix.zeros(3, 4);
        DimensionMismatchException error = assertThrows(DimensionMismatchException.class,
                () -> MatrixProducts.multiply(backend, a, DenseMatrix.zeros(3, 2)));
        assertTrue(error.getMessage().contains("A is 3 x 4, B is 3 x 2"), error.getMessage());
        assertThrows(DimensionMismatchException.class, () -> MatrixProducts.multiplyTransposeA(backend, a, DenseMatrix.zeros(4, 2)));
        assertThrows(DimensionMismatchException.class, () -> MatrixProducts.multiplyTransposeB(backend, a, DenseMatrix.zeros(2, 3)));
    }

    // ---------------------------------------------------------------- SymmetricEigen

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void symmetricEigenSelectionsAndOrders(String name) {
        LinearAlgebraBackend backend = backend(name);
        double[] spectrum = {4, -2, 0.5, 3, 3, -6, 1, 9};
        DenseMatrix a = TestMatrices.withSpectrum(spectrum, new SplittableRandom(2));
        DenseMatrix original = a.copy();
        EigenDecomposition all = SymmetricEigen.all(backend, a);
        assertArrayClose(new double[] {-6, -2, 0.5, 1, 3, 3, 4, 9}, all.values(), 1e-12);
        EigenDecomposition smallest = SymmetricEigen.smallest(backend, a, 3);
        assertArrayClose(new double[] {-6, -2, 0.5}, smallest.values(), 1e-12);
        assertAscending(smallest.values());
        EigenDecomposition largest = SymmetricEigen.largest(backend, a, 3);
        assertArrayClose(new double[] {9, 4, 3}, largest.values(), 1e-12);
        assertDescending(largest.values());
        EigenDecomposition range = SymmetricEigen.range(backend, a, 2, 5);
        assertArrayClose(new double[] {0.5, 1, 3, 3}, range.values(), 1e-12);
        for (EigenDecomposition eigen : new EigenDecomposition[] {all, smallest, largest, range}) {
            assertTrue(maxResidual(original, eigen.values(), eigen.vectors()) < 1e-12);
            assertTrue(orthonormalityError(eigen.vectors()) < 1e-12);
        }
        assertArrayEquals(original.data(), a.data(), 0.0, "input must not change");
        assertEquals(0, SymmetricEigen.largest(backend, a, 0).count());
        assertEquals(0, SymmetricEigen.range(backend, a, 3, 2).count());
        assertEquals(0, SymmetricEigen.all(backend, DenseMatrix.zeros(0, 0)).count());
    }

    @Test
    void symmetricEigenRefusesBadInput() {
        LinearAlgebraBackend backend = LinearAlgebra.javaBackend();
        DenseMatrix asymmetric = DenseMatrix.of(new double[][] {{1, 2, 0}, {2, 1, 0.5}, {0, 0.25, 3}});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SymmetricEigen.all(backend, asymmetric));
        assertTrue(error.getMessage().contains("|A(1, 2) - A(2, 1)| = 0.25"), error.getMessage());
        DenseMatrix almost = DenseMatrix.of(new double[][] {{1, 2}, {2 + 1e-14, 1}});
        assertArrayClose(new double[] {-1, 3}, SymmetricEigen.all(backend, almost).values(), 1e-12);
        assertThrows(DimensionMismatchException.class, () -> SymmetricEigen.all(backend, DenseMatrix.zeros(2, 3)));
        DenseMatrix infinite = DenseMatrix.of(new double[][] {{1, Double.NaN}, {Double.NaN, 1}});
        assertThrows(IllegalArgumentException.class, () -> SymmetricEigen.all(backend, infinite));
        DenseMatrix identity = DenseMatrix.identity(3);
        assertThrows(IllegalArgumentException.class, () -> SymmetricEigen.largest(backend, identity, 4));
        assertThrows(IllegalArgumentException.class, () -> SymmetricEigen.smallest(backend, identity, -1));
        assertThrows(IllegalArgumentException.class, () -> SymmetricEigen.range(backend, identity, 1, 3));
    }

    // ---------------------------------------------------------------- Svd

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void thinAndTruncatedSvd(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(3);
        for (DenseMatrix a : new DenseMatrix[] {TestMatrices.random(12, 5, random), TestMatrices.random(5, 12, random)}) {
            DenseMatrix original = a.copy();
            SingularValueDecomposition thin = Svd.thin(backend, a);
            assertArrayEquals(original.data(), a.data(), 0.0, "input must not change");
            assertEquals(5, thin.rank());
            assertDescending(thin.singularValues());
            assertTrue(reconstruct(thin).maxAbsoluteDifference(a) < 1e-13);
            SingularValueDecomposition truncated = Svd.truncated(backend, a, 2);
            assertEquals(2, truncated.rank());
            assertArrayClose(Arrays.copyOf(thin.singularValues(), 2), truncated.singularValues(), 1e-13);
            assertTrue(orthonormalityError(truncated.u()) < 1e-13);
            assertTrue(orthonormalityError(truncated.v()) < 1e-13);
            // Eckart-Young: the error of the best rank-2 approximation is the tail of the spectrum.
            DenseMatrix approximation = reconstruct(truncated);
            double error = 0;
            for (int p = 0; p < a.data().length; p++) {
                double difference = a.data()[p] - approximation.data()[p];
                error += difference * difference;
            }
            double tail = 0;
            for (int j = 2; j < 5; j++) {
                tail += thin.singularValues()[j] * thin.singularValues()[j];
            }
            assertEquals(tail, error, 1e-12);
            assertEquals(0, Svd.truncated(backend, a, 0).rank());
        }
        assertEquals(0, Svd.thin(backend, DenseMatrix.zeros(0, 4)).rank());
        assertThrows(IllegalArgumentException.class, () -> Svd.truncated(backend, DenseMatrix.zeros(3, 2), 3));
    }

    private static DenseMatrix reconstruct(SingularValueDecomposition svd) {
        DenseMatrix us = svd.u().copy();
        for (int i = 0; i < us.rows(); i++) {
            for (int j = 0; j < us.columns(); j++) {
                us.set(i, j, us.get(i, j) * svd.singularValues()[j]);
            }
        }
        return multiply(us, svd.v().transpose());
    }
}
