package io.csc.algorithm.e2cp;

import io.csc.api.RunContext;
import io.csc.algorithm.spectral.AffinityAdjustment;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import java.util.List;

/**
 * The adjusted affinity W̃ of Eq. 4 as a dense matrix, for the exact path of E2CP: F* in full
 * (O(n² q) by one product), divided by its largest off-diagonal |F*_ij| so that it lies in
 * [-1, 1], then adjusted in place over the k-NN graph. n² memory.
 */
final class ExactAdjustedAffinity {

    private static final int ROW_GRAIN = 64;

    private ExactAdjustedAffinity() {
    }

    /**
     * The dense W̃ and the normalizer (the largest off-diagonal |F*_ij|, 0 when F* = 0).
     *
     * @param normalizer what F* was divided by
     */
    record Result(DenseMatrix weights, double normalizer) {
    }

    static Result build(SparseMatrix graph, PropagatedConstraints propagated, RunContext context) {
        DenseMatrix f = propagated.dense(context.backend());
        double largest = largestOffDiagonal(f, context);
        if (largest > 0) {
            double[] data = f.data();
            double scale = 1.0 / largest;
            int n = f.rows();
            context.parallel().forRange(n, ROW_GRAIN, (from, to) -> {
                for (int t = from * n; t < to * n; t++) {
                    data[t] *= scale;
                }
            });
        }
        AffinityAdjustment.adjustConfidences(f, graph, context.parallel());
        return new Result(f, largest);
    }

    /**
     * The dense W̃ of a dense affinity W (overwritten): {@code W̃_ij = adjust(W_ij, F_ij)} with F*
     * normalized as above.
     */
    static Result build(DenseMatrix graph, PropagatedConstraints propagated, RunContext context) {
        DenseMatrix f = propagated.dense(context.backend());
        double largest = largestOffDiagonal(f, context);
        double scale = largest > 0 ? 1.0 / largest : 0.0;
        double[] w = graph.data();
        double[] confidence = f.data();
        int n = graph.rows();
        context.parallel().forRange(n, ROW_GRAIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                for (int j = 0; j < n; j++) {
                    int t = i * n + j;
                    w[t] = i == j ? 0.0 : AffinityAdjustment.adjust(w[t], confidence[t] * scale);
                }
            }
        });
        return new Result(graph, largest);
    }

    private static double largestOffDiagonal(DenseMatrix f, RunContext context) {
        int n = f.rows();
        double[] data = f.data();
        List<Double> maxima = context.parallel().map(n, ROW_GRAIN, (from, to) -> {
            double largest = 0;
            for (int i = from; i < to; i++) {
                for (int j = 0; j < n; j++) {
                    if (j != i) {
                        largest = Math.max(largest, Math.abs(data[i * n + j]));
                    }
                }
            }
            return largest;
        });
        return maxima.stream().mapToDouble(Double::doubleValue).max().orElse(0.0);
    }
}
