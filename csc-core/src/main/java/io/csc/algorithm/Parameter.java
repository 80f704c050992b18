package io.csc.algorithm;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One option of an algorithm as the command line and the experiment harness see it: a name, a
 * default, a description, and how to parse it from text. A null default is shown as {@code auto}
 * and means the method derives the value (for example sigma from a bandwidth rule).
 *
 * @param <T> the value type
 */
public final class Parameter<T> {

    private final String name;
    private final T defaultValue;
    private final String description;
    private final String typeName;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;
    private final Requirement<?> requirement;

    private Parameter(String name, T defaultValue, String description, String typeName,
                      Function<String, T> parser, Function<T, String> formatter) {
        this(name, defaultValue, description, typeName, parser, formatter, null);
    }

    private Parameter(String name, T defaultValue, String description, String typeName,
                      Function<String, T> parser, Function<T, String> formatter, Requirement<?> requirement) {
        this.name = Objects.requireNonNull(name);
        this.defaultValue = defaultValue;
        this.description = Objects.requireNonNull(description);
        this.typeName = typeName;
        this.parser = parser;
        this.formatter = formatter;
        this.requirement = requirement;
    }

    /** The setting of another option under which this one is read: {@code other} set to {@code value}. */
    private record Requirement<E>(Parameter<E> other, E value) {

        boolean holds(ParameterValues values) {
            return Objects.equals(values.get(other), value);
        }

        String setting() {
            return other.name() + "=" + other.format(value);
        }
    }

    /**
     * This option, read only when {@code other} is set to {@code value} (the k of the k-NN graph
     * only with {@code graph=knn}): a value given under another setting is reported by
     * {@link #unusedBecause}.
     */
    public <E> Parameter<T> usedOnlyWith(Parameter<E> other, E value) {
        return new Parameter<>(name, defaultValue, description, typeName, parser, formatter,
                new Requirement<>(Objects.requireNonNull(other), value));
    }

    /**
     * Why a value given for this option in {@code values} changes nothing, or null when it is read
     * (or none was given): the other option it depends on has another setting.
     */
    public String unusedBecause(ParameterValues values) {
        if (requirement == null || !values.contains(name) || requirement.holds(values)) {
            return null;
        }
        String current = requirement.other().name() + "=" + formatted(requirement.other(), values);
        return name + "=" + values.asMap().get(name) + " has no effect: it is read only with " + requirement.setting()
                + ", and this fit has " + current + (values.contains(requirement.other().name()) ? "" : " (the default)")
                + "; add --param " + requirement.setting() + " or drop " + name;
    }

    private static <E> String formatted(Parameter<E> parameter, ParameterValues values) {
        return parameter.format(values.get(parameter));
    }

    /** An integer option. */
    public static Parameter<Integer> integer(String name, Integer defaultValue, String description) {
        return new Parameter<>(name, defaultValue, description, "integer", text -> {
            try {
                return Integer.valueOf(text.trim());
            } catch (NumberFormatException e) {
                throw invalid(name, text, "an integer");
            }
        }, String::valueOf);
    }

    /** An integer option whose values below {@code minimum} are refused as they are parsed, naming the option. */
    public static Parameter<Integer> integer(String name, Integer defaultValue, int minimum, String description) {
        Parameter<Integer> plain = integer(name, defaultValue, description);
        return new Parameter<>(name, defaultValue, description, plain.typeName, text -> {
            int value = plain.parser.apply(text);
            if (value < minimum) {
                throw invalid(name, text, "an integer >= " + minimum);
            }
            return value;
        }, plain.formatter);
    }

    /** A real-valued option. */
    public static Parameter<Double> real(String name, Double defaultValue, String description) {
        return new Parameter<>(name, defaultValue, description, "number", text -> {
            try {
                double value = Double.parseDouble(text.trim());
                if (!Double.isFinite(value)) {
                    throw invalid(name, text, "a finite number");
                }
                return value;
            } catch (NumberFormatException e) {
                throw invalid(name, text, "a number");
            }
        }, String::valueOf);
    }

    /**
     * A real-valued option whose values outside the open interval ({@code above}, {@code below})
     * are refused as they are parsed, naming the option and the interval.
     */
    public static Parameter<Double> real(String name, Double defaultValue, double above, double below, String description) {
        Parameter<Double> plain = real(name, defaultValue, description);
        return new Parameter<>(name, defaultValue, description, plain.typeName, text -> {
            double value = plain.parser.apply(text);
            if (!(value > above && value < below)) {
                throw invalid(name, text, "a number > " + plainNumber(above) + " and < " + plainNumber(below));
            }
            return value;
        }, plain.formatter);
    }

    /** A true/false option. */
    public static Parameter<Boolean> bool(String name, boolean defaultValue, String description) {
        return new Parameter<>(name, defaultValue, description, "true|false", text -> {
            String value = text.trim().toLowerCase(Locale.ROOT);
            if (value.equals("true") || value.equals("yes") || value.equals("1")) {
                return true;
            }
            if (value.equals("false") || value.equals("no") || value.equals("0")) {
                return false;
            }
            throw invalid(name, text, "true or false");
        }, String::valueOf);
    }

    /** An option taking one of the constants of {@code type}, written in lower case with dashes. */
    public static <E extends Enum<E>> Parameter<E> choice(String name, Class<E> type, E defaultValue, String description) {
        E[] constants = type.getEnumConstants();
        String choices = Arrays.stream(constants).map(Parameter::enumText).collect(Collectors.joining("|"));
        return new Parameter<>(name, defaultValue, description, choices, text -> {
            String wanted = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
            for (E constant : constants) {
                if (enumText(constant).equals(wanted)) {
                    return constant;
                }
            }
            throw invalid(name, text, "one of " + choices);
        }, Parameter::enumText);
    }

    /** The command-line spelling of an enum constant: lower case, dashes. */
    public static String enumText(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A bound as text without a needless fraction: 0 rather than 0.0. */
    private static String plainNumber(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static IllegalArgumentException invalid(String name, String text, String expected) {
        return new IllegalArgumentException("Invalid value '" + text + "' for parameter " + name + ": expected " + expected);
    }

    public String name() {
        return name;
    }

    /** The default, or null when the method derives it ("auto"). */
    public T defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The kind of value, as shown in {@code csc algorithms}. */
    public String typeName() {
        return typeName;
    }

    /** Parses a value; {@code auto} gives null (the derived default) where the default is null. */
    public T parse(String text) {
        if (defaultValue == null && text.trim().equalsIgnoreCase("auto")) {
            return null;
        }
        return parser.apply(text);
    }

    /** The default as text: {@code auto} for a derived default. */
    public String defaultText() {
        return format(defaultValue);
    }

    /** A value as text, {@code auto} for null. */
    public String format(T value) {
        return value == null ? "auto" : formatter.apply(value);
    }

    @Override
    public String toString() {
        return name + "=" + defaultText();
    }
}
