package io.csc.algorithm.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.SymmetricEigen;
import org.junit.jupiter.api.Test;

class EigensolversTest {

    /** The normalized Gaussian affinity of a mixture: what NJW hands the solver. */
    private static DenseMatrix normalizedAffinity(int n, int clusters, double separation) {
        return normalizedAffinity(n, 6, clusters, separation, 2.0);
    }

    /** The same in d dimensions with kernel width σ. */
    private static DenseMatrix normalizedAffinity(int n, int d, int clusters, double separation, double sigma) {
        Dataset data = GaussianMixture.generate(n, d, clusters, 11, separation);
        double[] x = data.features();
        double[] w = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    double squared = 0;
                    for (int c = 0; c < d; c++) {
                        double difference = x[i * d + c] - x[j * d + c];
                        squared += difference * difference;
                    }
                    w[i * n + j] = Math.exp(-squared / (2 * sigma * sigma));
                }
            }
        }
        DenseMatrix matrix = new DenseMatrix(n, n, w);
        NormalizedAffinity.normalizeInPlace(matrix);
        return matrix;
    }

    @Test
    void largeDenseMatricesGetTheDenseSolversPairsFromLanczos() {
        int n = Eigensolvers.LANCZOS_SIZE;
        DenseMatrix matrix = normalizedAffinity(n, 4, 3.0);
        try (RunContext context = RunContext.of(3, 2)) {
            EigenDecomposition dense = SymmetricEigen.largest(context.backend(), matrix, 4);
            Eigensolvers.Solution solution = Eigensolvers.largestDense(matrix, 4, context);
            assertTrue(solution.status().solver().contains("lanczos"), solution.status().solver());
            for (int t = 0; t < 4; t++) {
                assertEquals(dense.values()[t], solution.pairs().values()[t], 1e-10);
                // the same vector up to sign: |<u, v>| = 1
                double inner = 0;
                for (int i = 0; i < n; i++) {
                    inner += dense.vectors().get(i, t) * solution.pairs().vectors().get(i, t);
                }
                assertEquals(1.0, Math.abs(inner), 1e-8);
            }
        }
    }

    @Test
    void twoComponentsGiveEigenvalueOneTwice() {
        // far apart clusters: the affinity between them underflows, eigenvalue 1 has multiplicity 2
        int n = Eigensolvers.LANCZOS_SIZE;
        DenseMatrix matrix = normalizedAffinity(n, 2, 60.0);
        try (RunContext context = RunContext.of(5, 1)) {
            Eigensolvers.Solution solution = Eigensolvers.largestDense(matrix, 3, context);
            assertEquals(1.0, solution.pairs().values()[0], 1e-10);
            assertEquals(1.0, solution.pairs().values()[1], 1e-10);
            EigenDecomposition dense = SymmetricEigen.largest(context.backend(), matrix, 3);
            assertEquals(dense.values()[2], solution.pairs().values()[2], 1e-10);
        }
    }

    @Test
    void crowdedLeadingEigenvaluesGoToTheDenseSolverAfterFewRestarts() {
        // a width far below the points' spacing: the graph nearly falls apart, and many eigenvalues
        // crowd just below 1, where Lanczos needs far more restarts than the dense solver costs
        int n = Eigensolvers.LANCZOS_SIZE;
        DenseMatrix matrix = normalizedAffinity(n, 2, 3, 4.0, 0.05);
        try (RunContext context = RunContext.of(3, 2)) {
            Eigensolvers.Solution solution = Eigensolvers.largestDense(matrix, 3, context);
            assertTrue(solution.status().solver().contains("dense"), solution.status().solver());
            EigenDecomposition dense = SymmetricEigen.largest(context.backend(), matrix, 3);
            for (int t = 0; t < 3; t++) {
                assertEquals(dense.values()[t], solution.pairs().values()[t], 0.0);
            }
        }
        assertEquals(12, Eigensolvers.denseLanczosRestarts(1_500, 3));
        assertEquals(4, Eigensolvers.denseLanczosRestarts(3_000, 30));
        assertEquals(2, Eigensolvers.denseLanczosRestarts(1_500, 100));
    }

    @Test
    void manyPairsGoToTheDenseSolver() {
        // Lanczos's cost grows with the pairs wanted, the dense solver's does not
        assertTrue(Eigensolvers.lanczosFirst(1_500, 15));
        assertFalse(Eigensolvers.lanczosFirst(1_500, 30));
        assertTrue(Eigensolvers.lanczosFirst(3_000, 30));
        assertFalse(Eigensolvers.lanczosFirst(2_997, 30));
        assertFalse(Eigensolvers.lanczosFirst(1_499, 1));
    }

    @Test
    void smallMatricesStayWithTheDenseSolver() {
        DenseMatrix matrix = normalizedAffinity(200, 3, 3.0);
        try (RunContext context = RunContext.sequential(1)) {
            assertTrue(Eigensolvers.largestDense(matrix, 3, context).status().solver().contains("dense"));
        }
    }
}
