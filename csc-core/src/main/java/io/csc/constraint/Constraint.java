package io.csc.constraint;

/**
 * One pairwise constraint between points {@code first} and {@code second} (0-based, distinct),
 * with a weight in (0, 1]: 1 is a hard constraint, less is a soft one, trusted to that degree.
 */
public record Constraint(int first, int second, ConstraintType type, double weight) {

    public Constraint {
        if (first < 0 || second < 0) {
            throw new IllegalArgumentException("Invalid constraint (" + first + ", " + second + "): point indices must be >= 0");
        }
        if (first == second) {
            throw new IllegalArgumentException("Invalid constraint (" + first + ", " + second + "): a point cannot be constrained with itself");
        }
        if (type == null) {
            throw new IllegalArgumentException("Invalid constraint (" + first + ", " + second + "): type missing");
        }
        if (!(weight > 0 && weight <= 1)) {
            throw new IllegalArgumentException("Invalid constraint weight: " + weight + " (must be in (0, 1])");
        }
    }

    /** A hard must-link. */
    public static Constraint mustLink(int first, int second) {
        return new Constraint(first, second, ConstraintType.MUST_LINK, 1.0);
    }

    /** A hard cannot-link. */
    public static Constraint cannotLink(int first, int second) {
        return new Constraint(first, second, ConstraintType.CANNOT_LINK, 1.0);
    }

    /** The same pair and type with another weight. */
    public Constraint withWeight(double newWeight) {
        return new Constraint(first, second, type, newWeight);
    }

    /** The same pair and weight with the opposite type. */
    public Constraint flipped() {
        return new Constraint(first, second, type.opposite(), weight);
    }

    public boolean isMustLink() {
        return type == ConstraintType.MUST_LINK;
    }

    /** {@code +weight} for must-link, {@code -weight} for cannot-link. */
    public double signedWeight() {
        return type.sign() * weight;
    }

    @Override
    public String toString() {
        return type.code() + "(" + first + ", " + second + (weight == 1.0 ? "" : ", " + weight) + ")";
    }
}
