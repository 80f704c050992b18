package io.csc.benchmark;

import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.SymmetricEigen;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The k leading eigenpairs of NJW's dense normalized affinity {@code D^-1/2 W D^-1/2}, as the dense
 * spectral methods need them: by Lanczos on the dense matrix ({@link Eigensolvers#largestDense},
 * used from {@link Eigensolvers#LANCZOS_SIZE} points) against the dense solver
 * ({@link SymmetricEigen#largest}), on a Gaussian mixture of k clusters in 10 dimensions with the
 * Gaussian kernel at the mean squared distance. Two threads, native backend.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class DenseLeadingEigenBenchmark {

    @Param({"1500", "3000"})
    int n;

    @Param({"5"})
    int k;

    private RunContext context;
    private DenseMatrix affinity;

    @Setup(Level.Trial)
    public void createAffinity() {
        context = BackendChoice.of("openblas", 2);
        Dataset mixture = GaussianMixture.generate(n, 10, k, 7, 3.0);
        double[] x = mixture.features();
        int d = mixture.dimension();
        double[] squared = new double[n * n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                squared[i * n + j] = DistanceKernels.squaredDistance(x, i * d, x, j * d, d);
                total += squared[i * n + j];
            }
        }
        double scale = total / ((double) n * n);
        double[] degree = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double weight = i == j ? 0 : Math.exp(-squared[i * n + j] / scale);
                squared[i * n + j] = weight;
                degree[i] += weight;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                squared[i * n + j] /= Math.sqrt(degree[i] * degree[j]);
            }
        }
        affinity = new DenseMatrix(n, n, squared);
    }

    @TearDown(Level.Trial)
    public void closeContext() {
        context.close();
    }

    @Benchmark
    public Eigensolvers.Solution lanczosOnTheDenseMatrix() {
        return Eigensolvers.largestDense(affinity, k, context);
    }

    @Benchmark
    public EigenDecomposition denseSolver() {
        return SymmetricEigen.largest(context.backend(), affinity, k);
    }
}
