package io.csc.algorithm.csp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.GeneralizedEigen;
import io.csc.linalg.LinearAlgebra;
import org.junit.jupiter.api.Test;

class FeasibleEigenvectorsTest {

    @Test
    void theOnlyPositiveGeneralizedEigenvectorOfAHandSolvedPencilIsChosen() {
        // L = [[2, -1], [-1, 2]], B = diag(1, -1): det(L - λB) = 3 - λ², so λ = ±√3.
        // λ = √3 has v ∝ (1, 2 - √3) with vᵀBv = 4√3 - 6 > 0: feasible. λ = -√3 is not.
        DenseMatrix laplacian = DenseMatrix.of(new double[][] {{2, -1}, {-1, 2}});
        DenseMatrix constraint = DenseMatrix.of(new double[][] {{1, 0}, {0, -1}});
        EigenDecomposition pairs = GeneralizedEigen.indefinite(LinearAlgebra.defaultBackend(), laplacian, constraint, 1e-12);
        double volume = 8;
        FeasibleEigenvectors.Selection selection = FeasibleEigenvectors.select(pairs, laplacian, constraint, 1, volume, 1);
        assertEquals(1, selection.feasible());
        FeasibleEigenvectors.Candidate chosen = selection.chosen().get(0);
        assertEquals(Math.sqrt(3), chosen.eigenvalue(), 1e-9);
        double[] v = chosen.vector();
        assertEquals(volume, v[0] * v[0] + v[1] * v[1], 1e-9);
        assertEquals(2 - Math.sqrt(3), v[1] / v[0], 1e-9);
        // cost = vᵀ L v = λ vᵀ B v
        double constraintValue = v[0] * v[0] - v[1] * v[1];
        assertEquals(Math.sqrt(3) * constraintValue, chosen.cost(), 1e-9);
    }

    @Test
    void infeasibleAndTrivialVectorsAreDroppedAndTheRestSortedByCost() {
        // L is the Laplacian of the path 0-1-2 (null vector (1, 1, 1)); B = diag(1, 1, -0.5).
        DenseMatrix laplacian = DenseMatrix.of(new double[][] {{1, -1, 0}, {-1, 2, -1}, {0, -1, 1}});
        DenseMatrix constraint = DenseMatrix.of(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, -0.5}});
        DenseMatrix candidates = DenseMatrix.of(new double[][] {
            // columns: trivial (1,1,1); (1,-1,0) cost 4/2 → high; (1,0,0) cost 1; (0,0,1) infeasible
            {1, 1, 1, 0},
            {1, -1, 0, 0},
            {1, 0, 0, 1}});
        EigenDecomposition pairs = new EigenDecomposition(new double[] {4, 3, 2, 1}, candidates);
        double volume = 2;
        FeasibleEigenvectors.Selection selection = FeasibleEigenvectors.select(pairs, laplacian, constraint, 1, volume, 5);
        assertEquals(2, selection.feasible());
        assertEquals(1, selection.trivial());
        // (1,0,0) scaled to norm² 2: cost 2 · 1 = 2, vᵀBv = 2, λ = 1.
        assertEquals(2.0, selection.chosen().get(0).cost(), 1e-12);
        assertEquals(1.0, selection.chosen().get(0).eigenvalue(), 1e-12);
        // (1,-1,0) scaled to norm² 2: cost (1 + 4 + 1 - ... ) = vᵀLv = 5 for (1,-1,0), vᵀBv = 2, λ = 2.5.
        assertEquals(5.0, selection.chosen().get(1).cost(), 1e-12);
        assertEquals(2.5, selection.chosen().get(1).eigenvalue(), 1e-12);
        assertEquals(1, FeasibleEigenvectors.select(pairs, laplacian, constraint, 1, volume, 1).chosen().size());
    }
}
