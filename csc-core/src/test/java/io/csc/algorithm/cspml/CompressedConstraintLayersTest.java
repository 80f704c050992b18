package io.csc.algorithm.cspml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.algorithm.Diagnostics;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LinearAlgebra;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The constraint layers on the supervised points plus one lumped coordinate give the n-point
 * layers' form {@code Vᵀ K_c V} for any basis V: labels, hard and soft pairs.
 */
class CompressedConstraintLayersTest {

    @Test
    void theFormOnTheSupervisedPointsAndOneLumpedCoordinateIsTheFormOnAllPoints() {
        int n = 400;
        int k = 3;
        double alpha = 0.1;
        SplittableRandom random = new SplittableRandom(8);
        int[] labelled = new int[24];
        int[] classes = new int[24];
        for (int t = 0; t < labelled.length; t++) {
            labelled[t] = 5 + 13 * t;
            classes[t] = t % k;
        }
        ConstraintSet set = ConstraintSet.fromLabels(n, labelled, classes).plus(ConstraintSet.ofPairs(n, List.of(
                new Constraint(2, 399, ConstraintType.MUST_LINK, 1.0), new Constraint(2, 150, ConstraintType.MUST_LINK, 0.6),
                new Constraint(3, 201, ConstraintType.CANNOT_LINK, 0.8), new Constraint(18, 44, ConstraintType.CANNOT_LINK, 1.0))));
        DenseMatrix basis = DenseMatrix.zeros(n, 5);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 5; j++) {
                basis.set(i, j, random.nextDouble() - 0.5);
            }
        }
        var backend = LinearAlgebra.defaultBackend();
        MultiLayerConstrainedClustering.LayerSolver solver =
                MultiLayerConstrainedClustering.LayerSolver.onCallingThread(LanczosOptions.DEFAULTS);
        MultiLayerConstrainedClustering.Layer mustLink = MultiLayerConstrainedClustering.mustLinkLayer(set, k, solver,
                Diagnostics.builder(), new SplittableRandom(1));
        MultiLayerConstrainedClustering.Layer cannotLink = MultiLayerConstrainedClustering.cannotLinkLayer(set, k,
                k + 1, solver, Diagnostics.builder(), new SplittableRandom(2));
        DenseMatrix expected = SubspaceRestriction.reduce(basis, MultiLayerConstrainedClustering.modifiedAffinity(
                List.of(mustLink, cannotLink), alpha), backend);

        int[] supervised = set.constrainedPoints();
        int c = supervised.length;
        CompressedConstraintLayers compressed = CompressedConstraintLayers.of(set.restrictedTo(supervised), n, k, alpha,
                Diagnostics.builder(), new SplittableRandom(3));
        DenseMatrix lumped = DenseMatrix.zeros(c + 1, 5);
        java.util.Set<Integer> isSupervised = new java.util.HashSet<>();
        for (int t = 0; t < c; t++) {
            isSupervised.add(supervised[t]);
            for (int j = 0; j < 5; j++) {
                lumped.set(t, j, basis.get(supervised[t], j));
            }
        }
        for (int i = 0; i < n; i++) {
            if (!isSupervised.contains(i)) {
                for (int j = 0; j < 5; j++) {
                    lumped.set(c, j, lumped.get(c, j) + basis.get(i, j) / Math.sqrt(n - c));
                }
            }
        }
        DenseMatrix actual = SubspaceRestriction.reduce(lumped, compressed.operator(), backend);
        assertEquals(mustLink.subspace().dimension(), compressed.mustLinkDimension());
        assertEquals(cannotLink.subspace().dimension(), compressed.cannotLinkDimension());
        assertArrayEquals(expected.data(), actual.data(), 1e-9);
    }
}
