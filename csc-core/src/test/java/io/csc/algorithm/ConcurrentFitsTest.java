package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.testing.TestData;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two fits at the same time in one JVM, one on a single thread and one on three, as a server or
 * an executor runs them: each gives the labels it gives alone. Nothing in the library holds a
 * process-wide thread count or backend; each fit has its own context. The data is large enough
 * that the methods' matrix products are cut into blocks on the fits' pools.
 */
class ConcurrentFitsTest {

    private static final Dataset DATA = TestData.blobs(4, 150, 24, 3.0, 7);
    private static final ConstraintSet LABELS =
            ConstraintGenerator.labelledFraction(DATA.labels(), 0.05, new SplittableRandom(3));

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"njw", "scacs", "fast-csp-ml", "e2cp"})
    void twoFitsWithDifferentThreadCountsAtOnceGiveTheLabelsOfEachAlone(String method) throws Exception {
        int[] aloneOnOne = fit(method, 1);
        int[] aloneOnThree = fit(method, 3);
        CyclicBarrier start = new CyclicBarrier(2);
        CompletableFuture<int[]> onOne = CompletableFuture.supplyAsync(() -> fitAfter(start, method, 1));
        CompletableFuture<int[]> onThree = CompletableFuture.supplyAsync(() -> fitAfter(start, method, 3));
        assertArrayEquals(aloneOnOne, onOne.get(), "1 thread, beside a fit on 3");
        assertArrayEquals(aloneOnThree, onThree.get(), "3 threads, beside a fit on 1");
        assertArrayEquals(aloneOnOne, aloneOnThree, "1 and 3 threads");
    }

    private static int[] fitAfter(CyclicBarrier start, String method, int threads) {
        try {
            start.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return fit(method, threads);
    }

    private static int[] fit(String method, int threads) {
        try (RunContext context = RunContext.of(17, threads)) {
            return AlgorithmRegistry.byName(method).create().fit(DATA, LABELS, 4, context).labels();
        }
    }
}
