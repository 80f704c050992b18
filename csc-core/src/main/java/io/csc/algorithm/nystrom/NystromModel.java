package io.csc.algorithm.nystrom;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import java.util.Optional;

/**
 * Places new points with the Nyström extension of fit: the kernel to the m samples, normalized by
 * the approximate degrees, mapped by the m x k matrix of fit, rows scaled to unit length, and the
 * nearest k-means centre.
 */
public final class NystromModel implements ClusteringModel {

    /** The type name of its saved state. */
    public static final String TYPE = "nystrom";

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

    @Override
    public Optional<ModelState> state() {
        ModelState.Builder state = ModelState.builder(TYPE);
        kernel.save(state, "kernel.");
        return Optional.of(state.vector("degreeWeights", degreeWeights).vector("sampleScale", sampleScale)
                .matrix("map", map).matrix("centroids", centroids).build());
    }

    /** The model a saved state describes. */
    public static NystromModel fromState(ModelState state) {
        return new NystromModel(SampledKernel.load(state, "kernel."), state.vector("degreeWeights"),
                state.vector("sampleScale"), state.matrix("map"), state.matrix("centroids"));
    }
}
