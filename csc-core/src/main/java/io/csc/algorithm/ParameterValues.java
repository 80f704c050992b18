package io.csc.algorithm;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Option values given as text ({@code --param key=value}), read through the {@link Parameter}s
 * that declare them. Unknown names are refused with the list of known ones.
 */
public final class ParameterValues {

    public static final ParameterValues EMPTY = new ParameterValues(Map.of());

    private final Map<String, String> values;

    private ParameterValues(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static ParameterValues of(Map<String, String> values) {
        return new ParameterValues(values);
    }

    /**
     * Parses {@code key=value} items.
     *
     * @throws IllegalArgumentException for an item without {@code =}, or a key given twice with
     *     different values
     */
    public static ParameterValues parse(Collection<String> items) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String item : items) {
            int equals = item.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("Invalid parameter '" + item + "': write it as key=value, e.g. sigma=0.5");
            }
            putOnce(map, item.substring(0, equals).trim(), item.substring(equals + 1).trim());
        }
        return new ParameterValues(map);
    }

    /**
     * Puts {@code value} for {@code name} in {@code values}, refusing a name given before with
     * another value: which one was meant cannot be told (the same value twice is accepted).
     *
     * @throws IllegalArgumentException naming the parameter and both values
     */
    public static void putOnce(Map<String, String> values, String name, String value) {
        String before = values.putIfAbsent(name, value);
        if (before != null && !before.equals(value)) {
            throw new IllegalArgumentException("Invalid --param: " + name + " is given twice, as " + before + " and "
                    + value + "; give it once");
        }
    }

    /** The value of {@code parameter}: parsed if given, its default otherwise. */
    public <T> T get(Parameter<T> parameter) {
        String text = values.get(parameter.name());
        return text == null ? parameter.defaultValue() : parameter.parse(text);
    }

    /** Whether a value was given for {@code name}. */
    public boolean contains(String name) {
        return values.containsKey(name);
    }

    /** The raw text values. */
    public Map<String, String> asMap() {
        return values;
    }

    /** These values without {@code name}. */
    public ParameterValues without(String name) {
        if (!values.containsKey(name)) {
            return this;
        }
        Map<String, String> rest = new LinkedHashMap<>(values);
        rest.remove(name);
        return new ParameterValues(rest);
    }

    /** Values given here win over {@code defaults}. */
    public ParameterValues over(ParameterValues defaults) {
        Map<String, String> merged = new LinkedHashMap<>(defaults.values);
        merged.putAll(values);
        return new ParameterValues(merged);
    }

    /** Refuses names that {@code algorithm} does not declare. */
    public void requireKnown(String algorithm, List<Parameter<?>> known) {
        for (String name : values.keySet()) {
            if (known.stream().noneMatch(parameter -> parameter.name().equals(name))) {
                String names = known.isEmpty() ? "none" : known.stream().map(Parameter::name).collect(Collectors.joining(", "));
                throw new IllegalArgumentException("Unknown parameter '" + name + "' for " + algorithm
                        + "; its parameters are: " + names + " (see 'csc algorithms')");
            }
        }
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
