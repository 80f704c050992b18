package io.csc.linalg;

import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Solves {@code A x = b} for a symmetric positive definite operator A by the conjugate gradient
 * method (Hestenes and Stiefel 1952), without preconditioning, for one or several right-hand sides.
 *
 * <p>Each solve starts from {@code x = 0} and stops when the recurrence residual falls to
 * {@code tolerance · ||b||} or after {@code maxIterations} iterations; the reported residual is then
 * recomputed as {@code ||b - A x|| / ||b||} from the returned solution. The error in the A-norm falls
 * at least by {@code (√κ - 1) / (√κ + 1)} per iteration for condition number κ, so well-conditioned
 * systems such as {@code I - α D^-1/2 W D^-1/2} (κ ≤ (1 + α) / (1 - α)) converge in a few dozen
 * iterations.
 *
 * <p><b>Cost.</b> Per iteration one product with A plus 5 vector operations of length n; memory
 * 4 vectors per solve in progress. Several right-hand sides are solved as independent tasks on the
 * given {@link Parallel}, each on one thread (an operator whose product is itself parallel runs
 * inline inside a worker); each solve's arithmetic depends only on its own data, so the solutions
 * are identical on any number of threads. A single right-hand side runs on the caller, where a
 * parallel operator uses the pool for its products.
 *
 * <p>Never throws on non-convergence: the result says whether every solve converged. Throws
 * {@link IllegalArgumentException} if a search direction has {@code pᵀA p <= 0}, that is if A is
 * not positive definite. Immutable and thread-safe.
 */
public final class ConjugateGradient {

    private final ConjugateGradientOptions options;

    public ConjugateGradient(ConjugateGradientOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public ConjugateGradientOptions options() {
        return options;
    }

    /** The outcome of one solve. */
    private record Solve(double[] solution, boolean converged, int iterations, double residual) {
    }

    /**
     * Solves {@code A X = B} column by column.
     *
     * @param operator the symmetric positive definite n x n operator A
     * @param rightHandSides B, {@code n x m}: one right-hand side per column
     * @param parallel where the m solves run
     */
    public ConjugateGradientResult solve(SymmetricOperator operator, DenseMatrix rightHandSides, Parallel parallel) {
        return solve(operator, rightHandSides, parallel, ProgressListener.NONE, "");
    }

    /**
     * {@link #solve(SymmetricOperator, DenseMatrix, Parallel)}, reporting the right-hand sides solved
     * as progress of {@code stage}.
     */
    public ConjugateGradientResult solve(SymmetricOperator operator, DenseMatrix rightHandSides, Parallel parallel,
                                         ProgressListener progress, String stage) {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(rightHandSides, "rightHandSides");
        Objects.requireNonNull(parallel, "parallel");
        int n = operator.size();
        if (rightHandSides.rows() != n) {
            throw new DimensionMismatchException("A is " + n + " x " + n + " but the right-hand sides have "
                    + rightHandSides.rows() + " rows");
        }
        int m = rightHandSides.columns();
        List<Solve> solves;
        if (m == 1) {
            solves = List.of(solveOne(operator, rightHandSides.column(0)));
        } else {
            List<Callable<Solve>> tasks = new ArrayList<>(m);
            AtomicLong solved = new AtomicLong();
            for (int column = 0; column < m; column++) {
                int j = column;
                tasks.add(() -> {
                    Solve solve = solveOne(operator, rightHandSides.column(j));
                    progress.progress(stage, solved.incrementAndGet(), m);
                    return solve;
                });
            }
            solves = parallel.invokeAll(tasks);
        }
        DenseMatrix solutions = DenseMatrix.zeros(n, m);
        boolean converged = true;
        int iterations = 0;
        long total = 0;
        double residual = 0;
        for (int j = 0; j < m; j++) {
            Solve solve = solves.get(j);
            solutions.setColumn(j, solve.solution());
            converged &= solve.converged();
            iterations = Math.max(iterations, solve.iterations());
            total += solve.iterations();
            residual = Math.max(residual, solve.residual());
        }
        return new ConjugateGradientResult(solutions, converged, iterations, total, residual);
    }

    /** Solves {@code A x = b} for one right-hand side (on the calling thread). */
    public ConjugateGradientResult solve(SymmetricOperator operator, double[] rightHandSide) {
        Objects.requireNonNull(rightHandSide, "rightHandSide");
        return solve(operator, new DenseMatrix(rightHandSide.length, 1, rightHandSide.clone()), Parallel.sequential());
    }

    private Solve solveOne(SymmetricOperator operator, double[] b) {
        int n = b.length;
        double[] x = new double[n];
        double bNorm = Math.sqrt(dot(b, b));
        if (bNorm == 0) {
            return new Solve(x, true, 0, 0.0);
        }
        double[] r = b.clone();
        double[] p = b.clone();
        double[] ap = new double[n];
        double rr = bNorm * bNorm;
        double stop = options.tolerance() * bNorm;
        int iteration = 0;
        boolean converged = false;
        while (iteration < options.maxIterations()) {
            operator.apply(p, ap);
            double curvature = dot(p, ap);
            if (!(curvature > 0)) {
                throw new IllegalArgumentException("The conjugate gradient operator is not positive definite: pᵀAp = "
                        + curvature + " at iteration " + (iteration + 1));
            }
            double step = rr / curvature;
            double next = 0;
            for (int i = 0; i < n; i++) {
                x[i] += step * p[i];
                r[i] -= step * ap[i];
                next += r[i] * r[i];
            }
            iteration++;
            if (Math.sqrt(next) <= stop) {
                converged = true;
                break;
            }
            double beta = next / rr;
            for (int i = 0; i < n; i++) {
                p[i] = r[i] + beta * p[i];
            }
            rr = next;
        }
        operator.apply(x, ap);
        double residual = 0;
        for (int i = 0; i < n; i++) {
            double difference = b[i] - ap[i];
            residual += difference * difference;
        }
        return new Solve(x, converged, iteration, Math.sqrt(residual) / bNorm);
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
