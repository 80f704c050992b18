package io.csc.algorithm.csp;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.SolverStatus;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.GraphReport;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.algorithm.spectral.SupportedSpectrum;
import io.csc.api.RunContext;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintMatrix;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.graph.AffinityGraph;
import io.csc.graph.BandwidthRule;
import io.csc.graph.DenseBudget;
import io.csc.graph.GraphConstruction;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.GeneralizedEigen;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LanczosSolver;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricEigen;
import io.csc.linalg.SymmetricOperator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Constrained spectral partitioning, CSP, also called flexible constrained spectral clustering,
 * FCSC (Wang, Qian, Davidson: On constrained spectral clustering and its applications, Data Min.
 * Knowl. Disc. 28, 2014), the baseline of the APJCSC and CSP-ML papers, as both summarize it.
 *
 * <h2>Method</h2>
 * <ol>
 *   <li>The dense Gaussian affinity W (zero diagonal), degrees D, volume vol, the normalized
 *       Laplacian {@code L = I - D^-1/2 W D^-1/2}.</li>
 *   <li>The constraint matrix Q ({@code +w} for a must-link of weight w, {@code -w} for a
 *       cannot-link, 0 elsewhere and on the diagonal, CSP-ML Eq. 6; labels and groups give their
 *       implied pairs) and {@code Q̄ = D^-1/2 Q D^-1/2}.</li>
 *   <li>The threshold {@code β = (λ_{K-1} + λ_K) vol / 2}, λ the eigenvalues of Q̄ from the largest
 *       (APJCSC paper, Section IV-A and Table III): {@code β/vol} lies midway between the
 *       (K-1)-th and K-th eigenvalues, so {@code Q̄ - β/vol I} has exactly K - 1 positive
 *       eigenvalues (fewer on a tie) and the problem has K - 1 feasible directions.</li>
 *   <li>The generalized eigenproblem {@code L v = λ (Q̄ - β/vol I) v}, solved densely through the
 *       definite problem {@code B x = μ (L + δI) x} ({@link GeneralizedEigen#indefinite}):
 *       {@code μ > 0 ⟺ λ > 0}, and by Sylvester's law of inertia the number of positive μ is the
 *       number of positive eigenvalues of B, so only the K largest μ are computed.</li>
 *   <li>The feasible vectors (λ > 0, not in the null space of L), scaled to {@code vᵀv = vol}; the
 *       K - 1 of smallest cost {@code vᵀLv} ({@link FeasibleEigenvectors}); k-means on the rows
 *       of {@code D^-1/2 V}.</li>
 * </ol>
 *
 * <h2>Cost and size limit</h2>
 * O(n² d) for the affinity and O(n³) for the generalized eigenproblem (a Cholesky factorization,
 * two triangular solves with n right-hand sides and a symmetric eigensolver); about
 * {@value #DENSE_MATRICES} n x n matrices of memory. The method is refused above
 * {@value #MAX_POINTS} points, where the O(n³) solve takes the better part of an hour on a desktop
 * (docs/BENCHMARKS.md), and wherever the matrices do not fit in the heap; the refusal names the
 * scalable constrained methods.
 *
 * <h2>Variants: why the default is not the published threshold</h2>
 * {@code variant=paper} is the method above with the APJCSC paper's β. It puts almost every point
 * into one cluster whenever the constraints are few or the graph is flat: 0.20 ACC on a clean
 * 5-cluster mixture with 20, 100 or 400 random pairs where {@code njw} reaches 0.97, and 0.42 on
 * Wine at 10% labels against 0.98. The mechanism: with β/vol between the (K-1)-th and K-th
 * eigenvalues of Q̄, {@code B = Q̄ - β/vol I} has exactly K - 1 positive directions, all of them
 * inside the span of the constrained points (Q̄ vanishes elsewhere while {@code -β/vol I} does
 * not). Every feasible vector is therefore localized on the constrained points; the unconstrained
 * points get damped averages of their neighbours' values, near zero, and k-means puts them together.
 *
 * <p>{@code variant=robust} (default) keeps the problem, the feasibility rule and the selection by
 * cost, and moves β below zero, which Wang and Davidson allow (any β below the largest eigenvalue;
 * a smaller β is a looser constraint): {@code β/vol = -2 λ_max(Q̄) / g} with
 * {@code g = 1 - λ_K(L)}, the K-th largest eigenvalue of {@code N = D^-1/2 W D^-1/2}. Then
 * {@code B = |β/vol| I + Q̄}: every direction the constraints do not strongly violate is feasible,
 * and the constraints reweight the Rayleigh quotient {@code vᵀLv / vᵀBv} of a direction by at most
 * the factor {@code 1 / (1 + g/2)}. A vector localized on the constrained points costs about 1 (the
 * diagonal of L), the K-th graph eigenvector {@code 1 - g}: the discount can reorder and tilt the
 * graph's cluster directions toward the constraints but never make a localized vector the cheaper
 * one. Dividing by g is what makes this hold on flat graphs: on 180 binary features (distances
 * concentrate, every affinity near 0.5) g is 0.016, against 0.45 on Wine, and a β that ignores g
 * lets the 10% labelled points take the embedding again (0.496 ACC, as the paper variant). The rows
 * of {@code D^-1/2 V} are scaled to unit length before k-means, as NJW does ({@code normalize-rows},
 * true by default for this variant): the propagated values keep their direction, not their size.
 * g costs one Lanczos run on products with the dense L (O(n²) each).
 *
 * <p>Evidence (ACC, mean over draws; {@code docs/results/62-csp-robust.md} has the tables and the
 * commands): a clean 5-cluster mixture with 20 / 100 / 400 random pairs, paper 0.20 / 0.20 / 0.20,
 * robust 0.971 / 0.971 / 0.971, {@code njw} 0.972; Wine with 20 / 100 / 400 pairs robust
 * 0.970 / 0.981 / 0.994 ({@code njw} 0.978); a 3,186 x 180 binary set at 10% labels paper 0.496,
 * robust 0.980 ({@code njw} 0.992).
 *
 * <h2>Choices</h2>
 * <ul>
 *   <li>No feasible vector (paper variant; Q̄ has fewer than K - 1 eigenvalues above β/vol, for instance with
 *       must-links only): the result falls back to the K - 1 smallest non-trivial eigenvectors of L,
 *       that is unconstrained spectral clustering, with a warning; with fewer than K - 1 feasible
 *       vectors, those are used, with a warning.</li>
 *   <li>Soft constraints enter Q with their weights, as in Wang and Davidson.</li>
 *   <li>σ: the bandwidth rule of {@code njw} (mean distance to the 7 nearest neighbours) unless
 *       given.</li>
 * </ul>
 */
public final class ConstrainedSpectralPartitioning implements ClusteringAlgorithm {

    public static final String NAME = "csp";

    /** The largest n accepted (time of the dense generalized eigensolver). */
    public static final int MAX_POINTS = 10_000;

    /** n x n matrices held at once: L, B and the solver's copies and workspace. */
    static final int DENSE_MATRICES = 8;

    public static final Parameter<BandwidthRule> BANDWIDTH = SpectralParameters.bandwidth(BandwidthRule.KNN_MEAN);
    public static final Parameter<Double> BETA = Parameter.real("beta", null,
            "threshold beta of the constraint v'Qv >= beta; auto = (lambda_K-1 + lambda_K) vol / 2 (APJCSC paper)");
    public static final Parameter<Double> RIDGE = Parameter.real("ridge", GeneralizedEigen.DEFAULT_RIDGE,
            "relative ridge delta of the generalized eigensolver (L + delta I must be positive definite)");

    public static final Parameter<CspVariant> VARIANT = Parameter.choice("variant", CspVariant.class, CspVariant.ROBUST,
            "robust: beta = -2 lambda_max(Q) vol / (1 - lambda_K(L)) and unit rows (constraints tilt the graph's eigenvectors); "
                    + "paper: beta = (lambda_K-1 + lambda_K) vol / 2 and raw rows, as published");

    public static final Parameter<Boolean> NORMALIZE_ROWS = Parameter.bool("normalize-rows", false,
            "scale the rows of D^-1/2 V to unit length before k-means (not in the published method); "
                    + "when not given: true for variant=robust, false for variant=paper");

    /** The robust threshold: {@code β/vol = -ROBUST_BETA_FACTOR λ_max(Q̄) / (1 - λ_K(L))}. */
    static final double ROBUST_BETA_FACTOR = 2.0;

    /** The smallest spectral gap the robust threshold divides by (a graph with no cluster structure). */
    static final double MINIMUM_GAP = 1e-6;

    public static final List<Parameter<?>> PARAMETERS = List.of(VARIANT, SpectralParameters.SIGMA, BANDWIDTH,
            SpectralParameters.SCALE_NEIGHBOURS, BETA, RIDGE, NORMALIZE_ROWS, SpectralParameters.ASSIGNMENT, SpectralParameters.KMEANS_RESTARTS,
            SpectralParameters.KMEANS_ITERATIONS, SpectralParameters.KMEANS_SAMPLE);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "CSP / FCSC: constrained spectral partitioning, generalized eigenproblem L v = lambda (Q - beta/vol I) v",
            "Wang, Qian, Davidson: On constrained spectral clustering and its applications, DMKD 2014", true, false,
            PARAMETERS, values -> new ConstrainedSpectralPartitioning(options(values)));

    static final String SCALABLE = "apjcsc-1 or apjcsc-2 with --param graph=knn, or the linear-time methods scacs, sc-pc and fast-csp-ml";

    private final CspOptions options;

    public ConstrainedSpectralPartitioning(CspOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("Invalid CSP options: null");
        }
        this.options = options;
    }

    /** The options from parameter values over their defaults. */
    public static CspOptions options(ParameterValues values) {
        CspVariant variant = values.get(VARIANT);
        boolean normalizeRows = values.contains(NORMALIZE_ROWS.name()) ? values.get(NORMALIZE_ROWS)
                : variant == CspVariant.ROBUST;
        return new CspOptions(variant, SpectralParameters.kernel(values, BANDWIDTH), values.get(BETA),
                values.get(RIDGE), normalizeRows, SpectralParameters.kmeans(values));
    }

    public CspOptions options() {
        return options;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        int n = data.size();
        if (n > MAX_POINTS) {
            throw new IllegalArgumentException(NAME + " refuses " + n + " points: its dense O(n³) generalized "
                    + "eigenproblem is limited to " + MAX_POINTS + " points. Use a scalable constrained method ("
                    + SCALABLE + ")");
        }
        long start = System.nanoTime();
        SplittableRandom random = context.random();
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        AffinityGraph graph = diagnostics.time("graph", () -> GraphConstruction.dense(options.kernel()).build(data,
                new DenseBudget(NAME, DENSE_MATRICES, SCALABLE), context));
        GraphReport.record(diagnostics, graph, n);
        DenseMatrix laplacian = graph.dense().weights();
        double[] degrees = NormalizedAffinity.normalizeInPlace(laplacian);
        double[] factors = NormalizedAffinity.inverseSquareRootDegrees(degrees);
        double volume = 0;
        for (double degree : degrees) {
            volume += degree;
        }
        toLaplacian(laplacian);
        diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees)).put("volume", volume);
        if (k == 1) {
            return new ClusteringResult(NAME, new int[n], 1, null, (System.nanoTime() - start) / 1e9,
                    diagnostics.build(), null);
        }

        ConstraintMatrix q = ConstraintMatrix.of(constraints, 0.0);
        double[] top = diagnostics.time("constraints", () -> SupportedSpectrum.extreme(NormalizedAffinity.normalize(q.operator(), degrees),
                constraints.constrainedPoints(), k, Spectrum.LARGEST, LanczosOptions.DEFAULTS, random.split())).values();
        double threshold;
        if (options.beta() != null) {
            threshold = options.beta() / volume;
        } else if (options.variant() == CspVariant.PAPER) {
            threshold = 0.5 * (top[k - 2] + top[k - 1]);
        } else {
            SplittableRandom gapRandom = random.split();
            double gap = diagnostics.time("gap", () -> spectralGap(laplacian, k, gapRandom));
            diagnostics.put("spectralGap", gap);
            threshold = robustThreshold(top[0], gap);
        }
        diagnostics.put("constraintEigenvalues", top).put("beta", threshold * volume);
        DenseMatrix constraint = constraintMatrix(q, factors, threshold);
        double constraintNorm = Math.max(Math.abs(top[0] - threshold), Math.abs(threshold));

        EigenDecomposition pairs = diagnostics.time("eigen", () -> GeneralizedEigen.indefinite(context.backend(),
                laplacian, constraint, options.ridge(), Math.min(n, k)));
        EigenDecomposition positive = leading(pairs, k);
        diagnostics.solver(null, SolverStatus.direct("generalized symmetric (" + context.backend().name() + ")"));
        FeasibleEigenvectors.Selection selection = FeasibleEigenvectors.select(positive, laplacian, constraint,
                constraintNorm, volume, k - 1);
        diagnostics.put("feasibleVectors", selection.feasible()).put("trivialVectors", selection.trivial());
        DenseMatrix indicators;
        if (selection.chosen().isEmpty()) {
            diagnostics.warn("No feasible eigenvector: no generalized eigenvector has lambda > 0 (the constraint "
                    + "matrix has fewer than K-1 eigenvalues above beta/vol); falling back to the unconstrained "
                    + "embedding, the K-1 smallest non-trivial eigenvectors of L");
            indicators = unconstrained(laplacian, k, volume, context);
        } else {
            if (selection.chosen().size() < k - 1) {
                diagnostics.warn("Only " + selection.chosen().size() + " feasible eigenvector"
                        + (selection.chosen().size() == 1 ? "" : "s") + " for " + (k - 1)
                        + " wanted: the embedding has fewer dimensions than K-1");
            }
            indicators = DenseMatrix.zeros(n, selection.chosen().size());
            double[] eigenvalues = new double[selection.chosen().size()];
            double[] costs = new double[selection.chosen().size()];
            for (int j = 0; j < eigenvalues.length; j++) {
                FeasibleEigenvectors.Candidate candidate = selection.chosen().get(j);
                indicators.setColumn(j, candidate.vector());
                eigenvalues[j] = candidate.eigenvalue();
                costs[j] = candidate.cost();
            }
            diagnostics.put("eigenvalues", eigenvalues).put("costs", costs);
        }
        indicators.scaleRows(factors);
        DenseMatrix embedding = options.normalizeRows() ? EmbeddingClustering.rowNormalized(indicators) : indicators;
        KMeansResult clusters = diagnostics.time("kmeans", () -> EmbeddingClustering.cluster(embedding, k,
                options.kmeans(), constraints, random.split(), context));
        diagnostics.put("kmeansInertia", clusters.inertia());
        return new ClusteringResult(NAME, clusters.labels(), k, embedding, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), null);
    }

    /**
     * The robust β/vol, {@code -ROBUST_BETA_FACTOR λ_max(Q̄) / gap}: a constraint then lowers the
     * Rayleigh quotient {@code vᵀLv / vᵀ(Q̄ - β/vol I)v} of any direction by at most the factor
     * {@code 1 / (1 + gap / ROBUST_BETA_FACTOR)}, less than the distance {@code gap} between a vector
     * localized on the constrained points (cost about 1, the diagonal of L) and the K-th
     * eigenvector of L.
     */
    static double robustThreshold(double largestConstraintEigenvalue, double gap) {
        double strength = largestConstraintEigenvalue > 0 ? largestConstraintEigenvalue : 1.0;
        return -ROBUST_BETA_FACTOR * strength / Math.max(gap, MINIMUM_GAP);
    }

    /**
     * {@code 1 - λ_K(L)}, λ_K the K-th smallest eigenvalue of L (the trivial one counted): the K-th
     * largest eigenvalue of {@code N = I - L}, by Lanczos on products with the dense L (O(n²) each).
     */
    static double spectralGap(DenseMatrix laplacian, int k, SplittableRandom random) {
        int n = laplacian.rows();
        double[] data = laplacian.data();
        SymmetricOperator normalized = SymmetricOperator.of(n, (x, y) -> {
            for (int i = 0; i < n; i++) {
                double sum = 0;
                int base = i * n;
                for (int j = 0; j < n; j++) {
                    sum += data[base + j] * x[j];
                }
                y[i] = x[i] - sum;
            }
        });
        double[] largest = new LanczosSolver(LanczosOptions.DEFAULTS).solve(normalized, k, Spectrum.LARGEST, random)
                .values();
        return largest[k - 1];
    }

    /** Turns {@code N = D^-1/2 W D^-1/2} into {@code L = I - N} in place. */
    private static void toLaplacian(DenseMatrix normalized) {
        int n = normalized.rows();
        double[] data = normalized.data();
        for (int index = 0; index < data.length; index++) {
            data[index] = -data[index];
        }
        for (int i = 0; i < n; i++) {
            data[i * n + i] += 1.0;
        }
    }

    /** {@code B = D^-1/2 Q D^-1/2 - threshold I} as a dense matrix, filled from Q's structured form. */
    static DenseMatrix constraintMatrix(ConstraintMatrix q, double[] factors, double threshold) {
        int n = q.size();
        DenseMatrix b = DenseMatrix.zeros(n, n);
        double[] data = b.data();
        SparseMatrix explicit = q.explicitPart();
        int[] rowPointers = explicit.rowPointers();
        int[] columns = explicit.columnIndices();
        double[] values = explicit.values();
        double[] diagonal = q.diagonalCorrection();
        for (int i = 0; i < n; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                data[i * n + columns[p]] += values[p];
            }
            data[i * n + i] += diagonal[i];
        }
        for (ConstraintMatrix.RankOneTerm term : q.terms()) {
            int[] points = term.points();
            double[] termValues = term.values();
            for (int a = 0; a < points.length; a++) {
                double scaled = term.coefficient() * termValues[a];
                int row = points[a] * n;
                for (int c = 0; c < points.length; c++) {
                    data[row + points[c]] += scaled * termValues[c];
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                data[i * n + j] *= factors[i] * factors[j];
            }
            data[i * n + i] -= threshold;
        }
        return b;
    }

    /** The pairs with μ > 0 among the first {@code limit} (μ descending). */
    private static EigenDecomposition leading(EigenDecomposition pairs, int limit) {
        double[] values = pairs.values();
        int count = 0;
        while (count < Math.min(limit, values.length) && values[count] > 0) {
            count++;
        }
        double[] kept = java.util.Arrays.copyOf(values, count);
        return new EigenDecomposition(kept, pairs.vectors().columns(0, count));
    }

    /** The K-1 smallest non-trivial eigenvectors of L, scaled to {@code vᵀv = vol}. */
    private static DenseMatrix unconstrained(DenseMatrix laplacian, int k, double volume, RunContext context) {
        EigenDecomposition smallest = SymmetricEigen.smallest(context.backend(), laplacian, k);
        DenseMatrix vectors = smallest.vectors().columns(1, k);
        double[] data = vectors.data();
        double scale = Math.sqrt(volume);
        for (int index = 0; index < data.length; index++) {
            data[index] *= scale;
        }
        return vectors;
    }
}
