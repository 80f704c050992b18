package io.csc.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelTest {

    @Test
    void chunksDependOnlyOnSizeAndGrain() {
        for (int threads : new int[] {1, 2, 4}) {
            try (Parallel parallel = Parallel.withThreads(threads)) {
                List<int[]> chunks = parallel.map(10, 3, (from, to) -> new int[] {from, to});
                assertEquals(4, chunks.size());
                assertEquals(List.of(0, 3, 6, 9), chunks.stream().map(c -> c[0]).toList());
                assertEquals(List.of(3, 6, 9, 10), chunks.stream().map(c -> c[1]).toList());
                assertEquals(0, parallel.map(0, 5, (from, to) -> from).size());
            }
        }
    }

    @Test
    void aClosedPoolIsNamedAsSuchWhenUsedAgain() {
        Parallel parallel = Parallel.withThreads(2);
        parallel.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> parallel.map(10, 3, (from, to) -> from));
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        assertThrows(IllegalStateException.class, () -> parallel.invokeAll(List.<Callable<Integer>>of(() -> 1, () -> 2)));
    }

    @Test
    void forRangeVisitsEveryIndexOnce() {
        try (Parallel parallel = Parallel.withThreads(3)) {
            AtomicIntegerArray visits = new AtomicIntegerArray(1001);
            parallel.forRange(1001, 17, (from, to) -> {
                for (int i = from; i < to; i++) {
                    visits.incrementAndGet(i);
                }
            });
            for (int i = 0; i < 1001; i++) {
                assertEquals(1, visits.get(i));
            }
        }
    }

    @Test
    void reductionsAreIdenticalOnAnyThreadCount() {
        double[] values = new double[100_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.sin(i) * 1e3 + 1e-3 * Math.cos(3 * i);
        }
        Double reference = null;
        for (int threads : new int[] {1, 2, 3, 8}) {
            try (Parallel parallel = Parallel.withThreads(threads)) {
                double sum = parallel.map(values.length, Parallel.grainFor(values.length, 100), (from, to) -> {
                    double partial = 0;
                    for (int i = from; i < to; i++) {
                        partial += values[i];
                    }
                    return partial;
                }).stream().mapToDouble(Double::doubleValue).sum();
                if (reference == null) {
                    reference = sum;
                }
                assertEquals(reference, sum, 0.0, "threads " + threads);
            }
        }
    }

    @Test
    void nestedLoopsDoNotDeadlock() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            try (Parallel parallel = Parallel.withThreads(2)) {
                List<Integer> sums = parallel.map(8, 1, (from, to) -> parallel.map(100, 10, (a, b) -> b - a)
                        .stream().mapToInt(Integer::intValue).sum());
                assertEquals(List.of(100, 100, 100, 100, 100, 100, 100, 100), sums);
                List<Callable<Integer>> tasks = List.of(() -> parallel.map(10, 1, (a, b) -> 1).size(), () -> 7);
                assertEquals(List.of(10, 7), parallel.invokeAll(tasks));
            }
        });
    }

    @Test
    void aLoopReturnsOnlyOnceEveryChunkHasRun() {
        try (Parallel parallel = Parallel.withThreads(2)) {
            for (int round = 0; round < 5; round++) {
                AtomicIntegerArray finished = new AtomicIntegerArray(6);
                // chunks on a worker are slow, those on the caller fast: the caller runs out of chunks first
                parallel.forRange(6, 1, (from, to) -> {
                    if (Thread.currentThread().getName().startsWith("csc-")) {
                        sleep(30);
                    }
                    finished.set(from, 1);
                });
                for (int chunk = 0; chunk < 6; chunk++) {
                    assertEquals(1, finished.get(chunk), "round " + round + ", chunk " + chunk);
                }
            }
        }
    }

    @Test
    void anInterruptedLoopStopsStartingChunksAndWaitsForThoseRunning() throws Exception {
        try (Parallel parallel = Parallel.withThreads(2)) {
            java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger runningAtReturn = new java.util.concurrent.atomic.AtomicInteger(-1);
            java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.CountDownLatch firstChunk = new java.util.concurrent.CountDownLatch(1);
            Thread caller = new Thread(() -> {
                try {
                    parallel.forRange(1000, 1, (from, to) -> {
                        running.incrementAndGet();
                        started.incrementAndGet();
                        firstChunk.countDown();
                        sleep(20);
                        running.decrementAndGet();
                    });
                } catch (RuntimeException e) {
                    thrown.set(e);
                } finally {
                    runningAtReturn.set(running.get());
                }
            });
            caller.start();
            firstChunk.await();
            caller.interrupt();
            caller.join(10_000);
            assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
            assertEquals(0, runningAtReturn.get(), "a chunk still ran when the loop returned");
            assertTrue(started.get() < 1000, "chunks kept starting after the interrupt");
        }
    }

    @Test
    void callersSharingAPoolGetTheirOwnResults() throws Exception {
        try (Parallel parallel = Parallel.withThreads(2)) {
            List<Callable<List<Integer>>> callers = List.of(
                    () -> parallel.map(1000, 7, (from, to) -> from),
                    () -> parallel.map(1000, 7, (from, to) -> to));
            java.util.concurrent.ExecutorService outside = java.util.concurrent.Executors.newFixedThreadPool(2);
            try {
                for (var future : outside.invokeAll(callers)) {
                    List<Integer> values = future.get();
                    assertEquals(143, values.size());
                    int shift = values.get(0) == 0 ? 0 : 7;
                    for (int chunk = 0; chunk < values.size(); chunk++) {
                        assertEquals(Math.min(1000, chunk * 7 + shift), values.get(chunk));
                    }
                }
            } finally {
                outside.shutdownNow();
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void failuresPropagateUnchanged() {
        IllegalStateException failure = new IllegalStateException("chunk failed");
        for (int threads : new int[] {1, 2}) {
            try (Parallel parallel = Parallel.withThreads(threads)) {
                IllegalStateException thrown = assertThrows(IllegalStateException.class,
                        () -> parallel.forRange(100, 10, (from, to) -> {
                            if (from == 50) {
                                throw failure;
                            }
                        }));
                assertSame(failure, thrown);
            }
        }
    }

    @Test
    void argumentsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> Parallel.withThreads(0));
        try (Parallel parallel = Parallel.sequential()) {
            assertEquals(1, parallel.threads());
            assertThrows(IllegalArgumentException.class, () -> parallel.map(10, 0, (from, to) -> 0));
            assertThrows(IllegalArgumentException.class, () -> parallel.map(-1, 1, (from, to) -> 0));
        }
        assertEquals(100, Parallel.grainFor(1000, 100));
        assertEquals(157, Parallel.grainFor(10_000, 100));
    }
}
