package io.csc.benchmark;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.NearestNeighbours;
import io.csc.graph.NeighbourDescent;
import java.util.stream.IntStream;

/**
 * What {@link NeighbourSearchBenchmark#nnDescent20000} buys besides its time: the approximate
 * search on the same generated data, with its iterations, the final list recall it reports, and
 * its recall against the exact 10 nearest of 500 points (every 40th).
 *
 * <pre>java -cp csc-benchmarks/target/benchmarks.jar io.csc.benchmark.NeighbourSearchRecall</pre>
 */
public final class NeighbourSearchRecall {

    private NeighbourSearchRecall() {
    }

    public static void main(String[] args) {
        Dataset data = NeighbourSearchBenchmark.imageLike(20_000, 784, 12);
        int[] sample = IntStream.range(0, 500).map(i -> i * 40).toArray();
        try (RunContext context = RunContext.of(1, 2)) {
            long start = System.nanoTime();
            NeighbourDescent.Result result = NeighbourDescent.search(data, 10, context);
            double seconds = (System.nanoTime() - start) / 1e9;
            double recall = NearestNeighbours.recall(data, result.lists(), sample, context);
            System.out.printf("%.2f s (cold), %d iterations, list recall %.4f, recall of the exact 10 nearest %.4f%n",
                    seconds, result.iterations(), result.listRecall(), recall);
        }
    }
}
