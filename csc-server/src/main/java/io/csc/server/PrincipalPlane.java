package io.csc.server;

import io.csc.data.Dataset;
import io.csc.data.Precision;
import java.util.SplittableRandom;

/**
 * The points' coordinates on their first two principal components: where the page draws them
 * when the embedding has fewer than two columns, and by default, since these positions do not
 * move between answers. Block power iteration on the centred data, never the d x d covariance or
 * an n x n matrix: time O(n d) per iteration, memory O(n + d).
 */
final class PrincipalPlane {

    private static final int ITERATIONS = 100;

    private PrincipalPlane() {
    }

    /** x and y of every point (n x 2, row-major). */
    static double[] of(Dataset points, long seed) {
        int n = points.size();
        int d = points.dimension();
        double[] x = points.inPrecision(Precision.DOUBLE).features();
        double[] mean = new double[d];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < d; c++) {
                mean[c] += x[i * d + c] / n;
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[][] basis = new double[2][d];
        for (double[] vector : basis) {
            for (int c = 0; c < d; c++) {
                vector[c] = random.nextDouble() - 0.5;
            }
        }
        orthonormalize(basis);
        double[] projection = new double[2 * n];
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            project(x, mean, n, d, basis, projection);
            double[][] next = new double[2][d];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < d; c++) {
                    double centred = x[i * d + c] - mean[c];
                    next[0][c] += centred * projection[2 * i];
                    next[1][c] += centred * projection[2 * i + 1];
                }
            }
            basis = next;
            orthonormalize(basis);
        }
        project(x, mean, n, d, basis, projection);
        return projection;
    }

    private static void project(double[] x, double[] mean, int n, int d, double[][] basis, double[] out) {
        for (int i = 0; i < n; i++) {
            double first = 0;
            double second = 0;
            for (int c = 0; c < d; c++) {
                double centred = x[i * d + c] - mean[c];
                first += centred * basis[0][c];
                second += centred * basis[1][c];
            }
            out[2 * i] = first;
            out[2 * i + 1] = second;
        }
    }

    /** Gram-Schmidt; a vector that vanishes (data of rank below 2) becomes zero. */
    private static void orthonormalize(double[][] basis) {
        normalize(basis[0]);
        double dot = 0;
        for (int c = 0; c < basis[0].length; c++) {
            dot += basis[0][c] * basis[1][c];
        }
        for (int c = 0; c < basis[0].length; c++) {
            basis[1][c] -= dot * basis[0][c];
        }
        normalize(basis[1]);
    }

    private static void normalize(double[] vector) {
        double norm = 0;
        for (double value : vector) {
            norm += value * value;
        }
        norm = Math.sqrt(norm);
        for (int c = 0; c < vector.length; c++) {
            vector[c] = norm > 1e-300 ? vector[c] / norm : 0.0;
        }
    }
}
