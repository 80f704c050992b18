package io.csc.active;

import java.util.List;

/**
 * The query strategies by name: {@code random}, {@code ffqs}, {@code min-max}, {@code uncertainty},
 * {@code npu}.
 */
public final class QueryStrategies {

    private static final List<QueryStrategy> ALL = List.of(new RandomPairs(), new ExploreConsolidate(), new MinMax(),
            new EmbeddingUncertainty(), new NeighbourhoodUncertainty());

    private QueryStrategies() {
    }

    /** Every strategy, random first. */
    public static List<QueryStrategy> all() {
        return ALL;
    }

    /** The strategies' names, in the order of {@link #all()}. */
    public static List<String> names() {
        return ALL.stream().map(QueryStrategy::name).toList();
    }

    /**
     * The strategy called {@code name} (case-insensitive; {@code explore-consolidate} is another name
     * of {@code ffqs}).
     *
     * @throws IllegalArgumentException naming the strategies there are
     */
    public static QueryStrategy byName(String name) {
        String wanted = name == null ? "" : name.trim();
        if (wanted.equalsIgnoreCase("explore-consolidate")) {
            wanted = ExploreConsolidate.NAME;
        }
        for (QueryStrategy strategy : ALL) {
            if (strategy.name().equalsIgnoreCase(wanted)) {
                return strategy;
            }
        }
        throw new IllegalArgumentException("Unknown query strategy: '" + name + "' (use one of "
                + String.join(", ", names()) + ")");
    }
}
