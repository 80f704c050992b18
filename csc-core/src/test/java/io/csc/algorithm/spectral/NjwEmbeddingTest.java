package io.csc.algorithm.spectral;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.graph.BandwidthRule;
import io.csc.graph.DenseBudget;
import io.csc.graph.GraphConstruction;
import io.csc.graph.KernelOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SymmetricEigen;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NjwEmbeddingTest {

    /**
     * {@code components} rings of {@code size} nodes with random chords, then {@code isolated}
     * nodes without an edge; weights in [0.5, 1.5], or their negatives for {@code negative}.
     */
    private static SparseMatrix graph(int components, int size, int isolated, boolean negative) {
        SplittableRandom random = new SplittableRandom(components * 31L + size);
        int n = components * size + isolated;
        int[] rows = new int[components * size * 3];
        int[] columns = new int[rows.length];
        double[] values = new double[rows.length];
        int t = 0;
        for (int c = 0; c < components; c++) {
            for (int i = 0; i < size; i++) {
                int node = c * size + i;
                int[] others = {c * size + (i + 1) % size, c * size + random.nextInt(size), c * size + random.nextInt(size)};
                for (int other : others) {
                    if (other != node) {
                        rows[t] = node;
                        columns[t] = other;
                        values[t++] = (negative && t % 7 == 0 ? -1 : 1) * random.nextDouble(0.5, 1.5);
                    }
                }
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.MAX).symmetrize(true);
    }

    @Test
    void componentsBecomeKnownEigenvectorsOfValueOne() {
        SparseMatrix weights = graph(4, 60, 3, false);
        double[] degrees = weights.rowSums();
        EigenDecomposition known = NjwEmbedding.componentVectors(weights, degrees, 6);
        assertEquals(4, known.count());
        SparseMatrix normalized = NormalizedAffinity.normalize(weights, degrees);
        for (int c = 0; c < 4; c++) {
            double[] vector = known.vector(c);
            double[] product = normalized.multiply(vector);
            for (int i = 0; i < vector.length; i++) {
                assertEquals(vector[i], product[i], 1e-14);
            }
            // the isolated nodes take no part
            for (int i = 240; i < 243; i++) {
                assertEquals(0.0, vector[i]);
            }
        }
        assertNull(NjwEmbedding.componentVectors(weights, degrees, 3), "more components than pairs wanted");
        SparseMatrix connected = graph(1, 240, 3, false);
        assertNull(NjwEmbedding.componentVectors(connected, connected.rowSums(), 6), "one component");
        SparseMatrix signed = graph(4, 60, 0, true);
        assertNull(NjwEmbedding.componentVectors(signed, signed.rowSums(), 6), "negative weights");
    }

    @Test
    void theEmbeddingWithKnownComponentsIsTheDenseOne() {
        SparseMatrix weights = graph(5, 120, 2, false);
        int k = 8;
        DenseMatrix dense = weights.toDense();
        NormalizedAffinity.normalizeInPlace(dense);
        EigenDecomposition reference = SymmetricEigen.largest(LinearAlgebra.defaultBackend(), dense.copy(), k);
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        try (RunContext context = RunContext.of(5, 2)) {
            Eigensolvers.Solution solution = NjwEmbedding.sparse(weights, k, LanczosOptions.DEFAULTS.withTolerance(1e-10),
                    new SplittableRandom(5), context, diagnostics);
            assertTrue(solution.status().converged());
            for (int j = 0; j < k; j++) {
                assertEquals(reference.values()[j], solution.pairs().values()[j], 1e-9, "value " + j);
            }
            // the same subspace: every reference vector is captured by the solution's span
            for (int j = 0; j < k; j++) {
                double captured = 0;
                for (int t = 0; t < k; t++) {
                    double dot = 0;
                    for (int i = 0; i < dense.rows(); i++) {
                        dot += reference.vectors().get(i, j) * solution.pairs().vectors().get(i, t);
                    }
                    captured += dot * dot;
                }
                assertEquals(1.0, captured, 1e-8, "vector " + j);
            }
        }
        assertEquals(5, diagnostics.build().value("knownEigenvectors"));
    }

    @Test
    void theEmbeddingKeepingWIsTheInPlaceOneBitForBit() {
        // 300 points: the dense solver on the stored matrix; 1,500: Lanczos on its rows
        for (int n : new int[] {300, Eigensolvers.LANCZOS_SIZE}) {
            Dataset data = GaussianMixture.generate(n, 4, 3, 7, 3.0);
            try (RunContext context = RunContext.of(7, 2)) {
                DenseMatrix weights = GraphConstruction.dense(KernelOptions.of(BandwidthRule.KNN_MEAN))
                        .build(data, new DenseBudget("test", 2, "none"), context).dense().weights();
                DenseMatrix kept = weights.copy();
                Eigensolvers.Solution inPlace = NjwEmbedding.dense(weights, 3, context, Diagnostics.builder());
                Eigensolvers.Solution keeping = NjwEmbedding.denseKeeping(kept, 3, context, Diagnostics.builder());
                assertFalse(Arrays.equals(weights.data(), kept.data()), "dense normalizes W in place");
                assertEquals(inPlace.status().solver(), keeping.status().solver());
                assertEquals(n >= Eigensolvers.LANCZOS_SIZE, keeping.status().solver().contains("lanczos"));
                assertArrayEquals(inPlace.pairs().values(), keeping.pairs().values(), 0.0, "n = " + n);
                assertArrayEquals(inPlace.pairs().vectors().data(), keeping.pairs().vectors().data(), 0.0, "n = " + n);
                Eigensolvers.Solution again = NjwEmbedding.denseKeeping(kept, 3, context, Diagnostics.builder());
                assertArrayEquals(keeping.pairs().vectors().data(), again.pairs().vectors().data(), 0.0,
                        "W was left as it was");
            }
        }
    }
}
