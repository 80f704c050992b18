package io.csc.algorithm.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.graph.Bandwidth;
import io.csc.linalg.DenseMatrix;
import io.csc.util.Parallel;
import org.junit.jupiter.api.Test;

/** The knn-mean width from blocks of rows folded apart and merged is the one-pass width, to the bit. */
class SampledKernelTest {

    @Test
    void neighboursFoldedInBlocksAndMergedGiveTheSameWidth() {
        Dataset data = new GaussianMixture(700, 3, 3, 2.0, 5).generate();
        int[] sample = {3, 650, 41, 299, 300, 7, 512, 100, 0, 699, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
                32, 33, 34, 35, 36, 37, 38, 39, 40, 42, 43, 44, 45};
        int m = sample.length;
        SampledKernel kernel = SampledKernel.of(data, sample, Bandwidth.global(1.0));
        DenseMatrix distances;
        try (io.csc.api.RunContext context = io.csc.api.RunContext.sequential(0)) {
            distances = kernel.squaredDistances(data, context);
        }
        double whole = kernel.meanNeighbourDistance(distances, sample, 7, Parallel.sequential());
        double[] copies = kernel.copyDistances();
        int k = SampledKernel.neighbourCount(7, data.size());
        double[] first = SampledKernel.emptyNeighbours(m, k);
        double[] second = SampledKernel.emptyNeighbours(m, k);
        int split = 333;
        double[] values = distances.data();
        SampledKernel.addNeighbours(java.util.Arrays.copyOfRange(values, split * m, values.length), data.size() - split,
                m, split, sample, copies, 0, m, k, second);
        SampledKernel.addNeighbours(java.util.Arrays.copyOf(values, split * m), split, m, 0, sample, copies, 0, m, k,
                first);
        double merged = SampledKernel.meanOfNeighbours(SampledKernel.mergeNeighbours(second, first, k), m, k);
        assertEquals(whole, merged, 0.0);
        assertEquals(true, whole > 0);
    }

    /**
     * Points 0, 1, 3, 6 on a line, each repeated 10 times: the copies of a sample are no neighbours
     * of it, so its 2 nearest are at the other coordinates, as for the line counted once.
     */
    @Test
    void copiesOfASampleAreNoNeighboursOfIt() {
        double[] coordinates = {0, 1, 3, 6};
        double[] features = new double[40];
        for (int i = 0; i < 40; i++) {
            features[i] = coordinates[i / 10];
        }
        Dataset data = Dataset.unlabelled("repeated", 40, 1, features);
        int[] sample = {0, 10, 20, 30};
        SampledKernel kernel = SampledKernel.of(data, sample, Bandwidth.global(1.0));
        DenseMatrix distances;
        try (io.csc.api.RunContext context = io.csc.api.RunContext.sequential(0)) {
            distances = kernel.squaredDistances(data, context);
        }
        // the two nearest other coordinates: (1 + 1) + (1 + 1) + (2 + 2) + (3 + 3) over 8, all at the nearest
        // coordinate's copies: 0 -> 1, 1 -> 0, 3 -> 1, 6 -> 3
        assertEquals((1 + 1 + 1 + 1 + 2 + 2 + 3 + 3) / 8.0,
                kernel.meanNeighbourDistance(distances, sample, 2, Parallel.sequential()), 1e-12);
    }
}
