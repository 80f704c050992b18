package io.csc.linalg;

import java.util.Objects;

/**
 * A symmetric linear operator {@code y = A x} that is applied, never stored: a sparse matrix, a
 * low-rank plus sparse sum, or a structured dense matrix such as "all ones minus a sparse part".
 * Iterative eigensolvers only need this.
 */
public interface SymmetricOperator {

    /** The dimension n of the operator. */
    int size();

    /** Computes {@code y = A x}; {@code x} and {@code y} are distinct arrays of length n. */
    void apply(double[] x, double[] y);

    /**
     * The product {@code y = A x} of an operator, as {@link SymmetricOperator#apply} computes it:
     * {@code x} and {@code y} are distinct arrays of length n.
     */
    @FunctionalInterface
    interface Product {

        /** Computes {@code y = A x} into {@code y}. */
        void apply(double[] x, double[] y);
    }

    /**
     * The operator of dimension {@code size} whose product is {@code product}. Its size is fixed
     * here, and each application is passed to {@code product} unchanged, so the operator is as safe
     * to apply from several threads as the product is.
     *
     * @param size the dimension n, zero or more
     * @param product the computation of {@code y = A x}
     * @return an operator that reports {@code size} and applies {@code product}
     * @throws IllegalArgumentException if {@code size} is negative
     */
    static SymmetricOperator of(int size, Product product) {
        Objects.requireNonNull(product, "product");
        if (size < 0) {
            throw new IllegalArgumentException("An operator's size must be zero or more, not " + size);
        }
        return new SymmetricOperator() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public void apply(double[] x, double[] y) {
                product.apply(x, y);
            }
        };
    }
}
