package io.csc.benchmark;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.graph.Landmarks;
import io.csc.graph.LandmarkSearch;
import io.csc.graph.NeighbourDescent;
import io.csc.graph.SparseCode;
import io.csc.graph.SparseCoding;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.DenseMatrix;
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
 * The two searches the large-data methods stand on, at Fashion-MNIST's shape on generated
 * image-like data (a 10-cluster mixture in 20 dimensions mapped linearly into 784, plus a little
 * noise in every dimension: low intrinsic dimension, as images have): NN-descent for the k = 10
 * neighbours of 20,000 points (njw {@code graph=knn} on the peers' subsample), the sparse coding
 * of 70,000 points by their 5 nearest of 1,000 random landmarks (lsc-r), and by their 5 nearest of
 * 8,000 landmarks screened on principal components (sc-pc with 7,000 labels). Single-shot:
 * each is a whole search, seconds long.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class NeighbourSearchBenchmark {

    @Param({"openblas"})
    String backend;

    @Param({"1", "2"})
    int threads;

    private Dataset small;
    private Dataset large;
    private DenseMatrix landmarks;
    private DenseMatrix manyLandmarks;
    private RunContext context;

    @Setup(Level.Trial)
    public void createPoints() {
        large = imageLike(70_000, 784, 11);
        small = imageLike(20_000, 784, 12);
        landmarks = Landmarks.random(large, 1000, new SplittableRandom(1));
        manyLandmarks = Landmarks.random(large, 8000, new SplittableRandom(2));
        context = BackendChoice.of(backend, threads);
    }

    /** n points of a mixture in 20 dimensions, mapped into d by a fixed random matrix, plus noise of 0.05. */
    static Dataset imageLike(int n, int d, long seed) {
        int intrinsic = 20;
        Dataset mixture = GaussianMixture.generate(n, intrinsic, 10, seed, 3.0);
        SplittableRandom random = new SplittableRandom(seed);
        double[] map = random.doubles((long) intrinsic * d, -0.3, 0.3).toArray();
        double[] features = new double[n * d];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < d; t++) {
                double value = 0.05 * random.nextGaussian();
                for (int f = 0; f < intrinsic; f++) {
                    value += mixture.feature(i, f) * map[f * d + t];
                }
                features[i * d + t] = value;
            }
        }
        return Dataset.unlabelled("image-like", n, d, features);
    }

    @TearDown(Level.Trial)
    public void close() {
        context.close();
    }

    @Benchmark
    public NeighbourDescent.Result nnDescent20000() {
        return NeighbourDescent.search(small, 10, context);
    }

    @Benchmark
    public SparseCode sparseCoding1000() {
        return SparseCoding.encode(large, landmarks, new SparseCodingOptions(5, SparseCodingOptions.LandmarkBandwidth.MEAN_DISTANCE, null),
                context);
    }

    @Benchmark
    public SparseCode screenedSparseCoding8000() {
        return LandmarkSearch.encode(large, manyLandmarks,
                new SparseCodingOptions(5, SparseCodingOptions.LandmarkBandwidth.MEAN_DISTANCE, null),
                context.withNeighbourSearch(io.csc.api.NeighbourSearch.APPROXIMATE));
    }
}
