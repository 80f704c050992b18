package io.csc.experiment;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One method of an experiment: its descriptor and the option values that override its
 * defaults. The overrides are checked on construction (unknown names, unparsable or invalid
 * values) by building the method once.
 *
 * @param descriptor the method
 * @param overrides option values given as text, over the method's defaults
 */
public record AlgorithmConfiguration(AlgorithmDescriptor descriptor, ParameterValues overrides) {

    public AlgorithmConfiguration {
        Objects.requireNonNull(descriptor, "descriptor");
        Objects.requireNonNull(overrides, "overrides");
        overrides.requireKnown(descriptor.name(), descriptor.parameters());
        descriptor.create(overrides);
    }

    /** The registered method called {@code name} with its defaults. */
    public static AlgorithmConfiguration of(String name) {
        return new AlgorithmConfiguration(AlgorithmRegistry.byName(name), ParameterValues.EMPTY);
    }

    /** The registered method called {@code name} with {@code overrides}. */
    public static AlgorithmConfiguration of(String name, ParameterValues overrides) {
        return new AlgorithmConfiguration(AlgorithmRegistry.byName(name), overrides);
    }

    /** The method's name, as records and tables show it. */
    public String name() {
        return descriptor.name();
    }

    /** Whether the method uses supervision. */
    public boolean constrained() {
        return descriptor.constrained();
    }

    /** A new instance of the method with the overrides applied. */
    public ClusteringAlgorithm create() {
        return descriptor.create(overrides);
    }

    /**
     * Every option with the value the method runs with, in the descriptor's order, as text
     * ({@code auto} for a value the method derives).
     */
    public Map<String, String> effectiveParameters() {
        return descriptor.effectiveParameters(overrides);
    }

    @Override
    public String toString() {
        return overrides.asMap().isEmpty() ? name() : name() + overrides.asMap();
    }
}
