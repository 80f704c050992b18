package io.csc.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.constraint.ConstraintSet;
import io.csc.data.ClassProportions;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Scaling;
import io.csc.testing.GoldenRuns;
import org.junit.jupiter.api.Test;

/** The free starts of {@link ConstrainedKMeans} beside the seeded ones. */
class FreeStartsTest {

    @Test
    void labelsDoNotTrapTheAssignmentBelowNjw() {
        // Four classes of 80, 15, 4 and 1% (csc generate ... --seed 911), 40 labels: NJW's embedding
        // alone gives ACC 0.917. Seeded by this draw of labels, the run from the classes' means
        // settled at 0.849 (an objective far above NJW's own k-means); a free start finds 0.913.
        Dataset raw = new GaussianMixture(4000, 12, 4, 3, 911, ClassProportions.parse("0.8,0.15,0.04,0.01")).generate();
        Dataset mixture = Scaling.ZSCORE.fit(raw).apply(raw);
        ClusteringAlgorithm seeded = AlgorithmRegistry.byName(NormalizedSpectralClustering.SEEDED_NAME).create();
        ConstraintSet labels = GoldenRuns.labels(mixture, 0.01, 2);
        double accuracy = GoldenRuns.accuracy(mixture, GoldenRuns.fit(seeded, mixture, labels, 2).labels());
        assertTrue(accuracy > 0.9, "seeded-njw " + accuracy + ", njw 0.917");
    }
}
