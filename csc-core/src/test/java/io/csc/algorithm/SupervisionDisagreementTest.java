package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SupervisionDisagreementTest {

    @Test
    void aClusteringThatBreaksMostOfItsPairsIsFoundAndCounted() {
        int[] labels = {0, 0, 0, 1, 1, 1};
        ConstraintSet inside = ConstraintSet.ofPairs(6, List.of(Constraint.cannotLink(0, 1), Constraint.cannotLink(1, 2),
                Constraint.cannotLink(3, 4), Constraint.mustLink(0, 5)));
        SupervisionDisagreement found = SupervisionDisagreement.detect(labels, inside).orElseThrow();
        assertEquals(new SupervisionDisagreement(1, 0, 3, 0), found);
        assertEquals("The clustering keeps only 0 of its 1 must-links and 0 of its 3 cannot-links (CONS below a third): "
                + "the supervision disagrees with the clusters. Check it for contradicting or wrong pairs and for more "
                + "groups than k, or compare with njw and -a auto", found.warning());
        // a third of each kind held: CONS 1/3 is not below the bar, a quarter is
        ConstraintSet third = ConstraintSet.ofPairs(6, List.of(Constraint.cannotLink(0, 1), Constraint.cannotLink(1, 2),
                Constraint.cannotLink(0, 3), Constraint.mustLink(0, 2), Constraint.mustLink(0, 4), Constraint.mustLink(1, 5)));
        assertTrue(SupervisionDisagreement.detect(labels, third).isEmpty());
        ConstraintSet quarter = ConstraintSet.ofPairs(6, List.of(Constraint.cannotLink(0, 1), Constraint.cannotLink(1, 2),
                Constraint.cannotLink(4, 5), Constraint.cannotLink(0, 3), Constraint.mustLink(0, 5)));
        assertEquals(new SupervisionDisagreement(1, 0, 4, 1), SupervisionDisagreement.detect(labels, quarter).orElseThrow());
        assertTrue(SupervisionDisagreement.detect(labels, ConstraintSet.empty(6)).isEmpty());
    }

    @Test
    void aMethodGivenCannotLinksInsideOneClusterSaysSo() {
        Dataset blobs = TestData.blobs(2, 60, 2, 8.0, 3);
        // cannot-links chained through the points of the first blob (even indices)
        List<Constraint> pairs = new ArrayList<>();
        for (int i = 0; i + 2 < 60; i += 2) {
            pairs.add(Constraint.cannotLink(i, i + 2));
        }
        ConstraintSet contradicting = ConstraintSet.ofPairs(blobs.size(), pairs);
        ClusteringAlgorithm method = AlgorithmRegistry.byName("seeded-njw").create(ParameterValues.EMPTY);
        ClusteringResult result = method.fit(blobs, contradicting, 2, RunContext.sequential(1));
        assertTrue(result.diagnostics().warnings().stream().anyMatch(w -> w.startsWith("The clustering keeps only")),
                () -> result.diagnostics().warnings().toString());
        Map<?, ?> counts = (Map<?, ?>) result.diagnostics().value(SupervisionDisagreement.KEY);
        assertEquals(29L, counts.get("cannotLinks"));

        ConstraintSet agreeing = ConstraintSet.ofPairs(blobs.size(), List.of(Constraint.cannotLink(0, 1),
                Constraint.mustLink(0, 2)));
        ClusteringResult fine = method.fit(blobs, agreeing, 2, RunContext.sequential(1));
        assertFalse(fine.diagnostics().warnings().stream().anyMatch(w -> w.startsWith("The clustering keeps only")));
    }
}
