package io.csc.algorithm.csp;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Step 2 and 3 of CSP (Wang and Davidson 2014, as summarized in the CSP-ML paper): from the
 * generalized eigenvectors of {@code L v = λ B v}, {@code B = Q̄ - β/vol I}, keep the feasible
 * ones, those with {@code λ > 0}, scale each to {@code vᵀv = vol}, and take the {@code count} of
 * smallest cost {@code vᵀ L v}.
 *
 * <p>λ > 0 is read from the quadratic forms, {@code vᵀBv > 0} (then {@code λ = vᵀLv / vᵀBv > 0},
 * L being positive semi-definite), with a tolerance relative to the norm of B so that rounding
 * noise in a null direction of B does not count. A vector in the null space of L ({@code vᵀLv = 0}
 * up to rounding: the trivial {@code D^1/2 1} on a connected graph) has λ = 0, is excluded by
 * the constraint {@code v != D^1/2 1} of the problem, and is not feasible.
 */
final class FeasibleEigenvectors {

    /** {@code vᵀLv / vᵀv} at or below this is the null space of L (whose eigenvalues lie in [0, 2]). */
    static final double NULL_COST = 1e-8;

    /** {@code vᵀBv / vᵀv} must exceed this times the norm of B for λ > 0 to count. */
    static final double POSITIVE_TOLERANCE = 1e-10;

    /** One feasible vector: scaled to {@code vᵀv = vol}, its cost {@code vᵀLv} and its λ. */
    record Candidate(double[] vector, double cost, double eigenvalue) {
    }

    /** The chosen vectors (cost ascending) and how many were feasible. */
    record Selection(List<Candidate> chosen, int feasible, int trivial) {
    }

    private FeasibleEigenvectors() {
    }

    /**
     * @param pairs generalized eigenvectors as columns (any scaling), e.g. from
     *              {@link io.csc.linalg.GeneralizedEigen#indefinite}
     * @param laplacian L, symmetric positive semi-definite
     * @param constraint B
     * @param constraintNorm a norm of B (e.g. its largest |eigenvalue| or one-norm)
     * @param volume vol(G)
     * @param count how many to take (K - 1)
     */
    static Selection select(EigenDecomposition pairs, DenseMatrix laplacian, DenseMatrix constraint,
                            double constraintNorm, double volume, int count) {
        DenseMatrix vectors = pairs.vectors();
        List<Candidate> feasible = new ArrayList<>();
        int trivial = 0;
        for (int column = 0; column < vectors.columns(); column++) {
            double[] v = vectors.column(column);
            double squaredNorm = dot(v, v);
            if (!(squaredNorm > 0)) {
                continue;
            }
            double scale = Math.sqrt(volume / squaredNorm);
            for (int i = 0; i < v.length; i++) {
                v[i] *= scale;
            }
            double cost = quadraticForm(laplacian, v);
            double constraintValue = quadraticForm(constraint, v);
            if (!(constraintValue > POSITIVE_TOLERANCE * constraintNorm * volume)) {
                continue;
            }
            if (cost <= NULL_COST * volume) {
                trivial++;
                continue;
            }
            feasible.add(new Candidate(v, cost, cost / constraintValue));
        }
        feasible.sort(Comparator.comparingDouble(Candidate::cost));
        List<Candidate> chosen = List.copyOf(feasible.subList(0, Math.min(count, feasible.size())));
        return new Selection(chosen, feasible.size(), trivial);
    }

    /** {@code vᵀ A v}. */
    static double quadraticForm(DenseMatrix a, double[] v) {
        int n = v.length;
        double[] data = a.data();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double row = 0;
            int base = i * n;
            for (int j = 0; j < n; j++) {
                row += data[base + j] * v[j];
            }
            sum += v[i] * row;
        }
        return sum;
    }

    private static double dot(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }
}
