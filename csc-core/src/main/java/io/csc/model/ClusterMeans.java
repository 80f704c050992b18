package io.csc.model;

import io.csc.linalg.DenseMatrix;

/** The mean row of each cluster: the centres k-means converged to, recomputed from its labels. */
public final class ClusterMeans {

    private ClusterMeans() {
    }

    /** k x c means of the rows of {@code points} per label; an empty cluster gets a centre no point is nearest to. */
    public static DenseMatrix of(DenseMatrix points, int[] labels, int k) {
        int c = points.columns();
        DenseMatrix means = DenseMatrix.zeros(k, c);
        double[] sums = means.data();
        int[] counts = new int[k];
        double[] data = points.data();
        for (int i = 0; i < labels.length; i++) {
            counts[labels[i]]++;
            for (int t = 0; t < c; t++) {
                sums[labels[i] * c + t] += data[i * c + t];
            }
        }
        for (int cluster = 0; cluster < k; cluster++) {
            if (counts[cluster] == 0) {
                // An empty cluster keeps no centre a point could be nearest to.
                for (int t = 0; t < c; t++) {
                    sums[cluster * c + t] = Double.MAX_VALUE / 4;
                }
                continue;
            }
            for (int t = 0; t < c; t++) {
                sums[cluster * c + t] /= counts[cluster];
            }
        }
        return means;
    }
}
