package io.csc.algorithm;

import io.csc.linalg.DenseMatrix;
import java.util.Optional;

/**
 * The outcome of one fit: a cluster id in {@code 0..k-1} for every point, the embedding that was
 * clustered (n x dimensions, or null for methods without one), the fit time in seconds,
 * diagnostics, and, for methods that can place new points, a model.
 */
public final class ClusteringResult {

    private final String algorithm;
    private final int[] labels;
    private final int clusterCount;
    private final DenseMatrix embedding;
    private final double seconds;
    private final Diagnostics diagnostics;
    private final ClusteringModel model;

    public ClusteringResult(String algorithm, int[] labels, int clusterCount, DenseMatrix embedding, double seconds,
                            Diagnostics diagnostics, ClusteringModel model) {
        if (embedding != null && embedding.rows() != labels.length) {
            throw new IllegalArgumentException("Embedding has " + embedding.rows() + " rows for " + labels.length + " labels");
        }
        for (int label : labels) {
            if (label < 0 || label >= clusterCount) {
                throw new IllegalArgumentException("Cluster id " + label + " outside [0, " + clusterCount + ")");
            }
        }
        this.algorithm = algorithm;
        this.labels = labels.clone();
        this.clusterCount = clusterCount;
        this.embedding = embedding;
        this.seconds = seconds;
        this.diagnostics = diagnostics;
        this.model = model;
    }

    public String algorithm() {
        return algorithm;
    }

    /** Cluster ids, a copy. */
    public int[] labels() {
        return labels.clone();
    }

    public int clusterCount() {
        return clusterCount;
    }

    /** The embedding that k-means clustered, or null. Shared: do not modify. */
    public DenseMatrix embedding() {
        return embedding;
    }

    /** Wall-clock seconds of the fit. */
    public double seconds() {
        return seconds;
    }

    public Diagnostics diagnostics() {
        return diagnostics;
    }

    /** The model for new points, where the method has one. */
    public Optional<ClusteringModel> model() {
        return Optional.ofNullable(model);
    }

    /** The same result with other diagnostics (a wrapper added its findings). */
    public ClusteringResult withDiagnostics(Diagnostics newDiagnostics) {
        return new ClusteringResult(algorithm, labels, clusterCount, embedding, seconds, newDiagnostics, model);
    }

    /** The same result with other labels (the same number of clusters), such as renumbered ones. */
    public ClusteringResult withLabels(int[] newLabels) {
        if (newLabels.length != labels.length) {
            throw new IllegalArgumentException(newLabels.length + " labels for " + labels.length + " points");
        }
        return new ClusteringResult(algorithm, newLabels, clusterCount, embedding, seconds, diagnostics, model);
    }

    /** The same result with another fit time (the caller measured the whole fit). */
    public ClusteringResult withSeconds(double newSeconds) {
        return new ClusteringResult(algorithm, labels, clusterCount, embedding, newSeconds, diagnostics, model);
    }
}
