package io.csc.algorithm.spectral;

import io.csc.algorithm.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.Bandwidth;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;

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

    /** The kernel to the points {@code sample} of {@code data}. */
    public static SampledKernel of(Dataset data, int[] sample, Bandwidth bandwidth) {
        DenseMatrix samples = new DenseMatrix(sample.length, data.dimension(), data.subset(sample).features());
        return new SampledKernel(samples, DistanceKernels.squaredNorms(samples.data(), sample.length, data.dimension()),
                bandwidth);
    }

    /** The number of samples m. */
    public int size() {
        return samples.rows();
    }

    /** The n x m kernel values between {@code points} and the samples. */
    public DenseMatrix columns(Dataset points, RunContext context) {
        int n = points.size();
        int m = samples.rows();
        int d = samples.columns();
        if (points.dimension() != d) {
            throw new IllegalArgumentException("The model was fitted on " + d + " features; " + points.name()
                    + " has " + points.dimension());
        }
        double[] x = points.features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        DenseMatrix columns = DenseMatrix.zeros(n, m);
        double[] out = columns.data();
        double[] block = new double[Math.min(ROW_BLOCK, n) * m];
        for (int start = 0; start < n; start += ROW_BLOCK) {
            int end = Math.min(n, start + ROW_BLOCK);
            DistanceKernels.squaredDistances(context.backend(), x, norms, start, end, samples.data(), sampleNorms,
                    m, d, block);
            int offset = start * m;
            context.parallel().forRange(end - start, 256, (from, to) -> {
                for (int t = from * m; t < to * m; t++) {
                    out[offset + t] = bandwidth.weight(0, 0, block[t]);
                }
            });
        }
        return columns;
    }
}
