package io.csc.active;

import io.csc.linalg.DenseMatrix;
import io.csc.model.ClusterMeans;
import java.util.Objects;

/**
 * The clustering a strategy may look at: the cluster of every point and the embedding k-means
 * clustered (n rows). Shared, not copied: neither array is modified.
 *
 * @param labels cluster ids in {@code 0..clusters-1}
 * @param embedding n x m coordinates, one row per point
 * @param clusters k
 */
public record ClusteringSnapshot(int[] labels, DenseMatrix embedding, int clusters) {

    public ClusteringSnapshot {
        Objects.requireNonNull(labels, "labels");
        Objects.requireNonNull(embedding, "embedding");
        if (embedding.rows() != labels.length) {
            throw new IllegalArgumentException("Embedding of " + embedding.rows() + " rows for " + labels.length + " labels");
        }
        if (clusters < 1) {
            throw new IllegalArgumentException("Invalid number of clusters: " + clusters);
        }
    }

    /**
     * The mean embedding row of each cluster, k x m; an empty cluster's centre is far from every
     * point. Time O(n m).
     */
    public DenseMatrix centres() {
        return ClusterMeans.of(embedding, labels, clusters);
    }
}
