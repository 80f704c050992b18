package io.csc.algorithm.spectral;

import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.cluster.ConstrainedKMeans;
import io.csc.cluster.KMeans;
import io.csc.cluster.KMeansOptions;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import java.util.SplittableRandom;

/** The last step of spectral clustering: k-means on the rows of an embedding. */
public final class EmbeddingClustering {

    private EmbeddingClustering() {
    }

    /**
     * The final clustering of a constrained method: {@link ConstrainedKMeans} on the rows of
     * {@code embedding} (not modified) when {@link KMeansOptions#supervised()} and there is
     * supervision, plain k-means otherwise.
     */
    public static KMeansResult cluster(DenseMatrix embedding, int k, KMeansOptions options, ConstraintSet constraints,
                                       SplittableRandom random, RunContext context) {
        if (!options.supervised() || constraints.isEmpty()) {
            return cluster(embedding, k, options, random, context);
        }
        return new ConstrainedKMeans(options).fit(embedding, k, constraints, random, context.parallel(), context.backend());
    }

    /** k-means on the rows of {@code embedding} (not modified). */
    public static KMeansResult cluster(DenseMatrix embedding, int k, KMeansOptions options, SplittableRandom random,
                                       RunContext context) {
        return new KMeans(options).fit(embedding, k, random, context.parallel());
    }

    /**
     * The last steps every spectral method shares: records the eigenvalues and the solver's status,
     * scales the rows of the eigenvectors to unit length when {@code normalizeRows} (Ng, Jordan and
     * Weiss), runs k-means on them (stage {@code kmeans}), and builds the result, timed from
     * {@code startNanos}.
     */
    public static ClusteringResult result(String algorithm, Eigensolvers.Solution solution, int k, boolean normalizeRows,
                                          KMeansOptions options, SplittableRandom random, RunContext context,
                                          Diagnostics.Builder diagnostics, long startNanos) {
        return result(algorithm, solution, k, normalizeRows, options, null, random, context, diagnostics, startNanos);
    }

    /**
     * As above, the final clustering using the supervision as {@link #cluster(DenseMatrix, int,
     * KMeansOptions, ConstraintSet, SplittableRandom, RunContext)} does (null: plain k-means).
     */
    public static ClusteringResult result(String algorithm, Eigensolvers.Solution solution, int k, boolean normalizeRows,
                                          KMeansOptions options, ConstraintSet constraints,
                                          SplittableRandom random, RunContext context,
                                          Diagnostics.Builder diagnostics, long startNanos) {
        diagnostics.put("eigenvalues", solution.pairs().values()).solver(null, solution.status());
        DenseMatrix embedding = normalizeRows ? rowNormalized(solution.pairs().vectors()) : solution.pairs().vectors();
        KMeansResult clusters = diagnostics.time("kmeans", () -> constraints == null
                ? cluster(embedding, k, options, random, context)
                : cluster(embedding, k, options, constraints, random, context));
        diagnostics.put("kmeansInertia", clusters.inertia());
        return new ClusteringResult(algorithm, clusters.labels(), k, embedding, (System.nanoTime() - startNanos) / 1e9,
                diagnostics.build(), null);
    }

    /** A copy of the embedding with unit-length rows (Ng, Jordan and Weiss); zero rows stay zero. */
    public static DenseMatrix rowNormalized(DenseMatrix embedding) {
        DenseMatrix normalized = embedding.copy();
        normalized.normalizeRows();
        return normalized;
    }
}
