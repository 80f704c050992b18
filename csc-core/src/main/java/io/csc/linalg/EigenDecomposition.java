package io.csc.linalg;

/**
 * Eigenpairs of a symmetric problem: {@code values[j]} belongs to column j of {@code vectors}
 * ({@code n x m}). The order is stated by the method that returns it (ascending unless said).
 */
public record EigenDecomposition(double[] values, DenseMatrix vectors) {

    public EigenDecomposition {
        if (vectors.columns() != values.length) {
            throw new DimensionMismatchException(values.length + " eigenvalues but " + vectors.columns() + " vectors");
        }
    }

    /** Number of eigenpairs. */
    public int count() {
        return values.length;
    }

    /** A copy of eigenvector j. */
    public double[] vector(int j) {
        return vectors.column(j);
    }

    /** The same pairs in the reverse order. */
    public EigenDecomposition reversed() {
        int m = values.length;
        double[] reversedValues = new double[m];
        for (int j = 0; j < m; j++) {
            reversedValues[j] = values[m - 1 - j];
        }
        int rows = vectors.rows();
        double[] source = vectors.data();
        double[] target = new double[rows * m];
        for (int i = 0; i < rows; i++) {
            int row = i * m;
            for (int j = 0; j < m; j++) {
                target[row + j] = source[row + m - 1 - j];
            }
        }
        return new EigenDecomposition(reversedValues, new DenseMatrix(rows, m, target));
    }
}
