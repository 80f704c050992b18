package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/** Reference computations and matrix generators shared by the linear-algebra tests. */
final class TestMatrices {

    /** The value around a matrix embedded in a larger array, which no operation may change. */
    static final double GUARD = -777.0;

    private TestMatrices() {
    }

    /** {@code matrix} in a new array from {@code offset} with row stride {@code ld}, guards elsewhere. */
    static double[] embed(DenseMatrix matrix, int offset, int ld) {
        double[] data = new double[offset + matrix.rows() * ld + 4];
        Arrays.fill(data, GUARD);
        for (int i = 0; i < matrix.rows(); i++) {
            for (int j = 0; j < matrix.columns(); j++) {
                data[offset + i * ld + j] = matrix.get(i, j);
            }
        }
        return data;
    }

    /** Every entry of {@code data} outside the embedded {@code rows x columns} matrix still holds the guard. */
    static void assertGuardsIntact(double[] data, int offset, int ld, int rows, int columns) {
        for (int p = 0; p < data.length; p++) {
            int relative = p - offset;
            boolean inside = relative >= 0 && relative / ld < rows && relative % ld < columns;
            if (!inside) {
                assertEquals(GUARD, data[p], 0.0, "entry " + p + " outside the matrix was modified");
            }
        }
    }

    /** Backend names for parameterized tests: "java" and "native". */
    static Stream<String> backendNames() {
        return Stream.of("java", "native");
    }

    /** The named backend; skips the test (assumption) when the native backend does not load. */
    static LinearAlgebraBackend backend(String name) {
        if (name.equals("native")) {
            assumeTrue(LinearAlgebra.nativeAvailable(), () -> "native backend unavailable: " + LinearAlgebra.nativeFailure());
            return LinearAlgebra.nativeBackend();
        }
        return LinearAlgebra.javaBackend();
    }

    static DenseMatrix random(int rows, int columns, SplittableRandom random) {
        DenseMatrix matrix = DenseMatrix.zeros(rows, columns);
        double[] data = matrix.data();
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextDouble(-1, 1);
        }
        return matrix;
    }

    /** A random n x n matrix with orthonormal columns (Gram-Schmidt on a random matrix). */
    static DenseMatrix randomOrthogonal(int n, SplittableRandom random) {
        DenseMatrix q = random(n, n, random);
        for (int j = 0; j < n; j++) {
            double[] column = q.column(j);
            for (int pass = 0; pass < 2; pass++) {
                for (int p = 0; p < j; p++) {
                    double[] previous = q.column(p);
                    double dot = dot(previous, column);
                    for (int i = 0; i < n; i++) {
                        column[i] -= dot * previous[i];
                    }
                }
            }
            double norm = Math.sqrt(dot(column, column));
            for (int i = 0; i < n; i++) {
                column[i] /= norm;
            }
            q.setColumn(j, column);
        }
        return q;
    }

    /** The symmetric matrix Q diag(values) Qᵀ for a random orthogonal Q. */
    static DenseMatrix withSpectrum(double[] values, SplittableRandom random) {
        int n = values.length;
        DenseMatrix q = randomOrthogonal(n, random);
        DenseMatrix result = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double sum = 0;
                for (int p = 0; p < n; p++) {
                    sum += q.get(i, p) * values[p] * q.get(j, p);
                }
                result.set(i, j, sum);
                result.set(j, i, sum);
            }
        }
        return result;
    }

    static DenseMatrix randomSymmetric(int n, SplittableRandom random) {
        DenseMatrix matrix = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double value = random.nextDouble(-1, 1);
                matrix.set(i, j, value);
                matrix.set(j, i, value);
            }
        }
        return matrix;
    }

    /** A random symmetric positive definite matrix M Mᵀ + n I. */
    static DenseMatrix randomPositiveDefinite(int n, SplittableRandom random) {
        DenseMatrix m = random(n, n, random);
        DenseMatrix result = multiply(m, m.transpose());
        for (int i = 0; i < n; i++) {
            result.set(i, i, result.get(i, i) + 0.5 * n);
        }
        return result;
    }

    /** Textbook triple loop. */
    static DenseMatrix multiply(DenseMatrix a, DenseMatrix b) {
        assertEquals(a.columns(), b.rows());
        DenseMatrix c = DenseMatrix.zeros(a.rows(), b.columns());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.columns(); j++) {
                double sum = 0;
                for (int p = 0; p < a.columns(); p++) {
                    sum += a.get(i, p) * b.get(p, j);
                }
                c.set(i, j, sum);
            }
        }
        return c;
    }

    static double dot(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }

    static double norm(double[] x) {
        return Math.sqrt(dot(x, x));
    }

    /** max |Vᵀ V - I|. */
    static double orthonormalityError(DenseMatrix v) {
        DenseMatrix gram = multiply(v.transpose(), v);
        return gram.maxAbsoluteDifference(DenseMatrix.identity(v.columns()));
    }

    /** max over j of ||A v_j - values[j] v_j||. */
    static double maxResidual(DenseMatrix a, double[] values, DenseMatrix vectors) {
        DenseMatrix product = multiply(a, vectors);
        double max = 0;
        for (int j = 0; j < values.length; j++) {
            double sum = 0;
            for (int i = 0; i < a.rows(); i++) {
                double difference = product.get(i, j) - values[j] * vectors.get(i, j);
                sum += difference * difference;
            }
            max = Math.max(max, Math.sqrt(sum));
        }
        return max;
    }

    static void assertAscending(double[] values) {
        for (int j = 1; j < values.length; j++) {
            assertTrue(values[j - 1] <= values[j], () -> "not ascending at " + java.util.Arrays.toString(values));
        }
    }

    static void assertDescending(double[] values) {
        for (int j = 1; j < values.length; j++) {
            assertTrue(values[j - 1] >= values[j], () -> "not descending at " + java.util.Arrays.toString(values));
        }
    }

    static void assertArrayClose(double[] expected, double[] actual, double tolerance) {
        assertEquals(expected.length, actual.length, "length");
        for (int i = 0; i < expected.length; i++) {
            int index = i;
            assertEquals(expected[i], actual[i], tolerance, () -> "entry " + index + " of " + java.util.Arrays.toString(actual));
        }
    }
}
