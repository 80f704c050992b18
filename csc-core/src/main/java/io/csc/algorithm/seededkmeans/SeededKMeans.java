package io.csc.algorithm.seededkmeans;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.api.RunContext;
import io.csc.cluster.KMeansOptions;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DenseMatrix;
import java.util.List;

/**
 * k-means on the (scaled) features, seeded by the labelled classes, with pairs and groups as
 * penalties: the constrained final assignment every spectral method here shares
 * ({@link io.csc.cluster.ConstrainedKMeans}), applied to the data instead of an embedding. This is
 * Seeded/Constrained k-means (Basu, Banerjee and Mooney, ICML 2002) for labels and PCK-means (Basu,
 * Banerjee and Mooney, SDM 2004) for pairs.
 *
 * <p>It is a reference of the guard ({@code select=guard}, and {@code select=auto}, the default) of
 * every constrained method: O(iterations · n k d) time and O(n d) memory, so guarding a linear-time
 * method keeps it linear.
 * Unlike cop-kmeans it accepts inconsistent and weighted supervision (a violated pair costs its
 * weight instead of making the run infeasible). A fitted model places new points at the nearest
 * centre.
 */
public final class SeededKMeans implements ClusteringAlgorithm {

    public static final String NAME = "seeded-kmeans";

    public static final List<Parameter<?>> PARAMETERS = List.of(SpectralParameters.KMEANS_RESTARTS,
            SpectralParameters.KMEANS_ITERATIONS, SpectralParameters.KMEANS_SAMPLE);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "k-means on the features, seeded by the labels with pairs as penalties (a reference of the default guard)",
            "Basu, Banerjee, Mooney: Semi-supervised clustering by seeding, ICML 2002, and Active "
                    + "semi-supervision for pairwise constrained clustering, SDM 2004", true, true, PARAMETERS, false,
            values -> new SeededKMeans(SpectralParameters.kmeans(values)));

    private final KMeansOptions options;

    public SeededKMeans(KMeansOptions options) {
        this.options = options.withSupervised(true);
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Reads single-precision features itself: they are copied to double precision for the k-means,
     * O(n d) memory like the features themselves; as a guard's reference of a method that keeps
     * single precision, it adds no warning of its own.
     */
    @Override
    public boolean acceptsSinglePrecision() {
        return true;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        long start = System.nanoTime();
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        DenseMatrix points = new DenseMatrix(data.size(), data.dimension(),
                data.inPrecision(Precision.DOUBLE).features());
        KMeansResult clusters = diagnostics.time("kmeans",
                () -> EmbeddingClustering.cluster(points, k, options, constraints, context.random().split(), context));
        diagnostics.put("kmeansInertia", clusters.inertia()).put("kmeansIterations", clusters.iterations())
                .put("kmeansConverged", clusters.converged());
        return new ClusteringResult(NAME, clusters.labels(), k, null, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), null);
    }
}
