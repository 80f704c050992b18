package io.csc.model;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The method and every effective parameter behind a fit. With {@code select} cv, guard or auto, or
 * {@code -a auto}, it is the setting selection chose ({@code diagnostics.selection}), over that
 * method's defaults, with the selection mode that chose it, so that a model's provenance names what
 * actually places its points.
 *
 * @param method the method's name
 * @param parameters every parameter with the value used
 */
public record MethodSetting(String method, Map<String, String> parameters) {

    public MethodSetting {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** The setting of {@code result}, fitted by {@code method} built with {@code values}. */
    public static MethodSetting of(AlgorithmDescriptor method, ParameterValues values, ClusteringResult result) {
        Object selection = result.diagnostics().values().get("selection");
        if (selection instanceof Map<?, ?> chosen && chosen.get("method") instanceof String name
                && chosen.get("parameters") instanceof Map<?, ?> parameters) {
            Map<String, String> given = new LinkedHashMap<>();
            parameters.forEach((key, value) -> given.put(String.valueOf(key), String.valueOf(value)));
            AlgorithmDescriptor selected = AlgorithmRegistry.byName(name);
            Map<String, String> effective = new LinkedHashMap<>(selected.effectiveParameters(ParameterValues.of(given)));
            String mode = method.effectiveParameters(values).getOrDefault("select", "cv");
            effective.computeIfPresent("select", (key, value) -> mode);
            return new MethodSetting(name, effective);
        }
        return new MethodSetting(method.name(), method.effectiveParameters(values));
    }
}
