package io.csc.algorithm.spectrallearning;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseRows;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import io.csc.linalg.Spectrum;
import java.util.SplittableRandom;

/**
 * The spectral step of Kamvar et al.: the k largest eigenpairs of
 * {@code N = (W + d_max I - D) / d_max}, where D holds the degrees and d_max the largest. N is
 * symmetric with spectrum in [-1, 1] and the constant vector as an eigenvector of eigenvalue 1.
 * Records {@code maxDegree}, {@code isolatedPoints} and the stage {@code eigen}.
 */
final class AdditiveEmbedding {

    private AdditiveEmbedding() {
    }

    /**
     * The k largest eigenpairs of N for a dense W, which is left as it is (later fits may share it):
     * N is applied row by row, and stored only where the dense solver needs it
     * ({@link Eigensolvers#largestDense(DenseRows, int, RunContext)}).
     */
    static Eigensolvers.Solution dense(DenseMatrix weights, int k, RunContext context, Diagnostics.Builder diagnostics) {
        double[] degrees = NormalizedAffinity.rowSums(weights);
        DenseRows normalized = rows(weights, degrees, record(degrees, diagnostics));
        return diagnostics.time("eigen", () -> Eigensolvers.largestDense(normalized, k, context));
    }

    /** N of a dense W with the given degrees and largest degree, row by row. */
    static DenseRows rows(DenseMatrix weights, double[] degrees, double largest) {
        int n = weights.rows();
        double[] w = weights.data();
        return new DenseRows(n, (i, from, to, target, offset) -> {
            for (int j = from; j < to; j++) {
                target[offset + j - from] = i == j ? (largest - degrees[i]) / largest : w[i * n + j] / largest;
            }
        });
    }

    /** The k largest eigenpairs of N for a sparse W, by Lanczos. */
    static Eigensolvers.Solution sparse(SparseMatrix weights, int k, LanczosOptions lanczos, SplittableRandom random,
                                        RunContext context, Diagnostics.Builder diagnostics) {
        double[] degrees = weights.rowSums();
        double largest = record(degrees, diagnostics);
        int n = weights.rows();
        SparseMatrixBuilder entries = new SparseMatrixBuilder((long) weights.nonZeros() + n);
        for (int i = 0; i < n; i++) {
            for (int p = weights.rowPointers()[i]; p < weights.rowPointers()[i + 1]; p++) {
                entries.add(i, weights.columnIndices()[p], weights.values()[p] / largest);
            }
            entries.add(i, i, (largest - degrees[i]) / largest);
        }
        SparseMatrix normalized = entries.build(n, n, SparseMatrix.Duplicates.SUM);
        return diagnostics.time("eigen", () -> Eigensolvers.lanczos(Operators.of(normalized, context.parallel()), k,
                Spectrum.LARGEST, lanczos, random, context));
    }

    /** Records the largest degree and the isolated points; returns d_max (1 when every point is isolated). */
    private static double record(double[] degrees, Diagnostics.Builder diagnostics) {
        double largest = 0;
        for (double degree : degrees) {
            largest = Math.max(largest, degree);
        }
        diagnostics.put("maxDegree", largest).put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
        return largest > 0 ? largest : 1.0;
    }
}
