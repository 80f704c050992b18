package io.csc.algorithm.spectral;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.Spectrum;
import java.util.SplittableRandom;

/**
 * The spectral step of Ng, Jordan and Weiss on a given affinity W (zero diagonal): the k largest
 * eigenpairs of {@code D^-1/2 W D^-1/2}, by a dense solver or by Lanczos. Records the number of
 * isolated points ({@code isolatedPoints}) and the time of the eigensolver (stage {@code eigen}).
 * Methods that build or modify an affinity and then cluster it as NJW does share this step.
 */
public final class NjwEmbedding {

    private NjwEmbedding() {
    }

    /** Replaces the dense W by {@code D^-1/2 W D^-1/2} and returns its k largest eigenpairs. */
    public static Eigensolvers.Solution dense(DenseMatrix weights, int k, RunContext context,
                                              Diagnostics.Builder diagnostics) {
        double[] degrees = NormalizedAffinity.normalizeInPlace(weights);
        diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
        return diagnostics.time("eigen", () -> Eigensolvers.largestDense(weights, k, context));
    }

    /** The k largest eigenpairs of {@code D^-1/2 W D^-1/2} for a sparse W, by Lanczos. */
    public static Eigensolvers.Solution sparse(SparseMatrix weights, int k, LanczosOptions lanczos,
                                               SplittableRandom random, RunContext context,
                                               Diagnostics.Builder diagnostics) {
        double[] degrees = weights.rowSums();
        diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
        SparseMatrix normalized = NormalizedAffinity.normalize(weights, degrees);
        return diagnostics.time("eigen", () -> Eigensolvers.lanczos(Operators.of(normalized, context.parallel()),
                k, Spectrum.LARGEST, lanczos, random, context));
    }
}
