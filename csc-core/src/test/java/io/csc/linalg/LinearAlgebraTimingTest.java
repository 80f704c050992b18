package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Timings of the dense eigensolvers and of Lanczos on a large graph, printed for the record
 * (never asserted). Tagged "large": run with {@code mvn verify -Plarge}.
 */
@Tag("large")
class LinearAlgebraTimingTest {

    @Test
    void symmetricEigenOf2000By2000OnEachBackend() {
        DenseMatrix a = TestMatrices.randomSymmetric(2000, new SplittableRandom(1));
        for (String name : new String[] {"native", "java"}) {
            if (name.equals("native") && !LinearAlgebra.nativeAvailable()) {
                continue;
            }
            LinearAlgebraBackend backend = TestMatrices.backend(name);
            long start = System.nanoTime();
            EigenDecomposition all = SymmetricEigen.all(backend, a);
            long allTime = System.nanoTime() - start;
            start = System.nanoTime();
            EigenDecomposition few = SymmetricEigen.largest(backend, a, 10);
            long fewTime = System.nanoTime() - start;
            System.out.printf("symmetric eigen 2000 x 2000, %s: all pairs %.2f s, largest 10 %.2f s%n",
                    backend.name(), allTime / 1e9, fewTime / 1e9);
            assertTrue(Math.abs(all.values()[1999] - few.values()[0]) < 1e-9);
        }
    }

    @Test
    void lanczosOnSeventyThousandNodeNearestNeighbourGraph() {
        int n = 70_000;
        long start = System.nanoTime();
        SparseMatrix weights = nearestNeighbourGraph(n, 8, 20, 10, new SplittableRandom(7));
        SparseMatrix affinity = TestGraphs.normalizedAffinity(weights);
        System.out.printf("graph: %d nodes, %d non-zeros, built in %.1f s%n", n, affinity.nonZeros(),
                (System.nanoTime() - start) / 1e9);
        for (int threads : new int[] {1, 2}) {
            try (Parallel parallel = Parallel.withThreads(threads)) {
                SymmetricOperator operator = Operators.of(affinity, parallel);
                LanczosSolver solver = new LanczosSolver(LanczosOptions.DEFAULTS, LinearAlgebra.defaultBackend(), parallel);
                start = System.nanoTime();
                LanczosResult result = solver.solve(operator, 10, Spectrum.LARGEST, new SplittableRandom(1));
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf("Lanczos largest 10, %d thread(s), %s: %.2f s, %d restarts, %d products, "
                                + "residual %.1e, converged %s%n  values %s%n", threads, LinearAlgebra.defaultBackend().name(),
                        seconds, result.iterations(), result.operatorApplications(), result.maxResidual(),
                        result.converged(), Arrays.toString(result.values()));
                assertTrue(result.converged());
            }
        }
    }

    /**
     * Exact k-nearest-neighbour graph (brute force, test code only) of points drawn from Gaussian
     * clusters in {@code dimension} dimensions, Gaussian weights with the median neighbour distance.
     */
    static SparseMatrix nearestNeighbourGraph(int n, int dimension, int neighbours, int clusters, SplittableRandom random) {
        double[][] centres = new double[clusters][dimension];
        for (double[] centre : centres) {
            for (int d = 0; d < dimension; d++) {
                centre[d] = 3 * random.nextGaussian();
            }
        }
        double[] points = new double[n * dimension];
        for (int i = 0; i < n; i++) {
            double[] centre = centres[i % clusters];
            for (int d = 0; d < dimension; d++) {
                points[i * dimension + d] = centre[d] + random.nextGaussian();
            }
        }
        int[] columns = new int[n * neighbours];
        double[] distances = new double[n * neighbours];
        try (Parallel parallel = Parallel.allProcessors()) {
            parallel.forRange(n, 256, (from, to) -> {
                double[] best = new double[neighbours];
                int[] index = new int[neighbours];
                for (int i = from; i < to; i++) {
                    Arrays.fill(best, Double.POSITIVE_INFINITY);
                    int base = i * dimension;
                    for (int j = 0; j < n; j++) {
                        if (j == i) {
                            continue;
                        }
                        double sum = 0;
                        int other = j * dimension;
                        for (int d = 0; d < dimension; d++) {
                            double difference = points[base + d] - points[other + d];
                            sum += difference * difference;
                        }
                        if (sum < best[neighbours - 1]) {
                            int p = neighbours - 1;
                            while (p > 0 && best[p - 1] > sum) {
                                best[p] = best[p - 1];
                                index[p] = index[p - 1];
                                p--;
                            }
                            best[p] = sum;
                            index[p] = j;
                        }
                    }
                    System.arraycopy(best, 0, distances, i * neighbours, neighbours);
                    System.arraycopy(index, 0, columns, i * neighbours, neighbours);
                }
            });
        }
        double[] sorted = distances.clone();
        Arrays.sort(sorted);
        double bandwidth = sorted[sorted.length / 2];
        int[] rows = new int[n * neighbours];
        double[] values = new double[n * neighbours];
        for (int t = 0; t < rows.length; t++) {
            rows[t] = t / neighbours;
            values[t] = Math.exp(-distances[t] / bandwidth);
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, rows.length, SparseMatrix.Duplicates.MAX)
                .symmetrize(true);
    }
}
