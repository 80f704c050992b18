package io.csc.algorithm.apjcsc;

import io.csc.algorithm.SolverStatus;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SupportedSpectrum;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Operators;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
import io.csc.util.Parallel;
import java.util.SplittableRandom;

/**
 * The normalized eigenproblem of Theorems 3 and 4 for one constrained graph and one penalty,
 * ready to be solved for any trade-off η.
 *
 * <p>With {@code N = D^-1/2 W' D^-1/2} (W' the affinity after Eq. 5), {@code L̃ = I - N} and
 * {@code P̃ = D^-1/2 P D^-1/2}, the matrix solved is {@code vol(G) · S} for
 * {@code S = η L̂ + (1 - η) P̂} of Eq. 13, that is
 * {@code -η/w_L N + (1-η)/w_P P̃ + c I} with {@code w = λ_max - λ_min} of each and a constant c; its
 * eigenvalues lie in [0, 1] and its eigenvectors are those of S. The extreme eigenvalues of L̃ come
 * from Lanczos on N (1 minus its largest and smallest), those of P̃ from Lanczos on its block on
 * the constrained points ({@link SupportedSpectrum}). A term whose range is degenerate (no
 * supervision: {@code P̃ = 0}) is dropped.
 *
 * <p>S is never formed: it is applied as {@code a N + p P̃ + c I}, N being a dense n x n matrix
 * (dense path, O(n²) per product, parallel over rows) or an operator (k-NN path: the sparse graph
 * plus the structured must-link blocks), P̃ the structured penalty. Its k smallest eigenpairs come
 * from the Lanczos solver, which solves problems of up to
 * {@value io.csc.linalg.LanczosSolver#DENSE_SIZE_LIMIT} points densely. On the dense path this
 * replaces the O(n³) dense eigensolver of the paper by O(n²) products: for Waveform-21 (n = 2500)
 * it took 0.5 s instead of 4.5 s, with the same eigenvalues to 1e-14.
 */
final class JointProblem {

    /** Smallest tolerance used for the extreme eigenvalues, which only scale and shift S. */
    static final double RANGE_TOLERANCE = 1e-6;

    /**
     * Restart cycles allowed for each extreme eigenvalue. Ritz values approach the extremes of the
     * spectrum from inside long before their vectors meet the tolerance; on a nearly disconnected
     * graph (a small σ) the extreme eigenvalues of N come in tight clusters whose vectors
     * converge slowly, and only the value is needed here.
     */
    static final int RANGE_ITERATIONS = 20;

    private final SymmetricOperator affinity;
    private final SymmetricOperator normalizedPenalty;
    private final double volume;
    private final RangeNormalization laplacianRange;
    private final RangeNormalization penaltyRange;
    private final SolverStatus laplacianStatus;
    private final SolverStatus penaltyStatus;

    private JointProblem(SymmetricOperator affinity, double[] degrees, Penalty penalty, int[] constrained,
                         LanczosOptions options, SplittableRandom random) {
        this.affinity = affinity;
        this.normalizedPenalty = NormalizedAffinity.normalize(penalty, degrees);
        double sum = 0;
        for (double degree : degrees) {
            sum += degree;
        }
        this.volume = sum;
        LanczosOptions rangeOptions = options.withTolerance(Math.max(options.tolerance(), RANGE_TOLERANCE))
                .withMaxIterations(Math.min(options.maxIterations(), RANGE_ITERATIONS));
        Eigensolvers.Solution top = Eigensolvers.lanczos(affinity, 1, Spectrum.LARGEST, rangeOptions, random.split());
        Eigensolvers.Solution bottom = Eigensolvers.lanczos(affinity, 1, Spectrum.SMALLEST, rangeOptions, random.split());
        this.laplacianRange = new RangeNormalization(1 - top.pairs().values()[0], 1 - bottom.pairs().values()[0]);
        this.laplacianStatus = worse(top.status(), bottom.status());
        SupportedSpectrum.Values high = SupportedSpectrum.extreme(normalizedPenalty, constrained, 1, Spectrum.LARGEST,
                rangeOptions, random.split());
        SupportedSpectrum.Values low = SupportedSpectrum.extreme(normalizedPenalty, constrained, 1, Spectrum.SMALLEST,
                rangeOptions, random.split());
        this.penaltyRange = new RangeNormalization(low.values()[0], Math.max(low.values()[0], high.values()[0]));
        this.penaltyStatus = worse(high.status(), low.status());
    }

    /**
     * The problem for a dense normalized affinity {@code N} (kept, not copied), its degrees, and the
     * threads its products run on.
     */
    static JointProblem dense(DenseMatrix normalizedAffinity, double[] degrees, Penalty penalty, int[] constrained,
                              LanczosOptions options, Parallel parallel, SplittableRandom random) {
        return new JointProblem(Operators.of(normalizedAffinity, parallel), degrees, penalty, constrained, options,
                random);
    }

    /** The problem for a normalized affinity given as an operator and its degrees. */
    static JointProblem sparse(SymmetricOperator normalizedAffinity, double[] degrees, Penalty penalty,
                               int[] constrained, LanczosOptions options, SplittableRandom random) {
        return new JointProblem(normalizedAffinity, degrees, penalty, constrained, options, random);
    }

    /** vol(G), the sum of the degrees of the constrained graph. */
    double volume() {
        return volume;
    }

    /** The extreme eigenvalues of L̃. */
    RangeNormalization laplacianRange() {
        return laplacianRange;
    }

    /** The extreme eigenvalues of P̃. */
    RangeNormalization penaltyRange() {
        return penaltyRange;
    }

    /** How the extreme eigenvalues of L̃ were found (the worse of the two runs). */
    SolverStatus laplacianStatus() {
        return laplacianStatus;
    }

    /** How the extreme eigenvalues of P̃ were found (the worse of the two runs). */
    SolverStatus penaltyStatus() {
        return penaltyStatus;
    }

    /**
     * The k smallest eigenpairs of {@code vol(G) · S} for trade-off {@code eta}, ascending.
     */
    Eigensolvers.Solution solve(double eta, int k, LanczosOptions options, SplittableRandom random) {
        return Eigensolvers.lanczos(scaledOperator(eta), k, Spectrum.SMALLEST, options, random);
    }

    /** {@code vol(G) · S} as an operator. */
    SymmetricOperator scaledOperator(double eta) {
        Coefficients c = coefficients(eta);
        return Operators.sum(Operators.shifted(affinity, c.affinity(), c.identity()),
                Operators.shifted(normalizedPenalty, c.penalty(), 0.0));
    }

    /**
     * {@code vol(G) · S = a N + p P̃ + c I}: with {@code L̃ = I - N},
     * {@code a = -η / w_L}, {@code p = (1 - η) / w_P} and
     * {@code c = η (1 - λ_min(L̃)) / w_L - (1 - η) λ_min(P̃) / w_P}.
     */
    private record Coefficients(double affinity, double penalty, double identity) {
    }

    private Coefficients coefficients(double eta) {
        return new Coefficients(-laplacianRange.scale(eta), penaltyRange.scale(1 - eta),
                laplacianRange.scale(eta) + laplacianRange.shift(eta) + penaltyRange.shift(1 - eta));
    }

    private static SolverStatus worse(SolverStatus first, SolverStatus second) {
        if (first.converged() != second.converged()) {
            return first.converged() ? second : first;
        }
        return first.residual() >= second.residual() ? first : second;
    }
}
