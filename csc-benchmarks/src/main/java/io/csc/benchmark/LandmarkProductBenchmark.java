package io.csc.benchmark;

import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ResidentOperand;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The two kernels of the sparse coding's row search at sc-pc's shape with 7,000 labels, on one
 * thread of the native backend: the single-precision products of 70,000 rows with 8,000 landmarks
 * in 128 dimensions, in products of {@code rows} rows each (the backend packs the landmarks anew
 * for every product; {@code SparseCoding.PRODUCT_VALUES} lets 256 rows through), and the exact
 * re-ranking, 13 candidates of 784 doubles for each of 70,000 rows drawn from 8,000 landmarks, in
 * four running sums ({@code DistanceKernels.squaredDistance}) and in eight
 * ({@code squaredDistanceWide}). GFLOP/s of the products: 143.4 / (seconds per run).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
public class LandmarkProductBenchmark {

    private static final int POINTS = 70_000;
    private static final int LANDMARKS = 8_000;
    private static final int DIMENSIONS = 128;
    private static final int FEATURES = 784;
    private static final int CANDIDATES = 13;

    /** The products' operands, in blocks of {@code rows} rows. */
    @State(Scope.Thread)
    public static class Products {

        @Param({"32", "64", "128", "256"})
        int rows;

        private LinearAlgebraBackend backend;
        private float[] landmarks;
        private float[] block;
        private float[] products;

        @Setup(Level.Trial)
        public void create() {
            backend = nativeBackend();
            SplittableRandom random = new SplittableRandom(3);
            landmarks = new float[LANDMARKS * DIMENSIONS];
            for (int i = 0; i < landmarks.length; i++) {
                landmarks[i] = (float) random.nextDouble(-1, 1);
            }
            block = new float[rows * DIMENSIONS];
            for (int i = 0; i < block.length; i++) {
                block[i] = (float) random.nextDouble(-1, 1);
            }
            products = new float[rows * LANDMARKS];
        }
    }

    private double[] exactLandmarks;
    private double[] exactRows;
    private int[] candidates;

    @Setup(Level.Trial)
    public void create() {
        SplittableRandom random = new SplittableRandom(4);
        exactLandmarks = random.doubles((long) LANDMARKS * FEATURES, -1, 1).toArray();
        exactRows = random.doubles(256L * FEATURES, -1, 1).toArray();
        candidates = random.ints((long) POINTS * CANDIDATES, 0, LANDMARKS).toArray();
    }

    static LinearAlgebraBackend nativeBackend() {
        if (!LinearAlgebra.nativeAvailable()) {
            throw new IllegalStateException("the native backend did not load: " + LinearAlgebra.nativeFailure());
        }
        return LinearAlgebra.nativeBackend();
    }

    @Benchmark
    public float[] products(Products operands) {
        try (ResidentOperand resident = operands.backend.resident(operands.landmarks)) {
            for (int first = 0; first < POINTS; first += operands.rows) {
                operands.backend.gemm(false, true, operands.rows, LANDMARKS, DIMENSIONS, 1.0f, operands.block, 0,
                        DIMENSIONS, resident, 0, DIMENSIONS, 0.0f, operands.products, 0, LANDMARKS);
            }
        }
        return operands.products;
    }

    @Benchmark
    public double reRankingFourSums() {
        double sum = 0;
        for (int point = 0; point < POINTS; point++) {
            int row = (point % 256) * FEATURES;
            for (int c = 0; c < CANDIDATES; c++) {
                sum += DistanceKernels.squaredDistance(exactRows, row, exactLandmarks,
                        candidates[point * CANDIDATES + c] * FEATURES, FEATURES);
            }
        }
        return sum;
    }

    @Benchmark
    public double reRankingEightSums() {
        double sum = 0;
        for (int point = 0; point < POINTS; point++) {
            int row = (point % 256) * FEATURES;
            for (int c = 0; c < CANDIDATES; c++) {
                sum += DistanceKernels.squaredDistanceWide(exactRows, row, exactLandmarks,
                        candidates[point * CANDIDATES + c] * FEATURES, FEATURES);
            }
        }
        return sum;
    }
}
