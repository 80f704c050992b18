package io.csc.algorithm.lsc;

import io.csc.api.UnsuitableInputException;
import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.LandmarkGraph;
import io.csc.algorithm.spectral.LandmarkGram;
import io.csc.algorithm.spectral.LandmarkModel;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;
import io.csc.graph.Landmarks;
import io.csc.graph.SparseCode;
import io.csc.graph.SparseCoding;
import io.csc.graph.SparseCodingOptions;
import io.csc.graph.SparseCodingOptions.LandmarkBandwidth;
import io.csc.linalg.DenseMatrix;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Landmark-based spectral clustering, LSC (Chen and Cai, AAAI 2011), the scalable baseline of the
 * SC-PC and SCACS papers: p landmarks (random: LSC-R; k-means centres: LSC-K), each point coded by
 * its r nearest landmarks (sparse-coding matrix Z), the affinity {@code W = ẐᵀẐ} with
 * {@code Ẑ = D^-1/2 Z}, whose eigenvectors are the right singular vectors of Ẑ, obtained from
 * the p x p matrix {@code Ẑ Ẑᵀ}; k-means on them.
 *
 * <p>As in the authors' code, the k+1 leading singular vectors are computed and the first, the
 * trivial one (singular value 1, constant on connected data), is dropped; rows are scaled to unit
 * length before k-means. The paper's text keeps the first k; dropping the constant vector gives
 * k-means k informative coordinates instead of k-1.
 *
 * <p>Time O(n p d + p³), memory O(n r + p²) plus one block of n x p distances: linear in n.
 * Constraints are ignored. Fitted models place new points ({@link LandmarkModel}).
 */
public final class LandmarkSpectralClustering implements ClusteringAlgorithm {

    public static final Parameter<Integer> LANDMARKS = Parameter.integer("landmarks", null,
            "p, the number of landmarks (capped at n; drawn points that repeat an earlier one are dropped); "
                    + "auto = min(1000, n/5)");
    public static final Parameter<Integer> NEAREST = Parameter.integer("nearest", 5,
            "r, the nearest landmarks coding each point");
    public static final Parameter<LandmarkBandwidth> LANDMARK_BANDWIDTH = Parameter.choice("bandwidth",
            LandmarkBandwidth.class, LandmarkBandwidth.MEAN_DISTANCE,
            "sigma rule when not given: mean distance points-landmarks (SCACS paper), mean squared distance "
                    + "(LSC reference code), or mean distance to the r nearest landmarks").usedOnlyWith(SpectralParameters.SIGMA, null);
    public static final Parameter<Integer> LANDMARK_ITERATIONS = Parameter.integer("landmark-iterations", 5,
            "Lloyd iterations of the landmark k-means (lsc-k)");

    private static final List<Parameter<?>> COMMON = List.of(LANDMARKS, NEAREST, SpectralParameters.SIGMA,
            LANDMARK_BANDWIDTH, SpectralParameters.KMEANS_RESTARTS, SpectralParameters.KMEANS_ITERATIONS,
            SpectralParameters.KMEANS_SAMPLE);

    public static final AlgorithmDescriptor RANDOM_DESCRIPTOR = new AlgorithmDescriptor("lsc-r",
            "Landmark-based spectral clustering with random landmarks (unconstrained, linear in n)",
            "Chen, Cai: Large scale spectral clustering with landmark-based representation, AAAI 2011",
            false, true, COMMON, values -> new LandmarkSpectralClustering("lsc-r", options(Landmarks.Selection.RANDOM, values)));

    public static final AlgorithmDescriptor KMEANS_DESCRIPTOR = new AlgorithmDescriptor("lsc-k",
            "Landmark-based spectral clustering with k-means landmarks (unconstrained, linear in n)",
            "Chen, Cai: Large scale spectral clustering with landmark-based representation, AAAI 2011",
            false, true, concat(COMMON, LANDMARK_ITERATIONS),
            values -> new LandmarkSpectralClustering("lsc-k", options(Landmarks.Selection.KMEANS, values)));

    private final String name;
    private final LscOptions options;

    public LandmarkSpectralClustering(String name, LscOptions options) {
        this.name = name;
        this.options = options;
    }

    /** The options from parameter values over their defaults. */
    public static LscOptions options(Landmarks.Selection selection, ParameterValues values) {
        SparseCodingOptions coding = new SparseCodingOptions(values.get(NEAREST), values.get(LANDMARK_BANDWIDTH),
                values.get(SpectralParameters.SIGMA));
        int iterations = selection == Landmarks.Selection.KMEANS ? values.get(LANDMARK_ITERATIONS) : 0;
        return new LscOptions(selection, values.get(LANDMARKS), coding, iterations, SpectralParameters.kmeans(values));
    }

    /**
     * The default number of landmarks: 1000 as in both papers for large data, and n/5 below 5,000
     * points (at least k + 1). With as many landmarks as points every point is its own nearest
     * landmark and the bipartite graph falls apart into small pieces (on Breast Cancer Wisconsin,
     * 683 points, ACC drops from 0.97 to 0.62); the SCACS paper's 500 landmarks for 2,310-3,864
     * points are about n/5 too.
     */
    public static int automaticLandmarks(int n, int k) {
        return Math.min(n, Math.max(k + 1, Math.min(1000, (n + 4) / 5)));
    }

    private static List<Parameter<?>> concat(List<Parameter<?>> list, Parameter<?> extra) {
        List<Parameter<?>> all = new java.util.ArrayList<>(list);
        all.add(extra);
        return all;
    }

    public LscOptions options() {
        return options;
    }

    /** Random landmarks code single-precision data as it is; k-means landmarks need double. */
    @Override
    public boolean acceptsSinglePrecision() {
        return options.selection() == Landmarks.Selection.RANDOM;
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * The spectral step of LSC on the landmark Gram matrix: the k+1 leading eigenpairs of
     * {@code Ẑ Ẑᵀ} (stage {@code eigen}), the first (trivial) dropped, and the p x k map taking a
     * point's codes to its coordinates. Records the unused landmarks, the singular values and the
     * solver's status. A distributed engine calls it with the Gram matrix it accumulated.
     */
    public static DenseMatrix spectralMap(LandmarkGram gram, int k, RunContext context,
                                          Diagnostics.Builder diagnostics) {
        if (gram.unusedLandmarks() > 0) {
            diagnostics.put("unusedLandmarks", gram.unusedLandmarks());
        }
        Eigensolvers.Solution solution = diagnostics.time("eigen",
                () -> Eigensolvers.largestDense(gram.normalizedGram(), k + 1, context));
        double[] eigenvalues = solution.pairs().values();
        double[] singular = new double[k];
        for (int j = 0; j < k; j++) {
            singular[j] = Math.sqrt(Math.max(0.0, eigenvalues[j + 1]));
        }
        diagnostics.put("singularValues", Arrays.stream(eigenvalues).map(value -> Math.sqrt(Math.max(0.0, value))).toArray())
                .solver(null, solution.status());
        return gram.rightSingularMap(solution.pairs().vectors().columns(1, k + 1), singular);
    }

    /**
     * p for n points and k clusters: the option, capped at n (with a warning), or
     * {@link #automaticLandmarks}; refused when it cannot exceed k.
     */
    public int landmarksFor(int n, int k, String dataName, Diagnostics.Builder diagnostics) {
        int p = options.landmarks() == null ? automaticLandmarks(n, k) : Math.min(options.landmarks(), n);
        if (options.landmarks() != null && p < options.landmarks()) {
            diagnostics.warn("Only " + n + " points: using " + p + " landmarks instead of " + options.landmarks());
        }
        if (k + 1 > p) {
            throw new UnsuitableInputException(p < n
                    ? name + " needs more landmarks than k: " + p + " landmarks for k = " + k + "; raise --param landmarks "
                            + "to at least " + (k + 1)
                    : name + " needs at least k + 1 = " + (k + 1) + " landmarks, and the " + n + " points of "
                            + dataName + " give at most " + n + "; lower k to at most " + (n - 1)
                            + ", or use njw for so few points");
        }
        return p;
    }

    /**
     * The number of landmarks left of {@code drawn} once repeats are dropped ({@link Landmarks#withoutRepeats}),
     * noted in the diagnostics; refuses fewer than the k + 1 that the embedding needs.
     */
    public int distinctLandmarks(int drawn, int distinct, int k, Diagnostics.Builder diagnostics) {
        return distinctLandmarks(drawn, distinct, k, null, diagnostics);
    }

    /**
     * {@link #distinctLandmarks(int, int, int, Diagnostics.Builder)} for landmarks drawn from
     * {@code data}: when they are too few, and the data itself holds no more than k distinct points,
     * the refusal says so and asks for a lower k, since no number of landmarks can help.
     */
    int distinctLandmarks(int drawn, int distinct, int k, Dataset data, Diagnostics.Builder diagnostics) {
        if (distinct < drawn) {
            diagnostics.put("repeatedLandmarksDropped", drawn - distinct);
        }
        if (k + 1 > distinct) {
            int inData = data == null ? Integer.MAX_VALUE : DistinctRows.count(data, k + 1);
            throw new UnsuitableInputException(inData <= k
                    ? name + " needs at least k + 1 = " + (k + 1) + " distinct landmarks, and the " + data.size()
                            + " points of " + data.name() + " hold only " + inData + " distinct points; lower k to at "
                            + "most " + (inData - 1) + ", or use njw for data with so few distinct points"
                    : name + " needs at least k + 1 = " + (k + 1) + " distinct landmarks: the " + drawn
                            + " drawn are copies of " + distinct + " distinct points; raise --param landmarks, or use "
                            + "njw for data with so few distinct points");
        }
        return distinct;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(name, data, constraints, k);
        long start = System.nanoTime();
        SplittableRandom random = context.random();
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        int drawn = landmarksFor(data.size(), k, data.name(), diagnostics);
        DenseMatrix landmarks = diagnostics.time("landmarks", () -> options.selection() == Landmarks.Selection.RANDOM
                ? Landmarks.random(data, drawn, random.split())
                : Landmarks.kmeans(data, drawn, options.landmarkIterations(), context.withSeed(random.nextLong())));
        int p = distinctLandmarks(drawn, landmarks.rows(), k, data, diagnostics);
        SparseCodingOptions coding = options.coding().withNearestAtMost(p, diagnostics::warn);
        int r = coding.nearest();
        SparseCode code = diagnostics.time("sparse coding", () -> SparseCoding.encode(data, landmarks, coding, context));
        diagnostics.put("landmarks", p).put("nearest", r).put("sigma", code.sigma());
        DenseMatrix map = spectralMap(LandmarkGraph.of(code.codes()).gram(), k, context, diagnostics);
        DenseMatrix embedding = LandmarkGraph.embed(code.codes(), map, context.parallel());
        embedding.normalizeRows();
        KMeansResult clusters = diagnostics.time("kmeans", () -> EmbeddingClustering.cluster(embedding, k,
                options.kmeans(), random.split(), context));
        LandmarkModel model = new LandmarkModel(landmarks, r, code.sigma(), map, true, clusters.centroids());
        return new ClusteringResult(name, clusters.labels(), k, embedding, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), model);
    }
}
