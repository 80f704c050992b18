package io.csc.linalg;

import static io.csc.linalg.TestMatrices.embed;

import java.util.SplittableRandom;

/**
 * Random operands of {@code C = alpha op(A) op(B) + beta C}, each stored inside a larger guarded
 * array at an offset and with a row stride beyond its width, as the gemm tests pass them: A from
 * {@link #A_OFFSET}, B from {@link #B_OFFSET}, C from {@link #C_OFFSET}.
 */
record EmbeddedProduct(boolean transposeA, boolean transposeB, DenseMatrix opA, DenseMatrix opB, DenseMatrix c0,
                       double[] a, int lda, double[] b, int ldb, double[] c, int ldc) {

    /** A test body run for one pair of transpositions of A and B. */
    @FunctionalInterface
    interface Transposed {
        void run(boolean transposeA, boolean transposeB);
    }

    /** Runs {@code body} for the four transpositions of A and B, neither transposed first. */
    static void forEachTransposition(Transposed body) {
        for (boolean transposeA : new boolean[] {false, true}) {
            for (boolean transposeB : new boolean[] {false, true}) {
                body.run(transposeA, transposeB);
            }
        }
    }

    static final int A_OFFSET = 3;
    static final int B_OFFSET = 7;
    static final int C_OFFSET = 5;

    /** Random m x k op(A), k x n op(B) and m x n C, stored transposed where asked. */
    static EmbeddedProduct random(int m, int n, int k, boolean transposeA, boolean transposeB, SplittableRandom random) {
        return random(m, n, k, transposeA, transposeB, random, 2, 3, 1);
    }

    /**
     * As {@link #random(int, int, int, boolean, boolean, SplittableRandom)}, each stored operand's
     * rows padded by the given number of values (a padding of at least its columns makes it a block
     * of columns of a wider operand).
     */
    static EmbeddedProduct random(int m, int n, int k, boolean transposeA, boolean transposeB, SplittableRandom random,
                                  int padA, int padB, int padC) {
        DenseMatrix opA = TestMatrices.random(m, k, random);
        DenseMatrix opB = TestMatrices.random(k, n, random);
        DenseMatrix c0 = TestMatrices.random(m, n, random);
        DenseMatrix storedA = transposeA ? opA.transpose() : opA;
        DenseMatrix storedB = transposeB ? opB.transpose() : opB;
        int lda = storedA.columns() + padA;
        int ldb = storedB.columns() + padB;
        int ldc = n + padC;
        return new EmbeddedProduct(transposeA, transposeB, opA, opB, c0, embed(storedA, A_OFFSET, lda), lda,
                embed(storedB, B_OFFSET, ldb), ldb, embed(c0, C_OFFSET, ldc), ldc);
    }

    int rows() {
        return opA.rows();
    }

    int columns() {
        return opB.columns();
    }

    /** Computes the product into {@code target} (C's array, or a copy of it) with {@code backend}. */
    void compute(LinearAlgebraBackend backend, double alpha, double beta, double[] target) {
        backend.gemm(transposeA, transposeB, rows(), columns(), opA.columns(), alpha, a, A_OFFSET, lda, b, B_OFFSET,
                ldb, beta, target, C_OFFSET, ldc);
    }

    /** The entry (i, j) of {@code target} after {@link #compute}. */
    double result(double[] target, int i, int j) {
        return target[C_OFFSET + i * ldc + j];
    }

    /** What entry (i, j) of the result must be: beta is not applied to C when zero (BLAS semantics). */
    double expected(DenseMatrix product, double alpha, double beta, int i, int j) {
        return alpha * product.get(i, j) + (beta == 0.0 ? 0.0 : beta * c0.get(i, j));
    }

    /**
     * Every entry of {@code target} after {@link #compute} is the dense product's, within
     * {@code max(absolute, relative |expected|)}, and nothing around C or in A's array was written.
     */
    void assertProduct(double[] target, double alpha, double beta, double absolute, double relative) {
        DenseMatrix product = TestMatrices.multiply(opA, opB);
        for (int i = 0; i < rows(); i++) {
            for (int j = 0; j < columns(); j++) {
                double expected = expected(product, alpha, beta, i, j);
                org.junit.jupiter.api.Assertions.assertEquals(expected, result(target, i, j),
                        Math.max(absolute, relative * Math.abs(expected)), "C(" + i + "," + j + ") transposeA="
                                + transposeA + " transposeB=" + transposeB + " beta=" + beta);
            }
        }
        assertGuardsIntact(target);
    }

    /** Neither {@code target} around C nor the array of A was written. */
    void assertGuardsIntact(double[] target) {
        TestMatrices.assertGuardsIntact(target, C_OFFSET, ldc, rows(), columns());
        DenseMatrix storedA = transposeA ? opA.transpose() : opA;
        TestMatrices.assertGuardsIntact(a, A_OFFSET, lda, storedA.rows(), storedA.columns());
    }
}
