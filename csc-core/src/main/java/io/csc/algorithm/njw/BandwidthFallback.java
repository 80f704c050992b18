package io.csc.algorithm.njw;

import io.csc.algorithm.ClusterOccupancy;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.cluster.KMeans;
import io.csc.cluster.KMeansOptions;
import io.csc.graph.BandwidthRule;
import io.csc.linalg.DenseMatrix;
import io.csc.util.Parallel;
import io.csc.util.RandomSample;
import java.util.List;
import java.util.SplittableRandom;

/**
 * NJW's embedding fitted again at another bandwidth rule when the one asked for gives a lopsided
 * clustering: one cluster holding more than {@value ClusterOccupancy#DOMINANT_SHARE} of the points.
 *
 * <p><b>Why.</b> No rule for σ holds on every data set. The mean distance to the 7th neighbour
 * ({@code knn-mean}, the default) is small where clusters differ in spread: the points of the wide
 * cluster get almost no affinity, the leading eigenvectors sit on a few of them, and k-means puts
 * nearly every point into one cluster. Measured with {@code csc cluster -a njw --param bandwidth=...
 * --param bandwidth-fallback=false} (ACC, seed 42):
 * WDBC 0.631 (knn-mean) against 0.916 (self-tuning), scikit-learn's blobs of varied spread
 * ({@code make_blobs(1500, cluster_std=[1, 2.5, 0.5], random_state=170)}) 0.335 against 0.988; local
 * scaling fails in its turn on Breast Cancer (0.622 against 0.969). Each failure is a lopsided
 * clustering, which the other rule does not give. Ng, Jordan and Weiss themselves choose σ without
 * labels, by fitting several values and keeping the tightest clusters of the embedding; tightness
 * favours exactly these collapsed solutions (all points on one spot, a few far off), so the choice
 * here is the first rule whose clustering is not lopsided.
 *
 * <p><b>How.</b> Whether a clustering is lopsided is judged on k-means (3 restarts, a fixed seed,
 * so the run's own generator is untouched) of at most {@value #SAMPLE} rows of the row-normalized
 * embedding, which costs little beside the embedding. The rules are tried in the order
 * {@code knn-mean}, {@code self-tuning}, {@code median}, from the one asked for; when every rule is
 * lopsided the one asked for is kept (the classes may be that unbalanced, and the result then
 * carries the usual warning). Only for a σ from a rule: a σ given by the user is kept. A fallback
 * builds the graph again (on the k-NN graph, the neighbour search too) and solves its eigenproblem:
 * the fit then costs up to three times as much, only when the first clustering failed.
 */
final class BandwidthFallback {

    /** The rules in the order they are tried. */
    static final List<BandwidthRule> RULES = List.of(BandwidthRule.KNN_MEAN, BandwidthRule.SELF_TUNING,
            BandwidthRule.MEDIAN);

    /** The most rows of the embedding clustered to judge it. */
    static final int SAMPLE = 4096;

    private static final long SEED = 0x6e6a77L;

    private BandwidthFallback() {
    }

    /**
     * The share of the points in the largest cluster of k-means on (a sample of) the rows of the
     * unit-row {@code embedding}; 0 when there are too few points per cluster to judge.
     */
    static double largestShare(DenseMatrix embedding, int k, Parallel parallel) {
        int n = embedding.rows();
        if (k < 2 || n < ClusterOccupancy.POINTS_PER_CLUSTER * k) {
            return 0;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        DenseMatrix rows = EmbeddingClustering.rowNormalized(n > SAMPLE
                ? embedding.rows(RandomSample.indices(n, SAMPLE, random.split())) : embedding);
        int[] labels = new KMeans(new KMeansOptions(3, 100, 1e-6, false, 0)).fit(rows, k, random, parallel).labels();
        int[] sizes = new int[k];
        int largest = 0;
        for (int label : labels) {
            largest = Math.max(largest, ++sizes[label]);
        }
        return (double) largest / labels.length;
    }

    /** Whether a largest share means a lopsided clustering. */
    static boolean lopsided(double share) {
        return share > ClusterOccupancy.DOMINANT_SHARE;
    }

    /** The rules to try after {@code asked}, in order. */
    static List<BandwidthRule> alternatives(BandwidthRule asked) {
        return RULES.stream().filter(rule -> rule != asked).toList();
    }
}
