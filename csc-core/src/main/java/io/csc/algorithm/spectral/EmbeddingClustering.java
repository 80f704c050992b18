package io.csc.algorithm.spectral;

import io.csc.algorithm.RunContext;
import io.csc.cluster.KMeans;
import io.csc.cluster.KMeansOptions;
import io.csc.cluster.KMeansResult;
import io.csc.linalg.DenseMatrix;
import java.util.SplittableRandom;

/** The last step of spectral clustering: k-means on the rows of an embedding. */
public final class EmbeddingClustering {

    private EmbeddingClustering() {
    }

    /** k-means on the rows of {@code embedding} (not modified). */
    public static KMeansResult cluster(DenseMatrix embedding, int k, KMeansOptions options, SplittableRandom random,
                                       RunContext context) {
        return new KMeans(options).fit(embedding, k, random, context.parallel());
    }

    /** A copy of the embedding with unit-length rows (Ng, Jordan and Weiss); zero rows stay zero. */
    public static DenseMatrix rowNormalized(DenseMatrix embedding) {
        DenseMatrix normalized = embedding.copy();
        normalized.normalizeRows();
        return normalized;
    }
}
