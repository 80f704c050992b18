package io.csc.linalg;

/** Plain dense reference computations for tests of other packages: small matrices only. */
public final class DenseReference {

    private DenseReference() {
    }

    /** The inverse of a small non-singular matrix by Gauss-Jordan elimination with partial pivoting. */
    public static DenseMatrix inverse(DenseMatrix matrix) {
        int n = matrix.rows();
        double[][] a = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = matrix.get(i, j);
            }
            a[i][n + i] = 1.0;
        }
        for (int column = 0; column < n; column++) {
            int pivot = column;
            for (int i = column + 1; i < n; i++) {
                if (Math.abs(a[i][column]) > Math.abs(a[pivot][column])) {
                    pivot = i;
                }
            }
            double[] swap = a[pivot];
            a[pivot] = a[column];
            a[column] = swap;
            double scale = a[column][column];
            for (int j = 0; j < 2 * n; j++) {
                a[column][j] /= scale;
            }
            for (int i = 0; i < n; i++) {
                if (i != column && a[i][column] != 0) {
                    double factor = a[i][column];
                    for (int j = 0; j < 2 * n; j++) {
                        a[i][j] -= factor * a[column][j];
                    }
                }
            }
        }
        DenseMatrix inverse = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                inverse.set(i, j, a[i][n + j]);
            }
        }
        return inverse;
    }

    /** The solution of {@code A x = b} through the inverse. */
    public static double[] solve(DenseMatrix matrix, double[] b) {
        return multiply(inverse(matrix), new DenseMatrix(b.length, 1, b.clone())).column(0);
    }

    /** The product A B, by the plain triple loop. */
    public static DenseMatrix multiply(DenseMatrix a, DenseMatrix b) {
        return TestMatrices.multiply(a, b);
    }
}
