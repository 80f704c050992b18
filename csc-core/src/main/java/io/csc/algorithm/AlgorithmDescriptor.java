package io.csc.algorithm;

import java.util.List;
import java.util.function.Function;

/**
 * How the command line and the experiment harness know a method: its name, what it is, the
 * paper it comes from, whether it uses supervision, its options, and how to build it.
 */
public record AlgorithmDescriptor(String name, String summary, String reference, boolean constrained,
                                  boolean scalable, List<Parameter<?>> parameters,
                                  Function<ParameterValues, ClusteringAlgorithm> factory) {

    public AlgorithmDescriptor {
        parameters = List.copyOf(parameters);
    }

    /** Builds the method with {@code values} over its defaults; unknown names are refused. */
    public ClusteringAlgorithm create(ParameterValues values) {
        values.requireKnown(name, parameters);
        return factory.apply(values);
    }

    /** Builds the method with its defaults. */
    public ClusteringAlgorithm create() {
        return create(ParameterValues.EMPTY);
    }
}
