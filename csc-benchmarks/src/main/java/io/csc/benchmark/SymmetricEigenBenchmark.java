package io.csc.benchmark;

import io.csc.api.RunContext;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import java.util.SplittableRandom;
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
 * All eigenpairs of a dense symmetric n x n matrix (the dense spectral methods' kernel), and the
 * few largest that NJW needs, on each backend. The matrix is a fresh copy each time, because the
 * backend overwrites its input. LAPACK runs on the calling thread (OpenBLAS's own threads are off).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class SymmetricEigenBenchmark {

    @Param({"2000"})
    int n;

    @Param({"openblas", "java"})
    String backend;

    private RunContext context;
    private LinearAlgebraBackend linearAlgebra;
    private double[] matrix;
    private double[] work;

    @Setup(Level.Trial)
    public void createMatrix() {
        context = BackendChoice.of(backend, 1);
        linearAlgebra = context.backend();
        SplittableRandom random = new SplittableRandom(1);
        matrix = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double value = random.nextDouble(-1, 1);
                matrix[i * n + j] = value;
                matrix[j * n + i] = value;
            }
        }
        work = new double[n * n];
    }

    @Setup(Level.Invocation)
    public void copyMatrix() {
        System.arraycopy(matrix, 0, work, 0, matrix.length);
    }

    @TearDown(Level.Trial)
    public void closeContext() {
        context.close();
    }

    @Benchmark
    public EigenDecomposition allPairs() {
        return linearAlgebra.symmetricEigen(n, work, 0, n - 1);
    }

    @Benchmark
    public EigenDecomposition largestTen() {
        return linearAlgebra.symmetricEigen(n, work, n - 10, n - 1);
    }
}
