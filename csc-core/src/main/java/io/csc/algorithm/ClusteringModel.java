package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.FittedScaling;
import io.csc.data.Precision;
import io.csc.linalg.DenseMatrix;
import java.util.Optional;

/**
 * What a method learned in fit that lets it place points it has not seen: the landmark and
 * Nyström methods embed new points through their landmarks and assign them to the nearest
 * cluster centre of the embedding; {@code io.csc.model} adds the Nyström extension for the graph
 * methods and the nearest centre for k-means-like ones. Points are given in the scaled feature
 * space the method was fitted in.
 */
public interface ClusteringModel {

    /** The spectral embedding of new points (rows), in the coordinates k-means clustered. */
    DenseMatrix embed(Dataset points, RunContext context);

    /** The cluster of each new point. */
    int[] predict(Dataset points, RunContext context);

    /**
     * The embedding of new points given as they were read, before {@code scaling}, the scaling of
     * fit. By default they are scaled into a new data set ({@link FittedScaling#apply}), widened to
     * double precision unless {@link #acceptsSinglePrecision}, and embedded; a model that reads
     * each point once overrides it to scale the points as it reads them
     * ({@link FittedScaling#rows}), without the scaled copy.
     */
    default DenseMatrix embed(Dataset points, FittedScaling scaling, RunContext context) {
        return embed(scaled(points, scaling), context);
    }

    /** The cluster of each new point given before {@code scaling}, as {@link #embed(Dataset, FittedScaling, RunContext)}. */
    default int[] predict(Dataset points, FittedScaling scaling, RunContext context) {
        return predict(scaled(points, scaling), context);
    }

    /**
     * Whether {@link #embed} and {@link #predict} read points held in single precision as they
     * are; false (the default) has the caller widen them to double precision first.
     */
    default boolean acceptsSinglePrecision() {
        return false;
    }

    private Dataset scaled(Dataset points, FittedScaling scaling) {
        Dataset scaled = scaling.apply(points);
        return acceptsSinglePrecision() ? scaled : scaled.inPrecision(Precision.DOUBLE);
    }

    /**
     * What a model file stores of this model, or empty when it cannot be saved. The reader of
     * {@link ModelState#type()} rebuilds an equal model from it.
     */
    default Optional<ModelState> state() {
        return Optional.empty();
    }
}
