package io.csc.data;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic data: k Gaussian clusters with ground-truth labels, for tests, benchmarks and
 * {@code csc generate}.
 *
 * <p>Each cluster is an isotropic unit Gaussian (covariance the identity) around its centre.
 * Centres are random directions (standard normal vectors) rescaled together so that the two
 * closest centres are exactly {@code separation} apart; separation is therefore measured in
 * within-cluster standard deviations along the line joining them: about 2 overlaps visibly, 6 and
 * more separates cleanly. With one cluster the centre is the origin.
 *
 * <p>Cluster sizes follow the {@link ClassProportions}: balanced by default (sizes differ by at
 * most one, cluster c gets {@code n/k} or {@code n/k + 1} points), or any shares such as
 * 80/15/4/1 %, every cluster getting at least one point. Points come in a random order. The result
 * depends only on the options: the same seed gives the same data. Generation costs O(n d) with a
 * single random stream, about a second for 1,000,000 x 50.
 *
 * @param size        the number of points n (at least 1)
 * @param dimension   the number of features d (at least 1)
 * @param clusters    the number of clusters k (1 to n)
 * @param separation  the distance between the two closest centres (in [0, {@link #LARGEST_SEPARATION}])
 * @param seed        the random seed
 * @param proportions the share of each cluster, one per cluster
 */
public record GaussianMixture(int size, int dimension, int clusters, double separation, long seed,
                              ClassProportions proportions) {

    /**
     * The largest separation: the centres' coordinates are about that large, and values beyond
     * {@link FeatureMagnitude#LARGEST_SQUARABLE} cannot be clustered (a separation of 1e308 wrote
     * infinite values).
     */
    public static final double LARGEST_SEPARATION = 1e100;

    /** Validates the options. */
    public GaussianMixture {
        checkShape(size, dimension, clusters, separation, proportions);
    }

    /** Balanced clusters. */
    public GaussianMixture(int size, int dimension, int clusters, double separation, long seed) {
        this(size, dimension, clusters, separation, seed, clusters < 1 ? null : ClassProportions.balanced(clusters));
    }

    /**
     * The checks shared by the synthetic mixtures: at least one point and feature, 1 to n clusters,
     * a finite separation {@code >= 0}, one share per cluster and an array that fits.
     */
    static void checkShape(int size, int dimension, int clusters, double separation, ClassProportions proportions) {
        if (size < 1) {
            throw new IllegalArgumentException("Invalid size: " + size + " (must be >= 1)");
        }
        if (dimension < 1) {
            throw new IllegalArgumentException("Invalid dimension: " + dimension + " (must be >= 1)");
        }
        if (clusters < 1 || clusters > size) {
            throw new IllegalArgumentException("Invalid clusters: " + clusters + " (must be between 1 and size " + size + ")");
        }
        if (!(separation >= 0 && separation <= LARGEST_SEPARATION)) {
            throw new IllegalArgumentException("Invalid separation: " + separation + " (must be in [0, "
                    + LARGEST_SEPARATION + "]: centres farther apart give values whose squares overflow; clusters "
                    + "of unit spread are apart from a separation of about 10)");
        }
        if (proportions == null || proportions.classCount() != clusters) {
            throw new IllegalArgumentException("Invalid class proportions: " + (proportions == null ? 0
                    : proportions.classCount()) + " shares for " + clusters + " clusters (give one per cluster)");
        }
        if ((long) size * dimension > Integer.MAX_VALUE - 8L) {
            throw new IllegalArgumentException("Invalid size: " + size + " x " + dimension
                    + " (must have at most " + (Integer.MAX_VALUE - 8L) + " values)");
        }
    }

    /** The class names {@code 0 .. clusters-1}. */
    static List<String> classNames(int clusters) {
        List<String> classNames = new ArrayList<>(clusters);
        for (int c = 0; c < clusters; c++) {
            classNames.add(Integer.toString(c));
        }
        return classNames;
    }

    /** Generates n points in d dimensions from k clusters; see the class description. */
    public static Dataset generate(int n, int d, int k, long seed, double separation) {
        return new GaussianMixture(n, d, k, separation, seed).generate();
    }

    /** Generates the data set, named {@code gaussian-mixture}. */
    public Dataset generate() {
        SplittableRandom random = new SplittableRandom(seed);
        double[] centres = centres(random);
        int[] labels = proportions.labels(size, random);
        double[] features = new double[size * dimension];
        for (int i = 0; i < size; i++) {
            int rowStart = i * dimension;
            int centreStart = labels[i] * dimension;
            for (int j = 0; j < dimension; j++) {
                features[rowStart + j] = centres[centreStart + j] + random.nextGaussian();
            }
        }
        return Dataset.labelled("gaussian-mixture", size, dimension, features, labels, classNames(clusters), null);
    }

    /** The k x d row-major centres: normal directions scaled to the required closest distance. */
    private double[] centres(SplittableRandom random) {
        double[] centres = new double[clusters * dimension];
        if (clusters == 1) {
            return centres;
        }
        for (int i = 0; i < centres.length; i++) {
            centres[i] = random.nextGaussian();
        }
        double closest = Double.POSITIVE_INFINITY;
        for (int a = 0; a < clusters; a++) {
            for (int b = a + 1; b < clusters; b++) {
                double squared = 0;
                for (int j = 0; j < dimension; j++) {
                    double difference = centres[a * dimension + j] - centres[b * dimension + j];
                    squared += difference * difference;
                }
                closest = Math.min(closest, squared);
            }
        }
        double scale = separation / Math.sqrt(closest);
        for (int i = 0; i < centres.length; i++) {
            centres[i] *= scale;
        }
        return centres;
    }
}
