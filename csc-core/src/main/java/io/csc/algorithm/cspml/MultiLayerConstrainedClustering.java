package io.csc.algorithm.cspml;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.GraphReport;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.api.RunContext;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.graph.AffinityGraph;
import io.csc.graph.BandwidthRule;
import io.csc.graph.DenseBudget;
import io.csc.graph.GraphType;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * CSP-ML (Trokicic and Todorovic, "Constrained spectral clustering via multi-layer graph
 * embeddings on a Grassmann manifold", Int. J. Appl. Math. Comput. Sci. 29(1), 2019, Algorithm 3):
 * constrained clustering as unconstrained clustering of a three-layer graph with the subspace
 * method of Dong, Frossard, Vandergheynst and Nefedov (IEEE TSP 62(4), 2014, Algorithm 2).
 *
 * <h2>Method</h2>
 * <ol>
 *   <li>Layers: W₁ the similarity graph (dense Gaussian affinity with zero diagonal, or the k-NN
 *       graph); W₂ the must-link layer (an edge of weight t per must-link of weight t); W₃ the
 *       cannot-link layer, all ones except {@code 1 - t} on a cannot-link of weight t (see
 *       {@link ConstraintLayer}). W₂ and W₃ stay structured, sparse pairs plus rank-one class terms,
 *       so labels are never expanded into pairs and W₃ is never stored: its normalized adjacency is
 *       {@code s sᵀ - S C S} with {@code s = D^-1/2 1}, applied in O(n + constraints).</li>
 *   <li>For each layer the normalized Laplacian {@code L_i = I - D_i^-1/2 W_i D_i^-1/2} and its
 *       subspace {@code U_i}: eigenvectors of its smallest eigenvalues, chosen as
 *       {@link LayerSubspace} describes (at most k, eigenvalues below 1, no tie across the cut; all
 *       must-link components in closed form).</li>
 *   <li>The k smallest eigenvectors of {@code L_mod = Σ L_i - α Σ U_i U_iᵀ} (Eq. 5), computed as the
 *       largest of {@code K = Σ D_i^-1/2 W_i D_i^-1/2 + α Σ U_i U_iᵀ = 3I - L_mod}, an operator; rows
 *       scaled to unit length (Ng, Jordan and Weiss), k-means.</li>
 * </ol>
 *
 * <h2>Variants: robust (the default) and paper</h2>
 * {@code --param variant=paper} runs the steps above as published. The default {@code robust}
 * minimizes the same {@code L_mod} only over {@code U = V Y}, V the m = 4k leading eigenvectors (at most
 * the constrained points less k when they are few: {@link SubspaceRestriction#dimension}) of
 * the similarity layer (Rayleigh-Ritz, {@link SubspaceRestriction}), with the constraint layers
 * weighted by n / (constrained points). <b>Mechanism:</b> in the paper's {@code Σ Ŵ_i} every
 * must-link component indicator has eigenvalue 1 however few points it covers, and it is 0 on the
 * unconstrained points; the similarity layer's smooth eigenvectors have {@code λ_j < 1}. When the
 * graph's gap is weak (binary or high-dimensional features) the localized vectors take the top k,
 * the unconstrained points get rows near 0 and fall into one cluster. Restricted to span(V) every
 * candidate is smooth on the graph; there the constraints meet a direction only on their b points,
 * about b/n of its mass, hence the weight n/b. Evidence, ACC at 10% labels, 3 draws
 * ({@code csc experiment --kind labels --known-fraction 0.1 --repeats 3}, docs/results/71-csp-ml-robust.md):
 * the binary look-alike 0.496 (paper) to 0.985 (robust, NJW 0.992), the high-dimensional one 0.333
 * to 0.647 (NJW 0.501), Digits 0.708 to 0.878, mean of nine bundled sets 0.810 to 0.826 (NJW 0.746).
 * Cost: with random pairs on few points (20 pairs) the weight is large and the robust variant
 * falls below the paper's (mix5: 0.837 against 0.946); at 100 and 400 pairs they are level.
 *
 * <h2>Choices where the paper is silent</h2>
 * <ul>
 *   <li><b>Points without a must-link</b> have degree 0 in W₂. We set {@code D^-1/2 = 0} for them
 *       (as {@link NormalizedAffinity} does), so their row of {@code L₂} is the unit row: {@code L₂ =
 *       I - Ŵ₂} with Ŵ₂ zero on them. The identity part is common to every point and does not move
 *       the eigenvectors, so an unconstrained point is neither favoured nor penalized by the
 *       must-link layer; its eigenvalue 1 keeps {@code e_i} out of {@code U₂} (rule 1 of
 *       {@link LayerSubspace}). Self-loops (degree 1 for everyone) would instead make every
 *       unconstrained point a component of its own: {@code U₂} would be an arbitrary k-subset of a
 *       huge eigenspace and the result would depend on the solver.</li>
 *   <li><b>α</b> is not reported in the paper. The constraint layers' subspaces live on the
 *       constrained points only; weighted as much as the Laplacians (α = 1) they outbid the
 *       similarity layer's smooth eigenvectors on graphs with a weak spectral gap, and the
 *       unconstrained points collapse into one cluster (Ionosphere: Rand index 0.5). The default
 *       α = 0.1 keeps the Grassmann term and avoids the collapse on every data set measured in
 *       docs/results/70-csp-ml.md.</li>
 *   <li><b>The similarity graph</b> defaults to the locally scaled kernel of Zelnik-Manor and
 *       Perona (self-tuning, 7th neighbour). The paper's {@code exp(-||x - y||² / 2)} is
 *       {@code --param sigma=1}; its scale is arbitrary once features are z-scored, and on
 *       Ionosphere it leaves a third of the points nearly isolated (docs/results/70-csp-ml.md).</li>
 *   <li><b>Duplicate statements</b> about one pair combine by their maximum (a must-link stated
 *       by labels and again as a pair is one edge), so W₃ never has a negative entry.</li>
 * </ul>
 *
 * <h2>Cost</h2>
 * Dense graph: O(n² d) for W₁ and O(n³) for its dense eigenvectors, O(n²) memory (refused beyond
 * what the heap holds). Each product with {@code L_mod} costs O(n² + p + b + n k) for p explicit
 * pairs and b labelled points; the number of constraints never enters quadratically. With the
 * k-NN graph everything but the exact neighbour search is linear in n. The robust variant adds m
 * products with {@code K} and an m x m eigenproblem, O(m (n² + n m)).
 */
public final class MultiLayerConstrainedClustering implements ClusteringAlgorithm {

    public static final String NAME = "csp-ml";

    public static final Parameter<Double> ALPHA = Parameter.real("alpha", 0.1,
            "alpha of L_mod = sum L_i - alpha sum U_i U_i^T, the weight of the layers' subspaces (>= 0)");
    public static final Parameter<GraphType> GRAPH = Parameter.choice("graph", GraphType.class, GraphType.DENSE,
            "similarity layer: dense Gaussian affinity (the paper's), or symmetric k-NN graph (sparse)");
    public static final Parameter<Integer> NEIGHBOURS = Parameter.integer("neighbours", 10,
            "k of the k-NN graph (graph=knn)").usedOnlyWith(GRAPH, GraphType.KNN);
    public static final Parameter<BandwidthRule> BANDWIDTH = SpectralParameters.bandwidth(BandwidthRule.SELF_TUNING);
    public static final Parameter<Variant> VARIANT = Parameter.choice("variant", Variant.class, Variant.ROBUST,
            "robust: L_mod minimized over the similarity layer's leading eigenvectors (no collapse of the "
                    + "unconstrained points); paper: Algorithm 3 as published");
    public static final Parameter<Integer> DIMENSION = Parameter.integer("dimension", 0,
            "m, the similarity layer's leading eigenvectors spanning the robust variant's embedding (0 = "
                    + SubspaceRestriction.DIMENSION_PER_CLUSTER + "k, at most the constrained points less k; at least k)");

    public static final List<Parameter<?>> PARAMETERS = List.of(VARIANT, DIMENSION, ALPHA, GRAPH, NEIGHBOURS, SpectralParameters.SIGMA,
            BANDWIDTH, SpectralParameters.SCALE_NEIGHBOURS, SpectralParameters.ASSIGNMENT, SpectralParameters.KMEANS_RESTARTS,
            SpectralParameters.KMEANS_ITERATIONS,
            SpectralParameters.KMEANS_SAMPLE, SpectralParameters.EIGEN_TOLERANCE, SpectralParameters.EIGEN_ITERATIONS);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "Constrained spectral clustering of a multi-layer graph: similarity, must-link and cannot-link layers",
            "Trokicic, Todorovic: Constrained spectral clustering via multi-layer graph embeddings on a Grassmann "
                    + "manifold, AMCS 2019 (Algorithm 3)", true, false, PARAMETERS,
            values -> new MultiLayerConstrainedClustering(options(values)));

    static final String SCALABLE = "fast-csp-ml, or csp-ml with --param graph=knn";

    private final MultiLayerOptions options;

    public MultiLayerConstrainedClustering(MultiLayerOptions options) {
        this.options = options;
    }

    /** The options from parameter values over their defaults. */
    public static MultiLayerOptions options(ParameterValues values) {
        return new MultiLayerOptions(values.get(VARIANT), values.get(DIMENSION), values.get(GRAPH),
                SpectralParameters.kernel(values, BANDWIDTH), values.get(NEIGHBOURS), values.get(ALPHA),
                SpectralParameters.kmeans(values), SpectralParameters.lanczos(values));
    }

    public MultiLayerOptions options() {
        return options;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** With m fixed from the whole supervision when it is automatic ({@link SubspaceRestriction#settledDimension}). */
    @Override
    public ClusteringAlgorithm settledFor(ConstraintSet constraints, int k) {
        int dimension = SubspaceRestriction.settledDimension(options.variant(), options.dimension(), k, constraints);
        return dimension > 0 ? new MultiLayerConstrainedClustering(options.withDimension(dimension)) : this;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        long start = System.nanoTime();
        SplittableRandom random = context.random();
        Diagnostics.Builder diagnostics = Diagnostics.builder().put("graph", Parameter.enumText(options.graph()))
                .put("alpha", options.alpha());
        boolean robust = options.variant() == Variant.ROBUST;
        int dimension = robust ? SubspaceRestriction.dimension(options.dimension(), k, data.size(),
                constraints.constrainedPoints().length) : 0;
        List<Layer> layers = layers(data, constraints, k, dimension, diagnostics, random, context);
        SymmetricOperator modified = modifiedAffinity(layers, options.alpha());
        double weight = SubspaceRestriction.constraintWeight(constraints);
        Eigensolvers.Solution solution = diagnostics.time("eigen", () -> robust
                ? restricted(layers, options.alpha(), weight, k, context)
                : Eigensolvers.lanczos(modified, k, Spectrum.LARGEST, options.lanczos(), random.split(), context));
        double[] laplacianValues = solution.pairs().values();
        for (int j = 0; j < laplacianValues.length; j++) {
            laplacianValues[j] = layers.size() - laplacianValues[j];
        }
        diagnostics.put("eigenvalues", laplacianValues).solver(null, solution.status());
        if (robust) {
            diagnostics.put("variant", "robust").put("subspaceDimension", dimension).put("constraintWeight", weight);
        }
        DenseMatrix embedding = EmbeddingClustering.rowNormalized(solution.pairs().vectors());
        KMeansResult clusters = diagnostics.time("kmeans", () -> EmbeddingClustering.cluster(embedding, k,
                options.kmeans(), constraints, random.split(), context));
        diagnostics.put("kmeansInertia", clusters.inertia());
        return new ClusteringResult(NAME, clusters.labels(), k, embedding, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), null);
    }

    /**
     * One layer: its normalized adjacency as an operator, its subspace, and (similarity layer of the
     * robust variant only, else null) the m leading eigenvectors that span the embedding.
     */
    record Layer(SymmetricOperator normalized, LayerSubspace subspace, DenseMatrix basis) {

        Layer(SymmetricOperator normalized, LayerSubspace subspace) {
            this(normalized, subspace, null);
        }
    }

    /**
     * The robust variant's solve: {@code L_mod} over the span of the similarity layer's basis, the
     * constraint layers weighted by n / (constrained points) ({@link SubspaceRestriction}).
     */
    private static Eigensolvers.Solution restricted(List<Layer> layers, double alpha, double weight, int k,
                                                    RunContext context) {
        DenseMatrix basis = layers.get(0).basis();
        DenseMatrix similarity = SubspaceRestriction.reduce(basis, modifiedAffinity(layers.subList(0, 1), alpha),
                context.backend());
        DenseMatrix reduced = SubspaceRestriction.combine(basis, similarity, modifiedAffinity(layers.subList(1,
                layers.size()), alpha), weight, context.backend());
        EigenDecomposition ritz = SubspaceRestriction.leading(reduced, k, context.backend());
        DenseMatrix vectors = io.csc.linalg.MatrixProducts.multiply(context.backend(), basis, ritz.vectors());
        return new Eigensolvers.Solution(new EigenDecomposition(ritz.values(), vectors),
                io.csc.algorithm.SolverStatus.direct("rayleigh-ritz over " + basis.columns() + " similarity eigenvectors"));
    }

    /** The three layers with their subspaces (similarity, must-link, cannot-link). */
    List<Layer> layers(Dataset data, ConstraintSet constraints, int k, int dimension, Diagnostics.Builder diagnostics,
                       SplittableRandom random, RunContext context) {
        int wanted = Math.min(k + 1, data.size());
        Layer similarity = diagnostics.time("similarityLayer", () -> similarityLayer(data, k, wanted, dimension,
                diagnostics, random.split(), context));
        LayerSolver solver = LayerSolver.onThreadsOf(context, options.lanczos());
        Layer mustLink = diagnostics.time("mustLinkLayer", () -> mustLinkLayer(constraints, k, solver, diagnostics,
                random.split()));
        Layer cannotLink = diagnostics.time("cannotLinkLayer", () -> cannotLinkLayer(constraints, k, wanted, solver,
                diagnostics, random.split()));
        List<Layer> layers = List.of(similarity, mustLink, cannotLink);
        diagnostics.put("layerDimensions", layers.stream().mapToInt(layer -> layer.subspace().dimension()).toArray());
        return layers;
    }

    /** The similarity layer; with {@code dimension > 0} also its {@code dimension} leading eigenvectors. */
    private Layer similarityLayer(Dataset data, int k, int selected, int dimension, Diagnostics.Builder diagnostics,
                                  SplittableRandom random, RunContext context) {
        int wanted = Math.max(selected, dimension);
        AffinityGraph graph = options.construction().build(data, new DenseBudget(NAME, 2, SCALABLE), context);
        GraphReport.record(diagnostics, graph, data.size());
        Eigensolvers.Solution solution;
        SymmetricOperator normalized;
        if (graph.isDense()) {
            DenseMatrix weights = graph.dense().weights();
            double[] degrees = NormalizedAffinity.normalizeInPlace(weights);
            diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
            solution = Eigensolvers.largestDense(weights, wanted, context);
            normalized = Operators.of(weights);
        } else {
            SparseMatrix weights = graph.sparse().weights();
            double[] degrees = weights.rowSums();
            diagnostics.put("isolatedPoints", NormalizedAffinity.isolatedCount(degrees));
            normalized = Operators.of(NormalizedAffinity.normalize(weights, degrees), context.parallel());
            solution = Eigensolvers.lanczos(normalized, wanted, Spectrum.LARGEST, options.lanczos(), random, context);
        }
        diagnostics.solver("similarity", solution.status());
        EigenDecomposition pairs = solution.pairs();
        EigenDecomposition leading = wanted == selected ? pairs : new EigenDecomposition(
                java.util.Arrays.copyOf(pairs.values(), selected), pairs.vectors().columns(0, selected));
        DenseMatrix basis = dimension > 0 ? pairs.vectors().columns(0, Math.min(dimension, pairs.count())) : null;
        return new Layer(normalized, LayerSubspace.select(leading, k), basis);
    }

    /**
     * How a constraint layer's leading eigenpairs are found: {@code (operator, count, random)} to the
     * {@code count} largest, by Lanczos with the layer's options.
     */
    @FunctionalInterface
    interface LayerSolver {
        Eigensolvers.Solution largest(SymmetricOperator operator, int count, SplittableRandom random);

        /** Lanczos with its vector kernels on the calling thread: for layers on the supervised points only. */
        static LayerSolver onCallingThread(LanczosOptions lanczos) {
            return (operator, count, random) -> Eigensolvers.lanczos(operator, count, Spectrum.LARGEST, lanczos, random);
        }

        /**
         * Lanczos on the run's threads: for layers over all n points. FAST-CSP-ML's cannot-link
         * layer on 1,000,000 points with 100,000 labels took 12-13 s on one thread.
         */
        static LayerSolver onThreadsOf(RunContext context, LanczosOptions lanczos) {
            return (operator, count, random) -> Eigensolvers.lanczos(operator, count, Spectrum.LARGEST, lanczos, random,
                    context);
        }
    }

    /** The must-link layer W₂ with its subspace: component indicators, then Lanczos by {@code solver}. Linear in n. */
    static Layer mustLinkLayer(ConstraintSet constraints, int k, LayerSolver solver, Diagnostics.Builder diagnostics,
                               SplittableRandom random) {
        ConstraintLayer layer = ConstraintLayer.mustLinks(constraints);
        double[] degrees = layer.degrees();
        SymmetricOperator normalized = layer.normalized(NormalizedAffinity.inverseSquareRootDegrees(degrees));
        ComponentIndicators components = ComponentIndicators.of(ConstraintClosure.of(constraints), degrees);
        diagnostics.put("mustLinkComponents", components.count())
                .put("pointsWithoutMustLink", NormalizedAffinity.isolatedCount(degrees));
        int remaining = k - components.count();
        if (remaining <= 0 || !mayHaveMoreDirections(constraints)) {
            return new Layer(normalized, LayerSubspace.empty(layer.size()).withComponents(components));
        }
        SymmetricOperator deflated = SymmetricOperator.of(layer.size(), (x, y) -> {
            normalized.apply(x, y);
            components.addProjection(x, y, -1.0);
        });
        Eigensolvers.Solution solution = solver.largest(deflated, Math.min(remaining + 1, layer.size()), random);
        diagnostics.solver("mustLink", solution.status());
        return new Layer(normalized, LayerSubspace.select(solution.pairs(), remaining).withComponents(components));
    }

    /**
     * False when the must-link layer is one block of classes or groups and nothing else: each class
     * is then {@code s sᵀ - diag(s²)} after normalization, rank one minus a positive diagonal, whose
     * only positive eigenvalue is its component's. No direction beyond the components qualifies.
     */
    private static boolean mayHaveMoreDirections(ConstraintSet constraints) {
        return constraints.pairs().stream().anyMatch(pair -> pair.isMustLink())
                || constraints.labelledBlocks().size() > 1;
    }

    /** The cannot-link layer W₃ with its subspace, by Lanczos by {@code solver}. Linear in n. */
    static Layer cannotLinkLayer(ConstraintSet constraints, int k, int wanted, LayerSolver solver,
                                 Diagnostics.Builder diagnostics, SplittableRandom random) {
        ConstraintLayer layer = ConstraintLayer.cannotLinks(constraints);
        SymmetricOperator normalized = layer.normalized(NormalizedAffinity.inverseSquareRootDegrees(layer.degrees()));
        Eigensolvers.Solution solution = solver.largest(normalized, wanted, random);
        diagnostics.solver("cannotLink", solution.status());
        return new Layer(normalized, LayerSubspace.select(solution.pairs(), k));
    }

    /** {@code K = Σ Ŵ_i + α Σ U_i U_iᵀ}, whose largest eigenvectors are the smallest of {@code L_mod}. */
    static SymmetricOperator modifiedAffinity(List<Layer> layers, double alpha) {
        int n = layers.get(0).normalized().size();
        return SymmetricOperator.of(n, (x, y) -> {
            double[] term = new double[n];
            java.util.Arrays.fill(y, 0.0);
            for (Layer layer : layers) {
                layer.normalized().apply(x, term);
                for (int i = 0; i < n; i++) {
                    y[i] += term[i];
                }
                layer.subspace().addProjection(x, y, alpha);
            }
        });
    }
}
