package io.csc.cluster;

import io.csc.linalg.DenseMatrix;
import java.util.Arrays;

/**
 * The outcome of {@link KMeans#fit}: the best of the restarts.
 *
 * @param labels cluster id in {@code 0..k-1} of every point; every id has at least one point
 * @param centroids k x d matrix whose row j is the mean of the points of cluster j
 * @param inertia sum over the points of the squared Euclidean distance to the centroid of their
 *     cluster (the returned centroids), {@code >= 0}
 * @param iterations Lloyd iterations of the kept run, {@code >= 1}
 * @param converged whether the kept run met the stopping rule before {@code maxIterations}
 */
public record KMeansResult(int[] labels, DenseMatrix centroids, double inertia, int iterations, boolean converged) {

    public KMeansResult {
        if (labels == null || centroids == null) {
            throw new IllegalArgumentException("Labels and centroids are required");
        }
        for (int label : labels) {
            if (label < 0 || label >= centroids.rows()) {
                throw new IllegalArgumentException("Cluster id " + label + " outside [0, " + centroids.rows() + ")");
            }
        }
        if (!(inertia >= 0)) {
            throw new IllegalArgumentException("Invalid inertia: " + inertia + " (must be >= 0)");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("Invalid iterations: " + iterations + " (must be >= 1)");
        }
        labels = labels.clone();
    }

    /**
     * The same clustering with ids in {@link CanonicalLabels canonical order} and the centroids'
     * rows moved with them.
     */
    public KMeansResult canonical() {
        int[] newId = CanonicalLabels.renumbering(labels, centroids.rows());
        int d = centroids.columns();
        double[] moved = new double[centroids.rows() * d];
        double[] old = centroids.data();
        for (int cluster = 0; cluster < newId.length; cluster++) {
            System.arraycopy(old, cluster * d, moved, newId[cluster] * d, d);
        }
        return new KMeansResult(CanonicalLabels.apply(labels, newId), new DenseMatrix(centroids.rows(), d, moved), inertia,
                iterations, converged);
    }

    /** The number of clusters k. */
    public int clusterCount() {
        return centroids.rows();
    }

    /** Cluster ids, a copy. */
    @Override
    public int[] labels() {
        return labels.clone();
    }

    /** How many points each cluster has. */
    public int[] clusterSizes() {
        int[] sizes = new int[centroids.rows()];
        for (int label : labels) {
            sizes[label]++;
        }
        return sizes;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KMeansResult that && Arrays.equals(labels, that.labels)
                && centroids.rows() == that.centroids.rows() && centroids.columns() == that.centroids.columns()
                && Arrays.equals(centroids.data(), that.centroids.data())
                && Double.compare(inertia, that.inertia) == 0 && iterations == that.iterations
                && converged == that.converged;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(labels) + Arrays.hashCode(centroids.data());
    }

    @Override
    public String toString() {
        return "KMeansResult(k = " + centroids.rows() + ", inertia = " + inertia + ", iterations = " + iterations
                + (converged ? ", converged" : ", not converged") + ", sizes " + Arrays.toString(clusterSizes()) + ")";
    }
}
