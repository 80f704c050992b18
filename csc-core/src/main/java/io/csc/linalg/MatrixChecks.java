package io.csc.linalg;

import java.util.Objects;

/** Argument checks shared by the public dense solvers: shapes, finiteness and symmetry. */
final class MatrixChecks {

    private MatrixChecks() {
    }

    static void requireSquare(DenseMatrix a, String name) {
        Objects.requireNonNull(a, name);
        if (a.rows() != a.columns()) {
            throw new DimensionMismatchException(name + " must be square but is " + a.rows() + " x " + a.columns());
        }
    }

    static void requireFinite(DenseMatrix a, String name) {
        double[] data = a.data();
        for (int p = 0; p < data.length; p++) {
            if (!Double.isFinite(data[p])) {
                throw new IllegalArgumentException(name + " has a non-finite entry " + data[p] + " at ("
                        + p / a.columns() + ", " + p % a.columns() + ")");
            }
        }
    }

    /**
     * Checks that A is square, finite and symmetric within {@link SymmetricEigen#SYMMETRY_TOLERANCE} and returns
     * the new matrix {@code (A + Aᵀ) / 2}, so that every backend sees exactly the same symmetric input.
     *
     * @throws IllegalArgumentException naming the largest asymmetry when A is not symmetric
     */
    static DenseMatrix symmetricCopy(DenseMatrix a, String name) {
        requireSquare(a, name);
        requireFinite(a, name);
        int n = a.rows();
        double[] data = a.data();
        double largest = 0;
        for (double value : data) {
            largest = Math.max(largest, Math.abs(value));
        }
        double worst = 0;
        int worstRow = 0;
        int worstColumn = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double difference = Math.abs(data[i * n + j] - data[j * n + i]);
                if (difference > worst) {
                    worst = difference;
                    worstRow = i;
                    worstColumn = j;
                }
            }
        }
        if (worst > SymmetricEigen.SYMMETRY_TOLERANCE * largest) {
            throw new IllegalArgumentException(name + " is not symmetric: |" + name + "(" + worstRow + ", " + worstColumn
                    + ") - " + name + "(" + worstColumn + ", " + worstRow + ")| = " + worst + " exceeds "
                    + SymmetricEigen.SYMMETRY_TOLERANCE + " x max|" + name + "(i, j)| = " + SymmetricEigen.SYMMETRY_TOLERANCE * largest);
        }
        DenseMatrix symmetric = a.copy();
        symmetric.symmetrize();
        return symmetric;
    }

    /** The 1-norm (largest absolute column sum); for a symmetric matrix an upper bound of the 2-norm. */
    static double oneNorm(DenseMatrix a) {
        double[] sums = new double[a.columns()];
        double[] data = a.data();
        int columns = a.columns();
        for (int i = 0; i < a.rows(); i++) {
            int base = i * columns;
            for (int j = 0; j < columns; j++) {
                sums[j] += Math.abs(data[base + j]);
            }
        }
        double max = 0;
        for (double sum : sums) {
            max = Math.max(max, sum);
        }
        return max;
    }
}
