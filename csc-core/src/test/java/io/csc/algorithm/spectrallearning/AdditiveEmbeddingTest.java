package io.csc.algorithm.spectrallearning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.SparseMatrix;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AdditiveEmbeddingTest {

    /** A path 0-1-2 with weights 1 and 0.5: degrees 1, 1.5, 0.5, so d_max = 1.5. */
    private static final double[][] PATH = {{0, 1, 0}, {1, 0, 0.5}, {0, 0.5, 0}};

    @Test
    void formsKamvarsMatrixOnHandValues() {
        DenseMatrix weights = DenseMatrix.of(PATH);
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        AdditiveEmbedding.dense(weights, 1, RunContext.sequential(1), diagnostics);
        assertArrayEquals(DenseMatrix.of(PATH).data(), weights.data(), 0.0, "W is left as it is");
        double third = 1.0 / 3.0;
        assertArrayEquals(new double[] {third, 2 * third, 0, 2 * third, 0, third, 0, third, 2 * third},
                AdditiveEmbedding.rows(weights, new double[] {1, 1.5, 0.5}, 1.5).toMatrix().data(), 1e-15);
        assertEquals(1.5, (Double) diagnostics.build().value("maxDegree"), 0.0);
    }

    @Test
    void theConstantVectorLeadsWithEigenvalueOneOnBothPaths() {
        SparseMatrix graph = SparseMatrix.fromTriplets(3, 3, new int[] {0, 1, 1, 2}, new int[] {1, 0, 2, 1},
                new double[] {1, 1, 0.5, 0.5}, 4, SparseMatrix.Duplicates.SUM);
        Eigensolvers.Solution dense = AdditiveEmbedding.dense(DenseMatrix.of(PATH), 2, RunContext.sequential(1),
                Diagnostics.builder());
        Eigensolvers.Solution sparse = AdditiveEmbedding.sparse(graph, 2, LanczosOptions.DEFAULTS,
                new SplittableRandom(1), RunContext.sequential(1), Diagnostics.builder());
        assertArrayEquals(dense.pairs().values(), sparse.pairs().values(), 1e-12);
        assertEquals(1.0, dense.pairs().values()[0], 1e-12);
        double[] leading = dense.pairs().vectors().column(0);
        assertEquals(leading[0], leading[1], 1e-12);
        assertEquals(leading[1], leading[2], 1e-12);
    }
}
