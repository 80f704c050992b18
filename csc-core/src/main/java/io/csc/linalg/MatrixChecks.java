package io.csc.linalg;

import java.util.Objects;

/** Argument checks shared by the public dense solvers: shapes, finiteness and symmetry. */
final class MatrixChecks {

    /** Rows and columns of the tiles a value and its mirror are read in ({@link #symmetricCopy}, {@link DenseMatrix#symmetrize}): two 64 x 64 tiles take 64 kB. */
    static final int SYMMETRY_TILE = 64;


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
        int n = a.rows();
        double[] mean = new double[Math.multiplyExact(n, n)];
        checkSymmetry(a, name, mean);
        return new DenseMatrix(n, n, mean);
    }

    /**
     * The checks of {@link #symmetricCopy} without the copy: for an operator that reads A as it is,
     * where a copy would double the memory of the largest array of a run (3.2 GB at 20,000 points).
     */
    static void requireSymmetric(DenseMatrix a, String name) {
        requireSquare(a, name);
        checkSymmetry(a, name, null);
    }

    /** Checks a square A as {@link #symmetricCopy} describes, writing {@code (A + Aᵀ) / 2} into {@code mean} unless it is null. */
    private static void checkSymmetry(DenseMatrix a, String name, double[] mean) {
        int n = a.rows();
        double[] data = a.data();
        double largest = 0;
        for (double value : data) {
            largest = Math.max(largest, Math.abs(value)); // NaN stays NaN, so one test below finds every non-finite value
        }
        if (!(largest < Double.POSITIVE_INFINITY)) {
            requireFinite(a, name);
        }
        double worst = 0;
        // Pairs of mirrored tiles: each (i, j) and (j, i) are read while both tiles are in cache.
        for (int rowBlock = 0; rowBlock < n; rowBlock += SYMMETRY_TILE) {
            int rowEnd = Math.min(n, rowBlock + SYMMETRY_TILE);
            for (int columnBlock = rowBlock; columnBlock < n; columnBlock += SYMMETRY_TILE) {
                int columnEnd = Math.min(n, columnBlock + SYMMETRY_TILE);
                for (int i = rowBlock; i < rowEnd; i++) {
                    if (mean != null) {
                        mean[i * n + i] = data[i * n + i];
                    }
                    for (int j = Math.max(columnBlock, i + 1); j < columnEnd; j++) {
                        double upper = data[i * n + j];
                        double lower = data[j * n + i];
                        worst = Math.max(worst, Math.abs(upper - lower));
                        if (mean != null) {
                            double average = 0.5 * (upper + lower);
                            mean[i * n + j] = average;
                            mean[j * n + i] = average;
                        }
                    }
                }
            }
        }
        if (worst > SymmetricEigen.SYMMETRY_TOLERANCE * largest) {
            refuseAsymmetric(data, n, worst, largest, name);
        }
    }

    /** Refuses a matrix whose largest asymmetry is {@code worst}, naming its first place in row-major order. */
    private static void refuseAsymmetric(double[] data, int n, double worst, double largest, String name) {
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (Math.abs(data[i * n + j] - data[j * n + i]) == worst) {
                    throw new IllegalArgumentException(name + " is not symmetric: |" + name + "(" + i + ", " + j
                            + ") - " + name + "(" + j + ", " + i + ")| = " + worst + " exceeds "
                            + SymmetricEigen.SYMMETRY_TOLERANCE + " x max|" + name + "(i, j)| = "
                            + SymmetricEigen.SYMMETRY_TOLERANCE * largest);
                }
            }
        }
        throw new IllegalStateException("The largest asymmetry " + worst + " was not found again");
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
