package io.csc.algorithm.spectral;

import io.csc.api.RunContext;
import io.csc.algorithm.SolverStatus;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LanczosResult;
import io.csc.linalg.LanczosSolver;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricEigen;
import io.csc.linalg.SymmetricOperator;
import java.util.SplittableRandom;

/**
 * The two ways a spectral method gets its leading eigenvectors: a dense symmetric solver
 * (LAPACK's MRRR for a subset when native), or the Lanczos solver for a sparse or implicit operator,
 * with the solver's status kept for the diagnostics.
 */
public final class Eigensolvers {

    /** Eigenpairs with how they were obtained. */
    public record Solution(EigenDecomposition pairs, SolverStatus status) {
    }

    private Eigensolvers() {
    }

    /** The k largest eigenpairs of a dense symmetric matrix, descending. */
    public static Solution largestDense(DenseMatrix matrix, int k, RunContext context) {
        EigenDecomposition pairs = SymmetricEigen.largest(context.backend(), matrix, k);
        return new Solution(pairs, SolverStatus.direct("dense symmetric (" + context.backend().name() + ")"));
    }

    /** The k smallest eigenpairs of a dense symmetric matrix, ascending. */
    public static Solution smallestDense(DenseMatrix matrix, int k, RunContext context) {
        EigenDecomposition pairs = SymmetricEigen.smallest(context.backend(), matrix, k);
        return new Solution(pairs, SolverStatus.direct("dense symmetric (" + context.backend().name() + ")"));
    }

    /** The k extreme eigenpairs of a symmetric operator by Lanczos (descending for LARGEST). */
    public static Solution lanczos(SymmetricOperator operator, int k, Spectrum which, LanczosOptions options,
                                   SplittableRandom random) {
        LanczosResult result = new LanczosSolver(options).solve(operator, k, which, random);
        return new Solution(new EigenDecomposition(result.values(), result.vectors()),
                new SolverStatus("lanczos", result.converged(), result.iterations(), result.maxResidual()));
    }
}
