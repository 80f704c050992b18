package io.csc.model;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.algorithm.nystrom.NystromModel;
import io.csc.algorithm.cspml.FastRestrictedModel;
import io.csc.algorithm.spectral.LandmarkModel;
import java.util.Map;
import java.util.function.Function;

/** The readers of saved placements, by {@link ModelState#type()}. */
final class ModelTypes {

    private static final Map<String, Function<ModelState, ClusteringModel>> READERS = Map.of(
            LandmarkModel.TYPE, LandmarkModel::fromState,
            NystromModel.TYPE, NystromModel::fromState,
            FastRestrictedModel.TYPE, FastRestrictedModel::fromState,
            GraphExtensionModel.TYPE, GraphExtensionModel::fromState,
            NearestCentreModel.TYPE, NearestCentreModel::fromState);

    private ModelTypes() {
    }

    /** The placement a state describes; refused when the type is unknown. */
    static ClusteringModel read(ModelState state) {
        Function<ModelState, ClusteringModel> reader = READERS.get(state.type());
        if (reader == null) {
            throw new IllegalArgumentException("unknown model type '" + state.type() + "' (this csc reads "
                    + String.join(", ", new java.util.TreeSet<>(READERS.keySet())) + ")");
        }
        return reader.apply(state);
    }
}
