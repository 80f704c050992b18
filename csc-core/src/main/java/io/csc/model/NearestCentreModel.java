package io.csc.model;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.api.RunContext;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import java.util.Optional;

/**
 * Places new points for the methods that cluster the features themselves (cop-kmeans): the nearest
 * cluster centre, a centre being the mean of its training points. A new point carries no
 * constraint, so the nearest centre is what COP-KMeans's assignment step gives it. The embedding is
 * the (scaled) features.
 */
public final class NearestCentreModel implements ClusteringModel {

    /** The type name of its saved state. */
    public static final String TYPE = "nearest-centre";

    private final DenseMatrix centroids;

    public NearestCentreModel(DenseMatrix centroids) {
        this.centroids = centroids;
    }

    /** The centres of the clusters {@code labels} of the (scaled) training points. */
    public static NearestCentreModel fit(Dataset training, int[] labels, int k) {
        DenseMatrix points = new DenseMatrix(training.size(), training.dimension(), training.features());
        return new NearestCentreModel(ClusterMeans.of(points, labels, k));
    }

    @Override
    public DenseMatrix embed(Dataset points, RunContext context) {
        if (points.dimension() != centroids.columns()) {
            throw new IllegalArgumentException("The model was fitted on " + centroids.columns() + " features; "
                    + points.name() + " has " + points.dimension());
        }
        return new DenseMatrix(points.size(), points.dimension(), points.features());
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return KMeans.assign(embed(points, context), centroids, context.parallel());
    }

    @Override
    public Optional<ModelState> state() {
        return Optional.of(ModelState.builder(TYPE).matrix("centroids", centroids).build());
    }

    /** The model a saved state describes. */
    public static NearestCentreModel fromState(ModelState state) {
        return new NearestCentreModel(state.matrix("centroids"));
    }
}
