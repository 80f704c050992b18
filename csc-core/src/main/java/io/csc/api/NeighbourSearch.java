package io.csc.api;

import java.util.Locale;

/**
 * How a run finds the k nearest neighbours of every point, for the k-nearest-neighbour graphs of
 * the graph methods (e2cp, and njw, sl, csp-ml and apjcsc with {@code graph=knn}), and the nearest
 * landmarks of every point where the landmarks are points of the data (sc-pc's constrained points;
 * {@link #approximatesLandmarks}).
 */
public enum NeighbourSearch {
    /**
     * {@link #EXACT} up to {@value #AUTO_EXACT_LIMIT} points while the exact search costs at most
     * {@value #AUTO_EXACT_WORK} multiply-adds (n² d, about a second of products on two cores),
     * {@link #APPROXIMATE} beyond: 20,000 points of 16 features are searched exactly, 20,000 images
     * of 784 pixels approximately. The nearest landmarks have their own budget
     * ({@link #approximatesLandmarks}).
     */
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

    /**
     * The most multiply-adds (n² d) {@link #AUTO} spends on an exact search. Beyond it NN-descent is
     * several times faster at a measured recall of 0.97 or more on the shared data sets.
     */
    public static final long AUTO_EXACT_WORK = 50_000_000_000L;

    /** Whether n points of d features are searched approximately. */
    public boolean approximates(int n, int d) {
        return this == APPROXIMATE
                || (this == AUTO && (n > AUTO_EXACT_LIMIT || (long) n * n * Math.max(d, 1) > AUTO_EXACT_WORK));
    }

    /**
     * The most multiply-adds (n p d) {@link #AUTO} spends on an exact search for the nearest of p
     * landmarks. The approximate search multiplies in 128 dimensions instead of d but computes the
     * exact distances of r + 8 candidates per point instead of about r, which random access to the
     * landmarks makes costly: on 70,000 images of 784 pixels the two cost about the same at 1,000
     * landmarks, and the approximate one about half at 2,000.
     */
    public static final long AUTO_EXACT_LANDMARK_WORK = 100_000_000_000L;

    /**
     * Whether the nearest of p landmarks for each of n points of d features are searched
     * approximately: always for {@link #APPROXIMATE}, and for {@link #AUTO} when the exact search
     * would cost more than {@value #AUTO_EXACT_LANDMARK_WORK} multiply-adds (n p d). The approximate
     * search screens the landmarks on their leading principal components and decides among the best
     * candidates by exact distances (io.csc.graph.LandmarkSearch); 70,000 images of 784 pixels
     * against 2,000 landmarks or more are searched so, against 1,000 exactly.
     */
    public boolean approximatesLandmarks(long n, int p, int d) {
        return this == APPROXIMATE || (this == AUTO && n * p * Math.max(d, 1) > AUTO_EXACT_LANDMARK_WORK);
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
