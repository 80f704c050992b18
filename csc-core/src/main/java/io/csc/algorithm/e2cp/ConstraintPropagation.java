package io.csc.algorithm.e2cp;

import io.csc.algorithm.SolverStatus;
import io.csc.linalg.ConjugateGradient;
import io.csc.linalg.ConjugateGradientOptions;
import io.csc.linalg.ConjugateGradientResult;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SymmetricOperator;
import io.csc.util.MemoryGuard;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;

/**
 * Vertical and horizontal constraint propagation of the E2CP paper in closed form (Eq. 3):
 * {@code F* = (1-α)² (I - αL̄)^-1 Z (I - αL̄)^-1}, the limit of the iterations
 * {@code F_v ← αL̄F_v + (1-α)Z} and {@code F_h ← αF_hL̄ + (1-α)F_v*} of Section 2.
 *
 * <p>With {@code Z = V C Vᵀ} ({@link ConstraintSources}), {@code F* = (1-α)² G C Gᵀ} with
 * {@code G = (I - αL̄)^-1 V}: q sparse solves by conjugate gradient, never an inverse. Since L̄ is
 * similar to the random-walk matrix its spectrum lies in [-1, 1], so {@code I - αL̄} is symmetric
 * positive definite with condition number at most {@code (1+α)/(1-α)} (9 at α = 0.8): the error
 * halves at every iteration and 1e-10 takes about 35 iterations of one sparse product each.
 *
 * <p>Cost: O(q · iterations · nnz(L̄)) time, 3 n q doubles (V, G and H). The solves run in parallel,
 * one per task, and give the same result on any number of threads.
 */
final class ConstraintPropagation {

    /** The progress stage of the solves: one per constraint source, several hundred for random pairs. */
    static final String PROGRESS = "propagation (solves)";


    /** Share of the heap the n x q factors may use. */
    private static final double HEAP_SHARE = 0.5;

    private ConstraintPropagation() {
    }

    /**
     * Propagates the sources over the graph.
     *
     * @param normalized {@code L̄ = D^-1/2 W D^-1/2}, symmetric
     * @param alpha the propagation parameter in (0, 1)
     */
    static PropagatedConstraints propagate(SparseMatrix normalized, double alpha, ConstraintSources sources,
                                           ConjugateGradientOptions options, Parallel parallel, String method) {
        return propagate(normalized, alpha, sources, options, parallel, ProgressListener.NONE, method);
    }

    /** {@link #propagate}, reporting the solves done as progress ({@link #PROGRESS}). */
    static PropagatedConstraints propagate(SparseMatrix normalized, double alpha, ConstraintSources sources,
                                           ConjugateGradientOptions options, Parallel parallel,
                                           ProgressListener progress, String method) {
        int n = normalized.rows();
        int q = sources.count();
        requireMemory(method, n, q);
        if (q == 0) {
            DenseMatrix empty = DenseMatrix.zeros(n, 0);
            return new PropagatedConstraints(empty, empty, SolverStatus.direct("none (no constraints)"));
        }
        SymmetricOperator system = Operators.shifted(Operators.of(normalized, parallel), -alpha, 1.0);
        ConjugateGradientResult result = new ConjugateGradient(options).solve(system, sources.sources(), parallel,
                progress, PROGRESS);
        DenseMatrix solved = result.solutions();
        DenseMatrix weighted = couple(solved, sources.coupling(), (1 - alpha) * (1 - alpha), parallel);
        SolverStatus status = new SolverStatus("conjugate gradient", result.converged(), result.iterations(),
                result.maxResidual());
        return new PropagatedConstraints(solved, weighted, status);
    }

    /** {@code scale · G C} for a sparse symmetric C, row by row. */
    private static DenseMatrix couple(DenseMatrix solved, SparseMatrix coupling, double scale, Parallel parallel) {
        int n = solved.rows();
        int q = solved.columns();
        double[] g = solved.data();
        DenseMatrix weighted = DenseMatrix.zeros(n, q);
        double[] h = weighted.data();
        int[] rowPointers = coupling.rowPointers();
        int[] columns = coupling.columnIndices();
        double[] values = coupling.values();
        parallel.forRange(n, Parallel.grainFor(n, 256), (from, to) -> {
            for (int i = from; i < to; i++) {
                int base = i * q;
                for (int b = 0; b < q; b++) {
                    double factor = scale * g[base + b];
                    if (factor != 0.0) {
                        for (int p = rowPointers[b]; p < rowPointers[b + 1]; p++) {
                            h[base + columns[p]] += factor * values[p];
                        }
                    }
                }
            }
        });
        return weighted;
    }

    private static void requireMemory(String method, int n, int q) {
        long bytes = 3L * 8 * n * q;
        long available = (long) (Runtime.getRuntime().maxMemory() * HEAP_SHARE);
        if (bytes > available || (long) n * q > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(method + " refuses to propagate " + q + " constraint sources over " + n
                    + " points: the n x q factors need about " + MemoryGuard.gigabytes(bytes) + " but the JVM may use "
                    + MemoryGuard.gigabytes(available) + ". Give the supervision as labels (one source per class) or "
                    + "constrain fewer points, or give the JVM more memory (JAVA_OPTS=-Xmx...)");
        }
    }
}
