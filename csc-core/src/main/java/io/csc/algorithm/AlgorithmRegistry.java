package io.csc.algorithm;

import io.csc.selection.AutomaticMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Every method the command line and the experiment harness can run, by name: those of every
 * {@link AlgorithmProvider} on the class path ({@link ServiceLoader}), csc-core's own first, then the
 * others by class name.
 */
public final class AlgorithmRegistry {

    private static final List<AlgorithmDescriptor> ALGORITHMS = discover(AlgorithmRegistry.class.getClassLoader());

    private AlgorithmRegistry() {
    }

    /**
     * The methods of the providers {@code loader} finds, csc-core's first.
     *
     * @throws IllegalStateException when two methods share a name
     */
    public static List<AlgorithmDescriptor> discover(ClassLoader loader) {
        List<AlgorithmProvider> providers = new ArrayList<>();
        ServiceLoader.load(AlgorithmProvider.class, loader).forEach(providers::add);
        providers.sort(Comparator.comparing((AlgorithmProvider p) -> p instanceof CoreAlgorithms ? 0 : 1)
                .thenComparing(p -> p.getClass().getName()));
        if (providers.stream().noneMatch(CoreAlgorithms.class::isInstance)) {
            providers.add(0, new CoreAlgorithms());
        }
        List<AlgorithmDescriptor> all = new ArrayList<>();
        Map<String, String> owners = new HashMap<>();
        for (AlgorithmProvider provider : providers) {
            for (AlgorithmDescriptor descriptor : provider.algorithms()) {
                String key = descriptor.name().toLowerCase(Locale.ROOT);
                String previous = owners.putIfAbsent(key, provider.getClass().getName());
                if (previous != null || key.equals(AutomaticMethod.NAME)) {
                    throw new IllegalStateException("Two methods are called '" + descriptor.name() + "': from "
                            + (previous == null ? "csc-core (auto)" : previous) + " and " + provider.getClass().getName()
                            + "; rename one");
                }
                all.add(descriptor);
            }
        }
        return List.copyOf(all);
    }

    /** All methods, baselines first. */
    public static List<AlgorithmDescriptor> all() {
        return ALGORITHMS;
    }

    /**
     * The method called {@code name}, or {@code auto} (the method chosen by cross-validation over the
     * supervision, {@link AutomaticMethod}); refuses unknown names with the list of known ones.
     */
    public static AlgorithmDescriptor byName(String name) {
        if (name.trim().equalsIgnoreCase(AutomaticMethod.NAME)) {
            return AutomaticMethod.DESCRIPTOR;
        }
        for (AlgorithmDescriptor descriptor : ALGORITHMS) {
            if (descriptor.name().equalsIgnoreCase(name.trim())) {
                return descriptor;
            }
        }
        throw new IllegalArgumentException("Unknown algorithm '" + name + "'; available: "
                + ALGORITHMS.stream().map(AlgorithmDescriptor::name).collect(Collectors.joining(", ")) + ", auto"
                + " (see 'csc algorithms')");
    }
}
