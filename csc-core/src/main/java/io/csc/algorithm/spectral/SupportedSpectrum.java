package io.csc.algorithm.spectral;

import io.csc.algorithm.SolverStatus;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Extreme eigenvalues of a symmetric n x n operator that vanishes outside a subset of the points
 * (its support), such as a constraint matrix, which is zero outside the constrained points. Its
 * spectrum is that of the |support| x |support| block plus {@code n - |support|} zeros, so
 * Lanczos runs on the block only (dense below {@link io.csc.linalg.LanczosSolver#DENSE_SIZE_LIMIT}
 * points) and the zeros are merged in afterwards.
 */
public final class SupportedSpectrum {

    /** Eigenvalues (descending for LARGEST, ascending for SMALLEST) and how they were found. */
    public record Values(double[] values, SolverStatus status) {
    }

    private SupportedSpectrum() {
    }

    /**
     * The {@code count} algebraically largest or smallest eigenvalues of {@code operator}, which
     * must satisfy {@code (A x)_i = 0} for i outside {@code support} and ignore x outside it.
     *
     * @param support distinct point indices, ascending
     * @param count {@code 1 <= count <= n}
     */
    public static Values extreme(SymmetricOperator operator, int[] support, int count, Spectrum which,
                                 LanczosOptions options, SplittableRandom random) {
        int n = operator.size();
        int b = support.length;
        if (count < 1 || count > n) {
            throw new IllegalArgumentException("Invalid number of eigenvalues: " + count + " (must be in [1, " + n + "])");
        }
        double[] block = new double[0];
        SolverStatus status = SolverStatus.direct("none (empty support)");
        if (b > 0) {
            Eigensolvers.Solution solution = Eigensolvers.lanczos(restricted(operator, support), Math.min(count, b),
                    which, options, random);
            block = solution.pairs().values();
            status = solution.status();
        }
        double[] merged = Arrays.copyOf(block, block.length + Math.min(count, n - b));
        Arrays.sort(merged);
        double[] values = new double[count];
        for (int t = 0; t < count; t++) {
            values[t] = which == Spectrum.SMALLEST ? merged[t] : merged[merged.length - 1 - t];
        }
        return new Values(values, status);
    }

    /** The operator restricted to the support: {@code x_b -> (A x)_b} with x zero outside. */
    static SymmetricOperator restricted(SymmetricOperator operator, int[] support) {
        int n = operator.size();
        int b = support.length;
        ThreadLocal<double[][]> scratch = ThreadLocal.withInitial(() -> new double[][] {new double[n], new double[n]});
        return SymmetricOperator.of(b, (x, y) -> {
            double[][] full = scratch.get();
            double[] in = full[0];
            double[] out = full[1];
            for (int t = 0; t < b; t++) {
                in[support[t]] = x[t];
            }
            operator.apply(in, out);
            for (int t = 0; t < b; t++) {
                y[t] = out[support[t]];
                in[support[t]] = 0.0;
            }
        });
    }
}
