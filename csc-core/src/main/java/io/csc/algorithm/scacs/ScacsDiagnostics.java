package io.csc.algorithm.scacs;

import io.csc.algorithm.Diagnostics;
import io.csc.constraint.ConstraintSet;
import java.util.Locale;

/**
 * What SCACS reports about its eigenproblems: the ridge of a singular Ŝ, γ_max and γ_{k-1}, β0 and
 * β, how many vectors passed each of steps 7 to 10, their cosines with the constant vector, cuts
 * and eigenvalues, and a warning for each case the paper passes over: β >= γ_max, no feasible
 * vector, fewer than k-1, a singular Ŝ.
 */
final class ScacsDiagnostics {

    private ScacsDiagnostics() {
    }

    static void record(Diagnostics.Builder diagnostics, LandmarkCoordinates coordinates, ConstrainedCut.Solution solution,
                       ConstraintSet constraints, int k) {
        if (coordinates.ridge() > 0) {
            diagnostics.warn(String.format(Locale.ROOT, "S = Z Z^T is singular (%d of %d eigenvalues at or below the "
                    + "ridge: duplicate or unused base vectors); solved with S + %.3g I", coordinates.singularDirections(),
                    coordinates.size(), coordinates.ridge()));
        }
        diagnostics.put("ridge", coordinates.ridge()).put("singularDirections", coordinates.singularDirections())
                .put("gammaMax", solution.gammaMax()).put("gammaKMinus1", solution.gammaKMinus1())
                .put("beta0", solution.beta0()).put("beta", solution.beta())
                .put("outcome", solution.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        ConstrainedCut.Selection constrained = solution.constrained();
        if (constrained != null) {
            diagnostics.put("positiveVectors", constrained.positive()).put("orthogonalVectors", constrained.orthogonal())
                    .put("constantCosines", constrained.constantCosines());
        }
        ConstrainedCut.Selection selection = solution.selection();
        diagnostics.put("selectedVectors", selection.count()).put("cuts", selection.cuts())
                .put("eigenvalues", selection.eigenvalues());
        switch (solution.outcome()) {
            case BETA_AT_LEAST_GAMMA_MAX -> diagnostics.warn(constraints.isEmpty()
                    ? "No constraints: scacs used the unconstrained eigenvectors of S (landmark spectral clustering)"
                    : String.format(Locale.ROOT, "beta = %.4g >= gamma_max = %.4g: no vector satisfies the constraint "
                            + "v^T Q v >= beta (step 6); used the unconstrained eigenvectors of S instead; lower beta0",
                    solution.beta(), solution.gammaMax()));
            case NO_FEASIBLE_VECTOR -> diagnostics.warn("No vector of Eq. 16 passed steps 7 to 9 (" + constrained.positive()
                    + " with a positive eigenvalue, " + constrained.orthogonal() + " orthogonal to the constant vector); "
                    + "used the unconstrained eigenvectors of S instead; raise orthogonality or lower beta0");
            case CONSTRAINED -> {
                if (selection.count() > constrained.count()) {
                    diagnostics.put("completedVectors", selection.count() - constrained.count());
                } else if (selection.count() < k - 1) {
                    diagnostics.warn("Only " + selection.count() + " feasible vectors for k - 1 = " + (k - 1) + " ("
                            + constrained.positive() + " with a positive eigenvalue, " + constrained.orthogonal()
                            + " orthogonal to the constant vector); the embedding has " + selection.count() + " columns");
                }
            }
        }
    }
}
