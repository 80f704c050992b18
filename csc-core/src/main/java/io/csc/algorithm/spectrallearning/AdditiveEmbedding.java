package io.csc.algorithm.spectrallearning;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.linalg.DenseMatrix;
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

    /** Replaces the dense W by N and returns its k largest eigenpairs. */
    static Eigensolvers.Solution dense(DenseMatrix weights, int k, RunContext context, Diagnostics.Builder diagnostics) {
        double[] degrees = NormalizedAffinity.rowSums(weights);
        double largest = record(degrees, diagnostics);
        int n = weights.rows();
        double[] w = weights.data();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w[i * n + j] = i == j ? (largest - degrees[i]) / largest : w[i * n + j] / largest;
            }
        }
        return diagnostics.time("eigen", () -> Eigensolvers.largestDense(weights, k, context));
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
