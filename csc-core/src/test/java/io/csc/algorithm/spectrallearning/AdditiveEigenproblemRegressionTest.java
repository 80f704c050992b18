package io.csc.algorithm.spectrallearning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.GoldenRuns;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.DataDirectory;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A dense eigenproblem on which LAPACK's subset solver (dsyevr) returned no eigenpairs when OpenBLAS
 * ran two threads of its own: Kamvar's matrix for Ionosphere with 165 labels (seed 9, σ = 1), whose
 * top of the spectrum is a tight cluster. The dense solver must fall back to all pairs instead of
 * failing, now that a run's threads are its context's.
 */
class AdditiveEigenproblemRegressionTest {

    @Test
    void ionosphereOnTwoThreads() {
        Path file = DataDirectory.defaultDirectory().resolve("ionosphere.csv");
        assumeTrue(Files.exists(file), "ionosphere.csv not found in the data directory");
        Dataset data = Scaling.ZSCORE.apply(DataLoader.load(file));
        ConstraintSet labels = ConstraintGenerator.labelledPoints(data.labels(), 165, new SplittableRandom(9 ^ 0x5eed5eedL));
        try (RunContext context = RunContext.of(9, 2)) {
            ClusteringResult result = AlgorithmRegistry.byName("sl")
                    .create(GoldenRuns.parameters("normalization", "additive", "sigma", "1"))
                    .fit(data, labels, 2, context);
            assertEquals(2, result.clusterCount());
        }
    }
}
