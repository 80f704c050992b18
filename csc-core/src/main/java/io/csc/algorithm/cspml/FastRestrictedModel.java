package io.csc.algorithm.cspml;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.SampledBlocks;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import java.util.Optional;

/**
 * Places new points with a FAST-CSP-ML fit of the robust variant. The embedding is {@code V Y}, V
 * the Nyström extension of the similarity layer ({@code V = M₁ · map}) and Y the solution of the
 * restricted problem, so a new point's row is its normalized kernel row to the l samples times
 * {@code map · Y} (l x k), scaled to unit length, given the nearest k-means centre. A new point
 * carries no constraint, and the constraints already shaped Y. O(l (d + k)) per point.
 */
public final class FastRestrictedModel implements ClusteringModel {

    /** The type name of its saved state. */
    public static final String TYPE = "fast-csp-ml";

    private final SampledKernel kernel;
    private final double factor;
    private final double[] similarityColumnScale;
    private final DenseMatrix map;
    private final DenseMatrix centroids;

    /**
     * The model of a fit.
     *
     * @param kernel the kernel to the l samples, with the fit's σ
     * @param factor sqrt(l/n) of the fit
     * @param similarityColumnScale Δ, the fit's inverse square roots of the samples' degrees
     * @param map l x k, a point's normalized kernel row times it is its embedding before scaling to unit length
     * @param centroids the k-means centres, k x k
     */
    public FastRestrictedModel(SampledKernel kernel, double factor, double[] similarityColumnScale, DenseMatrix map,
                               DenseMatrix centroids) {
        this.kernel = kernel;
        this.factor = factor;
        this.similarityColumnScale = similarityColumnScale;
        this.map = map;
        this.centroids = centroids;
    }

    @Override
    public DenseMatrix embed(Dataset points, RunContext context) {
        return FastMultiLayerModel.embedInBlocks(points, map.columns(), block -> {
            DenseMatrix rows = FastMultiLayerModel.similarityRows(kernel, block, factor, similarityColumnScale, context);
            DenseMatrix embedding = SampledBlocks.multiply(context.backend(), rows, map);
            embedding.normalizeRows();
            return embedding;
        });
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return KMeans.assign(embed(points, context), centroids, context.parallel());
    }

    @Override
    public Optional<ModelState> state() {
        ModelState.Builder state = ModelState.builder(TYPE);
        kernel.save(state, "kernel.");
        return Optional.of(state.number("factor", factor).vector("similarityColumnScale", similarityColumnScale)
                .matrix("map", map).matrix("centroids", centroids).build());
    }

    /** The model a saved state describes. */
    public static FastRestrictedModel fromState(ModelState state) {
        return new FastRestrictedModel(SampledKernel.load(state, "kernel."), state.number("factor"),
                state.vector("similarityColumnScale"), state.matrix("map"), state.matrix("centroids"));
    }
}
