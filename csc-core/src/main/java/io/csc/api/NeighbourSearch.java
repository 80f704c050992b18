package io.csc.api;

import java.util.Locale;

/**
 * How a run finds the k nearest neighbours of every point, for the k-nearest-neighbour graphs of
 * the graph methods (e2cp, and njw, sl, csp-ml and apjcsc with {@code graph=knn}).
 */
public enum NeighbourSearch {
    /** {@link #EXACT} up to {@value #AUTO_EXACT_LIMIT} points, {@link #APPROXIMATE} beyond. */
    AUTO,
    /** Blocked brute force: every distance, O(n² d); the exact neighbours. */
    EXACT,
    /**
     * NN-descent (Dong, Charikar and Li, WWW 2011): about O(n k² d) per iteration and a few
     * iterations; its recall against the exact neighbours is estimated on a sample and reported.
     */
    APPROXIMATE;

    /** The most points {@link #AUTO} searches exactly. */
    public static final int AUTO_EXACT_LIMIT = 30_000;

    /** Whether n points are searched approximately. */
    public boolean approximates(int n) {
        return this == APPROXIMATE || (this == AUTO && n > AUTO_EXACT_LIMIT);
    }

    /**
     * The search named {@code text}: {@code auto}, {@code exact} or {@code approximate}, in any case.
     *
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static NeighbourSearch parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid neighbour search '" + text + "': expected auto, exact or approximate");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
