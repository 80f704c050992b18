package io.csc.algorithm;

import io.csc.linalg.DenseMatrix;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a {@link ClusteringModel} needs to place new points, as plain values: a type name,
 * named numbers and named matrices. A model file stores exactly this (no Java serialization), and
 * the model's reader rebuilds the model from it.
 *
 * @param type the kind of model, e.g. {@code landmark}; names the reader
 * @param numbers named scalars (flags as 0 / 1)
 * @param matrices named dense matrices, shared: not to be modified
 */
public record ModelState(String type, Map<String, Double> numbers, Map<String, DenseMatrix> matrices) {

    public ModelState {
        Objects.requireNonNull(type, "type");
        numbers = Collections.unmodifiableMap(new LinkedHashMap<>(numbers));
        matrices = Collections.unmodifiableMap(new LinkedHashMap<>(matrices));
    }

    /** A builder for a state of {@code type}. */
    public static Builder builder(String type) {
        return new Builder(type);
    }

    /** The number {@code name}; refused with the model type and name when missing. */
    public double number(String name) {
        Double value = numbers.get(name);
        if (value == null) {
            throw new IllegalArgumentException("The " + type + " model has no value '" + name + "'");
        }
        return value;
    }

    /** The number {@code name} as an int (refused when missing or not an integer). */
    public int integer(String name) {
        double value = number(name);
        if (value != Math.rint(value) || Math.abs(value) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("The " + type + " model's '" + name + "' is not an integer: " + value);
        }
        return (int) value;
    }

    /** The matrix {@code name}; refused with the model type and name when missing. */
    public DenseMatrix matrix(String name) {
        DenseMatrix value = matrices.get(name);
        if (value == null) {
            throw new IllegalArgumentException("The " + type + " model has no array '" + name + "'");
        }
        return value;
    }

    /** The matrix {@code name} as a vector (a 1 x m or m x 1 matrix). */
    public double[] vector(String name) {
        DenseMatrix value = matrix(name);
        if (value.rows() != 1 && value.columns() != 1) {
            throw new IllegalArgumentException("The " + type + " model's '" + name + "' is not a vector: "
                    + value.rows() + " x " + value.columns());
        }
        return value.data().clone();
    }

    /** Collects the values of a state. */
    public static final class Builder {
        private final String type;
        private final Map<String, Double> numbers = new LinkedHashMap<>();
        private final Map<String, DenseMatrix> matrices = new LinkedHashMap<>();

        private Builder(String type) {
            this.type = type;
        }

        public Builder number(String name, double value) {
            numbers.put(name, value);
            return this;
        }

        public Builder flag(String name, boolean value) {
            return number(name, value ? 1 : 0);
        }

        public Builder matrix(String name, DenseMatrix value) {
            matrices.put(name, value);
            return this;
        }

        /** A vector as a 1 x m matrix. */
        public Builder vector(String name, double[] value) {
            return matrix(name, new DenseMatrix(1, value.length, value.clone()));
        }

        public ModelState build() {
            return new ModelState(type, numbers, matrices);
        }
    }
}
