package io.csc.selection;

import java.util.List;
import java.util.Map;

/**
 * The settings {@code --param select=cv} tries for each constrained method: the defaults first, then
 * two alternatives on the parameters that matter most for that method (the graph and its bandwidth
 * rule, the constraints' weight against the data). Three settings and three folds keep selection
 * within ten fits with the final one. Values the user gives explicitly are kept fixed in every
 * setting.
 */
public final class SelectionGrids {

    private static final Map<String, List<Map<String, String>>> GRIDS = Map.ofEntries(
            Map.entry("scacs", List.of(Map.of(), Map.of("variant", "paper"), Map.of("nearest", "5"))),
            Map.entry("sc-pc", List.of(Map.of(), Map.of("nearest", "3"), Map.of("bandwidth", "mean-distance"))),
            Map.entry("fast-csp-ml", List.of(Map.of(), Map.of("variant", "paper"), Map.of("bandwidth", "median"))),
            Map.entry("csp-ml", List.of(Map.of(), Map.of("variant", "paper"), Map.of("bandwidth", "knn-mean"))),
            Map.entry("e2cp", List.of(Map.of(), Map.of("affinity", "dense"), Map.of("neighbours", "10"))),
            Map.entry("sl", List.of(Map.of(), Map.of("graph", "knn"), Map.of("bandwidth", "self-tuning"))),
            Map.entry("apjcsc-1", List.of(Map.of(), Map.of("eta", "0.7"), Map.of("bandwidth", "self-tuning"))),
            Map.entry("apjcsc-2", List.of(Map.of(), Map.of("eta", "0.7"), Map.of("bandwidth", "self-tuning"))),
            Map.entry("csp", List.of(Map.of(), Map.of("variant", "paper", "normalize-rows", "true"),
                    Map.of("bandwidth", "self-tuning"))));

    private SelectionGrids() {
    }

    /** The settings of {@code method} as overrides of its defaults, the defaults (empty) first. */
    public static List<Map<String, String>> of(String method) {
        return GRIDS.getOrDefault(method, List.of(Map.of()));
    }
}
