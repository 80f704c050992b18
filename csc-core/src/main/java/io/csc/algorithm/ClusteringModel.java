package io.csc.algorithm;

import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;

/**
 * What a method learned in fit that lets it place points it has not seen: the landmark and
 * Nyström methods embed new points through their landmarks and assign them to the nearest
 * cluster centre of the embedding.
 */
public interface ClusteringModel {

    /** The spectral embedding of new points (rows), in the coordinates k-means clustered. */
    DenseMatrix embed(Dataset points, RunContext context);

    /** The cluster of each new point. */
    int[] predict(Dataset points, RunContext context);
}
