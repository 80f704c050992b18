package io.csc.data;

import java.util.SplittableRandom;

/**
 * Synthetic binary data: k classes of 0/1 feature vectors drawn from a mixture of independent
 * Bernoulli features, for {@code csc generate --features binary}. It imitates one-hot coded
 * categorical data such as the DNA splice-junction set (3,186 points, 180 binary features, 3
 * classes), where only some positions tell the classes apart.
 *
 * <p>Every feature j has a background probability {@code b_j} drawn uniformly from
 * [{@value #LOWEST_BACKGROUND}, {@value #HIGHEST_BACKGROUND}]. A random subset of
 * {@code informative} features gets its own probability per class: the background's log-odds
 * shifted by {@code separation / 2 * z}, with z standard normal drawn per class and feature,
 * {@code p_cj = logistic(logit(b_j) + separation z_cj / 2)}. The other features are 1 with
 * probability {@code b_j} in every class, pure noise. So on an informative feature the log-odds of
 * two classes differ by {@code separation (z_a - z_b) / 2}, a normal difference of standard
 * deviation {@code separation / sqrt 2}: 0 makes the classes identical, about 1 overlaps them
 * heavily on each feature, 4 (the default) makes most informative features tell most classes
 * apart. More informative features separate the classes more, as more independent evidence.
 *
 * <p>Class sizes follow the {@link ClassProportions}; points come in a random order. The same seed
 * gives the same data. Time O(n d).
 *
 * @param size        the number of points n (at least 1)
 * @param dimension   the number of features d (at least 1)
 * @param clusters    the number of classes k (1 to n)
 * @param informative how many features differ between classes (1 to d)
 * @param separation  the scale of the class shifts in log-odds (finite, at least 0)
 * @param seed        the random seed
 * @param proportions the share of each class, one per class
 */
public record BernoulliMixture(int size, int dimension, int clusters, int informative, double separation, long seed,
                               ClassProportions proportions) {

    /** The smallest background probability of a feature. */
    public static final double LOWEST_BACKGROUND = 0.1;
    /** The largest background probability of a feature. */
    public static final double HIGHEST_BACKGROUND = 0.5;

    /** Validates the options. */
    public BernoulliMixture {
        GaussianMixture.checkShape(size, dimension, clusters, separation, proportions);
        if (informative < 1 || informative > dimension) {
            throw new IllegalArgumentException("Invalid informative features: " + informative
                    + " (must be between 1 and the " + dimension + " features)");
        }
    }

    /** The default number of informative features for {@code dimension} features: d/6, at least 1. */
    public static int defaultInformative(int dimension) {
        return Math.max(1, dimension / 6);
    }

    /** Generates the data set, named {@code bernoulli-mixture}. */
    public Dataset generate() {
        SplittableRandom random = new SplittableRandom(seed);
        double[] probabilities = probabilities(random);
        int[] labels = proportions.labels(size, random);
        double[] features = new double[size * dimension];
        for (int i = 0; i < size; i++) {
            int rowStart = i * dimension;
            int classStart = labels[i] * dimension;
            for (int j = 0; j < dimension; j++) {
                features[rowStart + j] = random.nextDouble() < probabilities[classStart + j] ? 1 : 0;
            }
        }
        return Dataset.labelled("bernoulli-mixture", size, dimension, features, labels,
                GaussianMixture.classNames(clusters), null);
    }

    /** The k x d row-major probability that a feature is 1 in a class; see the class description. */
    double[] probabilities(SplittableRandom random) {
        double[] background = new double[dimension];
        for (int j = 0; j < dimension; j++) {
            background[j] = LOWEST_BACKGROUND + (HIGHEST_BACKGROUND - LOWEST_BACKGROUND) * random.nextDouble();
        }
        boolean[] chosen = informativeFeatures(random);
        double[] probabilities = new double[clusters * dimension];
        for (int c = 0; c < clusters; c++) {
            for (int j = 0; j < dimension; j++) {
                double probability = background[j];
                if (chosen[j]) {
                    double logOdds = Math.log(probability / (1 - probability)) + separation / 2 * random.nextGaussian();
                    probability = 1 / (1 + Math.exp(-logOdds));
                }
                probabilities[c * dimension + j] = probability;
            }
        }
        return probabilities;
    }

    /** A uniform random subset of {@code informative} of the features, by a partial Fisher-Yates shuffle. */
    private boolean[] informativeFeatures(SplittableRandom random) {
        int[] order = new int[dimension];
        for (int j = 0; j < dimension; j++) {
            order[j] = j;
        }
        boolean[] chosen = new boolean[dimension];
        for (int t = 0; t < informative; t++) {
            int swap = t + random.nextInt(dimension - t);
            int feature = order[swap];
            order[swap] = order[t];
            order[t] = feature;
            chosen[feature] = true;
        }
        return chosen;
    }
}
