package io.csc.benchmark;

import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DenseRows;
import io.csc.linalg.Operators;
import io.csc.linalg.SymmetricOperator;
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
 * One product {@code y = A x} with a dense symmetric n x n matrix, the step Lanczos repeats on the
 * dense methods' affinity: {@code upper}, {@link Operators#of(DenseMatrix, Parallel)} (the upper
 * triangle read once for both places of each entry), against {@code rows}, a dot product of each
 * whole row with x ({@link DenseMatrix#dot}, rows cut into blocks on the threads), the product the
 * operator made before, and against {@code normalized-rows}, the upper-triangle product of
 * {@code D^-1/2 A D^-1/2} with each row written as it is read ({@link Operators#of(DenseRows, Parallel)}
 * on {@link NormalizedAffinity#normalizedRows}: sl's prepared graph, which must stay as built).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DenseProductBenchmark {

    @Param({"3000", "10000"})
    int n;

    @Param({"1", "2"})
    int threads;

    @Param({"upper", "rows", "normalized-rows"})
    String kernel;

    private Parallel parallel;
    private double[] x;
    private double[] y;
    private SymmetricOperator product;

    @Setup(Level.Trial)
    public void createMatrix() {
        SplittableRandom random = new SplittableRandom(3);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double value = random.nextDouble();
                a[i * n + j] = value;
                a[j * n + i] = value;
            }
        }
        x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble(-1, 1);
        }
        y = new double[n];
        parallel = Parallel.withThreads(threads);
        DenseMatrix matrix = new DenseMatrix(n, n, a);
        product = switch (kernel) {
            case "upper" -> Operators.of(matrix, parallel);
            case "rows" -> rows(a, n, parallel);
            case "normalized-rows" -> Operators.of(NormalizedAffinity.normalizedRows(matrix,
                    NormalizedAffinity.rowSums(matrix)), parallel);
            default -> throw new IllegalArgumentException("unknown kernel '" + kernel
                    + "' (upper, rows or normalized-rows)");
        };
    }

    /** The whole-row product: each y_i the dot product of row i with x. */
    private static SymmetricOperator rows(double[] a, int n, Parallel parallel) {
        int grain = Parallel.grainFor(n, 64);
        return SymmetricOperator.of(n, (x, y) -> {
            parallel.forRange(n, grain, (from, to) -> {
                for (int i = from; i < to; i++) {
                    y[i] = DenseMatrix.dot(a, i * n, x, 0, n);
                }
            });
        });
    }

    @TearDown(Level.Trial)
    public void close() {
        parallel.close();
    }

    @Benchmark
    public double[] product() {
        product.apply(x, y);
        return y;
    }
}
