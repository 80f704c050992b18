package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.linalg.SparseMatrix;
import io.csc.testing.TestData;
import org.junit.jupiter.api.Test;

/**
 * The graph step every graph method starts with: the graph each construction asks for, with the
 * weights of the dense affinity or of the k-NN graph it stands for, its σ and components.
 */
class GraphConstructionTest {

    private static final DenseBudget BUDGET = new DenseBudget("test", 2, "lsc-r");

    @Test
    void denseConstructionBuildsTheDenseAffinity() {
        Dataset iris = TestData.iris();
        KernelOptions kernel = KernelOptions.of(BandwidthRule.KNN_MEAN);
        try (RunContext context = RunContext.of(1, 2)) {
            AffinityGraph graph = GraphConstruction.dense(kernel).build(iris, BUDGET, context);
            DenseGraph expected = DenseAffinity.gaussian(iris, kernel, "test", 2, "lsc-r", context);
            assertTrue(graph.isDense());
            assertArrayEquals(expected.weights().data(), graph.dense().weights().data());
            assertEquals(expected.bandwidth().sigma(), graph.sigma());
            assertEquals(expected.components(), graph.components());
            assertThrows(IllegalStateException.class, graph::sparse);
        }
    }

    @Test
    void knnConstructionsBuildTheGraphMadeSymmetricByTheLargerWeightOrByAveraging() {
        Dataset iris = TestData.iris();
        KernelOptions kernel = KernelOptions.fixed(0.9);
        KnnGraphOptions options = new KnnGraphOptions(6, kernel, false);
        try (RunContext context = RunContext.of(1, 2)) {
            GraphConstruction knn = GraphConstruction.of(GraphType.KNN, kernel, 6);
            AffinityGraph maximum = knn.build(iris, BUDGET, context);
            AffinityGraph averaged = knn.withAveraging().build(iris, BUDGET, context);
            assertFalse(maximum.isDense());
            assertThrows(IllegalStateException.class, maximum::dense);
            assertSameWeights(KnnGraph.build(iris, options, context).weights(), maximum.sparse().weights());
            assertSameWeights(KnnGraph.buildAveraged(iris, options, context).weights(), averaged.sparse().weights());
            assertEquals(0.9, maximum.sigma());
        }
    }

    @Test
    void theDenseGraphIsRefusedBeforeAllocationAboveTheBudget() {
        Dataset big = TestData.gaussian(200_000, 2, 1);
        try (RunContext context = RunContext.sequential(1)) {
            IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                    () -> GraphConstruction.dense(KernelOptions.fixed(1)).build(big, new DenseBudget("njw", 2, "lsc-r, nystrom"),
                            context));
            assertTrue(refusal.getMessage().contains("njw") && refusal.getMessage().contains("lsc-r, nystrom"),
                    refusal.getMessage());
        }
    }

    @Test
    void invalidConstructionsAreRefused() {
        KernelOptions kernel = KernelOptions.fixed(1);
        assertThrows(IllegalArgumentException.class, () -> GraphConstruction.of(null, kernel, 5));
        assertThrows(IllegalArgumentException.class, () -> GraphConstruction.of(GraphType.KNN, kernel, 0));
        assertThrows(IllegalArgumentException.class, () -> GraphConstruction.dense(kernel).withAveraging());
        assertThrows(IllegalArgumentException.class, () -> new DenseBudget("njw", 0, "lsc-r"));
        assertEquals(KernelOptions.fixed(2), GraphConstruction.knn(kernel, 5).withKernel(KernelOptions.fixed(2)).kernel());
    }

    private static void assertSameWeights(SparseMatrix expected, SparseMatrix actual) {
        assertArrayEquals(expected.rowPointers(), actual.rowPointers());
        assertArrayEquals(expected.columnIndices(), actual.columnIndices());
        assertArrayEquals(expected.values(), actual.values());
    }
}
