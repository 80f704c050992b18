package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.experiment.AlgorithmConfiguration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/** The methods of an experiment and their options: {@code -a ALG[,ALG...]} and {@code --param [ALG:]KEY=VALUE}. */
final class AlgorithmOptions {

    @Option(names = {"-a", "--algorithm"}, split = ",", paramLabel = "ALG",
            description = "Methods, comma-separated or repeated (default: every registered one); 'csc algorithms' lists them.")
    List<String> names = new ArrayList<>();

    @Option(names = "--param", paramLabel = "[ALG:]KEY=VALUE",
            description = "A method option, repeatable: ALG:KEY=VALUE for one method, KEY=VALUE for every selected "
                    + "method that has the option (see 'csc algorithms').")
    List<String> parameters = new ArrayList<>();

    /** The selected methods with their option overrides, checked. */
    List<AlgorithmConfiguration> configurations() {
        List<AlgorithmDescriptor> selected = new ArrayList<>();
        for (String name : names.isEmpty() ? AlgorithmRegistry.all().stream().map(AlgorithmDescriptor::name).toList() : names) {
            AlgorithmDescriptor descriptor = AlgorithmRegistry.byName(name);
            if (selected.contains(descriptor)) {
                throw new IllegalArgumentException("Invalid -a: the algorithm " + descriptor.name() + " is given twice");
            }
            selected.add(descriptor);
        }
        Map<String, Map<String, String>> overrides = new LinkedHashMap<>();
        selected.forEach(descriptor -> overrides.put(descriptor.name(), new LinkedHashMap<>()));
        Map<String, String> given = new LinkedHashMap<>();
        for (String item : parameters) {
            int equals = item.indexOf('=');
            int colon = item.indexOf(':');
            if (equals <= 0) {
                throw new IllegalArgumentException("Invalid --param '" + item + "': write it as KEY=VALUE or ALG:KEY=VALUE, "
                        + "e.g. lsc-r:landmarks=300");
            }
            boolean scoped = colon > 0 && colon < equals;
            String key = item.substring(scoped ? colon + 1 : 0, equals).trim();
            String value = item.substring(equals + 1).trim();
            AlgorithmDescriptor target = scoped ? AlgorithmRegistry.byName(item.substring(0, colon)) : null;
            ParameterValues.putOnce(given, scoped ? target.name() + ":" + key : key, value);
            if (scoped) {
                if (!selected.contains(target)) {
                    throw new IllegalArgumentException("Invalid --param '" + item + "': " + target.name()
                            + " is not among the selected methods (" + names(selected) + ")");
                }
                overrides.get(target.name()).put(key, value);
            } else {
                List<AlgorithmDescriptor> having = selected.stream().filter(descriptor -> descriptor.parameters().stream()
                        .map(Parameter::name).anyMatch(key::equals)).toList();
                if (having.isEmpty()) {
                    throw new IllegalArgumentException("Invalid --param '" + item + "': none of the selected methods ("
                            + names(selected) + ") has a parameter '" + key + "' (see 'csc algorithms')");
                }
                having.forEach(descriptor -> overrides.get(descriptor.name()).put(key, value));
            }
        }
        return selected.stream().map(descriptor -> new AlgorithmConfiguration(descriptor,
                ParameterValues.of(overrides.get(descriptor.name())))).toList();
    }

    private static String names(List<AlgorithmDescriptor> descriptors) {
        return descriptors.stream().map(AlgorithmDescriptor::name).collect(Collectors.joining(", "));
    }
}
