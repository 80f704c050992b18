package io.csc.algorithm.njw;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.PreparedFit;
import io.csc.algorithm.PreparingAlgorithm;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.GraphReport;
import io.csc.algorithm.spectral.NjwEmbedding;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.AffinityGraph;
import io.csc.graph.BandwidthRule;
import io.csc.graph.DenseBudget;
import io.csc.graph.GraphType;
import io.csc.graph.KernelOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Normalized spectral clustering of Ng, Jordan and Weiss (NIPS 2001), the unconstrained baseline
 * of every paper here: affinity W with zero diagonal, {@code M = D^-1/2 W D^-1/2}, its k largest
 * eigenvectors as columns of X, rows of X scaled to unit length, k-means on the rows.
 *
 * <p>Two graphs: the dense Gaussian affinity (O(n² d) time, O(n²) memory, refused above what the
 * heap holds) with a dense eigensolver, or the symmetric k-NN graph (O(n² d) time for the exact
 * neighbours, O(n k) memory) with the Lanczos solver. Constraints are ignored.
 */
public final class NormalizedSpectralClustering implements PreparingAlgorithm {

    public static final String NAME = "njw";

    public static final Parameter<GraphType> GRAPH = Parameter.choice("graph", GraphType.class, GraphType.DENSE,
            "dense Gaussian affinity, or symmetric k-NN graph (sparse, for large n)");
    public static final Parameter<Integer> NEIGHBOURS = Parameter.integer("neighbours", 10,
            "k of the k-NN graph (graph=knn)").usedOnlyWith(GRAPH, GraphType.KNN);
    public static final Parameter<BandwidthRule> BANDWIDTH = SpectralParameters.bandwidth(BandwidthRule.KNN_MEAN);
    public static final Parameter<Boolean> BANDWIDTH_FALLBACK = Parameter.bool("bandwidth-fallback", true,
            "when the bandwidth rule's clustering puts over 90% of the points in one cluster, fit again with the "
                    + "other rules (knn-mean, self-tuning, median) and keep the first that does not");

    public static final List<Parameter<?>> PARAMETERS = List.of(GRAPH, NEIGHBOURS, SpectralParameters.SIGMA, BANDWIDTH,
            BANDWIDTH_FALLBACK, SpectralParameters.SCALE_NEIGHBOURS, SpectralParameters.KMEANS_RESTARTS, SpectralParameters.KMEANS_ITERATIONS,
            SpectralParameters.KMEANS_SAMPLE,
            SpectralParameters.EIGEN_TOLERANCE, SpectralParameters.EIGEN_ITERATIONS);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "Normalized spectral clustering (unconstrained baseline), dense or k-NN graph",
            "Ng, Jordan, Weiss: On spectral clustering, NIPS 2001", false, false, PARAMETERS,
            values -> new NormalizedSpectralClustering(options(values)));

    /** The name of NJW with the constrained assignment. */
    public static final String SEEDED_NAME = "seeded-njw";

    /**
     * NJW's embedding of the graph, untouched by the supervision, clustered by the constrained
     * k-means ({@link io.csc.cluster.ConstrainedKMeans}): labelled classes seed and hold their
     * clusters, pairs and groups are penalties, and free k-means++ starts replace the seeded run
     * where they fit the embedding better without holding more labelled points away from their
     * nearest centre ({@link io.csc.cluster.KMeansOptions#freeStarts()}). The simplest use of
     * supervision in spectral clustering, and, dense and on the k-NN graph, a reference the
     * constrained methods are guarded against ({@code select=guard}): it cannot be worse than NJW
     * by more than the assignment's effect.
     */
    public static final AlgorithmDescriptor SEEDED_DESCRIPTOR = new AlgorithmDescriptor(SEEDED_NAME,
            "NJW's embedding, clustered by k-means seeded by the labels with pairs as penalties, and free "
                    + "k-means++ starts where they fit better (a reference of the default guard, dense and graph=knn)",
            "Ng, Jordan, Weiss: On spectral clustering, NIPS 2001; Basu, Banerjee, Mooney: Semi-supervised "
                    + "clustering by seeding, ICML 2002, and Active semi-supervision for pairwise constrained "
                    + "clustering, SDM 2004", true, false, PARAMETERS, false,
            values -> new NormalizedSpectralClustering(options(values), true));

    static final String SCALABLE = "njw with --param graph=knn, lsc-r, lsc-k or nystrom";
    private static final String SEEDED_SCALABLE = "seeded-njw with --param graph=knn, or the linear-time methods "
            + "scacs, sc-pc and fast-csp-ml";

    private final NjwOptions options;
    private final boolean seeded;

    public NormalizedSpectralClustering(NjwOptions options) {
        this(options, false);
    }

    /**
     * @param options the graph, kernel and solvers
     * @param seeded whether the final k-means uses the supervision ({@link #SEEDED_DESCRIPTOR})
     */
    public NormalizedSpectralClustering(NjwOptions options, boolean seeded) {
        this.options = options;
        this.seeded = seeded;
    }

    /** The options from parameter values over their defaults. */
    public static NjwOptions options(ParameterValues values) {
        return new NjwOptions(values.get(GRAPH), SpectralParameters.kernel(values, BANDWIDTH), values.get(NEIGHBOURS),
                SpectralParameters.kmeans(values), SpectralParameters.lanczos(values), values.get(BANDWIDTH_FALLBACK));
    }

    public NjwOptions options() {
        return options;
    }

    @Override
    public String name() {
        return seeded ? SEEDED_NAME : NAME;
    }

    /**
     * The graph and its embedding, computed once: they do not depend on the supervision, which
     * seeded-njw uses in its final assignment only. With the same seed for the preparation and the
     * fit, the labels are those of {@link #fit}.
     */
    @Override
    public PreparedFit prepareChecked(Dataset data, int k, RunContext context) {
        long start = System.nanoTime();
        SplittableRandom random = context.random();
        boolean sparse = options.graph() == GraphType.KNN;
        // the Lanczos solver's generator (k-NN graph only), drawn once whichever bandwidth is kept
        SplittableRandom lanczosRandom = sparse ? random.split() : null;
        Diagnostics.Builder diagnostics = Diagnostics.builder().put("graph", Parameter.enumText(options.graph()));
        Embedding embedding = embed(data, k, options, lanczosRandom, context);
        if (options.bandwidthFallback() && options.kernel().rule() != BandwidthRule.FIXED) {
            double share = BandwidthFallback.largestShare(embedding.solution().pairs().vectors(), k, context.parallel());
            if (BandwidthFallback.lopsided(share)) {
                embedding = fallback(data, k, embedding, share, lanczosRandom, context);
            }
        }
        diagnostics.merge(embedding.diagnostics());
        Eigensolvers.Solution solution = embedding.solution();
        Diagnostics preparation = diagnostics.build();
        long preparationNanos = System.nanoTime() - start;
        int n = data.size();
        return (constraints, fitContext) -> {
            PreparingAlgorithm.requirePreparedSize(name(), constraints, n);
            SplittableRandom fitRandom = fitContext.random();
            if (sparse) {
                fitRandom.split(); // the Lanczos solver's generator, drawn in the preparation
            }
            return EmbeddingClustering.result(name(), solution, k, true, options.kmeans().withSupervised(seeded).withFreeStarts(seeded),
                    seeded ? constraints : null, fitRandom.split(), fitContext, Diagnostics.builder().merge(preparation),
                    System.nanoTime() - preparationNanos);
        };
    }

    /** NJW's graph and embedding under {@code fitOptions}, with their diagnostics. */
    private record Embedding(Eigensolvers.Solution solution, Diagnostics diagnostics) {
    }

    /** {@code lanczosRandom}: the generator of the Lanczos solver's start (k-NN graph only, else null). */
    private Embedding embed(Dataset data, int k, NjwOptions fitOptions, SplittableRandom lanczosRandom,
                            RunContext context) {
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        AffinityGraph graph = diagnostics.time("graph", () -> fitOptions.construction().build(data,
                new DenseBudget(name(), 2, seeded ? SEEDED_SCALABLE : SCALABLE), context));
        GraphReport.record(diagnostics, graph, data.size());
        Eigensolvers.Solution solution = graph.isDense()
                ? NjwEmbedding.dense(graph.dense().weights(), k, context, diagnostics)
                : NjwEmbedding.sparse(graph.sparse().weights(), k, fitOptions.lanczos(), lanczosRandom, context,
                        diagnostics);
        return new Embedding(solution, diagnostics.build());
    }

    /**
     * The embedding of the first other bandwidth rule whose clustering is not lopsided
     * ({@link BandwidthFallback}), or {@code asked} when there is none; the time of every fit counts
     * in the stages, and {@code bandwidthFallback} in the diagnostics says what was tried.
     */
    private Embedding fallback(Dataset data, int k, Embedding asked, double askedShare, SplittableRandom lanczosRandom,
                               RunContext context) {
        String askedRule = Parameter.enumText(options.kernel().rule());
        Map<String, Object> tried = new LinkedHashMap<>();
        tried.put(askedRule, askedShare);
        Diagnostics.Builder spent = Diagnostics.builder();
        spent.stages(asked.diagnostics());
        Embedding chosen = null;
        BandwidthRule used = options.kernel().rule();
        for (BandwidthRule rule : BandwidthFallback.alternatives(options.kernel().rule())) {
            Embedding other = embed(data, k, options.withKernel(new KernelOptions(rule, Double.NaN,
                    options.kernel().neighbours())), lanczosRandom == null ? null : lanczosRandom.split(), context);
            double share = BandwidthFallback.largestShare(other.solution().pairs().vectors(), k, context.parallel());
            tried.put(Parameter.enumText(rule), share);
            if (!BandwidthFallback.lopsided(share)) {
                chosen = other;
                used = rule;
                break;
            }
            spent.stages(other.diagnostics());
        }
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("asked", askedRule);
        report.put("used", Parameter.enumText(used));
        report.put("largestClusterShares", tried);
        if (chosen == null) {
            return new Embedding(asked.solution(), Diagnostics.builder().merge(asked.diagnostics())
                    .put("bandwidthFallback", report).build());
        }
        return new Embedding(chosen.solution(), spent.merge(chosen.diagnostics()).put("bandwidthFallback", report)
                .warn(String.format(Locale.ROOT, "At the %s bandwidth, %.1f%% of the points fell into one "
                        + "cluster; the clusters are those at the %s bandwidth. --param bandwidth-fallback=false keeps %s",
                        askedRule, 100 * askedShare, Parameter.enumText(used), askedRule))
                .build());
    }
}
