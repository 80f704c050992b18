package io.csc.algorithm.scacs;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.GeneralizedEigen;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.SymmetricEigen;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Steps 5 to 10 of SCACS (Algorithm 1 of Li, Xia, Shan and Liu), solved in the
 * {@link LandmarkCoordinates} {@code u = T y}, where {@code Ŝ (+ δI)} is the identity, the cut
 * matrix A is the diagonal {@code a}, and Q̂ becomes {@code M = Tᵀ Q̂ T}:
 * <ol>
 * <li>(5) The generalized problem {@code Q̂ x = γ Ŝ x} is the standard {@code M y = γ y}: γ_max and
 *     γ_{k-1} are its largest and (k-1)-th largest eigenvalues.</li>
 * <li>(6) {@code β = β0 γ_{k-1}}. If {@code β >= γ_max} the paper returns no vector; here the
 *     outcome is {@link Outcome#BETA_AT_LEAST_GAMMA_MAX} and the vectors are those of the
 *     unconstrained problem (below). Otherwise Eq. 16, {@code A u = λ (Q̂ - βŜ) u}, is
 *     {@code diag(a) y = λ (M - βI) y}, solved by {@link GeneralizedEigen#indefiniteDiagonal} through its
 *     reciprocal {@code (M - βI) y = μ (diag(a) + δ'I) y}, {@code λ = 1/μ}.</li>
 * <li>(7) The vectors with {@code λ > 0}, that is {@code μ > 0} beyond the solver's accuracy
 *     ({@link #positiveBound}): a μ within rounding of zero is an infinite λ, a direction on which
 *     the constraint holds with equality, not a feasible one.</li>
 * <li>(8) Each scaled to {@code uᵀŜu = ||v||² = 1}, {@code v = Ẑᵀu}. A vector with no data-space
 *     part ({@code ||v||² <= }{@value #NULL_NORM} relative, a null direction of a singular Ŝ) is
 *     dropped.</li>
 * <li>(9) Orthogonality to the constant vector: kept if {@code |1ᵀv| / (√n ||v||) <= tolerance}, the
 *     cosine of the angle between v and the all-ones n-vector, computed without forming v as
 *     {@code 1ᵀv = (Ẑ1)ᵀu = (D^1/2 1)ᵀ u}. The eigenvectors of Eq. 16 are not exactly orthogonal to
 *     it (they are A- and (Q̂ - βŜ)-orthogonal to the trivial vector, not Ŝ-orthogonal), so an exact
 *     test would discard almost all; the tolerance is an option of {@link ScacsOptions}.</li>
 * <li>(10) The m = min(k-1, kept) vectors with the smallest cuts {@code uᵀAu}.</li>
 * </ol>
 * The unconstrained vectors, used when β >= γ_max or when no vector survives steps 7 to 9, are the
 * solutions of the paper's λ = 0 case ("side information does not work"): the eigenvectors of Ŝ,
 * through the same steps 8 to 10 (the constant one is removed by step 9, see
 * {@link #UNCONSTRAINED_TOLERANCE}).
 *
 * <p>Time O(p³), memory O(p²).
 */
final class ConstrainedCut {

    /** Relative data-space norm below which a vector lies in the null space of Ŝ. */
    static final double NULL_NORM = 1e-10;

    /**
     * The step-9 tolerance for the unconstrained vectors. They are orthonormal eigenvectors of Ŝ, one
     * of which is the constant vector (cosine 1) and the others orthogonal to it (cosine 0 up to
     * rounding), so any threshold between removes exactly the constant one, whatever the option.
     */
    static final double UNCONSTRAINED_TOLERANCE = 0.5;

    /**
     * Step 7 counts μ as positive only above {@code p ε max|μ|}, the absolute accuracy of a
     * symmetric eigensolver on the reduced p x p problem (whose largest |μ|, of order
     * {@code ||Q̂|| / δ'}, comes from the null directions of the cut matrix). The pencil
     * {@code Q̂ - βĈ} of the robust variant vanishes on every direction with no energy on the
     * constrained points, so a large share of the p values of μ are zero up to rounding, and about
     * half of them came out positive by the sign of their rounding error: on Digits with 144
     * labels (449 landmarks), 146 to 156 "positive" vectors, of which 9 to 16 are real (μ from 2.6
     * to 385) and the rest between 1e-18 and 1e-6, against a bound of 9e-5. When such a direction had
     * a small cut it was selected, the embedding depended on rounding, and the fit on the seed: of
     * eight seeds two gave ACC 0.57 and 0.61 instead of 0.91 to 0.93.
     */
    static double positiveBound(double[] values) {
        double largest = 0;
        for (double value : values) {
            largest = Math.max(largest, Math.abs(value));
        }
        return values.length * Math.ulp(1.0) * largest;
    }

    /** Cuts and norms closer than this belong to one repeated eigenvalue. */
    static final double REPEATED = 1e-10;

    /** How the vectors were found. */
    enum Outcome {
        /** Eq. 16 gave at least one feasible vector. */
        CONSTRAINED,
        /** {@code β >= γ_max}: no vector of Eq. 16 can satisfy the constraint; unconstrained vectors used. */
        BETA_AT_LEAST_GAMMA_MAX,
        /** Eq. 16 gave no vector passing steps 7 to 9; unconstrained vectors used. */
        NO_FEASIBLE_VECTOR
    }

    /**
     * The vectors that passed steps 7 to 10.
     *
     * @param coordinates p x m coordinates y of the selected vectors, scaled to {@code ||v|| = 1}
     * @param cuts the cut {@code uᵀAu} of each selected vector, ascending
     * @param eigenvalues λ of Eq. 16 of each selected vector (NaN for unconstrained vectors)
     * @param constantCosines {@code |cos(v, 1)|} of every candidate with a data-space part, in solver order
     * @param positive the candidates of step 7 (λ > 0)
     * @param withData those with a data-space part (step 8)
     * @param orthogonal those passing step 9
     */
    record Selection(DenseMatrix coordinates, double[] cuts, double[] eigenvalues, double[] constantCosines,
                     int positive, int withData, int orthogonal) {

        int count() {
            return cuts.length;
        }
    }

    /**
     * The outcome of steps 5 to 10.
     *
     * @param gammas the k-1 largest γ of {@code Q̂ x = γ Ŝ x}, descending
     * @param beta0 the β0 used
     * @param beta {@code β0 · γ_{k-1}}
     * @param constrained the selection from Eq. 16 (null when β >= γ_max)
     * @param outcome how the vectors were found
     * @param selection the vectors used for the embedding
     */
    record Solution(double[] gammas, double beta0, double beta, Selection constrained, Outcome outcome,
                    Selection selection) {

        double gammaMax() {
            return gammas[0];
        }

        double gammaKMinus1() {
            return gammas[gammas.length - 1];
        }
    }

    private ConstrainedCut() {
    }

    /**
     * Steps 5 to 10.
     *
     * @param coordinates the landmark coordinates
     * @param constraints {@code M = Tᵀ Q̂ T}
     * @param constant {@code Tᵀ (D^1/2 1) / √n}: the dot product of a coordinate vector y with it is
     *     {@code 1ᵀv / √n}
     * @param k the number of clusters, at least 2 and at most p + 1
     * @param beta0 β0
     * @param tolerance the largest |cosine| with the constant vector accepted by step 9, in [0, 1]
     */
    static Solution solve(LandmarkCoordinates coordinates, DenseMatrix constraints, double[] constant, int k,
                          double beta0, double tolerance, LinearAlgebraBackend backend) {
        return solve(coordinates, constraints, null, constant, k, beta0, tolerance, false, backend);
    }

    /**
     * Steps 5 to 10 with the constraint measured against {@code N}: {@code vᵀQv >= β vᵀNv}, γ from
     * {@code M y = γ N y} and Eq. 16 as {@code diag(a) y = λ (M - βN) y}. {@code N = null} is the
     * identity, the paper's {@code vᵀQv >= β vᵀv}; the robust variant passes the constrained points'
     * Gram matrix {@code Tᵀ Ẑ D_c Ẑᵀ T}, positive semi-definite.
     *
     * @param complete when fewer than k-1 vectors pass steps 7 to 9, add the leading unconstrained
     *     vectors (eigenvectors of Ŝ by ascending cut) up to k-1
     */
    static Solution solve(LandmarkCoordinates coordinates, DenseMatrix constraints, DenseMatrix normalization,
                          double[] constant, int k, double beta0, double tolerance, boolean complete,
                          LinearAlgebraBackend backend) {
        int p = coordinates.size();
        double[] gammas = normalization == null
                ? SymmetricEigen.largest(backend, constraints, k - 1).values()
                : GeneralizedEigen.indefinite(backend, normalization, constraints, GeneralizedEigen.DEFAULT_RIDGE, k - 1)
                        .values();
        double beta = beta0 * gammas[k - 2];
        double[] cut = coordinates.cutDiagonal();
        double[] norms = coordinates.dataNormDiagonal();
        if (beta >= gammas[0]) {
            return new Solution(gammas, beta0, beta, null, Outcome.BETA_AT_LEAST_GAMMA_MAX,
                    unconstrained(p, cut, norms, constant, k));
        }
        DenseMatrix shifted = constraints.copy();
        if (normalization == null) {
            for (int i = 0; i < p; i++) {
                shifted.set(i, i, shifted.get(i, i) - beta);
            }
        } else {
            double[] target = shifted.data();
            double[] source = normalization.data();
            for (int i = 0; i < target.length; i++) {
                target[i] -= beta * source[i];
            }
        }
        EigenDecomposition pencil = GeneralizedEigen.indefiniteDiagonal(backend, cut, shifted, GeneralizedEigen.DEFAULT_RIDGE);
        double[] reciprocal = pencil.values();
        double bound = positiveBound(reciprocal);
        List<Integer> positive = new ArrayList<>();
        for (int j = 0; j < reciprocal.length; j++) {
            if (reciprocal[j] > bound) {
                positive.add(j);
            }
        }
        double[] eigenvalues = new double[reciprocal.length];
        for (int j = 0; j < reciprocal.length; j++) {
            eigenvalues[j] = 1.0 / reciprocal[j];
        }
        Selection selection = select(pencil.vectors(), positive, eigenvalues, cut, norms, constant, k, tolerance);
        if (selection.count() == 0) {
            return new Solution(gammas, beta0, beta, selection, Outcome.NO_FEASIBLE_VECTOR,
                    unconstrained(p, cut, norms, constant, k));
        }
        if (complete && selection.count() < k - 1) {
            return new Solution(gammas, beta0, beta, selection, Outcome.CONSTRAINED,
                    completed(selection, unconstrained(p, cut, norms, constant, k), k));
        }
        return new Solution(gammas, beta0, beta, selection, Outcome.CONSTRAINED, selection);
    }

    /** The constrained vectors followed by the first unconstrained ones, k-1 in all (fewer if there are not enough). */
    static Selection completed(Selection constrained, Selection unconstrained, int k) {
        int m = constrained.count();
        int added = Math.min(k - 1 - m, unconstrained.count());
        int p = constrained.coordinates().rows();
        DenseMatrix coordinates = DenseMatrix.zeros(p, m + added);
        double[] cuts = new double[m + added];
        double[] eigenvalues = new double[m + added];
        for (int j = 0; j < m + added; j++) {
            Selection source = j < m ? constrained : unconstrained;
            int column = j < m ? j : j - m;
            for (int i = 0; i < p; i++) {
                coordinates.set(i, j, source.coordinates().get(i, column));
            }
            cuts[j] = source.cuts()[column];
            eigenvalues[j] = source.eigenvalues()[column];
        }
        return new Selection(coordinates, cuts, eigenvalues, constrained.constantCosines(), constrained.positive(),
                constrained.withData(), constrained.orthogonal());
    }

    /** Steps 8 to 10 on the eigenvectors of Ŝ, the unit coordinate vectors ({@link #alignedBasis}). */
    static Selection unconstrained(int p, double[] cut, double[] norms, double[] constant, int k) {
        List<Integer> all = new ArrayList<>(p);
        for (int j = 0; j < p; j++) {
            all.add(j);
        }
        double[] eigenvalues = new double[p];
        Arrays.fill(eigenvalues, Double.NaN);
        return select(alignedBasis(cut, norms, constant), all, eigenvalues, cut, norms, constant, k,
                UNCONSTRAINED_TOLERANCE);
    }

    /**
     * The eigenvectors of Ŝ as coordinate vectors, except within each run of equal cut and norm
     * (a repeated eigenvalue, such as one per connected component of the landmark graph): there
     * they are turned so that one vector carries the whole component of the constant and the
     * others are orthogonal to it. Any basis of a repeated eigenvalue is an equally good one, but
     * the solvers return different ones (LAPACK and EJML do), and a constant spread over several
     * vectors had the test of step 9 reject some of them, and with them a component.
     */
    static DenseMatrix alignedBasis(double[] cut, double[] norms, double[] constant) {
        int p = cut.length;
        DenseMatrix basis = DenseMatrix.identity(p);
        int start = 0;
        while (start < p) {
            int end = start + 1;
            while (end < p && Math.abs(cut[end] - cut[start]) <= REPEATED && Math.abs(norms[end] - norms[start]) <= REPEATED) {
                end++;
            }
            if (end - start > 1) {
                turnTowards(basis, start, end, constant);
            }
            start = end;
        }
        return basis;
    }

    /**
     * Replaces the unit vectors {@code start..end-1} of {@code basis} by the columns of the
     * Householder reflection that maps the first of them onto the constant's part in their span.
     */
    private static void turnTowards(DenseMatrix basis, int start, int end, double[] constant) {
        int m = end - start;
        double length = 0;
        for (int i = start; i < end; i++) {
            length += constant[i] * constant[i];
        }
        length = Math.sqrt(length);
        if (!(length > 0)) {
            return;
        }
        double[] w = new double[m];
        for (int i = 0; i < m; i++) {
            w[i] = constant[start + i] / length;
        }
        w[0] -= 1;
        double squared = 0;
        for (double value : w) {
            squared += value * value;
        }
        if (squared < REPEATED) {
            return;
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                basis.set(start + i, start + j, (i == j ? 1.0 : 0.0) - 2 * w[i] * w[j] / squared);
            }
        }
    }

    /** Steps 8 to 10 for the given candidate columns of {@code vectors}. */
    private static Selection select(DenseMatrix vectors, List<Integer> candidates, double[] eigenvalues, double[] cut,
                                    double[] norms, double[] constant, int k, double tolerance) {
        int p = vectors.rows();
        int columns = vectors.columns();
        double[] data = vectors.data();
        record Candidate(int column, double scale, double cut) {
        }
        List<Candidate> kept = new ArrayList<>();
        double[] cosines = new double[candidates.size()];
        int withData = 0;
        for (int column : candidates) {
            double squared = 0;
            double dataNorm = 0;
            double dot = 0;
            double cutValue = 0;
            for (int i = 0; i < p; i++) {
                double value = data[i * columns + column];
                squared += value * value;
                dataNorm += norms[i] * value * value;
                dot += constant[i] * value;
                cutValue += cut[i] * value * value;
            }
            if (!(dataNorm > NULL_NORM * squared)) {
                continue;
            }
            double cosine = Math.min(1.0, Math.abs(dot) / Math.sqrt(dataNorm));
            cosines[withData++] = cosine;
            if (cosine <= tolerance) {
                kept.add(new Candidate(column, 1.0 / Math.sqrt(dataNorm), cutValue / dataNorm));
            }
        }
        kept.sort(Comparator.comparingDouble(Candidate::cut).thenComparingInt(Candidate::column));
        int m = Math.min(k - 1, kept.size());
        DenseMatrix selected = DenseMatrix.zeros(p, m);
        double[] cuts = new double[m];
        double[] selectedEigenvalues = new double[m];
        for (int j = 0; j < m; j++) {
            Candidate candidate = kept.get(j);
            for (int i = 0; i < p; i++) {
                selected.set(i, j, data[i * columns + candidate.column()] * candidate.scale());
            }
            cuts[j] = candidate.cut();
            selectedEigenvalues[j] = eigenvalues[candidate.column()];
        }
        return new Selection(selected, cuts, selectedEigenvalues, Arrays.copyOf(cosines, withData), candidates.size(),
                withData, kept.size());
    }
}
