package io.csc.algorithm;

import io.csc.selection.CrossValidatedMethod;
import io.csc.selection.GuardedMethod;
import io.csc.selection.SelectionMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * How the command line and the experiment harness know a method: its name, what it is, the
 * paper it comes from, whether it uses supervision, its options, and how to build it.
 *
 * <p>A constrained method that is {@code selectable} also takes {@code select} ({@link SelectionMode}):
 * {@code select=cv} chooses its parameters by cross-validation over the supervision. Every
 * method built here is a {@link CheckedAlgorithm}: canonical cluster ids, and a {@link Collapse} or a
 * lopsided partition reported in its diagnostics.
 */
public record AlgorithmDescriptor(String name, String summary, String reference, boolean constrained,
                                  boolean scalable, List<Parameter<?>> parameters, boolean selectable,
                                  Function<ParameterValues, ClusteringAlgorithm> factory) {

    public AlgorithmDescriptor {
        List<Parameter<?>> all = new ArrayList<>(parameters);
        if (constrained && selectable && all.stream().noneMatch(p -> p.name().equals(SelectionMode.PARAMETER.name()))) {
            all.add(SelectionMode.PARAMETER);
        }
        parameters = List.copyOf(all);
    }

    /** A method whose parameters can be selected when it is constrained. */
    public AlgorithmDescriptor(String name, String summary, String reference, boolean constrained, boolean scalable,
                               List<Parameter<?>> parameters, Function<ParameterValues, ClusteringAlgorithm> factory) {
        this(name, summary, reference, constrained, scalable, parameters, constrained, factory);
    }

    /** Builds the method with {@code values} over its defaults; unknown names are refused. */
    public ClusteringAlgorithm create(ParameterValues values) {
        values.requireKnown(name, parameters);
        // built first in every mode, so that a bad option value is refused here, in one line, and
        // not taken for a failed candidate inside selection's folds
        ClusteringAlgorithm method = createWithoutSelection(values);
        if (constrained && selectable) {
            SelectionMode mode = values.get(SelectionMode.PARAMETER);
            ParameterValues given = values.without(SelectionMode.PARAMETER.name());
            if (mode == SelectionMode.CV) {
                return new CrossValidatedMethod(this, given);
            }
            if (mode == SelectionMode.GUARD || mode == SelectionMode.CHECK
                    || mode == SelectionMode.AUTO && !paperVariant(given)) {
                return new GuardedMethod(this, given, mode);
            }
        }
        return method;
    }

    /**
     * Whether {@code values} ask for the method as its paper published it ({@code variant=paper}):
     * {@code select=auto} then fits it as set, so that a reproduction is the paper's method.
     */
    private static boolean paperVariant(ParameterValues values) {
        return io.csc.algorithm.spectral.SpectralParameters.PAPER_VARIANT.equals(values.asMap().get("variant"));
    }

    /** Builds the method with {@code values} over its defaults, ignoring {@code select}. */
    public ClusteringAlgorithm createWithoutSelection(ParameterValues values) {
        values.requireKnown(name, parameters);
        ClusteringAlgorithm method = factory.apply(values.without(SelectionMode.PARAMETER.name()));
        return new CheckedAlgorithm(method, constrained, unusedParameters(values));
    }

    /**
     * A warning for each option given in {@code values} that the fit will not read, because
     * another option has a setting that does not use it ({@link Parameter#unusedBecause}), in the
     * order {@code csc algorithms} lists them.
     */
    public List<String> unusedParameters(ParameterValues values) {
        List<String> warnings = new ArrayList<>();
        for (Parameter<?> parameter : parameters) {
            String reason = parameter.unusedBecause(values);
            if (reason != null) {
                warnings.add(reason);
            }
        }
        return List.copyOf(warnings);
    }

    /**
     * Every parameter of the method with the value {@code values} gives it, or its default: what a
     * fit with {@code values} actually uses, in the order {@code csc algorithms} lists them.
     */
    public java.util.Map<String, String> effectiveParameters(ParameterValues values) {
        java.util.Map<String, String> effective = new java.util.LinkedHashMap<>();
        for (Parameter<?> parameter : parameters) {
            effective.put(parameter.name(), effective(parameter, values));
        }
        return effective;
    }

    private static <T> String effective(Parameter<T> parameter, ParameterValues values) {
        return parameter.format(values.get(parameter));
    }

    /** Builds the method with its defaults. */
    public ClusteringAlgorithm create() {
        return create(ParameterValues.EMPTY);
    }
}
