package io.csc.algorithm.seededkmeans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BernoulliMixture;
import io.csc.data.ClassProportions;
import io.csc.data.Dataset;
import io.csc.model.FittedModel;
import io.csc.model.MethodSetting;
import io.csc.model.NearestCentreModel;
import io.csc.data.FittedScaling;
import io.csc.testing.GoldenRuns;
import io.csc.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeededKMeansTest {

    private static final ClusteringAlgorithm METHOD = AlgorithmRegistry.byName(SeededKMeans.NAME).create();

    @Test
    void labelledPointsStayWithTheirClassAndSeedItsCluster() {
        Dataset iris = TestData.iris();
        for (long draw = 1; draw <= 3; draw++) {
            ConstraintSet labels = GoldenRuns.labels(iris, 0.1, draw);
            int[] assigned = GoldenRuns.fit(METHOD, iris, labels, 1).labels();
            var block = labels.labelledBlocks().get(0);
            for (int a = 0; a < block.size(); a++) {
                for (int b = 0; b < block.size(); b++) {
                    assertEquals(block.classes()[a] == block.classes()[b],
                            assigned[block.points()[a]] == assigned[block.points()[b]]);
                }
            }
            assertTrue(GoldenRuns.accuracy(iris, assigned) > 0.8, "draw " + draw);
        }
    }

    @Test
    void findsTheClassesOfBinaryFeaturesWhereALandmarkCodeCannot() {
        // Binary features, most of them noise (the guard test's data): k-means on the features
        // separates the classes that scacs's sparse code over nearest landmarks loses.
        Dataset binary = new BernoulliMixture(900, 120, 3, 20, 1.5, 5, ClassProportions.balanced(3)).generate();
        ConstraintSet labels = GoldenRuns.labels(binary, 0.1, 1);
        double seeded = GoldenRuns.accuracy(binary, GoldenRuns.fit(METHOD, binary, labels, 1).labels());
        double scacs = GoldenRuns.accuracy(binary, GoldenRuns.fit(AlgorithmRegistry.byName("scacs")
                .create(ParameterValues.of(java.util.Map.of("select", "none"))), binary, labels, 1).labels());
        assertTrue(seeded > scacs + 0.15, "seeded-kmeans " + seeded + ", scacs " + scacs);
    }

    @Test
    void acceptsPairsThatContradictEachOther() {
        // cop-kmeans refuses a cannot-link inside a must-link component; here it only costs.
        Dataset wine = TestData.wine();
        List<Constraint> pairs = new ArrayList<>(List.of(Constraint.mustLink(0, 1), Constraint.mustLink(1, 2),
                Constraint.cannotLink(0, 2)));
        SplittableRandom draw = new SplittableRandom(5);
        for (int t = 0; t < 60; t++) {
            int a = draw.nextInt(wine.size());
            int b = draw.nextInt(wine.size());
            if (a != b) {
                pairs.add(wine.label(a) == wine.label(b) ? Constraint.mustLink(a, b) : Constraint.cannotLink(a, b));
            }
        }
        ClusteringResult result = GoldenRuns.fit(METHOD, wine, ConstraintSet.ofPairs(wine.size(), pairs), 1);
        assertEquals(3, result.clusterCount());
        assertTrue(GoldenRuns.accuracy(wine, result.labels()) > 0.9);
    }

    @Test
    void sameSeedSameLabelsOnOneAndTwoThreads() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 2);
        assertArrayEquals(GoldenRuns.fit(METHOD, wine, labels, 1).labels(), GoldenRuns.fit(METHOD, wine, labels, 2).labels());
    }

    @Test
    void itsModelPlacesTheTrainingPointsInTheirClusters() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 3);
        ClusteringResult result = GoldenRuns.fit(METHOD, wine, labels, 1);
        FittedModel model = FittedModel.of(result, MethodSetting.of(SeededKMeans.DESCRIPTOR, ParameterValues.EMPTY, result),
                wine, FittedScaling.none(), labels, 3);
        assertTrue(model.placement() instanceof NearestCentreModel);
        try (RunContext context = RunContext.of(3, 1)) {
            int[] placed = model.predict(wine, context);
            int agree = 0;
            for (int i = 0; i < wine.size(); i++) {
                agree += placed[i] == result.labels()[i] ? 1 : 0;
            }
            assertTrue(agree >= 0.95 * wine.size(), agree + " of " + wine.size());
        }
    }
}
