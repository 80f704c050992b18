package io.csc.cluster;

import io.csc.linalg.DenseMatrix;
import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Wall-clock of the reference problem (70,000 x 10 points, k = 10, 10 restarts), printed, never
 * asserted. Tagged {@code large}: run with {@code -Dtest.excludedGroups= -Dtest='KMeansTimingTest'}.
 */
@Tag("large")
class KMeansTimingTest {

    @Test
    void seventyThousandPointsTenClustersTenRestarts() {
        double[][] centres = new double[10][10];
        SplittableRandom random = new SplittableRandom(99);
        for (double[] centre : centres) {
            for (int t = 0; t < centre.length; t++) {
                centre[t] = 4 * KMeansTest.gaussian(random);
            }
        }
        DenseMatrix mixture = KMeansTest.blobs(centres, 7000, 1.5, 5, null);
        DenseMatrix uniform = KMeansTest.uniform(70_000, 10, 6);
        KMeans kMeans = new KMeans();
        for (int threads = 1; threads <= 2; threads++) {
            try (Parallel parallel = Parallel.withThreads(threads)) {
                for (int repeat = 0; repeat < 3; repeat++) {
                    time("mixture", kMeans, mixture, parallel);
                    time("uniform", kMeans, uniform, parallel);
                }
            }
        }
    }

    private static void time(String name, KMeans kMeans, DenseMatrix points, Parallel parallel) {
        long start = System.nanoTime();
        KMeansResult result = kMeans.fit(points, 10, new SplittableRandom(1), parallel);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("%s 70000 x 10, k = 10, 10 restarts, %d thread(s): %.3f s (%d iterations in the kept run, inertia %.6g)%n",
                name, parallel.threads(), seconds, result.iterations(), result.inertia());
    }
}
