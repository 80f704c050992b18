package io.csc.linalg;

/**
 * A thin singular value decomposition {@code A = U diag(s) Vᵀ} of an {@code m x n} matrix:
 * U is {@code m x r}, V is {@code n x r}, s descending, {@code r = min(m, n)} unless a method
 * truncates it.
 */
public record SingularValueDecomposition(DenseMatrix u, double[] singularValues, DenseMatrix v) {

    public SingularValueDecomposition {
        if (u.columns() != singularValues.length || v.columns() != singularValues.length) {
            throw new DimensionMismatchException("SVD factors have " + u.columns() + " and " + v.columns()
                    + " columns for " + singularValues.length + " singular values");
        }
    }

    public int rank() {
        return singularValues.length;
    }
}
