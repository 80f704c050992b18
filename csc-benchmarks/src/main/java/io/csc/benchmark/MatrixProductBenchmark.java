package io.csc.benchmark;

import io.csc.api.RunContext;
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
 * The square matrix product {@code C = A B} in double and single precision on each backend: the
 * kernel of the distance computations (points against landmarks or samples). GFLOP/s = 2 n³ /
 * time; at n = 2000 that is 16 / (seconds per product).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MatrixProductBenchmark {

    @Param({"2000"})
    int n;

    @Param({"openblas", "java"})
    String backend;

    @Param({"2"})
    int threads;

    private RunContext context;
    private LinearAlgebraBackend linearAlgebra;
    private double[] a;
    private double[] b;
    private double[] c;
    private float[] aSingle;
    private float[] bSingle;
    private float[] cSingle;

    @Setup(Level.Trial)
    public void createMatrices() {
        context = BackendChoice.of(backend, threads);
        linearAlgebra = context.backend();
        SplittableRandom random = new SplittableRandom(2);
        a = random.doubles((long) n * n, -1, 1).toArray();
        b = random.doubles((long) n * n, -1, 1).toArray();
        c = new double[n * n];
        aSingle = new float[n * n];
        bSingle = new float[n * n];
        cSingle = new float[n * n];
        for (int i = 0; i < a.length; i++) {
            aSingle[i] = (float) a[i];
            bSingle[i] = (float) b[i];
        }
    }

    @TearDown(Level.Trial)
    public void closeContext() {
        context.close();
    }

    @Benchmark
    public double[] doublePrecision() {
        linearAlgebra.gemm(false, false, n, n, n, 1.0, a, 0, n, b, 0, n, 0.0, c, 0, n);
        return c;
    }

    @Benchmark
    public float[] singlePrecision() {
        linearAlgebra.gemm(false, false, n, n, n, 1.0f, aSingle, 0, n, bSingle, 0, n, 0.0f, cSingle, 0, n);
        return cSingle;
    }
}
