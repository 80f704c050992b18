package io.csc.algorithm.cspml;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SampledBlocks;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.graph.Bandwidth;
import io.csc.graph.BandwidthRule;
import io.csc.graph.Bandwidths;
import io.csc.graph.KernelOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import io.csc.linalg.SymmetricOperator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * FAST-CSP-ML (Trokicic and Todorovic, AMCS 2019, Algorithm 4): CSP-ML with every layer and the
 * modified Laplacian approximated from l sampled columns, the fast spectral clustering of
 * Choromanska, Jebara, Kim, Mohan and Monteleoni (ALT 2013) applied to a multi-layer graph.
 *
 * <h2>Method</h2>
 * <ol>
 *   <li>Sample l points L uniformly without replacement; the same columns serve every layer.</li>
 *   <li>For each layer i = 1 (similarity), 2 (must-link), 3 (cannot-link), with
 *       {@code Ŵ = W_i(:, L)}: the degrees of Eq. 13-14, {@code D_aa = 1/sqrt(Σ_{j∈L} Ŵ_aj)} (row sums
 *       over the sampled columns) and {@code Δ_jj = 1/sqrt(Σ_a Ŵ_aj)} (the full degree of each
 *       sampled point), and the approximate normalized adjacency columns
 *       {@code M_i = sqrt(l/n) D Ŵ Δ}, so that {@code C_i = I(:, L) - M_i} are the approximate
 *       sampled Laplacian columns.</li>
 *   <li>Per-layer embeddings {@code U_i}: the Nyström extension of the leading eigenvectors of
 *       {@code sym(M_i(L, :))} ({@link LayerExtension}).</li>
 *   <li>The sampled columns of the modified problem (Eq. 15-16):
 *       {@code K(:, L) = Σ_i M_i + α Σ_i U_i U_i(L, :)ᵀ}, computed without any n x n product; its
 *       extended leading eigenvectors are the approximate smallest of {@code L_mod}. Rows scaled to
 *       unit length, k-means.</li>
 * </ol>
 *
 * <h2>Variants: robust (the default) and paper</h2>
 * {@code --param variant=paper} runs the steps above. The default {@code robust} is CSP-ML's robust
 * variant ({@link SubspaceRestriction}) with the similarity layer's m = 4k leading eigenvectors (at most
 * the constrained points less k when they are few) extended from the l samples, and the constraint
 * layers exact (structured products with full degrees, O(n + p + b) each, as in CSP-ML) instead of
 * sampled. <b>Mechanism of the paper variant's failures:</b> (1) the localisation collapse of
 * CSP-ML (see there); (2) sampling a
 * sparse layer: a must-link pair with both ends sampled keeps its entry {@code sqrt(l/n)} in the
 * l x l block, whereas the similarity layer's smooth directions shrink to {@code (l/n) λ}, so each
 * sampled pair outranks them by {@code sqrt(n/l)}, and the more pairs, the more localized
 * directions fill the top k (mix5, 400 pairs: ACC 0.759; with all n sampled, as on Wine, it is the
 * collapse of (1): 20 pairs, 0.863). The robust variant never samples the constraint layers and
 * solves in the similarity layer's span. Evidence ({@code csc experiment}, 3 draws,
 * docs/results/71-csp-ml-robust.md): mix5 with 400 pairs 0.759 to 0.968 (NJW 0.972), Digits at 10%
 * labels 0.350 to 0.843, the binary look-alike 0.496 to 0.975. Cost: m products of the constraint
 * layers and the n x m extension, {@code O(n l m + m (n + p + b))}; still linear in n.
 *
 * <h2>Choices where the paper is unclear</h2>
 * <ul>
 *   <li><b>Extension of the affinity, not of the Laplacian.</b> Eq. 15 and the formula
 *       {@code Ũ = sqrt(l/n) C U_Q Σ_Q⁺} read literally extend the Laplacian columns
 *       {@code C = I(:, L) - M}. The identity part is exact and not low rank, and the informative
 *       eigenvalues of a Laplacian are the smallest, which {@code Σ_Q⁺} inflates: on the points
 *       outside the sample the literal extension is {@code -μ/(1-μ)} times the correct one, so the
 *       sampled points land opposite to their own clusters. Since {@code sym(C(L, :)) = I - sym(M(L, :))}
 *       has the same eigenvectors, we extend the affinity part M instead (eigenvalue μ ↔ Laplacian
 *       1 - μ): with l = n this reproduces CSP-ML's {@code L_mod} exactly (tested).</li>
 *   <li><b>The sign of α.</b> Eq. 15 writes {@code Σ C_i + α Σ U_i U_iᵀ(:, L)}, Eq. 5 subtracts the
 *       projectors from the Laplacians. We follow Eq. 5, the problem Eq. 15 approximates.</li>
 *   <li><b>Orthonormal embeddings.</b> The extended vectors are orthonormalized, so each
 *       {@code U_i U_iᵀ} is a projector as in Eq. 5.</li>
 *   <li><b>Kernel width.</b> The default σ is the mean distance to the 7 nearest neighbours,
 *       estimated from the sampled points' neighbours among all n points, which the kernel
 *       columns already hold ({@link SampledKernel#meanNeighbourDistance}, O(n l)). The median
 *       distance (the Nyström baseline's rule) is too wide here: the similarity layer's
 *       eigenvalues then fall well below the constraint layers' 1 and the unconstrained points
 *       collapse into one cluster (Fashion-MNIST at 10% labels: Rand index 0.24 against 0.87).</li>
 *   <li><b>Layers as in CSP-ML</b> ({@link ConstraintLayer}, {@link MultiLayerConstrainedClustering}):
 *       W₁ has a zero diagonal (the sampled points' own kernel value is dropped), W₃'s diagonal is 1,
 *       points without a must-link to a sampled point have a zero row in the must-link layer, and
 *       layer subspaces keep at most k positive eigenvalues with no tie across the cut.</li>
 * </ul>
 *
 * <h2>Cost</h2>
 * Time {@code O(n l d + n l k + l³ + p + Σ_t |t| |t ∩ L|)} and memory {@code O(n l)}: linear in n.
 * Explicit pairs cost O(p) and labels O(b l) at most, however many pairs the labels imply. New
 * points are placed by the same extension ({@link FastMultiLayerModel}).
 */
public final class FastMultiLayerConstrainedClustering implements ClusteringAlgorithm {

    public static final String NAME = "fast-csp-ml";

    public static final Parameter<Integer> SAMPLES = Parameter.integer("samples", 500,
            "l, the number of sampled columns common to all layers; memory is about n x l doubles");
    public static final Parameter<BandwidthRule> BANDWIDTH = Parameter.choice("bandwidth", BandwidthRule.class,
            BandwidthRule.KNN_MEAN, "sigma rule when not given: knn-mean estimated from the sampled points' nearest "
                    + "neighbours among all points, or median on a sample (self-tuning needs all distances)").usedOnlyWith(SpectralParameters.SIGMA, null);

    public static final List<Parameter<?>> PARAMETERS = List.of(MultiLayerConstrainedClustering.VARIANT,
            MultiLayerConstrainedClustering.DIMENSION, SAMPLES, MultiLayerConstrainedClustering.ALPHA,
            SpectralParameters.SIGMA, BANDWIDTH, SpectralParameters.SCALE_NEIGHBOURS, SpectralParameters.ASSIGNMENT, SpectralParameters.KMEANS_RESTARTS,
            SpectralParameters.KMEANS_ITERATIONS, SpectralParameters.KMEANS_SAMPLE);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "CSP-ML with every layer approximated from l sampled columns (linear in n, any number of constraints)",
            "Trokicic, Todorovic: Constrained spectral clustering via multi-layer graph embeddings on a Grassmann "
                    + "manifold, AMCS 2019 (Algorithm 4)", true, true, PARAMETERS,
            values -> new FastMultiLayerConstrainedClustering(options(values)));

    /** Rows per chunk of the parallel passes over the n x l columns; fixed, so results do not depend on threads. */
    private static final int ROW_GRAIN = 1024;

    private final FastMultiLayerOptions options;

    public FastMultiLayerConstrainedClustering(FastMultiLayerOptions options) {
        this.options = options;
    }

    /** The options from parameter values over their defaults. */
    public static FastMultiLayerOptions options(ParameterValues values) {
        KernelOptions kernel = SpectralParameters.kernel(values, BANDWIDTH);
        return new FastMultiLayerOptions(values.get(MultiLayerConstrainedClustering.VARIANT),
                values.get(MultiLayerConstrainedClustering.DIMENSION), values.get(SAMPLES), kernel,
                values.get(MultiLayerConstrainedClustering.ALPHA), SpectralParameters.kmeans(values));
    }

    public FastMultiLayerOptions options() {
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
        return dimension > 0 ? new FastMultiLayerConstrainedClustering(options.withDimension(dimension)) : this;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        long start = System.nanoTime();
        SplittableRandom random = context.random();
        Diagnostics.Builder diagnostics = Diagnostics.builder().put("alpha", options.alpha());
        int n = data.size();
        int l = SampledKernel.sampleCount(NAME, options.samples(), n, k, diagnostics);
        int[] sample = Bandwidths.sampleWithoutReplacement(n, l, random.split());
        RunContext bandwidthContext = context.withSeed(random.nextLong());
        SampledKernel[] kernel = {SampledKernel.of(data, sample, Bandwidth.global(1.0))};
        DenseMatrix columns = diagnostics.time("kernel", () -> {
            DenseMatrix distances = kernel[0].squaredDistances(data, context);
            kernel[0] = kernel[0].withBandwidth(bandwidth(data, kernel[0], distances, sample, bandwidthContext));
            kernel[0].toWeights(distances, context);
            return distances;
        });
        diagnostics.put("samples", l).put("sigma", kernel[0].bandwidth().sigma());
        LinearAlgebraBackend backend = context.backend();
        double factor = Math.sqrt((double) l / n);
        if (options.variant() == Variant.ROBUST) {
            return fitRestricted(columns, sample, kernel[0], constraints, k, factor, diagnostics, random, context,
                    start);
        }

        SampledAffinity similarity = diagnostics.time("similarityLayer", () -> similarityLayer(columns, sample, k,
                factor, context));
        ConstraintLayer mustLinks = ConstraintLayer.mustLinks(constraints);
        ConstraintLayer cannotLinks = ConstraintLayer.cannotLinks(constraints);
        SampledAffinity mustLink = diagnostics.time("mustLinkLayer", () -> constraintLayer(mustLinks, sample, k,
                factor, backend));
        SampledAffinity cannotLink = diagnostics.time("cannotLinkLayer", () -> constraintLayer(cannotLinks, sample, k,
                factor, backend));
        List<SampledAffinity> layers = List.of(similarity, mustLink, cannotLink);
        diagnostics.put("layerDimensions", layers.stream().mapToInt(layer -> layer.extension().dimension()).toArray())
                .put("pointsWithoutSampledMustLink", NormalizedAffinity.isolatedCount(mustLink.rowSums()));

        LayerExtension modified = diagnostics.time("eigen", () -> {
            int[] position = ConstraintLayer.positions(n, sample);
            mustLinks.addSampledColumns(sample, position, mustLink.rowScale(), mustLink.columnScale(), columns);
            cannotLinks.addSampledColumns(sample, position, cannotLink.rowScale(), cannotLink.columnScale(), columns);
            for (SampledAffinity layer : layers) {
                addProjection(layer.extension(), options.alpha(), columns, backend);
            }
            return LayerExtension.of(SampledBlocks.rows(columns, sample), sample, n, k, factor,
                    x -> SampledBlocks.multiply(backend, columns, x), backend);
        });
        diagnostics.put("eigenvalues", modified.values());
        if (modified.dimension() < k) {
            diagnostics.warn("The sampled modified Laplacian has only " + modified.dimension() + " usable eigenvectors "
                    + "for k = " + k + ": the embedding has fewer dimensions; raise --param samples");
        }
        DenseMatrix embedding = EmbeddingClustering.rowNormalized(modified.vectors());
        KMeansResult clusters = diagnostics.time("kmeans", () -> EmbeddingClustering.cluster(embedding, k,
                options.kmeans(), constraints, random.split(), context));
        diagnostics.put("kmeansInertia", clusters.inertia());
        FastMultiLayerModel model = new FastMultiLayerModel(kernel[0], factor, options.alpha(), similarity.columnScale(),
                cannotLink.columnScale(), layers.stream().map(SampledAffinity::extension).toList(), modified.map(),
                clusters.centroids());
        return new ClusteringResult(NAME, clusters.labels(), k, embedding, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), model);
    }

    /**
     * The robust variant ({@link SubspaceRestriction}): the similarity layer's m leading eigenvectors
     * by the Nyström extension, the constraint layers exact (structured, full degrees, as in CSP-ML)
     * on the c supervised points and one coordinate for the others ({@link CompressedConstraintLayers},
     * as on Spark: O(c + b) per product), and {@code L_mod} minimized over the extended subspace. Time
     * {@code O(n l m + m (c + b) + l³)}, memory O(n l): linear in n. On 1,000,000 points with 100,000
     * labels the cannot-link layer took 8.3 s over all n points, and takes a tenth of that here.
     */
    private ClusteringResult fitRestricted(DenseMatrix columns, int[] sample, SampledKernel kernel,
                                           ConstraintSet constraints, int k, double factor,
                                           Diagnostics.Builder diagnostics, SplittableRandom random,
                                           RunContext context, long start) {
        int dimension = SubspaceRestriction.dimension(options.dimension(), k, sample.length,
                constraints.constrainedPoints().length);
        SampledAffinity similarity = diagnostics.time("similarityLayer", () -> similarityLayer(columns, sample,
                dimension, factor, context));
        LayerExtension extension = similarity.extension();
        if (extension.dimension() < k) {
            diagnostics.warn("The sampled similarity layer has only " + extension.dimension() + " usable eigenvectors "
                    + "for k = " + k + ": the embedding has fewer dimensions; raise --param samples");
        }
        // the constraint layers on the supervised points and one coordinate for all others, exact
        // (CompressedConstraintLayers), as the Spark engine has them: Lanczos over c + 1 values, not n
        int[] supervised = constraints.constrainedPoints();
        CompressedConstraintLayers layers = CompressedConstraintLayers.of(constraints.restrictedTo(supervised),
                constraints.pointCount(), k, options.alpha(), diagnostics, random);
        LinearAlgebraBackend backend = context.backend();
        double weight = SubspaceRestriction.constraintWeight(constraints);
        EigenDecomposition ritz = diagnostics.time("eigen", () -> restrictedRitz(extension.form(),
                CompressedConstraintLayers.lumpedRows(extension.vectors(), supervised), layers.operator(),
                new int[] {layers.mustLinkDimension(), layers.cannotLinkDimension()}, weight, options.alpha(), k,
                diagnostics, backend));
        recordRitz(diagnostics, ritz, extension.dimension(), weight);
        DenseMatrix embedding = EmbeddingClustering.rowNormalized(
                SampledBlocks.multiply(backend, extension.vectors(), ritz.vectors()));
        KMeansResult clusters = diagnostics.time("kmeans", () -> EmbeddingClustering.cluster(embedding, k,
                options.kmeans(), constraints, random.split(), context));
        diagnostics.put("kmeansInertia", clusters.inertia());
        FastRestrictedModel model = new FastRestrictedModel(kernel, factor, similarity.columnScale(),
                MatrixProducts.multiply(backend, extension.map(), ritz.vectors()), clusters.centroids());
        return new ClusteringResult(NAME, clusters.labels(), k, embedding, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), model);
    }

    /**
     * The robust variant's Rayleigh-Ritz step: the k leading eigenpairs of
     * {@code form + α P + weight · Bᵀ K_c B}, with {@code form} the similarity layer restricted to its
     * extended subspace, P the projector on its own kept leading eigenvectors there, and
     * {@code Bᵀ K_c B} the constraint layers with their projectors seen from the subspace:
     * {@code basis} is the subspace's basis in the coordinates {@code constraintLayers} acts on (the
     * n points locally; the supervised points and the rest lumped together on Spark). Records the
     * layers' dimensions ({@code constraintDimensions}: must-link, cannot-link).
     */
    static EigenDecomposition restrictedRitz(DenseMatrix form, DenseMatrix basis, SymmetricOperator constraintLayers,
                                             int[] constraintDimensions, double weight, double alpha, int k,
                                             Diagnostics.Builder diagnostics, LinearAlgebraBackend backend) {
        DenseMatrix similarityForm = form.copy();
        EigenDecomposition own = SubspaceRestriction.leading(similarityForm, k + 1, backend);
        int kept = LayerSubspace.keptCount(own.values(), k, 0.0);
        DenseMatrix ownVectors = own.vectors().columns(0, kept);
        DenseMatrix ownProjector = MatrixProducts.multiplyTransposeB(backend, ownVectors, ownVectors);
        double[] values = similarityForm.data();
        for (int t = 0; t < values.length; t++) {
            values[t] += alpha * ownProjector.data()[t];
        }
        DenseMatrix reduced = SubspaceRestriction.combine(basis, similarityForm, constraintLayers, weight, backend);
        diagnostics.put("layerDimensions", new int[] {kept, constraintDimensions[0], constraintDimensions[1]});
        return SubspaceRestriction.leading(reduced, k, backend);
    }

    /** The robust variant's diagnostics; turns the Ritz values into those of {@code L_mod = 3I - K}, in place. */
    static void recordRitz(Diagnostics.Builder diagnostics, EigenDecomposition ritz, int subspaceDimension,
                           double weight) {
        double[] laplacianValues = ritz.values();
        for (int j = 0; j < laplacianValues.length; j++) {
            laplacianValues[j] = 3 - laplacianValues[j];
        }
        diagnostics.put("variant", "robust").put("subspaceDimension", subspaceDimension)
                .put("constraintWeight", weight)
                .put("eigenvalues", laplacianValues);
    }

    /**
     * σ by the options' rule: fixed, the median on a sample, or the mean k-NN distance estimated from
     * the sampled points' neighbours among all points ({@link SampledKernel#meanNeighbourDistance}).
     */
    private Bandwidth bandwidth(Dataset data, SampledKernel kernel, DenseMatrix squaredDistances, int[] sample,
                                RunContext context) {
        if (options.kernel().rule() != BandwidthRule.KNN_MEAN) {
            return Bandwidths.resolve(options.kernel(), data, null, context);
        }
        double sigma = kernel.meanNeighbourDistance(squaredDistances, sample, options.kernel().neighbours(),
                context.parallel());
        if (!(sigma > 0)) {
            throw new IllegalArgumentException("The sampled points coincide with their nearest neighbours (mean k-NN "
                    + "distance 0): give --param sigma or raise --param scale-neighbours");
        }
        return Bandwidth.global(sigma);
    }

    /**
     * One sampled layer: the scales of Eq. 13-14 (times sqrt(l/n) for the rows), the raw row sums
     * over the sampled columns, and the layer's extended embedding.
     */
    record SampledAffinity(double[] rowScale, double[] columnScale, double[] rowSums, LayerExtension extension) {
    }

    /** Normalizes the kernel columns in place into {@code M₁ = sqrt(l/n) D W₁(:, L) Δ} and extends. */
    private static SampledAffinity similarityLayer(DenseMatrix columns, int[] sample, int k, double factor,
                                                   RunContext context) {
        int n = columns.rows();
        int l = columns.columns();
        double[] c = columns.data();
        for (int j = 0; j < l; j++) {
            c[sample[j] * l + j] = 0.0;
        }
        double[] rowSums = new double[n];
        double[] columnSums = new double[l];
        List<double[]> partials = context.parallel().map(n, ROW_GRAIN, (from, to) -> {
            double[] partial = new double[l];
            for (int a = from; a < to; a++) {
                double sum = 0;
                for (int j = 0; j < l; j++) {
                    double value = c[a * l + j];
                    sum += value;
                    partial[j] += value;
                }
                rowSums[a] = sum;
            }
            return partial;
        });
        for (double[] partial : partials) {
            for (int j = 0; j < l; j++) {
                columnSums[j] += partial[j];
            }
        }
        double[] rowScale = NormalizedAffinity.inverseSquareRootDegrees(rowSums);
        for (int a = 0; a < n; a++) {
            rowScale[a] *= factor;
        }
        double[] columnScale = NormalizedAffinity.inverseSquareRootDegrees(columnSums);
        context.parallel().forRange(n, ROW_GRAIN, (from, to) -> {
            for (int a = from; a < to; a++) {
                for (int j = 0; j < l; j++) {
                    c[a * l + j] *= rowScale[a] * columnScale[j];
                }
            }
        });
        LinearAlgebraBackend backend = context.backend();
        LayerExtension extension = LayerExtension.of(SampledBlocks.rows(columns, sample), sample, n, k, factor,
                x -> SampledBlocks.multiply(backend, columns, x), backend);
        return new SampledAffinity(rowScale, columnScale, rowSums, extension);
    }

    /** The sampled must-link or cannot-link layer: scales, block and extension, without storing its columns. */
    private static SampledAffinity constraintLayer(ConstraintLayer layer, int[] sample, int k, double factor,
                                                   LinearAlgebraBackend backend) {
        int n = layer.size();
        int l = sample.length;
        double[] degrees = layer.degrees();
        double[] rowSums = layer.sampledDegrees(sample);
        double[] rowScale = NormalizedAffinity.inverseSquareRootDegrees(rowSums);
        for (int a = 0; a < n; a++) {
            rowScale[a] *= factor;
        }
        double[] sampledDegrees = new double[l];
        for (int j = 0; j < l; j++) {
            sampledDegrees[j] = degrees[sample[j]];
        }
        double[] columnScale = NormalizedAffinity.inverseSquareRootDegrees(sampledDegrees);
        DenseMatrix block = layer.block(sample);
        for (int i = 0; i < l; i++) {
            for (int j = 0; j < l; j++) {
                block.set(i, j, block.get(i, j) * rowScale[sample[i]] * columnScale[j]);
            }
        }
        LayerExtension extension = LayerExtension.of(block, sample, n, k, factor,
                x -> layer.multiplySampledColumns(sample, rowScale, columnScale, x), backend);
        return new SampledAffinity(rowScale, columnScale, rowSums, extension);
    }

    /** {@code target += α U U(L, :)ᵀ} (Eq. 16), without any n x n product. */
    private static void addProjection(LayerExtension extension, double alpha, DenseMatrix target,
                                      LinearAlgebraBackend backend) {
        if (alpha != 0.0) {
            SampledBlocks.addProduct(backend, alpha, extension.vectors(), extension.sampledRows(), target);
        }
    }
}
