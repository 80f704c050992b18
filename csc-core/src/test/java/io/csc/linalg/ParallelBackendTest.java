package io.csc.linalg;

import static io.csc.linalg.TestMatrices.backend;
import static io.csc.linalg.TestMatrices.multiply;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Products cut into blocks on a run's pool: the blocks of rows (C taller than wide) and of columns
 * (C wider than tall), every transpose, offsets, leading dimensions and beta give the product of
 * the backend alone, and bit-identical results on one thread and on three.
 */
class ParallelBackendTest {

    private static final String BACKENDS = "io.csc.linalg.TestMatrices#backendNames";

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void blocksOfRowsAndOfColumnsGiveTheProductOnAnyThreadCount(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(4);
        int k = 120;
        for (int[] shape : new int[][] {{300, 130}, {130, 300}}) {
            int m = shape[0];
            int n = shape[1];
            EmbeddedProduct.forEachTransposition((transposeA, transposeB) -> {
                EmbeddedProduct operands = EmbeddedProduct.random(m, n, k, transposeA, transposeB, random);
                operands.assertProduct(onOneAndOnThreeThreads(operands, backend, 0.5), 1.5, 0.5, 1e-11, 0.0);
            });
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void aSmallProductOverALongInnerDimensionIsCutAlongItOnAnyThreadCount(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(6);
        int m = 5;
        int n = 3;
        int k = 2 * ParallelBackend.INNER_CHUNK + 777;
        EmbeddedProduct.forEachTransposition((transposeA, transposeB) -> {
            for (double beta : new double[] {0.0, 0.5}) {
                EmbeddedProduct operands = EmbeddedProduct.random(m, n, k, transposeA, transposeB, random);
                operands.assertProduct(onOneAndOnThreeThreads(operands, backend, beta), 1.5, beta, 1e-11, 1e-11);
            }
        });
    }

    /** C = 1.5 op(A) op(B) + beta C on one thread and on three, which must agree bit for bit; the first. */
    private static double[] onOneAndOnThreeThreads(EmbeddedProduct operands, LinearAlgebraBackend backend, double beta) {
        double[] one = operands.c();
        double[] three = one.clone();
        try (Parallel sequential = Parallel.sequential(); Parallel pool = Parallel.withThreads(3)) {
            operands.compute(ParallelBackend.over(backend, sequential), 1.5, beta, one);
            operands.compute(ParallelBackend.over(backend, pool), 1.5, beta, three);
        }
        assertArrayEquals(one, three, "1 and 3 threads");
        return one;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void singlePrecisionBlocksGiveTheProductOnAnyThreadCount(String name) {
        LinearAlgebraBackend backend = backend(name);
        SplittableRandom random = new SplittableRandom(5);
        int m = 260;
        int n = 140;
        int k = 100;
        DenseMatrix a = TestMatrices.random(m, k, random);
        DenseMatrix b = TestMatrices.random(n, k, random);
        float[] aSingle = single(a);
        float[] bSingle = single(b);
        float[] one = new float[m * n];
        float[] three = new float[m * n];
        try (Parallel sequential = Parallel.sequential(); Parallel pool = Parallel.withThreads(3)) {
            ParallelBackend.over(backend, sequential).gemm(false, true, m, n, k, 1.0f, aSingle, 0, k, bSingle, 0, k,
                    0.0f, one, 0, n);
            ParallelBackend.over(backend, pool).gemm(false, true, m, n, k, 1.0f, aSingle, 0, k, bSingle, 0, k,
                    0.0f, three, 0, n);
        }
        assertArrayEquals(one, three);
        DenseMatrix product = multiply(a, b.transpose());
        for (int p = 0; p < one.length; p++) {
            assertEquals(product.data()[p], one[p], 1e-4);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void wrapsTheSequentialBackendOnce(String name) {
        LinearAlgebraBackend backend = backend(name);
        try (Parallel pool = Parallel.withThreads(2)) {
            ParallelBackend twice = ParallelBackend.over(ParallelBackend.over(backend, Parallel.sequential()), pool);
            assertSame(backend, twice.sequential());
            assertEquals(backend.name(), twice.name());
        }
    }

    private static float[] single(DenseMatrix matrix) {
        double[] data = matrix.data();
        float[] values = new float[data.length];
        for (int i = 0; i < data.length; i++) {
            values[i] = (float) data[i];
        }
        return values;
    }
}
