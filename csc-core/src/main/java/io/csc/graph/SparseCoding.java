package io.csc.graph;

import io.csc.api.UnsuitableInputException;
import io.csc.api.RunContext;
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
 * <p>The nearest-landmark search screens in single precision and decides in double: the distance
 * product runs on the backend's single-precision gemm (about twice as fast as double) on points
 * and landmarks centred on the landmarks' mean, which keeps the rounding error relative to the
 * spread of the data rather than to its offset; the {@value #CANDIDATE_MARGIN} extra best
 * candidates of each point then get their exact double-precision distances, and the r nearest of
 * those are kept. A point whose r-th and (r + {@value #CANDIDATE_MARGIN} + 1)-th landmarks are
 * within single-precision rounding of each other (a tie to about 1e-6 of the data's spread) could
 * be coded by a different but equally near landmark; everything else is as in double precision.
 * The sums the bandwidth rules need come from the screening distances (relative error about
 * 1e-7).
 *
 * <p>The weights are computed as {@code exp(-(d² - d²_min) / (2σ²))} before normalizing, which is
 * the same after normalization but cannot underflow to 0/0 for points far from every landmark.
 */
public final class SparseCoding {

    /** The most rows per block of the distance step. */
    public static final int ROW_BLOCK = 4096;

    /** Extra candidates per point whose distances are recomputed in double precision. */
    public static final int CANDIDATE_MARGIN = 2;

    /** Single-precision distances per block: rows are capped so that a block holds at most this many. */
    private static final int BLOCK_VALUES = 1 << 23;

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
                                   double distanceSum, double squaredDistanceSum) implements java.io.Serializable {
    }

    /**
     * Landmarks prepared once for the block step: their mean, and the landmarks centred on it in
     * single precision with their squared norms.
     */
    public record LandmarkTable(DenseMatrix landmarks, double[] mean, float[] centred, double[] centredNorms) {

        /** The table of a p x d landmark matrix. */
        public static LandmarkTable of(DenseMatrix landmarks) {
            int p = landmarks.rows();
            int d = landmarks.columns();
            double[] u = landmarks.data();
            double[] mean = new double[d];
            for (int j = 0; j < p; j++) {
                for (int t = 0; t < d; t++) {
                    mean[t] += u[j * d + t];
                }
            }
            for (int t = 0; t < d; t++) {
                mean[t] /= Math.max(p, 1);
            }
            float[] centred = new float[p * d];
            double[] norms = new double[p];
            centre(u, 0, p, d, mean, centred, norms);
            return new LandmarkTable(landmarks, mean, centred, norms);
        }

        int size() {
            return landmarks.rows();
        }
    }

    private SparseCoding() {
    }

    /**
     * The block step: the r nearest of the p landmarks for {@code count} rows of the row-major
     * array {@code x} starting at row {@code from}, with the sums over all landmarks when
     * {@code allSums} (else they are 0: only the mean-distance rules need them, and the square root of
     * every distance is a noticeable part of the step). Pure: depends only on its arguments.
     */
    public static NearestLandmarks nearest(double[] x, int from, int count, int d, LandmarkTable table, int r,
                                           boolean allSums, LinearAlgebraBackend backend, Parallel parallel) {
        int p = table.size();
        if (r > p) {
            throw new IllegalArgumentException("Invalid nearest landmarks r: " + r + " (must not exceed the " + p + " landmarks)");
        }
        float[] rows = new float[count * d];
        double[] rowNorms = new double[count];
        centre(x, from, count, d, table.mean(), rows, rowNorms);
        float[] products = new float[count * p];
        backend.gemm(false, true, count, p, d, 1.0f, rows, 0, d, table.centred(), 0, d, 0.0f, products, 0, p);
        double[] landmarkNorms = table.centredNorms();
        double[] u = table.landmarks().data();
        int candidates = Math.min(p, r + CANDIDATE_MARGIN);
        int[] indices = new int[count * r];
        double[] nearestDistances = new double[count * r];
        List<double[]> partials = parallel.map(count, 256, (start, end) -> {
            double distanceSum = 0;
            double squaredSum = 0;
            int[] candidateIndices = new int[candidates];
            double[] candidateDistances = new double[candidates];
            for (int row = start; row < end; row++) {
                int base = row * p;
                double rowNorm = rowNorms[row];
                int filled = 0;
                for (int j = 0; j < p; j++) {
                    double value = rowNorm + landmarkNorms[j] - 2.0 * products[base + j];
                    if (value < 0) {
                        value = 0;
                    }
                    if (allSums) {
                        distanceSum += Math.sqrt(value);
                        squaredSum += value;
                    }
                    if (filled < candidates || value < candidateDistances[filled - 1]) {
                        filled = insertSorted(candidateIndices, candidateDistances, 0, filled, candidates, j, value);
                    }
                }
                int point = from + row;
                for (int t = 0; t < filled; t++) {
                    candidateDistances[t] = DistanceKernels.squaredDistance(x, point * d, u, candidateIndices[t] * d, d);
                }
                int out = row * r;
                int kept = 0;
                for (int t = 0; t < filled; t++) {
                    kept = insertSorted(indices, nearestDistances, out, kept, r, candidateIndices[t], candidateDistances[t]);
                }
            }
            return new double[] {distanceSum, squaredSum};
        });
        double distanceSum = 0;
        double squaredSum = 0;
        for (double[] partial : partials) {
            distanceSum += partial[0];
            squaredSum += partial[1];
        }
        return new NearestLandmarks(count, r, indices, nearestDistances, distanceSum, squaredSum);
    }

    /** Rows {@code from .. from + count} of x minus {@code mean}, in single precision, and their squared norms. */
    private static void centre(double[] x, int from, int count, int d, double[] mean, float[] out, double[] norms) {
        for (int row = 0; row < count; row++) {
            int source = (from + row) * d;
            int target = row * d;
            double norm = 0;
            for (int t = 0; t < d; t++) {
                float value = (float) (x[source + t] - mean[t]);
                out[target + t] = value;
                norm += (double) value * value;
            }
            norms[row] = norm;
        }
    }

    /**
     * Inserts (index, value) into the list of at most r entries at {@code offset}, ascending by value
     * and then by index, dropping the last when full; returns its new length.
     */
    private static int insertSorted(int[] indices, double[] values, int offset, int filled, int r, int index, double value) {
        if (filled == r) {
            double last = values[offset + r - 1];
            if (value > last || (value == last && index > indices[offset + r - 1])) {
                return filled;
            }
        }
        int position = filled < r ? filled++ : r - 1;
        while (position > 0 && (values[offset + position - 1] > value
                || (values[offset + position - 1] == value && indices[offset + position - 1] > index))) {
            values[offset + position] = values[offset + position - 1];
            indices[offset + position] = indices[offset + position - 1];
            position--;
        }
        values[offset + position] = value;
        indices[offset + position] = index;
        return filled;
    }

    /**
     * The sums over points that the bandwidth rules need: a distributed engine adds them up over its
     * blocks ({@link #of}, {@link #plus}) and passes the total to {@link #sigma(SparseCodingOptions,
     * BandwidthSums, int)}.
     *
     * @param rows the points
     * @param distanceSum sum of Euclidean distances from the points to all landmarks
     * @param squaredDistanceSum sum of squared distances from the points to all landmarks
     * @param nearestSum sum of Euclidean distances from the points to their r nearest landmarks
     */
    public record BandwidthSums(long rows, double distanceSum, double squaredDistanceSum, double nearestSum)
            implements java.io.Serializable {

        /** No point. */
        public static final BandwidthSums ZERO = new BandwidthSums(0, 0, 0, 0);

        /** The sums of one block. */
        public static BandwidthSums of(NearestLandmarks block) {
            double nearestSum = 0;
            for (double squared : block.squaredDistances()) {
                nearestSum += Math.sqrt(squared);
            }
            return new BandwidthSums(block.rows(), block.distanceSum(), block.squaredDistanceSum(), nearestSum);
        }

        /** The sums of both sets of points. */
        public BandwidthSums plus(BandwidthSums other) {
            return new BandwidthSums(rows + other.rows, distanceSum + other.distanceSum,
                    squaredDistanceSum + other.squaredDistanceSum, nearestSum + other.nearestSum);
        }
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
        return sigma(options, new BandwidthSums(rows, distanceSum, squaredSum, nearestSum), landmarks);
    }

    /** σ from the sums over all points, by the rule of {@code options} (or its fixed σ). */
    public static double sigma(SparseCodingOptions options, BandwidthSums sums, int landmarks) {
        if (options.sigma() != null) {
            return options.sigma();
        }
        double sigma = switch (options.rule()) {
            case MEAN_DISTANCE -> sums.distanceSum() / ((double) sums.rows() * landmarks);
            case MEAN_SQUARED_DISTANCE -> sums.squaredDistanceSum() / ((double) sums.rows() * landmarks);
            case NEAREST_MEAN -> sums.nearestSum() / ((double) sums.rows() * options.nearest());
        };
        if (!(sigma > 0)) {
            throw new UnsuitableInputException("The sparse-coding bandwidth is " + sigma
                    + " (every point coincides with its landmarks?): give sigma explicitly with --param sigma=VALUE");
        }
        return sigma;
    }

    /** Whether σ by the options' rule needs the sums over all landmarks ({@link NearestLandmarks#distanceSum()}). */
    public static boolean needsAllSums(SparseCodingOptions options) {
        return options.sigma() == null && options.rule() != SparseCodingOptions.LandmarkBandwidth.NEAREST_MEAN;
    }

    /** Codes all points of {@code data}, choosing σ by the options' rule. */
    public static SparseCode encode(Dataset data, DenseMatrix landmarks, SparseCodingOptions options, RunContext context) {
        List<NearestLandmarks> blocks = nearestAll(data, landmarks, options.nearest(), needsAllSums(options), context);
        double sigma = sigma(options, blocks, landmarks.rows());
        return new SparseCode(assemble(blocks, data.size(), landmarks.rows(), sigma), sigma);
    }

    /** Codes (new) points with a given σ, as in fit. */
    public static SparseMatrix encode(Dataset points, DenseMatrix landmarks, int r, double sigma, RunContext context) {
        List<NearestLandmarks> blocks = nearestAll(points, landmarks, r, false, context);
        return assemble(blocks, points.size(), landmarks.rows(), sigma);
    }

    private static List<NearestLandmarks> nearestAll(Dataset data, DenseMatrix landmarks, int r, boolean sums,
                                                     RunContext context) {
        if (landmarks.columns() != data.dimension()) {
            throw new IllegalArgumentException("Landmarks have " + landmarks.columns() + " features, the data "
                    + data.dimension());
        }
        int n = data.size();
        int d = data.dimension();
        double[] x = data.features();
        LandmarkTable table = LandmarkTable.of(landmarks);
        int blockRows = blockRows(landmarks.rows());
        List<NearestLandmarks> blocks = new java.util.ArrayList<>();
        int blockCount = (n + blockRows - 1) / blockRows;
        for (int start = 0; start < n; start += blockRows) {
            int count = Math.min(blockRows, n - start);
            blocks.add(nearest(x, start, count, d, table, r, sums, context.backend(), context.parallel()));
            context.progress().progress("sparse coding", blocks.size(), blockCount);
        }
        return blocks;
    }

    /** Rows per block for p landmarks: at most {@link #ROW_BLOCK}, and at most 8M distances (32 MB) per block. */
    public static int blockRows(int p) {
        return Math.max(64, Math.min(ROW_BLOCK, BLOCK_VALUES / Math.max(p, 1)));
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
