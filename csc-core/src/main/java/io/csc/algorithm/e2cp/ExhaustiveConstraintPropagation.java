package io.csc.algorithm.e2cp;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.PreparedFit;
import io.csc.algorithm.PreparingAlgorithm;
import io.csc.algorithm.SolverStatus;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.GraphReport;
import io.csc.algorithm.spectral.NjwEmbedding;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.BandwidthRule;
import io.csc.graph.DenseBudget;
import io.csc.graph.GraphConnectivity;
import io.csc.graph.GraphConstruction;
import io.csc.graph.SparseGraph;
import io.csc.linalg.ConjugateGradientOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.util.MemoryGuard;
import java.util.List;
import java.util.SplittableRandom;

/**
 * E2CP, constrained spectral clustering by exhaustive and efficient constraint propagation (Lu and
 * Ip, ECCV 2010): pairwise constraints are propagated to every pair of points by label propagation
 * on a k-NN graph, the propagated confidences adjust the graph's weights, and the adjusted graph is
 * clustered as by Ng, Jordan and Weiss.
 *
 * <h2>Method</h2>
 * <ol>
 *   <li>The k-NN graph with Gaussian weights, made symmetric by {@code W = (W + Wᵀ)/2} (step 1;
 *       k = 20), and {@code L̄ = D^-1/2 W D^-1/2} (step 2).</li>
 *   <li>Vertical and horizontal propagation in closed form (Eq. 3):
 *       {@code F* = (1-α)² (I - αL̄)^-1 Z (I - αL̄)^-1} with α = 0.8, computed as
 *       {@code (1-α)² G C Gᵀ} from q conjugate-gradient solves {@code G = (I - αL̄)^-1 V} where
 *       {@code Z = V C Vᵀ} ({@link ConstraintSources}, {@link ConstraintPropagation}): q is the number
 *       of points in explicit pairs plus one per class (and one) of labelled points.</li>
 *   <li>F* divided by its largest off-diagonal |F*_ij| so that it lies in [-1, 1] (the paper's set
 *       {@code |F_ij| ≤ 1}; Eq. 3 does not keep the entries in it in general, and most are far
 *       smaller: the largest is 0.08 to 0.3 on the UCI sets at 10% labels), then Eq. 4:
 *       {@code W̃ = 1 - (1 - F)(1 - W)} where F ≥ 0, {@code (1 + F) W} where F &lt; 0, with a zero
 *       diagonal like W.</li>
 *   <li>The K largest eigenvectors of {@code D̃^-1/2 W̃ D̃^-1/2}, rows scaled to unit length, k-means
 *       (Section 3, which is NJW on W̃). The paper's "K largest nontrivial eigenvectors" is read as
 *       NJW's K largest including the leading one: steps 2 and 3 are NJW's own, and NJW keeps it.</li>
 * </ol>
 *
 * <h2>Choices where the paper is open</h2>
 * <ul>
 *   <li>σ of the Gaussian kernel: the paper uses "the Gaussian kernel as in [Lu and Carreira-Perpiñán
 *       2008]" without a width; the default is the mean distance to the 7 nearest neighbours, as for
 *       {@code njw}. Features are scaled by the caller (z-scores by default; the paper scales to
 *       [-1, 1]).</li>
 *   <li>The diagonal of Z: 1 (the confidence, for soft labels) on constrained points, see
 *       {@link ConstraintSources}.</li>
 *   <li>Soft constraints enter Z with their weights (the paper's {@code |Z_ij| ≤ 1}); labels with
 *       confidences give pair weights {@code sqrt(c_a c_b)}. F* is linear in Z and then divided by
 *       its largest entry, so only relative confidences matter: a confidence shared by all
 *       constraints changes nothing.</li>
 * </ul>
 *
 * <h2>The adjusted affinity</h2>
 * Eq. 4 adjusts the k-NN graph the constraints propagate on ({@code affinity=knn}, the default and
 * the paper). {@code affinity=dense} adjusts the dense Gaussian affinity instead (same kernel and
 * bandwidth rule; {@code path=exact} only, one more n x n matrix), while the propagation stays on the
 * k-NN graph. The choice matters where one graph loses the clusters: on binary data with 30
 * informative features out of 180 (3,000 points, 3 classes) NJW reaches 0.85 ACC on the dense graph
 * and 0.71 on the k-NN graph, and e2cp at 10% labels 0.53 with the k-NN graph; on Digits it is the
 * other way round (NJW 0.56 dense, 0.78 k-NN). Neither is the better default everywhere, so the
 * default stays the paper's, and {@code select=cv} tries the dense affinity.
 *
 * <h2>Two paths</h2>
 * The default, {@code path=auto}, takes the exact path up to {@link #EXACT_LIMIT} points and the
 * scalable one above, where the exact one would take minutes (20,000 points: 44 s a fit, about 5
 * minutes guarded).
 * <ul>
 *   <li>{@code path=exact}: F* and W̃ dense, a dense eigensolver. O(n² (d + q)) time for the graph
 *       and F*, plus O(n³) for the eigenvectors; 2 n² doubles. Refused above what the heap holds,
 *       naming the scalable path.</li>
 *   <li>{@code path=scalable}: W̃ sparse on the k-NN edges, the must-link pairs and each point's
 *       {@code partners} strongest propagated partners, with exactly the normalization of the exact
 *       path; Lanczos for the eigenvectors. O(n² (d + q)) time for the exact k-NN graph and one pass
 *       over F* in cache-sized tiles, O(n (k + partners + q)) memory plus the must-link pairs. What it drops
 *       and how much is stated in {@link ScalableAdjustedAffinity} and reported as
 *       {@code droppedWeightShare}.</li>
 * </ul>
 *
 * <p>Diagnostics: {@code knnGraphComponents} of the k-NN graph, and {@code graphComponents} of the
 * adjusted graph W̃ (with a warning when it is disconnected: propagated must-links often join the
 * components of the k-NN graph), the propagation's solver status and number of solves, the
 * normalizer of F*, and on the scalable path the edges of W̃ and the dropped weight share.
 *
 * <p>Without constraints F* = 0 and the method is NJW on the k-NN graph (with a warning). The
 * result does not depend on the number of threads.
 */
public final class ExhaustiveConstraintPropagation implements PreparingAlgorithm {

    public static final String NAME = "e2cp";

    /**
     * The most points on which {@code path=auto} takes the exact path. The exact path's time grows
     * as n³ (one fit on 2 threads: Waveform-21, 5,000 points, 0.7 s; 8,000 points 6.6 s; 12,000
     * points 12.8 s; 20,000 points 44 s, and about 5 minutes guarded) and its memory as n² (two
     * n x n matrices, 400 MB at 5,000 points). The scalable path gave NMI within 0.015 of it on
     * every shared set (docs/results/50-e2cp-sl.md), and on generated sets of 8,000 to 20,000
     * points ACC within 0.003 as set on two and 0.027 below on the third, 0.005 below there at the
     * default, at a fifth to a tenth of the time (docs/results/50b-e2cp-path.md). 5,000 is also
     * where -a auto stops fitting dense methods.
     */
    public static final int EXACT_LIMIT = 5_000;

    public static final Parameter<PropagationPath> PATH = Parameter.choice("path", PropagationPath.class,
            PropagationPath.AUTO, "auto: exact up to " + EXACT_LIMIT + " points (or with affinity=dense), scalable "
                    + "above; exact: dense adjusted affinity (small/medium n); scalable: sparse, for large n");
    public static final Parameter<Integer> NEIGHBOURS = Parameter.integer("neighbours", 20,
            "k of the k-NN graph the constraints propagate on (the paper: 20)");
    public static final Parameter<Double> ALPHA = Parameter.real("alpha", 0.8,
            "propagation parameter in (0, 1): the share of a point's confidence taken from its neighbours (the paper: 0.8)");
    public static final Parameter<Integer> PARTNERS = Parameter.integer("partners", 40,
            "path=scalable: strongest propagated partners kept per point besides the graph edges and must-links");
    public static final Parameter<AdjustedGraph> AFFINITY = Parameter.choice("affinity", AdjustedGraph.class,
            AdjustedGraph.KNN, "the affinity the propagated constraints adjust: knn = the k-NN graph (the paper);"
                    + " dense = the dense Gaussian affinity (path=exact; keeps clusters a k-NN graph loses in noisy"
                    + " features)");
    public static final Parameter<BandwidthRule> BANDWIDTH = SpectralParameters.bandwidth(BandwidthRule.KNN_MEAN);
    public static final Parameter<Double> PROPAGATION_TOLERANCE = Parameter.real("propagation-tolerance",
            ConjugateGradientOptions.DEFAULTS.tolerance(), 0, 1, "relative residual at which each propagation solve stops");
    public static final Parameter<Integer> PROPAGATION_ITERATIONS = Parameter.integer("propagation-iterations",
            ConjugateGradientOptions.DEFAULTS.maxIterations(), 1, "iteration cap of each propagation solve");

    public static final List<Parameter<?>> PARAMETERS = List.of(PATH, NEIGHBOURS, ALPHA, PARTNERS, AFFINITY,
            SpectralParameters.SIGMA, BANDWIDTH, SpectralParameters.SCALE_NEIGHBOURS, PROPAGATION_TOLERANCE,
            PROPAGATION_ITERATIONS, SpectralParameters.ASSIGNMENT, SpectralParameters.KMEANS_RESTARTS, SpectralParameters.KMEANS_ITERATIONS,
            SpectralParameters.KMEANS_SAMPLE,
            SpectralParameters.EIGEN_TOLERANCE, SpectralParameters.EIGEN_ITERATIONS);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "Exhaustive and efficient constraint propagation on a k-NN graph, then NJW on the adjusted graph",
            "Lu, Ip: Constrained spectral clustering via exhaustive and efficient constraint propagation, ECCV 2010",
            true, false, PARAMETERS, values -> new ExhaustiveConstraintPropagation(options(values)));

    private static final String SCALABLE = "e2cp with --param path=scalable";

    private final E2cpOptions options;

    public ExhaustiveConstraintPropagation(E2cpOptions options) {
        this.options = options;
    }

    /** The options from parameter values over their defaults. */
    public static E2cpOptions options(ParameterValues values) {
        return new E2cpOptions(values.get(PATH), values.get(NEIGHBOURS), values.get(ALPHA), values.get(PARTNERS),
                values.get(AFFINITY),                 SpectralParameters.kernel(values, BANDWIDTH),
                new ConjugateGradientOptions(values.get(PROPAGATION_TOLERANCE), values.get(PROPAGATION_ITERATIONS)),
                SpectralParameters.kmeans(values), SpectralParameters.lanczos(values));
    }

    public E2cpOptions options() {
        return options;
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The k-NN graph, computed once: it does not depend on the supervision, which the propagation
     * and the adjustment use. Selection's folds then share it (on Letter, 20,000 points, the guard
     * built it five times, 2.7 s each with the distinct points' search). With the same seed for the
     * preparation and the fit, the labels are those of {@link #fit}.
     */
    @Override
    public PreparedFit prepareChecked(Dataset data, int k, RunContext context) {
        int n = data.size();
        PropagationPath path = options.pathFor(n);
        boolean exact = path == PropagationPath.EXACT;
        boolean denseAffinity = options.adjusted() == AdjustedGraph.DENSE;
        if (exact) {
            MemoryGuard.requireDense(NAME, n, denseAffinity ? 3 : 2, SCALABLE);
        }
        long start = System.nanoTime();
        Diagnostics.Builder preparation = Diagnostics.builder().put("path", Parameter.enumText(path))
                .put("affinity", Parameter.enumText(options.adjusted()));
        DenseBudget budget = new DenseBudget(NAME, 3, SCALABLE);
        SparseGraph graph = preparation.time("graph", () -> options.construction().build(data, budget, context).sparse());
        preparation.put("knnGraphComponents", graph.components());
        Diagnostics prepared = preparation.build();
        long preparationNanos = System.nanoTime() - start;
        return (constraints, fitContext) -> {
            PreparingAlgorithm.requirePreparedSize(NAME, constraints, n);
            long fitStart = System.nanoTime() - preparationNanos;
            SplittableRandom random = fitContext.random();
            SplittableRandom eigenRandom = random.split();
            SplittableRandom kmeansRandom = random.split();
            Diagnostics.Builder diagnostics = Diagnostics.builder().merge(prepared);
            if (constraints.isEmpty()) {
                diagnostics.warn("No constraints were given: e2cp reduces to NJW on its k-NN graph");
            }
            SparseMatrix weights = graph.weights();
            PropagatedConstraints propagated = diagnostics.time("propagation", () -> {
                ConstraintSources sources = ConstraintSources.of(constraints);
                SparseMatrix normalized = NormalizedAffinity.normalize(weights, weights.rowSums());
                return ConstraintPropagation.propagate(normalized, options.alpha(), sources, options.propagation(),
                        fitContext.parallel(), fitContext.progress(), NAME);
            });
            report(diagnostics, propagated.solver(), propagated.rank());
            Eigensolvers.Solution solution;
            if (exact) {
                DenseMatrix dense = denseAffinity ? diagnostics.time("dense graph", () ->
                        GraphConstruction.dense(options.kernel()).build(data, budget, fitContext).dense().weights()) : null;
                ExactAdjustedAffinity.Result adjusted = diagnostics.time("adjustment", () -> denseAffinity
                        ? ExactAdjustedAffinity.build(dense, propagated, fitContext)
                        : ExactAdjustedAffinity.build(weights, propagated, fitContext));
                diagnostics.put("confidenceNormalizer", adjusted.normalizer());
                GraphReport.record(diagnostics, graph.bandwidth().sigma(),
                        GraphConnectivity.components(adjusted.weights()).count(), n);
                solution = NjwEmbedding.dense(adjusted.weights(), k, fitContext, diagnostics);
            } else {
                ScalableAdjustedAffinity.Result adjusted = diagnostics.time("adjustment", () ->
                        ScalableAdjustedAffinity.build(weights, propagated,
                                ScalableAdjustedAffinity.mustLinkPattern(constraints), options.partners(), fitContext));
                diagnostics.put("confidenceNormalizer", adjusted.normalizer())
                        .put("adjustedEdges", adjusted.weights().nonZeros() / 2)
                        .put("droppedWeightShare", adjusted.droppedWeightShare());
                GraphReport.record(diagnostics, graph.bandwidth().sigma(),
                        GraphConnectivity.components(adjusted.weights()).count(), n);
                solution = NjwEmbedding.sparse(adjusted.weights(), k, options.lanczos(), eigenRandom, fitContext,
                        diagnostics);
            }
            return EmbeddingClustering.result(NAME, solution, k, true, options.kmeans(), constraints, kmeansRandom,
                    fitContext, diagnostics, fitStart);
        };
    }

    private static void report(Diagnostics.Builder diagnostics, SolverStatus status, int sources) {
        diagnostics.put("propagationSolves", sources).put("solver.propagation", status);
        if (!status.converged()) {
            diagnostics.warn("The constraint propagation (" + status.solver() + ") stopped after " + status.iterations()
                    + " iterations at relative residual " + status.residual()
                    + " without reaching its tolerance; raise propagation-iterations");
        }
    }
}
