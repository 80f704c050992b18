package io.csc.cluster;

/**
 * Settings of {@link KMeans}.
 *
 * @param restarts number of independent runs (each with its own k-means++ seeding); the run with
 *     the lowest inertia is kept. {@code >= 1}, default 10.
 * @param maxIterations upper bound on the Lloyd iterations of one run. {@code >= 1}, default 300.
 * @param tolerance how little the centroids may move before a run stops: after an iteration
 *     whose update moved the centroids by {@code sum_j ||c_j(t) - c_j(t-1)||^2 <= tolerance x V},
 *     where {@code V = (1/n) sum_i ||x_i - mean||^2} is the total variance of the data, the run has
 *     converged (relative to the data's scale, so unaffected by units). A run also stops,
 *     converged, as soon as no point changes cluster; {@code 0} stops only then or when no
 *     centroid moves. Finite and {@code >= 0}, default {@code 1e-6}.
 * @param supervised whether a caller that has supervision uses it in the final clustering
 *     ({@link ConstrainedKMeans}) rather than plain k-means; default true. Plain {@link KMeans}
 *     ignores it.
 * @param sample for more than twice this many points, the restarts (and their seeding) run on a
 *     uniform sample of this many points, plus every constrained point for {@link ConstrainedKMeans},
 *     and the best run's centres then start one run of Lloyd iterations on all the points; the
 *     labels are those of that run. 0 runs every restart on all the points. {@code >= 0}, default
 *     {@value #DEFAULT_SAMPLE}: data sets of up to 65,536 points are clustered as without it.
 * @param freeStarts whether {@link ConstrainedKMeans} also makes as many runs from free k-means++
 *     starts beside the runs seeded by the labelled classes, and keeps one when it fits the data
 *     better without holding more labelled points away from their nearest centre; default false
 *     (the guard's reference {@code seeded-njw} sets it: see {@link ConstrainedKMeans}).
 */
public record KMeansOptions(int restarts, int maxIterations, double tolerance, boolean supervised, int sample,
                            boolean freeStarts) {

    /** The default {@link #sample()}. */
    public static final int DEFAULT_SAMPLE = 1 << 15;

    /**
     * The most values (points x coordinates) the restarts' sample holds: 32,768 points of 64
     * coordinates. Above 64 coordinates the sample has fewer points, at least
     * {@value #MINIMUM_WIDE_SAMPLE}, so that ten restarts cost about the same whatever the
     * dimension. Without it, ten restarts on 20,000 images of 784 pixels took 17 s of a 20 s
     * seeded-kmeans fit with random pairs (each restart runs to convergence on every point, and an
     * iteration reads all 125 MB of them), and the default guard, which fits seeded-kmeans on three
     * folds, spent a minute on them; the run on all points that follows the sampled restarts is
     * what sets the labels.
     */
    public static final long SAMPLE_VALUES = (long) DEFAULT_SAMPLE * 64;

    /** The fewest points a sample of wide points is cut to ({@link #SAMPLE_VALUES}). */
    public static final int MINIMUM_WIDE_SAMPLE = 2_048;

    /** 10 restarts, at most 300 iterations, tolerance {@code 1e-6}, supervised, restarts on a sample beyond 65,536 points. */
    public static final KMeansOptions DEFAULTS = new KMeansOptions(10, 300, 1e-6, true);

    /** Supervised options with the given restarts, iteration cap and tolerance, and the default sample. */
    public KMeansOptions(int restarts, int maxIterations, double tolerance) {
        this(restarts, maxIterations, tolerance, true);
    }

    /** Options with the default sample. */
    public KMeansOptions(int restarts, int maxIterations, double tolerance, boolean supervised) {
        this(restarts, maxIterations, tolerance, supervised, DEFAULT_SAMPLE);
    }

    /** Options without free starts. */
    public KMeansOptions(int restarts, int maxIterations, double tolerance, boolean supervised, int sample) {
        this(restarts, maxIterations, tolerance, supervised, sample, false);
    }

    public KMeansOptions {
        if (sample < 0) {
            throw new IllegalArgumentException("Invalid sample: " + sample + " (must be >= 0)");
        }
        if (restarts < 1) {
            throw new IllegalArgumentException("Invalid restarts: " + restarts + " (must be >= 1)");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("Invalid maxIterations: " + maxIterations + " (must be >= 1)");
        }
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("Invalid tolerance: " + tolerance + " (must be finite and >= 0)");
        }
    }

    /** The same options with another number of restarts. */
    public KMeansOptions withRestarts(int newRestarts) {
        return new KMeansOptions(newRestarts, maxIterations, tolerance, supervised, sample, freeStarts);
    }

    /** The same options with another iteration bound. */
    public KMeansOptions withMaxIterations(int newMaxIterations) {
        return new KMeansOptions(restarts, newMaxIterations, tolerance, supervised, sample, freeStarts);
    }

    /** The same options with another tolerance. */
    public KMeansOptions withTolerance(double newTolerance) {
        return new KMeansOptions(restarts, maxIterations, newTolerance, supervised, sample, freeStarts);
    }

    /** The same options, using the supervision or not. */
    public KMeansOptions withSupervised(boolean newSupervised) {
        return new KMeansOptions(restarts, maxIterations, tolerance, newSupervised, sample, freeStarts);
    }

    /** The same options with another sample (0: restarts on all points). */
    public KMeansOptions withSample(int newSample) {
        return new KMeansOptions(restarts, maxIterations, tolerance, supervised, newSample, freeStarts);
    }

    /** The same options, with free starts beside the seeded runs or not. */
    public KMeansOptions withFreeStarts(boolean newFreeStarts) {
        return new KMeansOptions(restarts, maxIterations, tolerance, supervised, sample, newFreeStarts);
    }

    /**
     * The sample of points of {@code dimension} coordinates: {@link #sample()}, cut to
     * {@link #SAMPLE_VALUES} values but not below {@value #MINIMUM_WIDE_SAMPLE} points (nor above
     * {@link #sample()}); 0 when {@link #sample()} is 0.
     */
    public int sampleFor(int dimension) {
        return sampleFor(dimension, restarts);
    }

    /**
     * {@link #sampleFor(int)} for {@code runs} runs: one run (a constrained k-means seeded by every
     * class) keeps {@link #sample()}, since the cut saves restarts and one run has none to save; a
     * sample would only start it, and on 20,000 overlapping points of 400 coordinates with 40
     * labels the run then ended 0.025 ACC lower (mean of 3 seeds).
     */
    public int sampleFor(int dimension, int runs) {
        if (sample == 0 || runs <= 1) {
            return sample;
        }
        long cut = SAMPLE_VALUES / Math.max(1, dimension);
        return (int) Math.min(sample, Math.max(MINIMUM_WIDE_SAMPLE, cut));
    }

    /**
     * Whether n points of {@code dimension} coordinates are clustered through a sample: more than
     * twice {@link #sampleFor(int)} of them.
     */
    public boolean samples(long n, int dimension) {
        return samples(n, dimension, restarts);
    }

    /** {@link #samples(long, int)} for {@code runs} runs ({@link #sampleFor(int, int)}). */
    public boolean samples(long n, int dimension, int runs) {
        int size = sampleFor(dimension, runs);
        return size > 0 && n > 2L * size;
    }
}
