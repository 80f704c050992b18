package io.csc.algorithm.spectral;

import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.cluster.KMeansOptions;
import io.csc.graph.BandwidthRule;
import io.csc.graph.KernelOptions;
import io.csc.linalg.LanczosOptions;

/** Options shared by the spectral methods, declared once. */
public final class SpectralParameters {

    public static final Parameter<Integer> KMEANS_RESTARTS = Parameter.integer("kmeans-restarts",
            KMeansOptions.DEFAULTS.restarts(), 1, "k-means++ restarts of the final k-means (best inertia kept)");
    public static final Parameter<Integer> KMEANS_ITERATIONS = Parameter.integer("kmeans-iterations",
            KMeansOptions.DEFAULTS.maxIterations(), 1, "iteration cap of each k-means run");
    public static final Parameter<Integer> KMEANS_SAMPLE = Parameter.integer("kmeans-sample",
            KMeansOptions.DEFAULT_SAMPLE, 0, "beyond twice this many points the k-means restarts run on a uniform "
                    + "sample of this many (plus the constrained points) and the best one starts a run on all "
                    + "points; points of more than 64 coordinates are sampled to 2,097,152 values (at least "
                    + "2,048 points); 0 = every restart on all points (the local engine's; --engine spark seeds its "
                    + "restarts by k-means|| over all points)");
    public static final Parameter<Assignment> ASSIGNMENT = Parameter.choice("assignment", Assignment.class,
            Assignment.AUTO, "the final clustering of the embedding: constrained = k-means seeded by the labelled "
                    + "classes, labels clamped, pairs as penalties; kmeans = plain k-means (the papers'); "
                    + "auto = constrained, kmeans with variant=paper");
    /** The value of the {@code variant} option that runs a method as its paper publishes it. */
    public static final String PAPER_VARIANT = "paper";
    public static final Parameter<Double> SIGMA = Parameter.real("sigma", null,
            "Gaussian kernel width; auto = chosen by the bandwidth rule");
    public static final Parameter<Integer> SCALE_NEIGHBOURS = Parameter.integer("scale-neighbours",
            KernelOptions.SELF_TUNING_NEIGHBOUR, "k of the knn-mean and self-tuning bandwidth rules");
    public static final Parameter<Double> EIGEN_TOLERANCE = Parameter.real("eigen-tolerance",
            LanczosOptions.DEFAULTS.tolerance(), 0, 1, "relative residual at which the sparse eigensolver stops");
    public static final Parameter<Integer> EIGEN_ITERATIONS = Parameter.integer("eigen-iterations",
            LanczosOptions.DEFAULTS.maxIterations(), 1, "iteration cap of the sparse eigensolver");

    private SpectralParameters() {
    }

    /** A bandwidth-rule option with the given default. */
    public static Parameter<BandwidthRule> bandwidth(BandwidthRule defaultRule) {
        return Parameter.choice("bandwidth", BandwidthRule.class, defaultRule,
                "how sigma is chosen when not given: median pairwise distance, mean k-NN distance, "
                        + "or self-tuning local scales (Zelnik-Manor and Perona); the k-NN rules count repeated "
                        + "points once").usedOnlyWith(SIGMA, null);
    }

    /**
     * The final k-means options from the values: restarts, iterations, the restarts' sample, and
     * whether the supervision guides it ({@link #ASSIGNMENT}; auto means yes unless {@code variant=paper}).
     */
    public static KMeansOptions kmeans(ParameterValues values) {
        Assignment assignment = values.get(ASSIGNMENT);
        boolean supervised = assignment == Assignment.AUTO
                ? !PAPER_VARIANT.equals(values.asMap().get("variant"))
                : assignment == Assignment.CONSTRAINED;
        return new KMeansOptions(values.get(KMEANS_RESTARTS), values.get(KMEANS_ITERATIONS),
                KMeansOptions.DEFAULTS.tolerance(), supervised, values.get(KMEANS_SAMPLE));
    }

    /** The kernel options from the values (a given sigma means a fixed bandwidth). */
    public static KernelOptions kernel(ParameterValues values, Parameter<BandwidthRule> bandwidth) {
        return KernelOptions.of(values.get(SIGMA), values.get(bandwidth), values.get(SCALE_NEIGHBOURS));
    }

    /** The sparse eigensolver options from the values. */
    public static LanczosOptions lanczos(ParameterValues values) {
        return new LanczosOptions(values.get(EIGEN_TOLERANCE), values.get(EIGEN_ITERATIONS), 0);
    }
}
