package io.csc.algorithm.spectral;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.Bandwidth;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.util.Parallel;
import java.util.List;

/**
 * The Gaussian kernel between points and m sampled points (the columns of a Nyström
 * approximation): O(n m d) time in row blocks on the backend, O(n m) memory for the result.
 *
 * @param samples the m sampled points, one per row
 * @param sampleNorms their squared norms
 * @param bandwidth a global σ (the kernel is evaluated as {@code bandwidth.weight(0, 0, d²)})
 */
public record SampledKernel(DenseMatrix samples, double[] sampleNorms, Bandwidth bandwidth) {

    private static final int ROW_BLOCK = 4096;
    private static final int NEIGHBOUR_GRAIN = 32;

    /** The kernel to the points {@code sample} of {@code data}. */
    public static SampledKernel of(Dataset data, int[] sample, Bandwidth bandwidth) {
        DenseMatrix samples = new DenseMatrix(sample.length, data.dimension(), data.subset(sample).features());
        return new SampledKernel(samples, DistanceKernels.squaredNorms(samples.data(), sample.length, data.dimension()),
                bandwidth);
    }

    /**
     * The number of points to sample: {@code requested}, capped at n with a warning.
     *
     * @throws IllegalArgumentException if fewer than k points would be sampled
     */
    public static int sampleCount(String method, int requested, int n, int k, Diagnostics.Builder diagnostics) {
        int m = Math.min(requested, n);
        if (m < requested) {
            diagnostics.warn("Only " + n + " points: using " + m + " samples instead of " + requested);
        }
        if (m < k) {
            throw new IllegalArgumentException(method + " needs at least k samples: " + m + " for k = " + k
                    + "; raise --param samples");
        }
        return m;
    }

    /**
     * Puts the samples and σ into a saved state under {@code prefix}; a kernel with local scales
     * cannot be saved (none of the methods that keep a sampled kernel uses them).
     */
    public void save(io.csc.algorithm.ModelState.Builder state, String prefix) {
        if (bandwidth.isLocal()) {
            throw new IllegalStateException("A sampled kernel with local scales cannot be saved");
        }
        state.matrix(prefix + "samples", samples).number(prefix + "sigma", bandwidth.sigma());
    }

    /** The kernel saved under {@code prefix} by {@link #save}. */
    public static SampledKernel load(io.csc.algorithm.ModelState state, String prefix) {
        DenseMatrix samples = state.matrix(prefix + "samples");
        return new SampledKernel(samples, DistanceKernels.squaredNorms(samples.data(), samples.rows(), samples.columns()),
                Bandwidth.global(state.number(prefix + "sigma")));
    }

    /** The number of samples m. */
    public int size() {
        return samples.rows();
    }

    /** The n x m kernel values between {@code points} and the samples. */
    public DenseMatrix columns(Dataset points, RunContext context) {
        DenseMatrix columns = squaredDistances(points, context);
        toWeights(columns, context);
        return columns;
    }

    /** The n x m squared Euclidean distances between {@code points} and the samples. */
    public DenseMatrix squaredDistances(Dataset points, RunContext context) {
        int n = points.size();
        int m = samples.rows();
        int d = samples.columns();
        if (points.dimension() != d) {
            throw new IllegalArgumentException("The model was fitted on " + d + " features; " + points.name()
                    + " has " + points.dimension());
        }
        double[] x = points.features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        DenseMatrix distances = DenseMatrix.zeros(n, m);
        double[] out = distances.data();
        double[] block = new double[Math.min(ROW_BLOCK, n) * m];
        for (int start = 0; start < n; start += ROW_BLOCK) {
            int end = Math.min(n, start + ROW_BLOCK);
            DistanceKernels.squaredDistances(context.backend(), x, norms, start, end, samples.data(), sampleNorms,
                    m, d, block);
            System.arraycopy(block, 0, out, start * m, (end - start) * m);
        }
        return distances;
    }

    /** Replaces squared distances by the kernel values, in place. */
    public void toWeights(DenseMatrix squaredDistances, RunContext context) {
        int m = squaredDistances.columns();
        double[] values = squaredDistances.data();
        context.parallel().forRange(squaredDistances.rows(), 256, (from, to) -> {
            for (int t = from * m; t < to * m; t++) {
                values[t] = bandwidth.weight(0, 0, values[t]);
            }
        });
    }

    /**
     * The same samples with another bandwidth, for a width chosen from the distances to them.
     */
    public SampledKernel withBandwidth(Bandwidth newBandwidth) {
        return new SampledKernel(samples, sampleNorms, newBandwidth);
    }

    /**
     * The mean distance from the sampled points to their {@code neighbours} nearest points among
     * all n, from the n x m squared distances to the samples ({@code sample[j]} is the row of sample
     * j, skipped as its own neighbour): an unbiased estimate, over a uniform sample, of the mean
     * k-NN distance rule, in O(n m k) instead of O(n² d). Copies of a sample are no neighbours of it
     * ({@link #copyDistances}), as the k-NN rules count repeated points once
     * ({@link io.csc.graph.Bandwidths}). Parallel over blocks of samples, each scanning the rows in
     * order, so the result does not depend on the thread count.
     */
    public double meanNeighbourDistance(DenseMatrix squaredDistances, int[] sample, int neighbours,
                                        Parallel parallel) {
        int n = squaredDistances.rows();
        int m = squaredDistances.columns();
        int k = neighbourCount(neighbours, n);
        double[] copies = copyDistances();
        List<Double> sums = parallel.map(m, NEIGHBOUR_GRAIN, (from, to) -> {
            double[] nearest = emptyNeighbours(to - from, k);
            addNeighbours(squaredDistances.data(), n, m, 0, sample, copies, from, to, k, nearest);
            return sumOfRoots(nearest);
        });
        double total = 0;
        for (double sum : sums) {
            total += sum;
        }
        return total / ((double) m * k);
    }

    /**
     * Per sample, the squared distance up to which a point is a copy of it: {@code 1e-12 d ||s||²},
     * some thousand times the rounding error of the squared distances' product form
     * ({@code ||x||² + ||s||² - 2 x·s}, at most about {@code 3 d 2^-52 ||s||²} for a copy x = s),
     * and a relative distance of {@code 1e-6 sqrt(d)}: closer than that, two points are one.
     */
    public double[] copyDistances() {
        double[] copies = new double[sampleNorms.length];
        for (int j = 0; j < copies.length; j++) {
            copies[j] = 1e-12 * samples.columns() * sampleNorms[j];
        }
        return copies;
    }

    /** The neighbours kept per sample among n points: {@code neighbours}, at most n - 1. */
    public static int neighbourCount(int neighbours, long n) {
        return (int) Math.min(neighbours, n - 1);
    }

    /** No neighbour yet for {@code samples} samples: {@code samples x k} infinite squared distances. */
    public static double[] emptyNeighbours(int samples, int k) {
        double[] nearest = new double[samples * k];
        java.util.Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        return nearest;
    }

    /**
     * The per-block step of {@link #meanNeighbourDistance}: folds {@code rows} rows of squared
     * distances to the m samples (row-major, global rows {@code firstRow ..}) into the ascending
     * k smallest distances of the samples {@code from .. to - 1} ({@code nearest}, (to - from) x k),
     * skipping each sample's own row and its copies (squared distances at most {@code copies[j]},
     * {@link #copyDistances}). The k smallest of a union do not depend on the order the
     * rows come in, so blocks can be folded anywhere and merged with {@link #mergeNeighbours}.
     */
    public static void addNeighbours(double[] squaredDistances, int rows, int m, long firstRow, int[] sample,
                                     double[] copies, int from, int to, int k, double[] nearest) {
        for (int a = 0; a < rows; a++) {
            int base = a * m;
            long row = firstRow + a;
            for (int j = from; j < to; j++) {
                double value = Math.max(squaredDistances[base + j], 0.0);
                int offset = (j - from) * k;
                if (value < nearest[offset + k - 1] && value > copies[j] && row != sample[j]) {
                    int position = k - 1;
                    while (position > 0 && nearest[offset + position - 1] > value) {
                        nearest[offset + position] = nearest[offset + position - 1];
                        position--;
                    }
                    nearest[offset + position] = value;
                }
            }
        }
    }

    /** The k smallest of two ascending neighbour lists per sample, into {@code left}; returns left. */
    public static double[] mergeNeighbours(double[] left, double[] right, int k) {
        double[] merged = new double[k];
        for (int offset = 0; offset < left.length; offset += k) {
            int a = 0;
            int b = 0;
            for (int t = 0; t < k; t++) {
                merged[t] = left[offset + a] <= right[offset + b] ? left[offset + a++] : right[offset + b++];
            }
            System.arraycopy(merged, 0, left, offset, k);
        }
        return left;
    }

    /**
     * The mean neighbour distance from the k smallest squared distances of all m samples
     * ({@code nearest}, m x k), summed in the same groups and order as {@link #meanNeighbourDistance}.
     */
    public static double meanOfNeighbours(double[] nearest, int m, int k) {
        double total = 0;
        for (int from = 0; from < m; from += NEIGHBOUR_GRAIN) {
            int to = Math.min(m, from + NEIGHBOUR_GRAIN);
            total += sumOfRoots(java.util.Arrays.copyOfRange(nearest, from * k, to * k));
        }
        return total / ((double) m * k);
    }

    private static double sumOfRoots(double[] squared) {
        double sum = 0;
        for (double value : squared) {
            sum += Math.sqrt(value);
        }
        return sum;
    }
}
