package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;

/**
 * A constrained method whose results report a {@link Collapse} in their warnings and under
 * {@code diagnostics.collapse}. Every constrained method the registry builds is wrapped in one, so
 * that no method collapses silently.
 */
public final class CollapseCheckedAlgorithm implements ClusteringAlgorithm {

    private final ClusteringAlgorithm method;

    public CollapseCheckedAlgorithm(ClusteringAlgorithm method) {
        this.method = method;
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
        return Collapse.annotate(method.fit(data, constraints, k, context), constraints);
    }
}
