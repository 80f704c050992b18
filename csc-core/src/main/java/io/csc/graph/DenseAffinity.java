package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.util.MemoryGuard;

/**
 * The dense Gaussian affinity {@code W_ij = exp(-||x_i - x_j||² / (2σ²))} (or the local-scaling
 * form), with {@code W_ii = 0} as in Ng, Jordan and Weiss. O(n² d) time, O(n²) memory: the size is
 * checked before anything is allocated.
 */
public final class DenseAffinity {

    private static final int ROW_BLOCK = 512;

    private DenseAffinity() {
    }

    /**
     * Builds the dense affinity of {@code data}.
     *
     * @param method the calling method's name, for the refusal message
     * @param matrices how many n x n matrices the caller will hold at once (for the memory check)
     * @param alternatives the scalable methods to name when refusing
     */
    public static DenseGraph gaussian(Dataset data, KernelOptions kernel, String method, int matrices,
                                      String alternatives, RunContext context) {
        int n = data.size();
        MemoryGuard.requireDense(method, n, matrices, alternatives);
        Bandwidth bandwidth = Bandwidths.resolve(kernel, data, null, context);
        int d = data.dimension();
        double[] x = data.features();
        double[] norms = DistanceKernels.squaredNorms(x, n, d);
        DenseMatrix weights = DenseMatrix.zeros(n, n);
        double[] w = weights.data();
        double[] block = new double[ROW_BLOCK * n];
        for (int rowStart = 0; rowStart < n; rowStart += ROW_BLOCK) {
            int rowEnd = Math.min(n, rowStart + ROW_BLOCK);
            DistanceKernels.squaredDistances(context.backend(), x, norms, rowStart, rowEnd, x, norms, n, d, block);
            int start = rowStart;
            context.parallel().forRange(rowEnd - rowStart, 16, (from, to) -> {
                for (int r = from; r < to; r++) {
                    int i = start + r;
                    for (int j = 0; j < n; j++) {
                        w[i * n + j] = i == j ? 0.0 : bandwidth.weight(i, j, block[r * n + j]);
                    }
                }
            });
        }
        // W and Wᵀ averaged: exactly symmetric despite rounding in the distances.
        weights.symmetrize();
        return new DenseGraph(weights, bandwidth, GraphConnectivity.components(weights).count());
    }
}
