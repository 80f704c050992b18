package io.csc.linalg;

import static io.csc.linalg.TestMatrices.assertArrayClose;
import static io.csc.linalg.TestMatrices.assertAscending;
import static io.csc.linalg.TestMatrices.assertDescending;
import static io.csc.linalg.TestMatrices.backend;
import static io.csc.linalg.TestMatrices.orthonormalityError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LanczosSolverTest {

    /** The solver's accuracy is tested at 1e-10, tighter than the product's default. */
    private static final LanczosOptions PRECISE = LanczosOptions.DEFAULTS.withTolerance(1e-10);

    private static final String BACKENDS = "io.csc.linalg.TestMatrices#backendNames";

    /** Dense reference: the k extreme eigenvalues in the solver's order. */
    private static double[] reference(SparseMatrix matrix, int k, Spectrum which) {
        EigenDecomposition all = SymmetricEigen.all(LinearAlgebra.defaultBackend(), matrix.toDense());
        int n = matrix.rows();
        double[] values = new double[k];
        for (int j = 0; j < k; j++) {
            values[j] = all.values()[which == Spectrum.LARGEST ? n - 1 - j : j];
        }
        return values;
    }

    private static void assertValid(SparseMatrix matrix, LanczosResult result, double[] expected) {
        assertTrue(result.converged(), () -> "not converged: " + describe(result));
        double scale = Math.max(Math.abs(expected[0]), Math.abs(expected[expected.length - 1]));
        assertArrayClose(expected, result.values(), 1e-8 * Math.max(scale, 1));
        assertTrue(orthonormalityError(result.vectors()) < 1e-10, "orthonormality " + orthonormalityError(result.vectors()));
        double residual = TestMatrices.maxResidual(matrix.toDense(), result.values(), result.vectors());
        assertTrue(residual < 1e-8, "residual " + residual);
        assertTrue(result.maxResidual() < 1e-9, "reported residual " + result.maxResidual());
    }

    private static String describe(LanczosResult result) {
        return Arrays.toString(result.values()) + " iterations " + result.iterations() + " applications "
                + result.operatorApplications() + " residual " + result.maxResidual();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void largestAndSmallestOfRandomSparseSymmetricMatrix(String name) {
        LinearAlgebraBackend backend = backend(name);
        SparseMatrix matrix = TestGraphs.randomSymmetric(800, 6, new SplittableRandom(11));
        SymmetricOperator operator = Operators.of(matrix, Parallel.sequential());
        LanczosSolver solver = new LanczosSolver(PRECISE, backend, Parallel.sequential());
        for (Spectrum which : Spectrum.values()) {
            LanczosResult result = solver.solve(operator, 6, which, new SplittableRandom(1));
            assertValid(matrix, result, reference(matrix, 6, which));
            if (which == Spectrum.LARGEST) {
                assertDescending(result.values());
            } else {
                assertAscending(result.values());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void fourComponentsGiveEigenvalueOneFourTimes(String name) {
        LinearAlgebraBackend backend = backend(name);
        SparseMatrix weights = TestGraphs.components(4, 200, 3, new SplittableRandom(12));
        SparseMatrix affinity = TestGraphs.normalizedAffinity(weights);
        LanczosSolver solver = new LanczosSolver(PRECISE, backend, Parallel.sequential());
        for (int k : new int[] {4, 6}) {
            LanczosResult result = solver.solve(Operators.of(affinity, Parallel.sequential()), k, Spectrum.LARGEST,
                    new SplittableRandom(k));
            double[] expected = reference(affinity, k, Spectrum.LARGEST);
            assertArrayClose(new double[] {1, 1, 1, 1}, Arrays.copyOf(expected, 4), 1e-12);
            assertValid(affinity, result, expected);
        }
        SparseMatrix laplacian = TestGraphs.laplacian(weights);
        LanczosResult smallest = solver.solve(Operators.of(laplacian, Parallel.sequential()), 5, Spectrum.SMALLEST,
                new SplittableRandom(3));
        assertValid(laplacian, smallest, reference(laplacian, 5, Spectrum.SMALLEST));
    }

    @Test
    void connectedGraphLaplacianSmallestAndLargest() {
        SparseMatrix weights = TestGraphs.nearestNeighbours(700, 8, 3, new SplittableRandom(13));
        SparseMatrix laplacian = TestGraphs.laplacian(weights);
        LanczosSolver solver = new LanczosSolver(PRECISE);
        for (Spectrum which : Spectrum.values()) {
            LanczosResult result = solver.solve(Operators.of(laplacian, Parallel.sequential()), 4, which,
                    new SplittableRandom(5));
            assertValid(laplacian, result, reference(laplacian, 4, which));
        }
        LanczosResult smallest = solver.solve(Operators.of(laplacian, Parallel.sequential()), 1, Spectrum.SMALLEST,
                new SplittableRandom(6));
        assertEquals(0.0, smallest.values()[0], 1e-9);
        double[] vector = smallest.vectors().column(0);
        for (double entry : vector) {
            assertEquals(Math.abs(vector[0]), Math.abs(entry), 1e-7, "constant null vector");
        }
    }

    @Test
    void multipleEigenvalueWithUnitEigenvectorsIsFoundEveryTime() {
        // A diagonal operator: eigenvectors are unit vectors, 5 is threefold, -7 twofold.
        int n = 1000;
        double[] diagonal = new double[n];
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < n; i++) {
            diagonal[i] = random.nextDouble(-3, 3);
        }
        diagonal[17] = 5;
        diagonal[400] = 5;
        diagonal[999] = 5;
        diagonal[3] = 4;
        diagonal[50] = -7;
        diagonal[51] = -7;
        SparseMatrix matrix = SparseMatrix.diagonal(diagonal);
        LanczosSolver solver = new LanczosSolver(PRECISE);
        LanczosResult largest = solver.solve(Operators.of(matrix, Parallel.sequential()), 4, Spectrum.LARGEST,
                new SplittableRandom(1));
        assertValid(matrix, largest, new double[] {5, 5, 5, 4});
        LanczosResult smallest = solver.solve(Operators.of(matrix, Parallel.sequential()), 2, Spectrum.SMALLEST,
                new SplittableRandom(2));
        assertValid(matrix, smallest, new double[] {-7, -7});
    }

    @Test
    void clusteredEigenvaluesAreSeparated() {
        int n = 900;
        double[] diagonal = new double[n];
        for (int i = 0; i < n; i++) {
            diagonal[i] = i / (double) n;
        }
        diagonal[10] = 2.0;
        diagonal[20] = 2.0 + 1e-6;
        diagonal[30] = 2.0 + 2e-6;
        SparseMatrix matrix = SparseMatrix.diagonal(diagonal);
        LanczosResult result = new LanczosSolver(PRECISE).solve(Operators.of(matrix, Parallel.sequential()), 3,
                Spectrum.LARGEST, new SplittableRandom(3));
        assertValid(matrix, result, new double[] {2.0 + 2e-6, 2.0 + 1e-6, 2.0});
    }

    @Test
    void smallProblemsUseTheDenseSolver() {
        SparseMatrix matrix = TestGraphs.randomSymmetric(300, 5, new SplittableRandom(15));
        LanczosResult result = new LanczosSolver(PRECISE).solve(Operators.of(matrix, Parallel.sequential()), 7,
                Spectrum.SMALLEST, new SplittableRandom(1));
        assertEquals(0, result.iterations());
        assertEquals(300, result.operatorApplications());
        assertValid(matrix, result, reference(matrix, 7, Spectrum.SMALLEST));
        // Many pairs of a larger problem: k > n / 3 is dense too.
        SparseMatrix larger = TestGraphs.randomSymmetric(600, 3, new SplittableRandom(16));
        LanczosResult many = new LanczosSolver(PRECISE).solve(Operators.of(larger, Parallel.sequential()), 201,
                Spectrum.LARGEST, new SplittableRandom(1));
        assertEquals(0, many.iterations());
        assertValid(larger, many, reference(larger, 201, Spectrum.LARGEST));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void iterativePathOnTinyProblemsExhaustsTheSpace(String name) {
        LinearAlgebraBackend backend = backend(name);
        LanczosSolver solver = new LanczosSolver(PRECISE, backend, Parallel.sequential(), false);
        for (int n : new int[] {1, 2, 5, 12, 40}) {
            SparseMatrix matrix = TestGraphs.randomSymmetric(n, 3, new SplittableRandom(n));
            for (int k : new int[] {1, Math.max(1, n / 2), n}) {
                LanczosResult result = solver.solve(Operators.of(matrix, Parallel.sequential()), k, Spectrum.LARGEST,
                        new SplittableRandom(2));
                assertTrue(result.iterations() > 0);
                assertValid(matrix, result, reference(matrix, k, Spectrum.LARGEST));
            }
        }
        // The identity: every Krylov space is invariant after one step.
        SparseMatrix identity = SparseMatrix.diagonal(filled(30, 1.0));
        LanczosResult result = solver.solve(Operators.of(identity, Parallel.sequential()), 5, Spectrum.SMALLEST,
                new SplittableRandom(4));
        assertValid(identity, result, filled(5, 1.0));
        // The zero operator.
        SparseMatrix zero = SparseMatrix.diagonal(new double[30]);
        LanczosResult zeros = solver.solve(Operators.of(zero, Parallel.sequential()), 3, Spectrum.LARGEST,
                new SplittableRandom(4));
        assertTrue(zeros.converged());
        assertArrayClose(new double[3], zeros.values(), 0);
        assertTrue(orthonormalityError(zeros.vectors()) < 1e-12);
    }

    @Test
    void nonConvergenceIsReportedNotThrown() {
        SparseMatrix weights = TestGraphs.nearestNeighbours(1200, 10, 4, new SplittableRandom(17));
        SparseMatrix laplacian = TestGraphs.laplacian(weights);
        LanczosOptions tight = new LanczosOptions(1e-12, 1, 8);
        LanczosResult result = new LanczosSolver(tight).solve(Operators.of(laplacian, Parallel.sequential()), 6,
                Spectrum.SMALLEST, new SplittableRandom(1));
        assertFalse(result.converged());
        assertEquals(1, result.iterations());
        assertEquals(6, result.values().length);
        assertEquals(6, result.vectors().columns());
        assertTrue(result.maxResidual() > 1e-12, "residual " + result.maxResidual());
        assertTrue(orthonormalityError(result.vectors()) < 1e-10);
        assertAscending(result.values());
        // Ritz values bound the eigenvalues from the inside.
        double[] expected = reference(laplacian, 6, Spectrum.SMALLEST);
        assertTrue(result.values()[0] >= expected[0] - 1e-9);
    }

    @Test
    void sameSeedGivesIdenticalOutputOnAnyThreadCount() {
        SparseMatrix affinity = TestGraphs.normalizedAffinity(TestGraphs.components(3, 400, 4, new SplittableRandom(18)));
        LanczosResult first;
        try (Parallel parallel = Parallel.withThreads(1)) {
            first = new LanczosSolver(PRECISE, LinearAlgebra.defaultBackend(), parallel)
                    .solve(Operators.of(affinity, parallel), 5, Spectrum.LARGEST, new SplittableRandom(9));
        }
        for (int threads : new int[] {1, 2, 3}) {
            try (Parallel parallel = Parallel.withThreads(threads)) {
                LanczosResult again = new LanczosSolver(PRECISE, LinearAlgebra.defaultBackend(), parallel)
                        .solve(Operators.of(affinity, parallel), 5, Spectrum.LARGEST, new SplittableRandom(9));
                assertArrayEquals(first.values(), again.values(), "threads " + threads);
                assertArrayEquals(first.vectors().data(), again.vectors().data(), "threads " + threads);
                assertEquals(first.operatorApplications(), again.operatorApplications());
            }
        }
        LanczosResult otherSeed = new LanczosSolver(PRECISE).solve(Operators.of(affinity, Parallel.sequential()), 5,
                Spectrum.LARGEST, new SplittableRandom(10));
        assertArrayClose(first.values(), otherSeed.values(), 1e-9);
    }

    @Test
    void initialBlockOfEigenvectorsConvergesQuickly() {
        SparseMatrix matrix = TestGraphs.randomSymmetric(900, 5, new SplittableRandom(19));
        SymmetricOperator operator = Operators.of(matrix, Parallel.sequential());
        LanczosSolver solver = new LanczosSolver(PRECISE);
        LanczosResult cold = solver.solve(operator, 4, Spectrum.LARGEST, new SplittableRandom(1));
        LanczosResult warm = solver.solve(operator, 4, Spectrum.LARGEST, cold.vectors(), new SplittableRandom(1));
        assertValid(matrix, warm, reference(matrix, 4, Spectrum.LARGEST));
        assertTrue(warm.operatorApplications() < cold.operatorApplications(),
                warm.operatorApplications() + " products warm, " + cold.operatorApplications() + " cold");
        // A block that sums to zero still works.
        DenseMatrix cancelling = DenseMatrix.zeros(900, 2);
        cancelling.set(0, 0, 1);
        cancelling.set(0, 1, -1);
        assertValid(matrix, solver.solve(operator, 4, Spectrum.LARGEST, cancelling, new SplittableRandom(2)),
                reference(matrix, 4, Spectrum.LARGEST));
    }

    @Test
    void argumentsAreChecked() {
        SymmetricOperator operator = Operators.of(SparseMatrix.diagonal(filled(600, 1.0)), Parallel.sequential());
        LanczosSolver solver = new LanczosSolver(PRECISE);
        SplittableRandom random = new SplittableRandom(1);
        assertThrows(IllegalArgumentException.class, () -> solver.solve(operator, 0, Spectrum.LARGEST, random));
        assertThrows(IllegalArgumentException.class, () -> solver.solve(operator, 601, Spectrum.LARGEST, random));
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> new LanczosSolver(new LanczosOptions(1e-8, 10, 5)).solve(operator, 4, Spectrum.LARGEST, random));
        assertTrue(small.getMessage().contains("subspaceSize: 5"), small.getMessage());
        assertThrows(DimensionMismatchException.class,
                () -> solver.solve(operator, 2, Spectrum.LARGEST, DenseMatrix.zeros(599, 2), random));
        IllegalArgumentException tolerance = assertThrows(IllegalArgumentException.class,
                () -> new LanczosOptions(-1, 10, 0));
        assertEquals("Invalid tolerance: -1.0 (must be > 0 and < 1)", tolerance.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LanczosOptions(1e-8, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new LanczosOptions(1e-8, 10, -1));
        assertEquals(new LanczosOptions(1e-8, 1000, 0), LanczosOptions.DEFAULTS.withTolerance(1e-8));
    }

    /** The eigenvectors D^1/2 1_C / ||D^1/2 1_C|| of eigenvalue 1 of D^-1/2 W D^-1/2, one per block of {@code size} nodes. */
    private static EigenDecomposition componentPairs(SparseMatrix weights, int components, int size) {
        double[] degrees = weights.rowSums();
        DenseMatrix vectors = DenseMatrix.zeros(components * size, components);
        for (int c = 0; c < components; c++) {
            double mass = 0;
            for (int i = c * size; i < (c + 1) * size; i++) {
                mass += degrees[i];
            }
            for (int i = c * size; i < (c + 1) * size; i++) {
                vectors.set(i, c, Math.sqrt(degrees[i] / mass));
            }
        }
        return new EigenDecomposition(filled(components, 1.0), vectors);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BACKENDS)
    void knownPairsAreLockedFromTheStartAndTheOthersFound(String name) {
        LinearAlgebraBackend backend = backend(name);
        SparseMatrix weights = TestGraphs.components(6, 150, 3, new SplittableRandom(21));
        SparseMatrix affinity = TestGraphs.normalizedAffinity(weights);
        SymmetricOperator operator = Operators.of(affinity, Parallel.sequential());
        LanczosSolver solver = new LanczosSolver(PRECISE, backend, Parallel.sequential());
        EigenDecomposition known = componentPairs(weights, 6, 150);
        for (int k : new int[] {6, 9}) {
            LanczosResult searched = solver.solve(operator, k, Spectrum.LARGEST, new SplittableRandom(k));
            LanczosResult told = solver.solve(operator, k, Spectrum.LARGEST, known, new SplittableRandom(k));
            assertValid(affinity, told, reference(affinity, k, Spectrum.LARGEST));
            assertValid(affinity, searched, reference(affinity, k, Spectrum.LARGEST));
            assertTrue(told.iterations() < searched.iterations(), describe(told) + " against " + describe(searched));
            // the known vectors lie in the span of the result
            for (int c = 0; c < 6; c++) {
                double[] vector = known.vector(c);
                double captured = 0;
                for (int j = 0; j < k; j++) {
                    double dot = 0;
                    for (int i = 0; i < vector.length; i++) {
                        dot += vector[i] * told.vectors().get(i, j);
                    }
                    captured += dot * dot;
                }
                assertEquals(1.0, captured, 1e-10, "component " + c + ", k " + k);
            }
        }
    }

    @Test
    void knownPairsThatAreNotEigenpairsOrTooManyAreRefused() {
        SparseMatrix weights = TestGraphs.components(3, 200, 3, new SplittableRandom(22));
        SymmetricOperator operator = Operators.of(TestGraphs.normalizedAffinity(weights), Parallel.sequential());
        LanczosSolver solver = new LanczosSolver(PRECISE);
        EigenDecomposition known = componentPairs(weights, 3, 200);
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> solver.solve(operator, 2, Spectrum.LARGEST, known, new SplittableRandom(1)));
        assertEquals("3 known eigenpairs, but only 2 are wanted", tooMany.getMessage());
        EigenDecomposition wrongValue = new EigenDecomposition(filled(3, 0.5), known.vectors());
        IllegalArgumentException notPair = assertThrows(IllegalArgumentException.class,
                () -> solver.solve(operator, 4, Spectrum.LARGEST, wrongValue, new SplittableRandom(1)));
        assertTrue(notPair.getMessage().startsWith("Known pair 0 is not an eigenpair"), notPair.getMessage());
        DenseMatrix twice = known.vectors().copy();
        twice.setColumn(1, known.vector(0));
        IllegalArgumentException notOrthonormal = assertThrows(IllegalArgumentException.class,
                () -> solver.solve(operator, 4, Spectrum.LARGEST, new EigenDecomposition(filled(3, 1.0), twice),
                        new SplittableRandom(1)));
        assertTrue(notOrthonormal.getMessage().contains("not orthonormal"), notOrthonormal.getMessage());
    }

    @Test
    void aLongSolveReportsThePairsItHasFound() {
        SparseMatrix weights = TestGraphs.components(3, 300, 3, new SplittableRandom(23));
        SymmetricOperator operator = Operators.of(TestGraphs.normalizedAffinity(weights), Parallel.sequential());
        java.util.List<long[]> reports = new java.util.ArrayList<>();
        java.util.Set<String> stages = new java.util.HashSet<>();
        io.csc.util.ProgressListener listener = (stage, done, total) -> {
            stages.add(stage);
            reports.add(new long[] {done, total});
        };
        LanczosSolver solver = new LanczosSolver(PRECISE);
        LanczosResult told = solver.withProgress(listener, 0).solve(operator, 6, Spectrum.LARGEST, new SplittableRandom(1));
        assertEquals(java.util.Set.of(LanczosSolver.PROGRESS_STAGE), stages);
        assertEquals(told.iterations(), reports.size(), "one report per restart cycle");
        for (int r = 0; r < reports.size(); r++) {
            assertEquals(6, reports.get(r)[1]);
            assertTrue(reports.get(r)[0] <= 6 && (r == 0 || reports.get(r)[0] >= reports.get(r - 1)[0]));
        }
        assertEquals(6, reports.get(reports.size() - 1)[0]);
        // the same solve, silent under the default delay, and with the same pairs
        reports.clear();
        LanczosResult quiet = solver.withProgress(listener).solve(operator, 6, Spectrum.LARGEST, new SplittableRandom(1));
        assertTrue(reports.isEmpty());
        assertArrayEquals(told.values(), quiet.values());
    }

    private static double[] filled(int n, double value) {
        double[] values = new double[n];
        Arrays.fill(values, value);
        return values;
    }

    @Test
    void multiplicitiesAreFoundForManySeedsAndShapes() {
        // Before the multiplicity check, about 3% of these runs missed a copy of eigenvalue 1 or 0.
        LanczosSolver solver = new LanczosSolver(PRECISE, LinearAlgebra.defaultBackend(), Parallel.sequential(), false);
        for (int components : new int[] {3, 6}) {
            SparseMatrix weights = TestGraphs.components(components, 150, 3, new SplittableRandom(components));
            SparseMatrix affinity = TestGraphs.normalizedAffinity(weights);
            SparseMatrix laplacian = TestGraphs.laplacian(weights);
            for (int k : new int[] {components, components + 1}) {
                double[] expectedLargest = reference(affinity, k, Spectrum.LARGEST);
                double[] expectedSmallest = reference(laplacian, k, Spectrum.SMALLEST);
                for (int seed = 0; seed < 4; seed++) {
                    LanczosResult largest = solver.solve(Operators.of(affinity, Parallel.sequential()), k,
                            Spectrum.LARGEST, new SplittableRandom(seed));
                    assertTrue(largest.converged());
                    assertArrayClose(expectedLargest, largest.values(), 1e-8);
                    LanczosResult smallest = solver.solve(Operators.of(laplacian, Parallel.sequential()), k,
                            Spectrum.SMALLEST, new SplittableRandom(seed));
                    assertTrue(smallest.converged());
                    assertArrayClose(expectedSmallest, smallest.values(), 1e-8);
                }
            }
        }
    }
}
