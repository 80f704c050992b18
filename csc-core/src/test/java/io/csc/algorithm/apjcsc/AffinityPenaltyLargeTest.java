package io.csc.algorithm.apjcsc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.SolverStatus;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.DataDirectory;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import io.csc.metric.ContingencyTable;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The k-NN path beyond the dense limit's comfort zone: Letter (20,000 points, 26 classes) with 10%
 * labels, 2,000 labelled points whose 2 million implied pairs stay rank-one blocks. Prints the
 * times; asserts convergence and quality against unconstrained NJW on the same graph.
 */
@Tag("large")
class AffinityPenaltyLargeTest {

    @Test
    void letterOnTheKnnGraph() {
        Dataset letter = Scaling.ZSCORE.apply(DataLoader.load(DataDirectory.resolve("letter", null)));
        ConstraintSet labels = ConstraintGenerator.labelledFraction(letter.labels(), 0.1, new SplittableRandom(1));
        Map<String, String> knn = Map.of("graph", "knn");
        try (RunContext context = RunContext.of(1, 2)) {
            ClusteringResult njw = AlgorithmRegistry.byName("njw").create(ParameterValues.of(knn))
                    .fit(letter, labels, 26, context);
            double baseline = nmi(letter, njw);
            for (String name : new String[] {"apjcsc-1", "apjcsc-2"}) {
                ClusteringResult result = AlgorithmRegistry.byName(name).create(ParameterValues.of(knn))
                        .fit(letter, labels, 26, context);
                SolverStatus status = (SolverStatus) result.diagnostics().value("solver");
                System.out.printf("%s letter knn: NMI %.4f (njw %.4f), %.1f s %s%n", name, nmi(letter, result), baseline,
                        result.seconds(), result.diagnostics().stageSeconds());
                assertTrue(status.converged(), status.toString());
                assertTrue(nmi(letter, result) >= baseline - 0.01, name);
            }
        }
    }

    private static double nmi(Dataset data, ClusteringResult result) {
        return ClusteringMetrics.normalizedMutualInformation(ContingencyTable.of(data.labels(), result.labels()));
    }
}
