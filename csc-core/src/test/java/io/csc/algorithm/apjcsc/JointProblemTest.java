package io.csc.algorithm.apjcsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.graph.GraphConstruction;
import io.csc.graph.KernelOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.Operators;
import io.csc.linalg.SymmetricEigen;
import io.csc.util.Parallel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JointProblemTest {

    private static final LanczosOptions LANCZOS = LanczosOptions.DEFAULTS;

    @Test
    void rangeNormalizationMapsTheExtremeEigenvaluesToZeroAndOne() {
        // A = diag(-1, 0.5, 2): Â vol = (A + I) / 3 has eigenvalues 0, 0.5, 1.
        RangeNormalization range = new RangeNormalization(-1, 2);
        assertEquals(3.0, range.width(), 0.0);
        double[] eigenvalues = {-1, 0.5, 2};
        double[] expected = {0, 0.5, 1};
        for (int t = 0; t < 3; t++) {
            assertEquals(expected[t], range.scale(1.0) * eigenvalues[t] + range.shift(1.0), 1e-15);
        }
        assertEquals(0.7 * 0.5, range.scale(0.7) * 0.5 + range.shift(0.7), 1e-15);
        RangeNormalization zero = new RangeNormalization(0, 0);
        assertTrue(zero.isDegenerate());
        assertEquals(0.0, zero.scale(0.4), 0.0);
        assertEquals(0.0, zero.shift(0.4), 0.0);
    }

    @Test
    void theDenseMatrixIsEquationThirteenOnASmallGraph() {
        // Five points, hand-made affinity (zero diagonal), labels on points 0, 1 (class 0) and 3 (class 1).
        double[][] w = {
            {0, 1.0, 0.2, 0.1, 0.0},
            {1.0, 0, 0.5, 0.0, 0.1},
            {0.2, 0.5, 0, 0.3, 0.4},
            {0.1, 0.0, 0.3, 0, 0.9},
            {0.0, 0.1, 0.4, 0.9, 0}};
        ConstraintSet labels = ConstraintSet.fromLabels(5, new int[] {0, 1, 3}, new int[] {0, 0, 1});
        Supervision supervision = Supervision.of(labels);
        int n = 5;
        double[] degrees = new double[n];
        DenseMatrix normalized = DenseMatrix.of(w);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                degrees[i] += w[i][j];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                normalized.set(i, j, w[i][j] / Math.sqrt(degrees[i] * degrees[j]));
            }
        }
        for (PenaltyType type : PenaltyType.values()) {
            Penalty penalty = supervision.penalty(type);
            JointProblem problem = JointProblem.dense(normalized, degrees, penalty, supervision.constrainedPoints(),
                    LANCZOS, Parallel.sequential(), new SplittableRandom(1));
            // The same by the book: L̃ = I - N, P̃ = D^-1/2 P D^-1/2, each shifted and divided by its range.
            DenseMatrix laplacian = DenseMatrix.identity(n);
            DenseMatrix normalizedPenalty = PenaltyTest.dense(penalty);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    laplacian.set(i, j, laplacian.get(i, j) - normalized.get(i, j));
                    normalizedPenalty.set(i, j, normalizedPenalty.get(i, j) / Math.sqrt(degrees[i] * degrees[j]));
                }
            }
            double[] laplacianValues = SymmetricEigen.all(LinearAlgebra.defaultBackend(), laplacian).values();
            double[] penaltyValues = SymmetricEigen.all(LinearAlgebra.defaultBackend(), normalizedPenalty).values();
            assertEquals(laplacianValues[0], problem.laplacianRange().minimum(), 1e-9);
            assertEquals(laplacianValues[n - 1], problem.laplacianRange().maximum(), 1e-9);
            assertEquals(penaltyValues[0], problem.penaltyRange().minimum(), 1e-9);
            assertEquals(penaltyValues[n - 1], problem.penaltyRange().maximum(), 1e-9);
            double eta = 0.7;
            double laplacianWidth = laplacianValues[n - 1] - laplacianValues[0];
            double penaltyWidth = penaltyValues[n - 1] - penaltyValues[0];
            DenseMatrix expected = DenseMatrix.zeros(n, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double identity = i == j ? 1 : 0;
                    expected.set(i, j, eta * (laplacian.get(i, j) - laplacianValues[0] * identity) / laplacianWidth
                            + (1 - eta) * (normalizedPenalty.get(i, j) - penaltyValues[0] * identity) / penaltyWidth);
                }
            }
            DenseMatrix scaled = Operators.toDense(problem.scaledOperator(eta));
            assertEquals(0.0, scaled.maxAbsoluteDifference(expected), 1e-9, type.name());
            // Theorem 4: the eigenvalues of vol(G) S lie in [0, 1].
            double[] values = SymmetricEigen.all(LinearAlgebra.defaultBackend(), scaled).values();
            assertTrue(values[0] >= -1e-12 && values[n - 1] <= 1 + 1e-12, java.util.Arrays.toString(values));
            assertEquals(problem.volume(), java.util.Arrays.stream(degrees).sum(), 1e-12);
        }
    }

    @Test
    void theKnnPathWithAllNeighboursBuildsTheSameProblemAsTheDensePath() {
        Dataset data = GaussianMixture.generate(60, 3, 3, 5, 3.0);
        ConstraintSet labels = ConstraintGenerator.labelledFraction(data.labels(), 0.2, new SplittableRandom(2))
                .plus(ConstraintSet.fromGroups(60, java.util.List.of(new int[] {0, 1, 2})));
        Supervision supervision = Supervision.of(labels);
        KernelOptions kernel = KernelOptions.fixed(1.5);
        try (RunContext context = RunContext.sequential(4)) {
            ConstrainedGraph dense = ConstrainedGraph.build(data, GraphConstruction.dense(kernel), supervision, "test", "none",
                    null, context);
            ConstrainedGraph knn = ConstrainedGraph.build(data, GraphConstruction.knn(kernel, 59), supervision, "test", "none",
                    null, context);
            double[] denseDegrees = dense.degrees();
            double[] knnDegrees = knn.degrees();
            for (int i = 0; i < 60; i++) {
                assertEquals(denseDegrees[i], knnDegrees[i], 1e-10);
            }
            for (PenaltyType type : PenaltyType.values()) {
                Penalty penalty = supervision.penalty(type);
                JointProblem densely = dense.problem(penalty, supervision.constrainedPoints(), LANCZOS,
                        context.parallel(), new SplittableRandom(3));
                JointProblem sparsely = knn.problem(penalty, supervision.constrainedPoints(), LANCZOS,
                        context.parallel(), new SplittableRandom(3));
                assertEquals(densely.penaltyRange().minimum(), sparsely.penaltyRange().minimum(), 1e-9);
                assertEquals(densely.penaltyRange().maximum(), sparsely.penaltyRange().maximum(), 1e-9);
                assertEquals(densely.laplacianRange().maximum(), sparsely.laplacianRange().maximum(), 1e-9);
                DenseMatrix expected = Operators.toDense(densely.scaledOperator(0.8));
                assertEquals(0.0, Operators.toDense(sparsely.scaledOperator(0.8)).maxAbsoluteDifference(expected), 1e-9);
                Eigensolvers.Solution a = densely.solve(0.8, 3, LANCZOS, new SplittableRandom(5));
                Eigensolvers.Solution b = sparsely.solve(0.8, 3, LANCZOS, new SplittableRandom(5));
                for (int t = 0; t < 3; t++) {
                    assertEquals(a.pairs().values()[t], b.pairs().values()[t], 1e-9);
                }
            }
        }
    }

    @Test
    void withoutSupervisionThePenaltyTermIsDroppedAndTheProblemIsTheNormalizedLaplacian() {
        Dataset data = GaussianMixture.generate(40, 2, 2, 8, 4.0);
        Supervision none = Supervision.of(ConstraintSet.empty(40));
        try (RunContext context = RunContext.sequential(1)) {
            ConstrainedGraph graph = ConstrainedGraph.build(data, GraphConstruction.dense(KernelOptions.fixed(1.0)), none,
                    "test", "none", null, context);
            JointProblem problem = graph.problem(none.penalty(PenaltyType.TYPE_I), none.constrainedPoints(), LANCZOS,
                    context.parallel(), new SplittableRandom(1));
            assertTrue(problem.penaltyRange().isDegenerate());
            EigenDecomposition s = SymmetricEigen.all(LinearAlgebra.defaultBackend(),
                    Operators.toDense(problem.scaledOperator(0.6)));
            // vol S = 0.6 (L̃ - λ_min) / w_L: the smallest eigenvalue is 0 (the trivial vector) and the largest 0.6.
            assertEquals(0.0, s.values()[0], 1e-9);
            assertEquals(0.6, s.values()[39], 1e-9);
        }
    }
}
