package io.csc.algorithm.cspml;

import io.csc.linalg.SymmetricOperator;

/**
 * A symmetric operator given by its size and its product: the layers and {@code L_mod} of this
 * package, applied from their structure and never stored.
 *
 * @param size the dimension n
 * @param product {@code y = A x}
 */
record StructuredOperator(int size, Product product) implements SymmetricOperator {

    /** The product {@code y = A x} of a symmetric operator. */
    @FunctionalInterface
    interface Product {
        void apply(double[] x, double[] y);
    }

    @Override
    public void apply(double[] x, double[] y) {
        product.apply(x, y);
    }
}
