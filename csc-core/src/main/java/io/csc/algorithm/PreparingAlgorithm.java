package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;

/**
 * A method whose fit is a preparation on the data alone (a graph, its embedding, landmarks and codes)
 * followed by a fit of the supervision on it: {@link #fit} and {@link #prepare} both check their
 * arguments and run {@link #prepareChecked}, so that a prepared fit gives the labels of a fit with
 * the same data, supervision, k and seed.
 */
public interface PreparingAlgorithm extends ClusteringAlgorithm {

    /** The preparation of {@code data} for k clusters; the caller has checked the arguments. */
    PreparedFit prepareChecked(Dataset data, int k, RunContext context);

    @Override
    default ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(name(), data, constraints, k);
        return prepareChecked(data, k, context).fit(constraints, context);
    }

    @Override
    default PreparedFit prepare(Dataset data, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(name(), data, ConstraintSet.empty(data.size()), k);
        return prepareChecked(data, k, context);
    }

    /**
     * Refuses supervision over another number of points than the {@code n} the method {@code name}
     * was prepared on.
     */
    static void requirePreparedSize(String name, ConstraintSet constraints, int n) {
        if (constraints.pointCount() != n) {
            throw new IllegalArgumentException("The constraints of " + name + " refer to " + constraints.pointCount()
                    + " points but the prepared data has " + n);
        }
    }
}
