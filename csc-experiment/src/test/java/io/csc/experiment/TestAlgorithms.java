package io.csc.experiment;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Methods for testing the harness: cheap, and recording what they were given. */
final class TestAlgorithms {

    private TestAlgorithms() {
    }

    /** What one fit received. */
    record Call(String dataset, ConstraintSet constraints, int k, long seed, int threads) {
    }

    /**
     * A method that labels point i with i mod k, records every call under the constraint set's
     * identity (data set name and seed), and refuses data sets of more than {@code maximumPoints}.
     */
    static AlgorithmDescriptor recorder(String name, boolean constrained, int maximumPoints, Map<String, List<Call>> calls) {
        ClusteringAlgorithm algorithm = new ClusteringAlgorithm() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
                ClusteringAlgorithm.checkArguments(name, data, constraints, k);
                calls.computeIfAbsent(name, unused -> new java.util.concurrent.CopyOnWriteArrayList<>())
                        .add(new Call(data.name(), constraints, k, context.seed(), context.threads()));
                if (data.size() > maximumPoints) {
                    throw new IllegalArgumentException(name + " refuses " + data.size() + " points: at most "
                            + maximumPoints);
                }
                int[] labels = new int[data.size()];
                for (int i = 0; i < labels.length; i++) {
                    labels[i] = (int) Math.floorMod(i + context.seed(), k);
                }
                Diagnostics diagnostics = Diagnostics.builder().warn("a test warning").build();
                return new ClusteringResult(name, labels, k, null, 0.0, diagnostics, null);
            }
        };
        // Not selectable: the harness's tests count and inspect each fit, which a guard would multiply.
        return new AlgorithmDescriptor(name, "test method", "none", constrained, true, List.of(), false,
                values -> algorithm);
    }

    static Map<String, List<Call>> newCalls() {
        return new ConcurrentHashMap<>();
    }
}
