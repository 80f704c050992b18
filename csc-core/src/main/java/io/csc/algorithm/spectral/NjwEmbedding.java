package io.csc.algorithm.spectral;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.graph.GraphConnectivity;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseRows;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
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

    /**
     * As {@link #dense}, leaving W as it is, for a W that later fits share: {@code D^-1/2 W D^-1/2}
     * is applied row by row ({@link NormalizedAffinity#normalizedRows}), the same pairs bit for bit,
     * and stored only where the dense solver needs it ({@link Eigensolvers#largestDense(DenseRows,
     * int, RunContext)}).
     */
    public static Eigensolvers.Solution denseKeeping(DenseMatrix weights, int k, RunContext context,
                                                     Diagnostics.Builder diagnostics) {
        double[] degrees = NormalizedAffinity.rowSums(weights);
        diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
        DenseRows normalized = NormalizedAffinity.normalizedRows(weights, degrees);
        return diagnostics.time("eigen", () -> Eigensolvers.largestDense(normalized, k, context));
    }

    /**
     * The k largest eigenpairs of {@code D^-1/2 W D^-1/2} for a sparse W, by Lanczos. When the graph
     * falls into c components (from 2 to k, not counting isolated points), eigenvalue 1 is c-fold
     * with the eigenvectors {@code D^1/2 1_C / ||D^1/2 1_C||}, one per component: they are given to
     * the solver as known pairs ({@link Eigensolvers#lanczos(SymmetricOperator, int, Spectrum,
     * LanczosOptions, SplittableRandom, RunContext, EigenDecomposition)}), so it searches only for
     * the {@code k - c} others (recorded as {@code knownEigenvectors}). The subspace is the same as
     * without them, within the tolerance; a single component is left to the search, whose
     * first pair it is anyway, and more than k components leave the choice among them to the solver
     * as before.
     */
    public static Eigensolvers.Solution sparse(SparseMatrix weights, int k, LanczosOptions lanczos,
                                               SplittableRandom random, RunContext context,
                                               Diagnostics.Builder diagnostics) {
        double[] degrees = weights.rowSums();
        diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
        SparseMatrix normalized = NormalizedAffinity.normalize(weights, degrees);
        EigenDecomposition known = componentVectors(weights, degrees, k);
        if (known != null) {
            diagnostics.put("knownEigenvectors", known.count());
        }
        SymmetricOperator operator = Operators.of(normalized, context.parallel());
        return diagnostics.time("eigen", () -> known == null
                ? Eigensolvers.lanczos(operator, k, Spectrum.LARGEST, lanczos, random, context)
                : Eigensolvers.lanczos(operator, k, Spectrum.LARGEST, lanczos, random, context, known));
    }

    /**
     * The eigenvectors {@code D^1/2 1_C / ||D^1/2 1_C||} of eigenvalue 1 of {@code D^-1/2 W D^-1/2},
     * one per component of positive degree, when there are 2 to k such components and no negative
     * weight (which would break the identity); else null.
     */
    static EigenDecomposition componentVectors(SparseMatrix weights, double[] degrees, int k) {
        for (double value : weights.values()) {
            if (value < 0) {
                return null;
            }
        }
        GraphConnectivity.Components components = GraphConnectivity.components(weights);
        int n = degrees.length;
        double[] mass = new double[components.count()];
        for (int i = 0; i < n; i++) {
            mass[components.labels()[i]] += degrees[i] > 0 ? degrees[i] : 0.0;
        }
        int[] column = new int[components.count()];
        int count = 0;
        for (int c = 0; c < mass.length; c++) {
            column[c] = mass[c] > 0 ? count++ : -1;
        }
        if (count < 2 || count > k) {
            return null;
        }
        DenseMatrix vectors = DenseMatrix.zeros(n, count);
        for (int i = 0; i < n; i++) {
            int c = components.labels()[i];
            if (column[c] >= 0 && degrees[i] > 0) {
                vectors.set(i, column[c], Math.sqrt(degrees[i] / mass[c]));
            }
        }
        double[] ones = new double[count];
        java.util.Arrays.fill(ones, 1.0);
        return new EigenDecomposition(ones, vectors);
    }
}
