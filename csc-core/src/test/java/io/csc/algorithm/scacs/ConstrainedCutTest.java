package io.csc.algorithm.scacs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.testing.GoldenRuns;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.LandmarkGraph;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintMatrix;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.data.Dataset;
import io.csc.graph.Landmarks;
import io.csc.graph.SparseCode;
import io.csc.graph.SparseCoding;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.GeneralizedEigen;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import io.csc.linalg.SparseMatrix;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The numerics of SCACS on problems small enough to form everything densely: Q̂ from the structure
 * of Q against {@code ẐQẐᵀ} with the n x n matrix Q, and steps 5 to 10 in landmark coordinates
 * against the paper's generalized eigenproblems solved literally on the p x p matrices.
 */
class ConstrainedCutTest {

    private static final LinearAlgebraBackend BACKEND = LinearAlgebra.defaultBackend();

    /** A 60-point, 3-cluster problem with 10 base vectors and mixed supervision. */
    private static final class Problem {
        final Dataset data = GoldenRuns.blobs(60, 3, 3, 5);
        final LandmarkGraph graph;
        final SparseMatrix normalizedCodes;
        final DenseMatrix gram;
        final ConstraintSet constraints;
        final DenseMatrix denseQ;

        Problem(DenseMatrix landmarks) {
            SparseCode code = SparseCoding.encode(data, landmarks,
                    new SparseCodingOptions(3, SparseCodingOptions.LandmarkBandwidth.MEAN_DISTANCE, null),
                    RunContext.sequential(1));
            graph = LandmarkGraph.of(code.codes());
            normalizedCodes = graph.normalizedCodes();
            gram = graph.normalizedGram();
            int n = data.size();
            int[] labelled = {0, 5, 9, 14, 22, 31, 40, 47, 55};
            int[] classes = new int[labelled.length];
            for (int t = 0; t < labelled.length; t++) {
                classes[t] = data.label(labelled[t]);
            }
            constraints = ConstraintSet.fromLabels(n, labelled, classes)
                    .plus(ConstraintSet.ofPairs(n, List.of(Constraint.mustLink(2, 3),
                            new Constraint(3, 7, ConstraintType.CANNOT_LINK, 0.5))))
                    .plus(ConstraintSet.fromGroups(n, List.of(new int[] {10, 11, 12})));
            denseQ = ConstraintMatrix.of(constraints, 1.0).toSparse(100_000).toDense();
        }

        Problem() {
            this(null);
        }

        /** Steps 5 to 10 for k = 3 on Q̂ formed densely. */
        ConstrainedCut.Solution solve(double beta0, double tolerance) {
            LandmarkCoordinates coordinates = LandmarkCoordinates.of(gram, 1e-8, BACKEND);
            return ConstrainedCut.solve(coordinates, coordinates.project(denseProjection(), BACKEND),
                    constant(this, coordinates), 3, beta0, tolerance, BACKEND);
        }

        /** Q̂ = Ẑ Q Ẑᵀ, formed densely. */
        DenseMatrix denseProjection() {
            DenseMatrix zt = normalizedCodes.toDense();
            return MatrixProducts.multiplyTransposeA(BACKEND, zt, MatrixProducts.multiply(BACKEND, denseQ, zt));
        }
    }

    private static Problem problem() {
        Dataset data = GoldenRuns.blobs(60, 3, 3, 5);
        return new Problem(Landmarks.random(data, 10, new SplittableRandom(2)));
    }

    @Test
    void projectedConstraintsFromTheStructureEqualTheDenseProduct() {
        Problem problem = problem();
        DenseMatrix structured = ConstraintMatrix.of(problem.constraints, 1.0)
                .congruence(problem.normalizedCodes, BACKEND);
        assertEquals(0.0, structured.maxAbsoluteDifference(problem.denseProjection()), 1e-12);
    }

    @Test
    void coordinatesTurnSIntoTheIdentityAndTheCutIntoADiagonal() {
        Problem problem = problem();
        LandmarkCoordinates coordinates = LandmarkCoordinates.of(problem.gram, 1e-8, BACKEND);
        assertEquals(0.0, coordinates.ridge());
        int p = coordinates.size();
        DenseMatrix identity = coordinates.project(problem.gram, BACKEND);
        assertEquals(0.0, identity.maxAbsoluteDifference(DenseMatrix.identity(p)), 1e-9);
        DenseMatrix cutMatrix = problem.gram.copy();
        DenseMatrix square = MatrixProducts.multiply(BACKEND, problem.gram, problem.gram);
        for (int t = 0; t < p * p; t++) {
            cutMatrix.data()[t] -= square.data()[t];
        }
        DenseMatrix projectedCut = coordinates.project(cutMatrix, BACKEND);
        double[] diagonal = coordinates.cutDiagonal();
        DenseMatrix expected = DenseMatrix.zeros(p, p);
        for (int i = 0; i < p; i++) {
            expected.set(i, i, diagonal[i]);
        }
        assertEquals(0.0, projectedCut.maxAbsoluteDifference(expected), 1e-9);
        assertEquals(1.0, coordinates.eigenvalues()[0], 1e-12, "the constant vector has eigenvalue 1");
    }

    @Test
    void anUnusedBaseVectorMakesSSingularAndGetsTheRidge() {
        Dataset data = GoldenRuns.blobs(60, 3, 3, 5);
        DenseMatrix landmarks = Landmarks.random(data, 10, new SplittableRandom(2));
        for (int j = 0; j < 3; j++) {
            landmarks.set(9, j, 1e3);
        }
        Problem problem = new Problem(landmarks);
        assertEquals(1, problem.graph.unusedLandmarks());
        LandmarkCoordinates coordinates = LandmarkCoordinates.of(problem.gram, 1e-8, BACKEND);
        assertTrue(coordinates.singularDirections() >= 1);
        assertEquals(1e-8 * coordinates.eigenvalues()[0], coordinates.ridge(), 1e-20);
        DenseMatrix ridged = problem.gram.copy();
        for (int i = 0; i < 10; i++) {
            ridged.set(i, i, ridged.get(i, i) + coordinates.ridge());
        }
        assertEquals(0.0, coordinates.project(ridged, BACKEND).maxAbsoluteDifference(DenseMatrix.identity(10)), 1e-6);
        assertEquals(0.0, coordinates.dataNormDiagonal()[9], 1e-12, "the null direction has no data-space part");
        assertEquals(0.0, coordinates.cutDiagonal()[9], 1e-12);
    }

    @Test
    void duplicateRowsMakeSSingular() {
        DenseMatrix factor = DenseMatrix.of(new double[][] {{1, 0, 2}, {0, 1, 1}, {1, 0, 2}, {3, 1, 0}});
        DenseMatrix gram = MatrixProducts.multiplyTransposeB(BACKEND, factor, factor);
        LandmarkCoordinates coordinates = LandmarkCoordinates.of(gram, 1e-8, BACKEND);
        assertEquals(1, coordinates.singularDirections());
        assertTrue(coordinates.ridge() > 0);
    }

    /**
     * Step 7 of the robust variant counts as feasible only directions on which the pencil
     * {@code Q̂ - βĈ} is positive beyond rounding. Both sides live on the landmarks the constrained
     * points are coded by, so every other direction makes the pencil zero up to rounding, and
     * about half of those came out "positive" by the sign of their rounding error: the feasible
     * vectors can be at most as many as those landmarks.
     */
    @Test
    void directionsWithoutEnergyOnTheConstrainedPointsAreNotFeasible() {
        Dataset data = GoldenRuns.blobs(400, 3, 3, 5);
        SparseCode code = SparseCoding.encode(data, Landmarks.random(data, 80, new SplittableRandom(2)),
                new SparseCodingOptions(3, SparseCodingOptions.LandmarkBandwidth.MEAN_DISTANCE, null),
                RunContext.sequential(1));
        LandmarkGraph graph = LandmarkGraph.of(code.codes());
        SparseMatrix codes = graph.normalizedCodes();
        int[] labelled = {0, 1, 2, 3, 4, 5};
        int[] classes = Arrays.stream(labelled).map(data::label).toArray();
        ConstraintSet constraints = ConstraintSet.fromLabels(data.size(), labelled, classes);
        int p = codes.columns();
        LandmarkCoordinates coordinates = LandmarkCoordinates.of(graph.normalizedGram(), 1e-8, BACKEND);
        DenseMatrix projected = coordinates.project(ConstraintMatrix.of(constraints, 1.0).congruence(codes, BACKEND),
                BACKEND);
        DenseMatrix normalization = coordinates.project(
                ScalableConstrainedSpectralClustering.constrainedGram(codes, labelled, p), BACKEND);
        double[] root = Arrays.stream(graph.degrees()).map(Math::sqrt).toArray();
        double[] constant = Arrays.stream(coordinates.coordinatesOfDual(root)).map(value -> value / Math.sqrt(400))
                .toArray();
        ConstrainedCut.Solution solution = ConstrainedCut.solve(coordinates, projected, normalization, constant, 3,
                0.5, 0.9, true, BACKEND);
        long spanned = Arrays.stream(labelled).flatMap(point -> Arrays.stream(codes.columnIndices(),
                codes.rowPointers()[point], codes.rowPointers()[point + 1])).distinct().count();
        assertTrue(spanned < p / 4, "the constrained points are coded by few of the landmarks: " + spanned);
        assertTrue(solution.constrained().positive() <= spanned, solution.constrained().positive()
                + " feasible vectors, the constrained points span " + spanned + " landmarks");
    }

    @Test
    void gammasAreThoseOfTheDenseGeneralizedProblem() {
        Problem problem = problem();
        DenseMatrix qHat = problem.denseProjection();
        ConstrainedCut.Solution solution = problem.solve(0.5, 0.9);
        EigenDecomposition reference = GeneralizedEigen.definite(BACKEND, qHat, problem.gram);
        double[] values = reference.values();
        assertEquals(values[values.length - 1], solution.gammaMax(), 1e-8 * Math.abs(values[values.length - 1]));
        assertEquals(values[values.length - 2], solution.gammaKMinus1(), 1e-8 * Math.abs(values[values.length - 1]));
        assertEquals(0.5 * solution.gammaKMinus1(), solution.beta(), 1e-15);
    }

    @Test
    void selectedVectorsSolveEquationSixteenAsTheDenseReferenceDoes() {
        Problem problem = problem();
        int p = 10;
        int n = problem.data.size();
        DenseMatrix qHat = problem.denseProjection();
        LandmarkCoordinates coordinates = LandmarkCoordinates.of(problem.gram, 1e-8, BACKEND);
        ConstrainedCut.Solution solution = ConstrainedCut.solve(coordinates, coordinates.project(qHat, BACKEND),
                constant(problem, coordinates), 3, 0.5, 1.0, BACKEND);
        assertEquals(ConstrainedCut.Outcome.CONSTRAINED, solution.outcome());
        double beta = solution.beta();

        // The paper's problem, formed literally: A = S - S², B = Q̂ - βS.
        DenseMatrix a = problem.gram.copy();
        DenseMatrix square = MatrixProducts.multiply(BACKEND, problem.gram, problem.gram);
        DenseMatrix b = qHat.copy();
        for (int t = 0; t < p * p; t++) {
            a.data()[t] -= square.data()[t];
            b.data()[t] -= beta * problem.gram.data()[t];
        }
        double[] reference = Arrays.stream(GeneralizedEigen.indefinite(BACKEND, a, b, GeneralizedEigen.DEFAULT_RIDGE).values())
                .filter(mu -> mu > 0).map(mu -> 1.0 / mu).sorted().toArray();

        ConstrainedCut.Selection selection = solution.selection();
        assertEquals(reference.length, selection.positive(), "step 7 keeps every positive eigenvalue");
        assertEquals(2, selection.count());
        DenseMatrix u = coordinates.landmarkVectors(selection.coordinates(), BACKEND);
        DenseMatrix zt = problem.normalizedCodes.toDense();
        DenseMatrix v = MatrixProducts.multiply(BACKEND, zt, u);
        for (int j = 0; j < selection.count(); j++) {
            double lambda = selection.eigenvalues()[j];
            assertTrue(lambda > 0);
            assertTrue(Arrays.stream(reference).anyMatch(value -> Math.abs(value - lambda) <= 1e-6 * Math.max(1, value)),
                    "λ = " + lambda + " is among the positive eigenvalues of the dense problem " + Arrays.toString(reference));
            double[] column = u.column(j);
            double[] left = multiply(a, column);
            double[] right = multiply(b, column);
            double residual = 0;
            double scale = 0;
            for (int i = 0; i < p; i++) {
                residual = Math.max(residual, Math.abs(left[i] - lambda * right[i]));
                scale = Math.max(scale, Math.abs(left[i]));
            }
            assertTrue(residual <= 1e-6 * Math.max(scale, 1e-12), "residual of Eq. 16: " + residual);
            assertEquals(1.0, dot(column, multiply(problem.gram, column)), 1e-8, "step 8: uᵀŜu = 1");
            assertEquals(selection.cuts()[j], dot(column, left), 1e-8, "the cut is uᵀAu");
            double[] data = v.column(j);
            double sum = Arrays.stream(data).sum();
            double norm = Math.sqrt(dot(data, data));
            assertEquals(1.0, norm, 1e-8, "||v|| = 1 in data space");
            double cosine = Math.abs(sum) / (Math.sqrt(n) * norm);
            assertTrue(Arrays.stream(selection.constantCosines()).anyMatch(value -> Math.abs(value - cosine) < 1e-8),
                    "step 9's cosine is that of v with the all-ones vector");
        }
        assertTrue(selection.cuts()[0] <= selection.cuts()[1], "step 10 orders by cut");
    }

    @Test
    void stepNineMeasuresTheCosineWithTheAllOnesVectorOfDataSpace() {
        Problem problem = problem();
        LandmarkCoordinates coordinates = LandmarkCoordinates.of(problem.gram, 1e-8, BACKEND);
        double[] constant = constant(problem, coordinates);
        DenseMatrix zt = problem.normalizedCodes.toDense();
        int n = problem.data.size();
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 5; trial++) {
            double[] y = new double[10];
            for (int i = 0; i < 10; i++) {
                y[i] = random.nextGaussian();
            }
            DenseMatrix u = coordinates.landmarkVectors(new DenseMatrix(10, 1, y), BACKEND);
            double[] v = multiply(zt, u.column(0));
            double direct = Arrays.stream(v).sum() / (Math.sqrt(n) * Math.sqrt(dot(v, v)));
            double[] norms = coordinates.dataNormDiagonal();
            double dataNorm = 0;
            for (int i = 0; i < 10; i++) {
                dataNorm += norms[i] * y[i] * y[i];
            }
            assertEquals(direct, dot(constant, y) / Math.sqrt(dataNorm), 1e-10);
        }
        DenseMatrix first = coordinates.landmarkVectors(new DenseMatrix(10, 1, unit(10, 0)), BACKEND);
        double[] v = multiply(zt, first.column(0));
        double cosine = Math.abs(Arrays.stream(v).sum()) / (Math.sqrt(n) * Math.sqrt(dot(v, v)));
        assertEquals(1.0, cosine, 1e-10, "the leading direction of Ŝ is the constant vector");
    }

    @Test
    void betaAtLeastGammaMaxFallsBackToTheEigenvectorsOfS() {
        Problem problem = problem();
        ConstrainedCut.Solution solution = problem.solve(5.0, 0.9);
        assertEquals(ConstrainedCut.Outcome.BETA_AT_LEAST_GAMMA_MAX, solution.outcome());
        double[] eigenvalues = LandmarkCoordinates.of(problem.gram, 1e-8, BACKEND).eigenvalues();
        assertEquals(1 - eigenvalues[1], solution.selection().cuts()[0], 1e-9, "the constant vector is skipped");
        assertEquals(1 - eigenvalues[2], solution.selection().cuts()[1], 1e-9);
        assertTrue(Double.isNaN(solution.selection().eigenvalues()[0]));
    }

    @Test
    void aZeroToleranceRemovesEveryVectorAndFallsBack() {
        ConstrainedCut.Solution solution = problem().solve(0.5, 0.0);
        assertEquals(ConstrainedCut.Outcome.NO_FEASIBLE_VECTOR, solution.outcome());
        assertEquals(0, solution.constrained().orthogonal());
        assertEquals(2, solution.selection().count(), "the unconstrained vectors still drop only the constant one");
    }

    private static double[] constant(Problem problem, LandmarkCoordinates coordinates) {
        double[] degrees = problem.graph.degrees();
        double[] root = Arrays.stream(degrees).map(Math::sqrt).toArray();
        double[] constant = coordinates.coordinatesOfDual(root);
        double scale = 1.0 / Math.sqrt(problem.data.size());
        return Arrays.stream(constant).map(value -> value * scale).toArray();
    }

    private static double[] multiply(DenseMatrix matrix, double[] x) {
        double[] y = new double[matrix.rows()];
        for (int i = 0; i < matrix.rows(); i++) {
            for (int j = 0; j < matrix.columns(); j++) {
                y[i] += matrix.get(i, j) * x[j];
            }
        }
        return y;
    }

    private static double dot(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }

    private static double[] unit(int size, int index) {
        double[] vector = new double[size];
        vector[index] = 1.0;
        return vector;
    }
}
