package io.csc.algorithm.spectral;

import io.csc.api.RunContext;
import io.csc.algorithm.SolverStatus;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseRows;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LanczosResult;
import io.csc.linalg.LanczosSolver;
import io.csc.linalg.Operators;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricEigen;
import io.csc.linalg.SymmetricOperator;
import java.util.SplittableRandom;
import java.util.function.Supplier;

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

    /**
     * The size from which the few largest eigenpairs of a dense matrix come from Lanczos on its
     * products rather than from the dense solver. The dense solver's reduction to tridiagonal form
     * costs {@code 4n³/3} operations, half of them matrix-vector products bound by memory; Lanczos
     * needs a few hundred products of {@code 2n²} for the k leading pairs of a normalized affinity.
     * On the normalized affinity of a 5-cluster mixture with k = 5 (DenseLeadingEigenBenchmark,
     * 2 threads, docs/BENCHMARKS.md): 0.16 s against 0.37 s at 1,500 points, 0.69 s against 2.43 s
     * at 3,000, the same eigenvalues within 1e-10 (EigensolversTest); below a thousand points both
     * take milliseconds.
     */
    public static final int LANCZOS_SIZE = 1_500;

    /**
     * The k largest eigenpairs of a dense symmetric matrix, descending: by Lanczos on its products
     * from {@link #LANCZOS_SIZE} points when at most one pair in {@value #LANCZOS_SHARE} is wanted,
     * else (or when Lanczos does not converge within {@link #denseLanczosRestarts}) by the dense
     * solver.
     */
    public static Solution largestDense(DenseMatrix matrix, int k, RunContext context) {
        return largestDense(matrix.rows(), k, () -> Operators.of(matrix, context.parallel()), () -> matrix, context);
    }

    /**
     * As {@link #largestDense(DenseMatrix, int, RunContext)} for a matrix given row by row, never
     * stored on the Lanczos path: the same pairs bit for bit as for {@code rows.toMatrix()}, whose
     * products Lanczos reproduces exactly ({@link Operators#of(DenseRows, Parallel)}). The matrix is
     * stored only for the dense solver, below {@link #LANCZOS_SIZE} points or when Lanczos does not
     * converge; the solver's own copy then makes it two n x n matrices besides whatever the rows
     * are made from.
     */
    public static Solution largestDense(DenseRows rows, int k, RunContext context) {
        return largestDense(rows.size(), k, () -> Operators.of(rows, context.parallel()), rows::toMatrix, context);
    }

    /**
     * The k largest pairs of an n x n matrix: by Lanczos on {@code products} first when it pays, else
     * by the dense solver on {@code matrix}.
     */
    private static Solution largestDense(int n, int k, Supplier<SymmetricOperator> products,
                                         Supplier<DenseMatrix> matrix, RunContext context) {
        if (lanczosFirst(n, k)) {
            LanczosOptions options = LanczosOptions.DEFAULTS.withMaxIterations(denseLanczosRestarts(n, k));
            LanczosResult result = new LanczosSolver(options, context.backend(), context.parallel()).withProgress(context.progress())
                    .solve(products.get(), k, Spectrum.LARGEST,
                            new SplittableRandom(context.seed() ^ DENSE_LANCZOS_STREAM));
            if (result.converged()) {
                return new Solution(new EigenDecomposition(result.values(), result.vectors()),
                        new SolverStatus("lanczos on the dense matrix", true, result.iterations(), result.maxResidual()));
            }
        }
        EigenDecomposition pairs = SymmetricEigen.largest(context.backend(), matrix.get(), k);
        return new Solution(pairs, SolverStatus.direct("dense symmetric (" + context.backend().name() + ")"));
    }

    /** Whether the k largest pairs of a dense n x n matrix are first sought by Lanczos. */
    static boolean lanczosFirst(int n, int k) {
        return n >= LANCZOS_SIZE && (long) k * LANCZOS_SHARE <= n;
    }

    /**
     * The restarts Lanczos gets on a dense n x n matrix for k pairs before the dense solver takes
     * over: {@code max(2, n / (25 max(k, 5)))}, about the dense solver's cost in restarts (each
     * restart about 20 products of n² values for k = 5, more for more pairs; the dense solver's time
     * grows as n³). A normalized affinity with well separated leading eigenvalues needs 2-5; one
     * whose leading eigenvalues crowd near 1 (a graph close to falling apart, e.g. a small σ on
     * clusters of different spread) took 72 at 1,500 points: the eigen stage of
     * {@code csc cluster --data aniso.csv -a njw} ({@code experiments/sklearn-shapes.py}) took 2.0 s
     * that way and 0.9-1.0 s with this bound (12 restarts, then the dense solver).
     */
    static int denseLanczosRestarts(int n, int k) {
        return Math.max(2, n / (25 * Math.max(k, 5)));
    }

    /**
     * Lanczos is used on a dense matrix while at most one eigenpair in this many is wanted: its
     * cost grows with k, the dense solver's does not. Measured (DenseLeadingEigenBenchmark, 2
     * threads, docs/BENCHMARKS.md), dense solver against Lanczos: at 1,500 points 0.36 s against
     * 0.25 s for k = 15, 0.41 s for 30 and 0.86 s for 60; at 3,000 points 2.4 s against 1.7 s for
     * k = 30 and 2.6 s for 60. With one pair in 20 (the bound before), 30 clusters of 2,997 points
     * whose graph falls into its 30 components, where the leading eigenvalue 1 is 30-fold and Lanczos
     * does not converge, took an eigen stage of 12-20 s (two runs; 24 restarts, then the dense
     * solver) where the dense solver alone takes 2.2 s ({@code experiments/numpy-shapes.py}, many30,
     * E2CP).
     */
    static final int LANCZOS_SHARE = 100;

    /** The random stream of the dense Lanczos start, apart from every other use of the seed. */
    private static final long DENSE_LANCZOS_STREAM = 0x1A7C2051DE75EL;

    /** The k smallest eigenpairs of a dense symmetric matrix, ascending. */
    public static Solution smallestDense(DenseMatrix matrix, int k, RunContext context) {
        EigenDecomposition pairs = SymmetricEigen.smallest(context.backend(), matrix, k);
        return new Solution(pairs, SolverStatus.direct("dense symmetric (" + context.backend().name() + ")"));
    }

    /**
     * The k extreme eigenpairs of a symmetric operator by Lanczos (descending for LARGEST), the
     * solver's own vector kernels (reorthogonalization, norms) on the calling thread: for operators
     * on the constrained points only, or small ones.
     */
    public static Solution lanczos(SymmetricOperator operator, int k, Spectrum which, LanczosOptions options,
                                   SplittableRandom random) {
        return solution(new LanczosSolver(options), operator, k, which, random);
    }

    /**
     * As {@link #lanczos(SymmetricOperator, int, Spectrum, LanczosOptions, SplittableRandom)}, the
     * solver's vector kernels on the context's threads and its restarts on the context's backend.
     * The kernels sum in chunks fixed by n, so the pairs do not depend on the thread count. On an
     * operator over all n points the reorthogonalization is a third of the eigen stage (E2CP on
     * Fashion-MNIST: 1.1 of 3.4 s on one thread, docs/BENCHMARKS.md).
     */
    public static Solution lanczos(SymmetricOperator operator, int k, Spectrum which, LanczosOptions options,
                                   SplittableRandom random, RunContext context) {
        return solution(new LanczosSolver(options, context.backend(), context.parallel()).withProgress(context.progress()), operator, k, which, random);
    }

    /**
     * As {@link #lanczos(SymmetricOperator, int, Spectrum, LanczosOptions, SplittableRandom, RunContext)},
     * with {@code known} exact eigenpairs among the wanted ones locked from the start
     * ({@link LanczosSolver#solve(SymmetricOperator, int, Spectrum, EigenDecomposition, SplittableRandom)}).
     */
    public static Solution lanczos(SymmetricOperator operator, int k, Spectrum which, LanczosOptions options,
                                   SplittableRandom random, RunContext context, EigenDecomposition known) {
        return solution(new LanczosSolver(options, context.backend(), context.parallel()).withProgress(context.progress())
                .solve(operator, k, which, known, random));
    }

    private static Solution solution(LanczosSolver solver, SymmetricOperator operator, int k, Spectrum which,
                                     SplittableRandom random) {
        return solution(solver.solve(operator, k, which, random));
    }

    private static Solution solution(LanczosResult result) {
        return new Solution(new EigenDecomposition(result.values(), result.vectors()),
                new SolverStatus("lanczos", result.converged(), result.iterations(), result.maxResidual()));
    }
}
