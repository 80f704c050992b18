package io.csc.algorithm.cspml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.Operators;
import io.csc.linalg.SymmetricOperator;
import java.util.List;
import org.junit.jupiter.api.Test;

class LayerSubspaceTest {

    @Test
    void keepsAtMostKPositiveEigenvaluesAndNoTieAcrossTheCut() {
        assertEquals(3, LayerSubspace.keptCount(new double[] {1.0, 0.9, 0.5, 0.2}, 3, 1.0));
        assertEquals(2, LayerSubspace.keptCount(new double[] {1.0, 0.9, 0.0, 0.0}, 3, 1.0), "0 is not below 1 in L");
        assertEquals(2, LayerSubspace.keptCount(new double[] {1.0, 0.9, -0.3}, 3, 1.0));
        assertEquals(1, LayerSubspace.keptCount(new double[] {1.0, 0.5, 0.5, 0.5}, 3, 1.0), "the tie at the cut goes");
        assertEquals(3, LayerSubspace.keptCount(new double[] {1.0, 1.0, 1.0, 0.5}, 3, 1.0), "a tie inside the k stays");
        assertEquals(0, LayerSubspace.keptCount(new double[] {1.0, 1.0}, 1, 1.0));
        assertEquals(3, LayerSubspace.keptCount(new double[] {1.0, 0.9, 0.5}, 3, 1.0), "no (k+1)-th value: no tie to see");
        assertEquals(0, LayerSubspace.keptCount(new double[] {0.0, 0.0}, 2, 1.0));
        assertEquals(0, LayerSubspace.keptCount(new double[] {3e-16, 1e-16, -2e-16}, 2, 1.0),
                "rounding noise around 0 is not positive");
        assertEquals(2, LayerSubspace.keptCount(new double[] {3e-3, 1e-3, 0.0}, 2, 0.0),
                "a sampled block is measured against its own largest eigenvalue");
    }

    @Test
    void componentIndicatorsAreTheEigenvaluesOneOfTheMustLinkLayer() {
        int n = 9;
        ConstraintSet set = ConstraintSet.fromLabels(n, new int[] {0, 1, 2, 5}, new int[] {0, 0, 1, 1},
                new double[] {1.0, 0.5, 0.8, 0.9}).plus(ConstraintSet.ofPairs(n, List.of(Constraint.mustLink(6, 7),
                Constraint.mustLink(7, 8), Constraint.cannotLink(3, 4))));
        ConstraintLayer layer = ConstraintLayer.mustLinks(set);
        double[] degrees = layer.degrees();
        ComponentIndicators components = ComponentIndicators.of(ConstraintClosure.of(set), degrees);
        assertEquals(3, components.count(), "{0, 1}, {2, 5}, {6, 7, 8}; 3 and 4 have no must-link");
        SymmetricOperator normalized = layer.normalized(NormalizedAffinity.inverseSquareRootDegrees(degrees));
        DenseMatrix adjacency = Operators.toDense(normalized);
        DenseMatrix projector = TestSupport.dense(n, (x, y) -> components.addProjection(x, y, 1.0));
        // The projector is idempotent, and A P = P: every indicator is an eigenvector of eigenvalue 1.
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double square = 0;
                double product = 0;
                for (int t = 0; t < n; t++) {
                    square += projector.get(i, t) * projector.get(t, j);
                    product += adjacency.get(i, t) * projector.get(t, j);
                }
                assertEquals(projector.get(i, j), square, 1e-12);
                assertEquals(projector.get(i, j), product, 1e-12);
            }
        }
        double trace = 0;
        for (int i = 0; i < n; i++) {
            trace += projector.get(i, i);
        }
        assertEquals(3.0, trace, 1e-12);
        assertEquals(0.0, projector.get(3, 3), 0.0);
    }
}
