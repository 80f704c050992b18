package io.csc.algorithm.spectral;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.api.RunContext;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.data.FittedScaling;
import io.csc.graph.SparseCoding;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import java.util.Optional;

/**
 * Places new points as a landmark method placed the training points: code them by their r nearest
 * landmarks with the σ of fit, map the codes to the embedding with the p x m map of fit, scale rows
 * to unit length if fit did, and assign each to the nearest k-means centre.
 */
public final class LandmarkModel implements ClusteringModel {

    /** The type name of its saved state. */
    public static final String TYPE = "landmark";

    private final DenseMatrix landmarks;
    private final int nearest;
    private final double sigma;
    private final DenseMatrix map;
    private final boolean normalizeRows;
    private final DenseMatrix centroids;

    public LandmarkModel(DenseMatrix landmarks, int nearest, double sigma, DenseMatrix map, boolean normalizeRows,
                         DenseMatrix centroids) {
        this.landmarks = landmarks;
        this.nearest = nearest;
        this.sigma = sigma;
        this.map = map;
        this.normalizeRows = normalizeRows;
        this.centroids = centroids;
    }

    @Override
    public DenseMatrix embed(Dataset points, RunContext context) {
        return embed(points, FittedScaling.none(), context);
    }

    /**
     * Scales the points as the sparse coding reads them, chunk by chunk on its workers: the coding
     * passes over every point once, and a scaled copy of all of them first would cost more than the
     * scaling itself (for 70,000 x 784 values, 440 MB zeroed and mapped page by page on one thread).
     */
    @Override
    public DenseMatrix embed(Dataset points, FittedScaling scaling, RunContext context) {
        if (points.dimension() != landmarks.columns()) {
            throw new IllegalArgumentException("The model was fitted on " + landmarks.columns() + " features; "
                    + points.name() + " has " + points.dimension());
        }
        SparseMatrix codes = SparseCoding.encode(scaling.rows(points), landmarks, nearest, sigma, context);
        DenseMatrix embedding = LandmarkGraph.embed(codes, map, context.parallel());
        if (normalizeRows) {
            embedding.normalizeRows();
        }
        return embedding;
    }

    /** New points are coded in either precision, as in fit. */
    @Override
    public boolean acceptsSinglePrecision() {
        return true;
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return predict(points, FittedScaling.none(), context);
    }

    @Override
    public int[] predict(Dataset points, FittedScaling scaling, RunContext context) {
        return KMeans.assign(embed(points, scaling, context), centroids, context.parallel());
    }

    @Override
    public Optional<ModelState> state() {
        return Optional.of(ModelState.builder(TYPE).matrix("landmarks", landmarks).number("nearest", nearest)
                .number("sigma", sigma).matrix("map", map).flag("normalizeRows", normalizeRows)
                .matrix("centroids", centroids).build());
    }

    /** The model a saved state describes. */
    public static LandmarkModel fromState(ModelState state) {
        return new LandmarkModel(state.matrix("landmarks"), state.integer("nearest"), state.number("sigma"),
                state.matrix("map"), state.number("normalizeRows") != 0, state.matrix("centroids"));
    }
}
