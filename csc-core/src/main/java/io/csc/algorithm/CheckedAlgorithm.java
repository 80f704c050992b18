package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.cluster.CanonicalLabels;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;

/**
 * A method whose results leave nothing to chance or silence: cluster ids in
 * {@link CanonicalLabels canonical order}, so that the same partition always has the same labels;
 * a {@link Collapse} of a constrained method and a lopsided or incomplete partition
 * ({@link ClusterOccupancy}) in the warnings. Every method the registry builds is wrapped in one.
 */
public final class CheckedAlgorithm implements ClusteringAlgorithm {

    private final ClusteringAlgorithm method;
    private final boolean constrained;

    public CheckedAlgorithm(ClusteringAlgorithm method, boolean constrained) {
        this.method = method;
        this.constrained = constrained;
    }

    /** The method inside. */
    public ClusteringAlgorithm method() {
        return method;
    }

    @Override
    public ClusteringAlgorithm unwrapped() {
        return method.unwrapped();
    }

    @Override
    public String name() {
        return method.name();
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        return checked(method.fit(data, constraints, k, context), constraints);
    }

    /** The method's preparation, each fit checked as {@link #fit} checks it. */
    @Override
    public PreparedFit prepare(Dataset data, int k, RunContext context) {
        PreparedFit prepared = method.prepare(data, k, context);
        return (constraints, fitContext) -> checked(prepared.fit(constraints, fitContext), constraints);
    }

    private ClusteringResult checked(ClusteringResult fitted, ConstraintSet constraints) {
        ClusteringResult result = canonical(fitted);
        if (constrained) {
            result = Collapse.annotate(result, constraints);
        }
        return ClusterOccupancy.annotate(result);
    }

    /**
     * The result with canonical ids. A result with a model keeps its ids, which k-means has
     * already put in canonical order, so that the model's clusters keep matching them.
     */
    private static ClusteringResult canonical(ClusteringResult result) {
        int[] labels = result.labels();
        if (result.model().isPresent() || CanonicalLabels.isCanonical(labels, result.clusterCount())) {
            return result;
        }
        return result.withLabels(CanonicalLabels.of(labels, result.clusterCount()));
    }
}
