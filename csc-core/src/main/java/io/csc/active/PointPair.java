package io.csc.active;

/**
 * A question: do points {@code first} and {@code second} (0-based rows, distinct) belong to the
 * same cluster? The order is the order of display: strategies put the point they are unsure of
 * first and the point it is compared with second.
 */
public record PointPair(int first, int second) {

    public PointPair {
        if (first < 0 || second < 0 || first == second) {
            throw new IllegalArgumentException("Invalid pair (" + first + ", " + second
                    + "): need two distinct point indices >= 0");
        }
    }

    /** The same pair whatever the order: {@code min * pointCount + max}. */
    public long key(int pointCount) {
        return (long) Math.min(first, second) * pointCount + Math.max(first, second);
    }

    /** True if {@code point} is one of the two. */
    public boolean contains(int point) {
        return first == point || second == point;
    }
}
