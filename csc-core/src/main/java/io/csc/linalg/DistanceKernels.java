package io.csc.linalg;

/**
 * Squared Euclidean distances between rows of two row-major matrices, computed as
 * {@code ||x||² + ||y||² - 2 x·y} with one matrix product per block (the heavy part runs in the
 * backend's gemm), and clamped at zero against rounding.
 */
public final class DistanceKernels {

    private DistanceKernels() {
    }

    /**
     * {@code ||a_row - b_row||²} summed directly over the d coordinates, for the row starting at
     * {@code aBase} in {@code a} and the one at {@code bBase} in {@code b}: exact where the
     * product form above would cancel, for single pairs such as a point and its centre.
     */
    public static double squaredDistance(double[] a, int aBase, double[] b, int bBase, int d) {
        // four running sums: one sum waits on the previous addition at every step, four overlap
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int t = 0;
        for (; t + 3 < d; t += 4) {
            double d0 = a[aBase + t] - b[bBase + t];
            double d1 = a[aBase + t + 1] - b[bBase + t + 1];
            double d2 = a[aBase + t + 2] - b[bBase + t + 2];
            double d3 = a[aBase + t + 3] - b[bBase + t + 3];
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
        }
        for (; t < d; t++) {
            double difference = a[aBase + t] - b[bBase + t];
            s0 += difference * difference;
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * {@link #squaredDistance(double[], int, double[], int, int)} in eight running sums, for long
     * rows read many times over (the exact distances of sparse coding's candidates): twice the
     * additions in flight of four sums, the same accuracy (each sum rounds once per addition), the
     * order of the additions other than there.
     */
    public static double squaredDistanceWide(double[] a, int aBase, double[] b, int bBase, int d) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        int t = 0;
        for (; t + 7 < d; t += 8) {
            double d0 = a[aBase + t] - b[bBase + t];
            double d1 = a[aBase + t + 1] - b[bBase + t + 1];
            double d2 = a[aBase + t + 2] - b[bBase + t + 2];
            double d3 = a[aBase + t + 3] - b[bBase + t + 3];
            double d4 = a[aBase + t + 4] - b[bBase + t + 4];
            double d5 = a[aBase + t + 5] - b[bBase + t + 5];
            double d6 = a[aBase + t + 6] - b[bBase + t + 6];
            double d7 = a[aBase + t + 7] - b[bBase + t + 7];
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
            s4 += d4 * d4;
            s5 += d5 * d5;
            s6 += d6 * d6;
            s7 += d7 * d7;
        }
        for (; t < d; t++) {
            double difference = a[aBase + t] - b[bBase + t];
            s0 += difference * difference;
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    /**
     * {@link #squaredDistance(double[], int, double[], int, int)} for a single-precision row of
     * {@code a}, summed in double precision.
     */
    public static double squaredDistance(float[] a, int aBase, double[] b, int bBase, int d) {
        // four running sums: one sum waits on the previous addition at every step, four overlap
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int t = 0;
        for (; t + 3 < d; t += 4) {
            double d0 = a[aBase + t] - b[bBase + t];
            double d1 = a[aBase + t + 1] - b[bBase + t + 1];
            double d2 = a[aBase + t + 2] - b[bBase + t + 2];
            double d3 = a[aBase + t + 3] - b[bBase + t + 3];
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
        }
        for (; t < d; t++) {
            double difference = a[aBase + t] - b[bBase + t];
            s0 += difference * difference;
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * The squared distance of two single-precision rows, summed in single precision in four running
     * sums: for screening, where a relative error of about {@code d · 6e-8} does not matter (NN-descent's
     * search space).
     */
    public static float squaredDistance(float[] a, int aBase, float[] b, int bBase, int d) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int t = 0;
        for (; t + 3 < d; t += 4) {
            float d0 = a[aBase + t] - b[bBase + t];
            float d1 = a[aBase + t + 1] - b[bBase + t + 1];
            float d2 = a[aBase + t + 2] - b[bBase + t + 2];
            float d3 = a[aBase + t + 3] - b[bBase + t + 3];
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
        }
        for (; t < d; t++) {
            float difference = a[aBase + t] - b[bBase + t];
            s0 += difference * difference;
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The squared Euclidean norm of each of the n rows of a row-major {@code n x d} array. */
    public static double[] squaredNorms(double[] x, int n, int d) {
        if ((long) n * d > x.length) {
            throw new DimensionMismatchException(n + " x " + d + " rows need " + (long) n * d + " values, array has " + x.length);
        }
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            int base = i * d;
            for (int j = 0; j < d; j++) {
                double value = x[base + j];
                sum += value * value;
            }
            norms[i] = sum;
        }
        return norms;
    }

    /**
     * Writes {@code ||x_i - y_j||²} for rows {@code i in [from, to)} of {@code x} and all {@code m}
     * rows of {@code y} into {@code out}, row-major {@code (to - from) x m} from offset 0.
     *
     * @param xNorms squared norms of all rows of x (from {@link #squaredNorms})
     * @param yNorms squared norms of the m rows of y
     */
    public static void squaredDistances(LinearAlgebraBackend backend, double[] x, double[] xNorms, int from, int to,
                                        double[] y, double[] yNorms, int m, int d, double[] out) {
        squaredDistances(backend, x, xNorms, from, to, y, yNorms, 0, m, d, out);
    }

    /**
     * As {@link #squaredDistances(LinearAlgebraBackend, double[], double[], int, int, double[], double[], int, int, double[])}
     * against rows {@code [yFrom, yFrom + m)} of {@code y}, read in place.
     *
     * @param yNorms squared norms of all rows of y
     */
    public static void squaredDistances(LinearAlgebraBackend backend, double[] x, double[] xNorms, int from, int to,
                                        double[] y, double[] yNorms, int yFrom, int m, int d, double[] out) {
        int rows = to - from;
        if (rows < 0 || (long) rows * m > out.length) {
            throw new DimensionMismatchException("Output of " + out.length + " values for a " + rows + " x " + m + " block");
        }
        if (rows == 0 || m == 0) {
            return;
        }
        backend.gemm(false, true, rows, m, d, -2.0, x, from * d, d, y, yFrom * d, d, 0.0, out, 0, m);
        for (int r = 0; r < rows; r++) {
            double xNorm = xNorms[from + r];
            int base = r * m;
            for (int j = 0; j < m; j++) {
                double value = out[base + j] + xNorm + yNorms[yFrom + j];
                out[base + j] = value > 0 ? value : 0.0;
            }
        }
    }
}
