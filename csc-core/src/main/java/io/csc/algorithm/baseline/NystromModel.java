package io.csc.algorithm.baseline;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.RunContext;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;

/**
 * Places new points with the Nyström extension of fit: the kernel to the m samples, normalized by
 * the approximate degrees, mapped by the m x k matrix of fit, rows scaled to unit length, and the
 * nearest k-means centre.
 */
final class NystromModel implements ClusteringModel {

    private final SampledKernel kernel;
    private final double[] degreeWeights;
    private final double[] sampleScale;
    private final DenseMatrix map;
    private final DenseMatrix centroids;

    NystromModel(SampledKernel kernel, double[] degreeWeights, double[] sampleScale,
                 DenseMatrix map, DenseMatrix centroids) {
        this.kernel = kernel;
        this.degreeWeights = degreeWeights;
        this.sampleScale = sampleScale;
        this.map = map;
        this.centroids = centroids;
    }

    @Override
    public DenseMatrix embed(Dataset points, RunContext context) {
        DenseMatrix columns = kernel.columns(points, context);
        NystromSpectralClustering.normalize(columns, degreeWeights, sampleScale, null, context);
        DenseMatrix embedding = io.csc.linalg.MatrixProducts.multiply(context.backend(), columns, map);
        embedding.normalizeRows();
        return embedding;
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return KMeans.assign(embed(points, context), centroids, context.parallel());
    }
}
