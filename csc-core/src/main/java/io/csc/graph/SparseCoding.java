package io.csc.graph;

import io.csc.algorithm.RunContext;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;
import java.util.List;

/**
 * Codes every point by its r nearest landmarks (Chen and Cai 2011): {@code z_ij = K(x_i, u_j) /
 * Σ_{j' ∈ rNB(i)} K(x_i, u_j')} for the r nearest landmarks j of point i, zero otherwise, with the
 * Gaussian kernel {@code K = exp(-||x - u||² / (2σ²))}.
 *
 * <p>Time O(n p d) (one matrix product per block of rows), memory O(n r + block · p): nothing is
 * n x n or even n x p dense. The work is split into a pure per-block step ({@link #nearest}),
 * the choice of σ from per-block sums, and the weights: a distributed engine runs the block step
 * on its partitions and the rest unchanged.
 *
 * <p>The weights are computed as {@code exp(-(d² - d²_min) / (2σ²))} before normalizing, which is
 * the same after normalization but cannot underflow to 0/0 for points far from every landmark.
 */
public final class SparseCoding {

    /** Rows per block of the distance step. */
    public static final int ROW_BLOCK = 4096;

    /**
     * The r nearest landmarks of a block of rows, ascending by distance (ties to the smaller
     * landmark index), and the sums over all landmarks that the bandwidth rules need.
     *
     * @param indices landmark indices, {@code rows x r} row-major
     * @param squaredDistances matching squared distances
     * @param distanceSum sum of Euclidean distances from the rows to all landmarks
     * @param squaredDistanceSum sum of squared distances from the rows to all landmarks
     */
    public record NearestLandmarks(int rows, int nearest, int[] indices, double[] squaredDistances,
                                   double distanceSum, double squaredDistanceSum) {
    }

    private SparseCoding() {
    }

    /**
     * The block step: the r nearest of the p landmarks for {@code count} rows of the row-major
     * array {@code x} starting at row {@code from}. Pure: depends only on its arguments.
     */
    public static NearestLandmarks nearest(double[] x, double[] xNorms, int from, int count, int d, DenseMatrix landmarks,
                                           double[] landmarkNorms, int r, LinearAlgebraBackend backend, Parallel parallel) {
        int p = landmarks.rows();
        if (r > p) {
            throw new IllegalArgumentException("Invalid nearest landmarks r: " + r + " (must not exceed the " + p + " landmarks)");
        }
        double[] distances = new double[count * p];
        DistanceKernels.squaredDistances(backend, x, xNorms, from, from + count, landmarks.data(), landmarkNorms, p, d, distances);
        int[] indices = new int[count * r];
        double[] nearestDistances = new double[count * r];
        List<double[]> sums = parallel.map(count, 256, (start, end) -> {
            double distanceSum = 0;
            double squaredSum = 0;
            for (int row = start; row < end; row++) {
                int base = row * p;
                int out = row * r;
                int filled = 0;
                for (int j = 0; j < p; j++) {
                    double value = distances[base + j];
                    distanceSum += Math.sqrt(value);
                    squaredSum += value;
                    if (filled < r || value < nearestDistances[out + filled - 1]) {
                        int position = filled < r ? filled++ : r - 1;
                        while (position > 0 && nearestDistances[out + position - 1] > value) {
                            nearestDistances[out + position] = nearestDistances[out + position - 1];
                            indices[out + position] = indices[out + position - 1];
                            position--;
                        }
                        nearestDistances[out + position] = value;
                        indices[out + position] = j;
                    }
                }
            }
            return new double[] {distanceSum, squaredSum};
        });
        double distanceSum = 0;
        double squaredSum = 0;
        for (double[] partial : sums) {
            distanceSum += partial[0];
            squaredSum += partial[1];
        }
        return new NearestLandmarks(count, r, indices, nearestDistances, distanceSum, squaredSum);
    }

    /** σ from the block results, by the rule of {@code options} (or its fixed σ). */
    public static double sigma(SparseCodingOptions options, List<NearestLandmarks> blocks, int landmarks) {
        if (options.sigma() != null) {
            return options.sigma();
        }
        long rows = 0;
        double distanceSum = 0;
        double squaredSum = 0;
        double nearestSum = 0;
        for (NearestLandmarks block : blocks) {
            rows += block.rows();
            distanceSum += block.distanceSum();
            squaredSum += block.squaredDistanceSum();
            for (double squared : block.squaredDistances()) {
                nearestSum += Math.sqrt(squared);
            }
        }
        double sigma = switch (options.rule()) {
            case MEAN_DISTANCE -> distanceSum / ((double) rows * landmarks);
            case MEAN_SQUARED_DISTANCE -> squaredSum / ((double) rows * landmarks);
            case NEAREST_MEAN -> nearestSum / ((double) rows * options.nearest());
        };
        if (!(sigma > 0)) {
            throw new IllegalArgumentException("The sparse-coding bandwidth is " + sigma
                    + " (every point coincides with its landmarks?): give sigma explicitly with --param sigma=VALUE");
        }
        return sigma;
    }

    /** Codes all points of {@code data}, choosing σ by the options' rule. */
    public static SparseCode encode(Dataset data, DenseMatrix landmarks, SparseCodingOptions options, RunContext context) {
        List<NearestLandmarks> blocks = nearestAll(data, landmarks, options.nearest(), context);
        double sigma = sigma(options, blocks, landmarks.rows());
        return new SparseCode(assemble(blocks, data.size(), landmarks.rows(), sigma), sigma);
    }

    /** Codes (new) points with a given σ, as in fit. */
    public static SparseMatrix encode(Dataset points, DenseMatrix landmarks, int r, double sigma, RunContext context) {
        List<NearestLandmarks> blocks = nearestAll(points, landmarks, r, context);
        return assemble(blocks, points.size(), landmarks.rows(), sigma);
    }

    private static List<NearestLandmarks> nearestAll(Dataset data, DenseMatrix landmarks, int r, RunContext context) {
        if (landmarks.columns() != data.dimension()) {
            throw new IllegalArgumentException("Landmarks have " + landmarks.columns() + " features, the data "
                    + data.dimension());
        }
        int n = data.size();
        int d = data.dimension();
        double[] x = data.features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        double[] landmarkNorms = DistanceKernels.squaredNorms(landmarks.data(), landmarks.rows(), d);
        List<NearestLandmarks> blocks = new java.util.ArrayList<>();
        int blockCount = (n + ROW_BLOCK - 1) / ROW_BLOCK;
        for (int start = 0; start < n; start += ROW_BLOCK) {
            int count = Math.min(ROW_BLOCK, n - start);
            blocks.add(nearest(x, norms, start, count, d, landmarks, landmarkNorms, r, context.backend(), context.parallel()));
            context.progress().progress("sparse coding", blocks.size(), blockCount);
        }
        return blocks;
    }

    /** The n x p CSR code matrix from the block results (blocks in row order). */
    public static SparseMatrix assemble(List<NearestLandmarks> blocks, int n, int p, double sigma) {
        int r = blocks.isEmpty() ? 0 : blocks.get(0).nearest();
        int[] rowPointers = new int[n + 1];
        int[] columns = new int[n * r];
        double[] values = new double[n * r];
        double scale = 1.0 / (2 * sigma * sigma);
        int row = 0;
        int[] order = new int[r];
        double[] weights = new double[r];
        for (NearestLandmarks block : blocks) {
            for (int b = 0; b < block.rows(); b++, row++) {
                int base = b * r;
                double minimum = block.squaredDistances()[base];
                double sum = 0;
                for (int t = 0; t < r; t++) {
                    weights[t] = Math.exp(-(block.squaredDistances()[base + t] - minimum) * scale);
                    sum += weights[t];
                    order[t] = t;
                }
                sortByLandmark(order, block.indices(), base, r);
                int out = row * r;
                for (int t = 0; t < r; t++) {
                    columns[out + t] = block.indices()[base + order[t]];
                    values[out + t] = weights[order[t]] / sum;
                }
                rowPointers[row + 1] = out + r;
            }
        }
        return new SparseMatrix(n, p, rowPointers, columns, values);
    }

    private static void sortByLandmark(int[] order, int[] indices, int base, int r) {
        for (int i = 1; i < r; i++) {
            int value = order[i];
            int j = i - 1;
            while (j >= 0 && indices[base + order[j]] > indices[base + value]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = value;
        }
    }
}
