package io.csc.benchmark;

import io.csc.cluster.KMeans;
import io.csc.cluster.KMeansResult;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.linalg.DenseMatrix;
import io.csc.util.Parallel;
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
 * The final k-means of the spectral methods at the size of Fashion-MNIST's embedding: 70,000
 * points in 10 dimensions, k = 10, 10 k-means++ restarts (the default), on a well separated
 * mixture and on uniform noise (no structure: the most iterations).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class KMeansBenchmark {

    @Param({"mixture", "uniform"})
    String points;

    @Param({"1", "2"})
    int threads;

    private DenseMatrix data;
    private Parallel parallel;
    private final KMeans kMeans = new KMeans();

    @Setup(Level.Trial)
    public void createPoints() {
        int n = 70_000;
        int d = 10;
        if (points.equals("mixture")) {
            Dataset mixture = GaussianMixture.generate(n, d, 10, 99, 4.0);
            data = new DenseMatrix(n, d, mixture.features());
        } else {
            data = new DenseMatrix(n, d, new SplittableRandom(6).doubles((long) n * d).toArray());
        }
        parallel = Parallel.withThreads(threads);
    }

    @TearDown(Level.Trial)
    public void closePool() {
        parallel.close();
    }

    @Benchmark
    public KMeansResult tenRestarts() {
        return kMeans.fit(data, 10, new SplittableRandom(1), parallel);
    }
}
