package io.csc.constraint;

/** Receives constraint pairs one at a time, without materializing them. */
@FunctionalInterface
public interface PairVisitor {

    /**
     * One constraint between points {@code first} and {@code second}.
     *
     * @param sign +1 for must-link, -1 for cannot-link
     * @param weight the weight in (0, 1]
     */
    void visit(int first, int second, int sign, double weight);
}
