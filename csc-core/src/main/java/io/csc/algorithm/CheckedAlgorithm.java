package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.cluster.CanonicalLabels;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Precision;

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

    /** Accepts data of either precision: what the method inside cannot read is widened first. */
    @Override
    public boolean acceptsSinglePrecision() {
        return true;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        boolean widen = needsWidening(data);
        ClusteringResult result = checked(method.fit(widen ? data.inPrecision(Precision.DOUBLE) : data, constraints,
                k, context), constraints);
        return widen ? widened(result) : result;
    }

    /** The method's preparation, each fit checked as {@link #fit} checks it. */
    @Override
    public PreparedFit prepare(Dataset data, int k, RunContext context) {
        boolean widen = needsWidening(data);
        PreparedFit prepared = method.prepare(widen ? data.inPrecision(Precision.DOUBLE) : data, k, context);
        return (constraints, fitContext) -> {
            ClusteringResult result = checked(prepared.fit(constraints, fitContext), constraints);
            return widen ? widened(result) : result;
        };
    }

    private boolean needsWidening(Dataset data) {
        return data.precision() == Precision.FLOAT && !method.acceptsSinglePrecision();
    }

    private ClusteringResult widened(ClusteringResult result) {
        return result.withDiagnostics(Diagnostics.builder().merge(result.diagnostics())
                .warn(method.name() + " computes on double-precision features: the single-precision data was "
                        + "widened for the fit (the landmark methods lsc-r, scacs and sc-pc keep single precision)")
                .build());
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
