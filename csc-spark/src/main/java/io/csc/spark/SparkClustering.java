package io.csc.spark;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.cspml.FastMultiLayerConstrainedClustering;
import io.csc.algorithm.lsc.LandmarkSpectralClustering;
import io.csc.algorithm.lsc.LscOptions;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.scacs.ScacsOptions;
import io.csc.algorithm.scpc.ComponentLandmarkGraph;
import io.csc.algorithm.scpc.PairwiseConstraintSpectralClustering;
import io.csc.algorithm.scpc.ScpcOptions;
import io.csc.algorithm.scpc.ScpcVariant;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintSet;
import io.csc.algorithm.scacs.ScalableConstrainedSpectralClustering;
import io.csc.algorithm.spectral.LandmarkGram;
import io.csc.algorithm.spectral.LandmarkModel;
import io.csc.api.RunContext;
import io.csc.cluster.KMeansOptions;
import io.csc.data.FittedScaling;
import io.csc.graph.Bandwidths;
import io.csc.graph.Landmarks;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.model.CscVersion;
import io.csc.model.FittedModel;
import io.csc.model.Provenance;
import io.csc.selection.NeighbourhoodAgreement;
import io.csc.selection.SelectionMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;

/**
 * The linear-time methods on Spark: the same steps as the local engine, the heavy ones on the
 * executors. For lsc-r, lsc-k and scacs (sc-pc, the robust variant, in {@code scpc}: the same steps with
 * its self-excluding coding and its codes merged onto the nodes of its landmark graph):
 * <ol>
 * <li>landmarks: p row indices drawn on the driver exactly as the local engine draws them (same
 *     seed, same rows), their rows fetched; lsc-k then runs its Lloyd iterations as passes;</li>
 * <li>sparse coding per partition with the landmarks broadcast (the core's block kernel), σ from
 *     the summed statistics, the p x p Gram matrix and the degrees summed per partition;</li>
 * <li>the small eigenproblem on the driver by the core's spectral step (LSC's, or SCACS's with the
 *     constraint terms from the supervised points' codes, fetched: O(c r));</li>
 * <li>the embedding per partition and the final k-means distributed ({@link DistributedKMeans}).</li>
 * </ol>
 * The driver holds O(p² + p d + c (r + m)) values: nothing of size n.
 *
 * <p>fast-csp-ml (the robust variant) keeps no codes: its l sampled points take the landmarks' place,
 * each pass computes its blocks' kernel rows to them, and the constraint layers act on the c
 * supervised points and one coordinate for all the others ({@link SampledColumnClustering}); the
 * driver holds O(l² + l d + c (d + m)) values, m = 4k the subspace's dimension.
 */
public final class SparkClustering {

    /** The methods this engine runs. */
    public static final List<String> METHODS = List.of("lsc-r", "lsc-k", "scacs", "sc-pc", "fast-csp-ml");

    private SparkClustering() {
    }

    /**
     * The warning of a distributed fit that contradicts its labels or pairs ({@link NeighbourhoodCheck}): the
     * local engine's {@code select=auto} would have guarded it; the Spark engine cannot.
     */
    static String contradicted(NeighbourhoodAgreement.Finding finding) {
        String basis = finding.basis().word();
        return "The method contradicted its " + basis + ": " + finding.inWords() + ". The Spark engine fits the method "
                + "as set and cannot guard it: its clusters are likely worse than simple uses of the " + basis + ". Fit a sample "
                + "with the local engine (--param select=guard, or -a auto) to see which method the data wants";
    }

    /**
     * A distributed fit.
     *
     * @param model the fitted model (scaling, placement of new points, provenance)
     * @param labels the cluster of each training point, one array per block, in row order
     * @param diagnostics the method's diagnostics and stage times
     * @param seconds the time of the fit
     */
    public record Fit(FittedModel model, JavaRDD<LabelBlock> labels, Diagnostics diagnostics, double seconds) {
    }

    /** The clusters of a block of consecutive training points. */
    public record LabelBlock(long firstIndex, int[] labels) implements java.io.Serializable {
    }

    /**
     * Fits {@code method} with {@code values} on the scaled points.
     *
     * @param points the training points, scaled with {@code scaling}
     * @param supervision the supervision over them
     */
    public static Fit fit(String method, ParameterValues values, DistributedPoints points, FittedScaling scaling,
                          Supervision supervision, int k, long seed, List<String> featureNames) {
        AlgorithmDescriptor descriptor = AlgorithmRegistry.byName(method);
        if (!METHODS.contains(descriptor.name())) {
            throw new IllegalArgumentException("The Spark engine runs " + String.join(", ", METHODS) + "; "
                    + descriptor.name() + " runs on the local engine only (drop --engine spark)");
        }
        descriptor.effectiveParameters(values);
        SelectionMode selection = values.get(SelectionMode.PARAMETER);
        if (selection != SelectionMode.NONE && selection != SelectionMode.AUTO) {
            throw new IllegalArgumentException("select=" + values.asMap().get(SelectionMode.PARAMETER.name())
                    + " runs on the local engine only: its folds refit the method many times on a sample"
                    + " (the Spark engine fits the method as set; under select=auto it checks the fit against its"
                    + " labels and reports a contradiction)");
        }
        long n = points.size();
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("Invalid k: " + k + " (must be in [1, " + n + "], the number of points)");
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(n + " points: the Spark engine indexes points with 31 bits (at most "
                    + Integer.MAX_VALUE + " per fit)");
        }
        long start = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        Spectral spectral = switch (descriptor.name()) {
            case ScalableConstrainedSpectralClustering.NAME -> scacs(ScalableConstrainedSpectralClustering.options(values),
                    points, supervision, k, random, seed, diagnostics);
            case FastMultiLayerConstrainedClustering.NAME -> SampledColumnClustering.fit(
                    FastMultiLayerConstrainedClustering.options(values), points, supervision, k, random, seed, diagnostics);
            case PairwiseConstraintSpectralClustering.NAME -> scpc(PairwiseConstraintSpectralClustering.options(values),
                    points, supervision, k, random, seed, diagnostics);
            default -> lsc(descriptor.name(), values, points, k, random, seed, diagnostics);
        };
        DistributedKMeans.Result clusters;
        JavaRDD<EmbeddedBlock> embedding = spectral.embedding();
        boolean supervised = spectral.kmeans().supervised() && supervision.size() > 0;
        clusters = diagnostics.time("kmeans", () -> new DistributedKMeans(spectral.kmeans()).fit(embedding, n, k,
                supervision, supervised, random.split()));
        diagnostics.put("kmeansInertia", clusters.inertia());
        long[] fixed = supervised ? supervision.points() : new long[0];
        JavaRDD<int[]> labels = DistributedKMeans.labels(embedding, clusters, fixed);
        JavaRDD<LabelBlock> labelled = DistributedKMeans.cached(embedding.zip(labels)
                .map(pair -> new LabelBlock(pair._1().firstIndex(), pair._2())));
        labelled.count();
        embedding.unpersist(false);
        spectral.release().run();
        if (selection == SelectionMode.AUTO && !supervision.constraints().isEmpty()) {
            diagnostics.time(NeighbourhoodAgreement.STAGE, () -> NeighbourhoodCheck.of(points, supervision, labelled, seed))
                    .ifPresent(finding -> {
                        diagnostics.put("neighbourhoodCheck", finding.asMap());
                        if (finding.contradicts()) {
                            diagnostics.warn(contradicted(finding));
                        }
                    });
        }
        ClusteringModel placement = spectral.placement().apply(clusters.centroids());
        Provenance provenance = provenance(descriptor, values, seed, points, k, supervision, featureNames);
        return new Fit(new FittedModel(provenance, scaling, placement), labelled, diagnostics.build(),
                (System.nanoTime() - start) / 1e9);
    }

    /**
     * What the spectral stage hands to the final clustering and the model.
     *
     * @param placement the model that places new points, from the final k-means centres
     * @param release frees what the stage cached besides the embedding
     */
    record Spectral(java.util.function.Function<DenseMatrix, ClusteringModel> placement, Runnable release,
                    JavaRDD<EmbeddedBlock> embedding, KMeansOptions kmeans) {

        /** The landmark methods' stage: their model is a {@link LandmarkModel}, their cache the codes. */
        static Spectral landmarks(DenseMatrix landmarks, int nearest, double sigma, DenseMatrix map, boolean scalesRows,
                                  JavaRDD<LandmarkCoding.CodeBlock> codes, JavaRDD<EmbeddedBlock> embedding,
                                  KMeansOptions kmeans) {
            return new Spectral(centroids -> new LandmarkModel(landmarks, nearest, sigma, map, scalesRows, centroids),
                    () -> codes.unpersist(false), embedding, kmeans);
        }
    }

    private static Spectral lsc(String name, ParameterValues values, DistributedPoints points, int k,
                                SplittableRandom random, long seed, Diagnostics.Builder diagnostics) {
        Landmarks.Selection selection = name.equals("lsc-k") ? Landmarks.Selection.KMEANS : Landmarks.Selection.RANDOM;
        LscOptions options = LandmarkSpectralClustering.options(selection, values);
        LandmarkSpectralClustering method = new LandmarkSpectralClustering(name, options);
        int n = (int) points.size();
        int drawn = method.landmarksFor(n, k, "the data", diagnostics);
        DenseMatrix landmarks = diagnostics.time("landmarks", () -> {
            if (selection == Landmarks.Selection.RANDOM) {
                return randomRows(points, drawn, random.split());
            }
            SplittableRandom kmeansRandom = new SplittableRandom(random.nextLong());
            return LandmarkCoding.kmeans(points, randomRows(points, drawn, kmeansRandom.split()),
                    options.landmarkIterations());
        });
        int p = method.distinctLandmarks(drawn, landmarks.rows(), k, diagnostics);
        SparseCodingOptions coding = options.coding().withNearestAtMost(p, diagnostics::warn);
        LandmarkCoding.Coded coded = diagnostics.time("sparse coding", () -> LandmarkCoding.encode(points, landmarks, coding));
        diagnostics.put("landmarks", p).put("nearest", coding.nearest()).put("sigma", coded.sigma());
        DenseMatrix map;
        try (RunContext context = RunContext.sequential(seed)) {
            map = LandmarkSpectralClustering.spectralMap(coded.gram(), k, context, diagnostics);
        }
        JavaRDD<EmbeddedBlock> embedding = diagnostics.time("embedding", () -> materialized(
                LandmarkCoding.embed(coded.codes(), map, true)));
        return Spectral.landmarks(landmarks, coding.nearest(), coded.sigma(), map, true, coded.codes(), embedding,
                options.kmeans().withSupervised(false));
    }

    private static Spectral scacs(ScacsOptions options, DistributedPoints points, Supervision supervision, int k,
                                  SplittableRandom random, long seed, Diagnostics.Builder diagnostics) {
        int n = (int) points.size();
        int drawn = ScalableConstrainedSpectralClustering.baseVectorsToDraw(options, n, k, diagnostics);
        if (k == 1) {
            throw new IllegalArgumentException("k = 1 puts every point in one cluster: nothing for the Spark engine to fit");
        }
        DenseMatrix landmarks = diagnostics.time("landmarks", () -> randomRows(points, drawn, random.split()));
        int p = ScalableConstrainedSpectralClustering.distinctBaseVectors(drawn, landmarks.rows(), k, diagnostics);
        SparseCodingOptions coding = options.coding().withNearestAtMost(p, diagnostics::warn);
        LandmarkCoding.Coded coded = diagnostics.time("sparse coding", () -> LandmarkCoding.encode(points, landmarks, coding));
        diagnostics.put("landmarks", p).put("nearest", coding.nearest()).put("sigma", coded.sigma());
        LandmarkGram gram = coded.gram();
        if (gram.unusedLandmarks() > 0) {
            diagnostics.put("unusedLandmarks", gram.unusedLandmarks());
        }
        SparseMatrix constrainedCodes = LandmarkCoding.codesAt(coded.codes(), supervision.points(), p)
                .scale(null, gram.inverseSquareRootDegrees());
        DenseMatrix map;
        try (RunContext context = RunContext.sequential(seed)) {
            map = ScalableConstrainedSpectralClustering.embeddingMap(gram, constrainedCodes, supervision.constraints(), n,
                    k, options, context.backend(), diagnostics);
        }
        boolean scalesRows = ScalableConstrainedSpectralClustering.scalesRows(options, map.columns());
        JavaRDD<EmbeddedBlock> embedding = diagnostics.time("embedding", () -> materialized(
                LandmarkCoding.embed(coded.codes(), map, scalesRows)));
        return Spectral.landmarks(landmarks, coding.nearest(), coded.sigma(), map, scalesRows, coded.codes(), embedding,
                options.kmeans());
    }

    /**
     * The robust SC-PC: the constrained points and random unconstrained ones as landmarks (drawn as
     * the local engine draws them), the self-excluding coding per partition, the nodes of the
     * landmark graph on the driver from the landmarks' own codes (O(p r)), the codes merged onto the
     * nodes per partition, and the small eigenproblem on the q x q Gram matrix of the node codes.
     */
    private static Spectral scpc(ScpcOptions options, DistributedPoints points, Supervision supervision, int k,
                                 SplittableRandom random, long seed, Diagnostics.Builder diagnostics) {
        if (options.variant() != ScpcVariant.ROBUST) {
            throw new IllegalArgumentException("sc-pc variant=paper runs on the local engine only (its propagation "
                    + "works on whole columns of the affinity); drop --param variant=paper or --engine spark");
        }
        int n = (int) points.size();
        ConstraintSet constraints = supervision.constraints();
        int[] constrainedPositions = constraints.constrainedPoints();
        int c = constrainedPositions.length;
        int[] constrained = new int[c];
        for (int t = 0; t < c; t++) {
            constrained[t] = (int) supervision.points()[constrainedPositions[t]];
        }
        int wanted = options.randomLandmarks() == null ? LandmarkSpectralClustering.automaticLandmarks(n, k)
                : options.randomLandmarks();
        int[] randomPoints = PairwiseConstraintSpectralClustering.randomUnconstrained(n, constrained,
                Math.min(wanted, n - c), random.split());
        int p = c + randomPoints.length;
        if (p < 2) {
            throw new IllegalArgumentException(PairwiseConstraintSpectralClustering.NAME
                    + " needs at least 2 landmarks, but has " + p);
        }
        long[] landmarkPoints = new long[p];
        for (int t = 0; t < p; t++) {
            landmarkPoints[t] = t < c ? constrained[t] : randomPoints[t - c];
        }
        long[] sorted = landmarkPoints.clone();
        java.util.Arrays.sort(sorted);
        int[] rowOfLandmark = new int[p];
        for (int t = 0; t < p; t++) {
            rowOfLandmark[t] = java.util.Arrays.binarySearch(sorted, landmarkPoints[t]);
        }
        SparseCodingOptions coding = options.coding().withNearestAtMost(p - 1, diagnostics::warn);
        int r = coding.nearest();
        DenseMatrix landmarks = diagnostics.time("landmarks", () -> LandmarkCoding.rowsInOrder(points, landmarkPoints));
        LandmarkCoding.Codes codes = diagnostics.time("sparse coding",
                () -> LandmarkCoding.codes(points, landmarks, coding, landmarkPoints));
        ConstraintClosure closure = ConstraintClosure.of(constraints);
        int[] componentOfConstrained = new int[c];
        for (int t = 0; t < c; t++) {
            componentOfConstrained[t] = closure.componentOf(constrainedPositions[t]);
        }
        ComponentLandmarkGraph.Nodes nodes = diagnostics.time("propagation", () -> ComponentLandmarkGraph.Nodes.of(
                LandmarkCoding.codesAt(codes.codes(), sorted, p), rowOfLandmark, componentOfConstrained, constrained,
                closure));
        LandmarkCoding.NodeCoding nodeCoding = diagnostics.time("node codes",
                () -> LandmarkCoding.onNodes(codes.codes(), nodes, p));
        codes.codes().unpersist(false);
        int q = nodes.nodeCount();
        diagnostics.put("variant", Parameter.enumText(ScpcVariant.ROBUST)).put("landmarks", p)
                .put("constrainedLandmarks", c).put("randomLandmarks", randomPoints.length)
                .put("nodes", q).put("joinedLandmarks", nodes.joinedLandmarks())
                .put("components", closure.componentCount()).put("cannotLinkCuts", nodeCoding.cutPoints())
                .put("nearest", r).put("sigma", codes.sigma())
                .put("inconsistentCannotLinks", closure.inconsistencyCount());
        PairwiseConstraintSpectralClustering.warnAboutConstraints(constraints, closure, diagnostics);
        int m = ComponentLandmarkGraph.embeddingSize(k, q);
        random.split();
        ComponentLandmarkGraph.NodeSpectrum spectrum;
        try (RunContext context = RunContext.sequential(seed)) {
            spectrum = diagnostics.time("eigen", () -> ComponentLandmarkGraph.denseSpectrum(nodeCoding.gram(), m,
                    context));
        }
        diagnostics.put("singularValues", spectrum.singularValues()).solver(null, spectrum.solution().status());
        if (spectrum.singularValues().length < k) {
            diagnostics.warn("The landmark graph has " + q + " nodes: " + spectrum.singularValues().length
                    + " coordinates for k = " + k);
        }
        JavaRDD<EmbeddedBlock> embedding = diagnostics.time("embedding", () -> materialized(
                LandmarkCoding.embed(nodeCoding.codes(), spectrum.nodeMap(), true)));
        return Spectral.landmarks(landmarks, r, codes.sigma(),
                ComponentLandmarkGraph.landmarkMap(spectrum.nodeMap(), nodes.nodeOfLandmark()), true,
                nodeCoding.codes(), embedding, options.kmeans());
    }

    /**
     * The rows of p points drawn as the local engine's {@link Landmarks#random} draws them, less
     * repeats ({@link Landmarks#withoutRepeats}).
     */
    private static DenseMatrix randomRows(DistributedPoints points, int p, SplittableRandom random) {
        int[] rows = Bandwidths.sampleWithoutReplacement((int) points.size(), p, random);
        long[] indices = new long[p];
        for (int t = 0; t < p; t++) {
            indices[t] = rows[t];
        }
        return Landmarks.withoutRepeats(LandmarkCoding.rowsAt(points, indices));
    }

    private static <T> JavaRDD<T> materialized(JavaRDD<T> rdd) {
        rdd.count();
        return rdd;
    }

    /**
     * The provenance of a distributed fit. Its fingerprint is the SHA-256 of the per-block SHA-256
     * digests of the scaled features (little-endian doubles), in row order: a pass over the data
     * that needs no single stream of all of it, so not the local engine's digest of the same data.
     */
    private static Provenance provenance(AlgorithmDescriptor descriptor, ParameterValues values, long seed,
                                         DistributedPoints points, int k, Supervision supervision,
                                         List<String> featureNames) {
        List<byte[]> digests = points.blocks().map(block -> {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            ByteBuffer buffer = ByteBuffer.allocate(8 * block.features().length).order(ByteOrder.LITTLE_ENDIAN);
            for (double value : block.features()) {
                buffer.putDouble(value);
            }
            digest.update(buffer.array());
            return digest.digest();
        }).collect();
        String fingerprint;
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digests.forEach(digest::update);
            fingerprint = HexFormat.of().formatHex(digest.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
        Map<String, String> parameters = new java.util.LinkedHashMap<>(descriptor.effectiveParameters(values));
        // the Spark engine fits the method as set: no guard, whatever select=auto would do locally
        parameters.computeIfPresent(SelectionMode.PARAMETER.name(), (key, value) -> "none");
        return new Provenance(descriptor.name(), parameters, seed, CscVersion.get(), (int) points.size(),
                points.dimension(), k, featureNames, fingerprint, supervision.constraints().mustLinkCount(),
                supervision.constraints().cannotLinkCount(), supervision.size(),
                java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
    }
}
