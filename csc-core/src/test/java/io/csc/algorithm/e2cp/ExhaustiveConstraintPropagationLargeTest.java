package io.csc.algorithm.e2cp;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.GoldenRuns;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.algorithm.SolverStatus;
import io.csc.data.DataDirectory;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The scalable path on Letter (20,000 points, 26 classes) at 10% labels: it runs in a few minutes
 * on a 4 GB heap, its propagation converges, and it clusters far better than the unconstrained
 * k-NN graph (NMI about 0.5). Tagged {@code large}; needs the shared data directory.
 */
@Tag("large")
class ExhaustiveConstraintPropagationLargeTest {

    @Test
    void scalablePathOnLetter() {
        Path file = DataDirectory.defaultDirectory().resolve("letter.csv");
        assumeTrue(Files.exists(file), "letter.csv not found in the data directory");
        Dataset letter = Scaling.ZSCORE.apply(DataLoader.load(file));
        try (RunContext context = RunContext.of(1, 2)) {
            ClusteringResult result = AlgorithmRegistry.byName("e2cp")
                    .create(ParameterValues.of(Map.of("path", "scalable")))
                    .fit(letter, GoldenRuns.labels(letter, 0.1, 1), 26, context);
            double nmi = ClusteringMetrics.normalizedMutualInformation(letter.labels(), result.labels());
            System.out.printf("e2cp scalable on letter: NMI %.4f in %.1f s, stages %s%n", nmi, result.seconds(),
                    result.diagnostics().stageSeconds());
            assertTrue(((SolverStatus) result.diagnostics().value("solver.propagation")).converged());
            assertTrue(nmi > 0.75, "NMI " + nmi);
        }
    }
}
