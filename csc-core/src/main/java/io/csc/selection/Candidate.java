package io.csc.selection;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ParameterValues;
import java.util.Map;

/**
 * One setting that selection tries: a registered method with parameter values over its defaults.
 *
 * @param descriptor the method
 * @param values the values given (the rest are the method's defaults); never {@code select}
 */
public record Candidate(AlgorithmDescriptor descriptor, ParameterValues values) {

    /** Builds the method for this setting, without selection. */
    public ClusteringAlgorithm create() {
        return descriptor.createWithoutSelection(values);
    }

    /** The method's name. */
    public String method() {
        return descriptor.name();
    }

    /** The values given, as text. */
    public Map<String, String> parameters() {
        return values.asMap();
    }

    /** The method and its values, e.g. {@code scacs nearest=5}. */
    public String label() {
        StringBuilder text = new StringBuilder(method());
        values.asMap().forEach((key, value) -> text.append(' ').append(key).append('=').append(value));
        return text.toString();
    }
}
