package io.csc.algorithm.cspml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.Operators;
import io.csc.linalg.SymmetricEigen;
import io.csc.metric.ClusteringMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MultiLayerConstrainedClusteringTest {

    private static MultiLayerConstrainedClustering method(String... parameters) {
        return (MultiLayerConstrainedClustering) MultiLayerConstrainedClustering.DESCRIPTOR.createWithoutSelection(
                ParameterValues.parse(List.of(parameters))).unwrapped();
    }

    /** Every third iris point: 50 points, 3 classes. */
    private static Dataset smallIris() {
        int[] rows = new int[50];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = 3 * i;
        }
        return TestSupport.bundled("iris").subset(rows);
    }

    private static DenseMatrix projectorOf(LayerSubspace subspace, int n) {
        return TestSupport.dense(n, (x, y) -> subspace.addProjection(x, y, 1.0));
    }

    /** The rule of {@link LayerSubspace} applied to a dense eigendecomposition, as a projector. */
    private static DenseMatrix denseLayerProjector(DenseMatrix normalized, int k) {
        EigenDecomposition pairs = SymmetricEigen.largest(LinearAlgebra.defaultBackend(), normalized, k + 1);
        return TestSupport.projector(LayerSubspace.select(pairs, k).vectors());
    }

    @Test
    void modifiedLaplacianIsAssembledFromTheLayersAndTheirSubspaces() {
        Dataset data = smallIris();
        int n = data.size();
        int k = 3;
        double alpha = 0.7;
        MultiLayerConstrainedClustering method = method("variant=paper", "sigma=1", "alpha=" + alpha);
        ConstraintSet constraints = TestSupport.labels(data, 12, 4);
        try (RunContext context = RunContext.sequential(4)) {
            List<MultiLayerConstrainedClustering.Layer> layers = method.layers(data, constraints, k, 0, Diagnostics.builder(),
                    new SplittableRandom(4), context);
            DenseMatrix expected = DenseMatrix.zeros(n, n);
            for (MultiLayerConstrainedClustering.Layer layer : layers) {
                DenseMatrix normalized = Operators.toDense(layer.normalized());
                DenseMatrix projector = projectorOf(layer.subspace(), n);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        expected.set(i, j, expected.get(i, j) + normalized.get(i, j) + alpha * projector.get(i, j));
                    }
                }
            }
            DenseMatrix assembled = Operators.toDense(MultiLayerConstrainedClustering.modifiedAffinity(layers, alpha));
            assertEquals(0.0, assembled.maxAbsoluteDifference(expected), 1e-12);

            // The layer subspaces are the rule applied to the dense spectra; the must-link one is the components.
            assertEquals(0.0, projectorOf(layers.get(0).subspace(), n).maxAbsoluteDifference(
                    denseLayerProjector(Operators.toDense(layers.get(0).normalized()), k)), 1e-8);
            assertEquals(0.0, projectorOf(layers.get(2).subspace(), n).maxAbsoluteDifference(
                    denseLayerProjector(Operators.toDense(layers.get(2).normalized()), k)), 1e-8);
            assertEquals(3, layers.get(1).subspace().dimension());

            // The embedding spans the k smallest eigenvectors of the dense L_mod = 3I - K.
            DenseMatrix laplacian = DenseMatrix.identity(n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    laplacian.set(i, j, 3 * laplacian.get(i, j) - expected.get(i, j));
                }
            }
            EigenDecomposition smallest = SymmetricEigen.smallest(LinearAlgebra.defaultBackend(), laplacian, k);
            DenseMatrix rows = smallest.vectors().copy();
            rows.normalizeRows();
            ClusteringResult result = method.fit(data, constraints, k, context);
            assertEquals(0.0, TestSupport.projector(result.embedding()).maxAbsoluteDifference(
                    TestSupport.projector(rows)), 1e-6);
            assertArrayEquals(smallest.values(), (double[]) result.diagnostics().value("eigenvalues"), 1e-8);
        }
    }

    @Test
    void goldenRunsOnIrisAndWineOfThePaperVariant() {
        Dataset iris = TestSupport.bundled("iris");
        double constrained = TestSupport.meanRandIndex(method("variant=paper"), iris, 30, 5);
        double unconstrained = TestSupport.meanRandIndex(NormalizedSpectralClustering.DESCRIPTOR.create(), iris, 30, 1);
        assertTrue(constrained > unconstrained + 0.05, "iris: " + constrained + " vs NJW " + unconstrained);
        assertTrue(constrained > 0.90, "iris: mean RI " + constrained);
        // Wine is nearly separated without supervision (NJW: 0.97); labels must keep it there and improve.
        Dataset wine = TestSupport.bundled("wine");
        assertTrue(TestSupport.meanRandIndex(method("variant=paper"), wine, 30, 5) > 0.95);
        assertTrue(TestSupport.meanRandIndex(method("variant=paper"), wine, 120, 3) > 0.98);
        // The paper's kernel exp(-||x - y||² / 2) with alpha = 1 on z-scored Iris still helps.
        assertTrue(TestSupport.meanRandIndex(method("variant=paper", "sigma=1", "alpha=1"), iris, 75, 3) > 0.88);
    }

    @Test
    void everyPointLabelledGivesTheTruthInThePaperVariant() {
        Dataset data = TestSupport.bundled("wine");
        try (RunContext context = RunContext.sequential(2)) {
            ClusteringResult result = method("variant=paper").fit(data, TestSupport.labels(data, data.size(), 2), 3, context);
            assertEquals(1.0, ClusteringMetrics.randIndex(data.labels(), result.labels()), 0.0);
        }
    }

    @Test
    void labelStructureAndEnumeratedPairsGiveTheSamePartition() {
        Dataset data = TestSupport.bundled("iris");
        ConstraintSet labels = TestSupport.labels(data, 30, 9);
        ConstraintSet pairs = ConstraintSet.ofPairs(data.size(), labels.allPairs(10_000));
        try (RunContext context = RunContext.sequential(9)) {
            int[] structured = method().fit(data, labels, 3, context).labels();
            int[] enumerated = method().fit(data, pairs, 3, context).labels();
            assertEquals(1.0, ClusteringMetrics.adjustedRandIndex(structured, enumerated), 1e-12);
        }
    }

    @Test
    void sameLabelsOnOneAndTwoThreads() {
        Dataset data = TestSupport.bundled("wine");
        ConstraintSet constraints = TestSupport.labels(data, 20, 5);
        for (String graph : List.of("dense", "knn")) {
            int[] one;
            int[] two;
            try (RunContext context = RunContext.of(5, 1)) {
                one = method("graph=" + graph).fit(data, constraints, 3, context).labels();
            }
            try (RunContext context = RunContext.of(5, 2)) {
                two = method("graph=" + graph).fit(data, constraints, 3, context).labels();
            }
            assertArrayEquals(one, two, graph);
        }
    }

    @Test
    void noisyPairsAndTheKnnGraphRun() {
        Dataset data = TestSupport.bundled("iris");
        ConstraintSet noisy = io.csc.constraint.ConstraintGenerator.noisy(TestSupport.labels(data, 40, 3), 0.3,
                new SplittableRandom(3));
        try (RunContext context = RunContext.sequential(3)) {
            ClusteringResult dense = method().fit(data, noisy, 3, context);
            ClusteringResult knn = method("graph=knn").fit(data, noisy, 3, context);
            assertTrue(dense.diagnostics().warnings().isEmpty(), dense.diagnostics().warnings().toString());
            assertTrue(ClusteringMetrics.randIndex(data.labels(), dense.labels()) > 0.75);
            assertTrue(ClusteringMetrics.randIndex(data.labels(), knn.labels()) > 0.75);
        }
    }

    @Test
    void aSingleMustLinkGivesOneDirectionNotTheSolversPickAmongTheZeros() {
        Dataset data = TestSupport.bundled("iris");
        ConstraintSet one = ConstraintSet.ofPairs(data.size(), List.of(io.csc.constraint.Constraint.mustLink(0, 60),
                io.csc.constraint.Constraint.cannotLink(0, 120)));
        try (RunContext context = RunContext.sequential(7)) {
            int[] dimensions = (int[]) method().fit(data, one, 3, context).diagnostics().value("layerDimensions");
            assertEquals(1, dimensions[1], "the pair's component; the deflated rest is 0 and -1, never kept");
        }
    }

    @Test
    void everyOptionIsReachableByName() {
        AlgorithmDescriptor descriptor = AlgorithmRegistry.byName("csp-ml");
        List<String> names = new ArrayList<>();
        for (Parameter<?> parameter : descriptor.parameters()) {
            names.add(parameter.name());
        }
        assertEquals(List.of("variant", "dimension", "alpha", "graph", "neighbours", "sigma", "bandwidth",
                "scale-neighbours", "assignment", "kmeans-restarts", "kmeans-iterations", "kmeans-sample", "eigen-tolerance",
                "eigen-iterations", "select"), names);
        MultiLayerOptions options = MultiLayerConstrainedClustering.options(ParameterValues.of(Map.of("alpha", "0.5",
                "graph", "knn", "neighbours", "12", "sigma", "2", "scale-neighbours", "5", "kmeans-restarts", "3",
                "kmeans-iterations", "50", "eigen-tolerance", "1e-9", "eigen-iterations", "200")));
        assertEquals(0.5, options.alpha());
        assertEquals(12, options.neighbours());
        assertEquals(2.0, options.kernel().sigma());
        assertEquals(5, options.kernel().neighbours());
        assertEquals(3, options.kmeans().restarts());
        assertEquals(50, options.kmeans().maxIterations());
        assertEquals(1e-9, options.lanczos().tolerance());
        assertEquals(200, options.lanczos().maxIterations());
        assertEquals("knn", Parameter.enumText(options.graph()));
        assertEquals("self-tuning", Parameter.enumText(MultiLayerConstrainedClustering.options(ParameterValues.EMPTY)
                .kernel().rule()));
    }

    @Test
    void refusesBadInputWithOneLineMessages() {
        IllegalArgumentException alpha = assertThrows(IllegalArgumentException.class, () -> method("alpha=-1"));
        assertEquals("Invalid alpha: -1.0 (must be finite and >= 0)", alpha.getMessage());
        assertThrows(IllegalArgumentException.class, () -> method("neighbours=0"));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> method("samples=10"));
        assertTrue(unknown.getMessage().startsWith("Unknown parameter 'samples' for csp-ml"));
        Dataset data = smallIris();
        try (RunContext context = RunContext.sequential(1)) {
            assertThrows(IllegalArgumentException.class, () -> method().fit(data, ConstraintSet.empty(49), 3, context));
            assertThrows(IllegalArgumentException.class, () -> method().fit(data, ConstraintSet.empty(50), 51, context));
        }
    }
}
