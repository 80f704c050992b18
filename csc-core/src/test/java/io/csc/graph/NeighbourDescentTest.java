package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.NeighbourSearch;
import io.csc.api.RunContext;
import io.csc.api.RunNotes;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Precision;
import io.csc.util.ProgressListener;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** NN-descent against the exact neighbours of the same points. */
class NeighbourDescentTest {

    private static final Dataset MIXTURE = new GaussianMixture(2000, 8, 6, 3.0, 4).generate();

    private static double recallOfAll(Dataset data, NeighbourLists lists, RunContext context) {
        return NearestNeighbours.recall(data, lists, IntStream.range(0, data.size()).toArray(), context);
    }

    @Test
    void findsNearlyAllExactNeighboursWithExactDistances() {
        // uniform points: no cells hold their points' nearest, and two of 11 probed leave the descent to find the rest
        java.util.SplittableRandom random = new java.util.SplittableRandom(4);
        double[] features = new double[3000 * 8];
        for (int v = 0; v < features.length; v++) {
            features[v] = random.nextDouble();
        }
        Dataset uniform = Dataset.unlabelled("uniform", 3000, 8, features);
        try (RunContext context = RunContext.of(3, 2)) {
            NeighbourDescent.Result result = NeighbourDescent.search(uniform, 10, context, 1);
            NeighbourLists lists = result.lists();
            assertEquals(8, result.searchDimensions());
            assertEquals(CellSearch.MINIMUM_PROBES, result.probes());
            assertTrue(result.iterations() >= 1, "iterations " + result.iterations());
            double recall = recallOfAll(uniform, lists, context);
            assertTrue(recall > 0.99, "recall " + recall);
            for (int i = 0; i < uniform.size(); i += 37) {
                for (int t = 0; t < 10; t++) {
                    int j = lists.neighbour(i, t);
                    assertTrue(j != i);
                    double exact = 0;
                    for (int f = 0; f < 8; f++) {
                        double difference = uniform.feature(i, f) - uniform.feature(j, f);
                        exact += difference * difference;
                    }
                    assertEquals(Math.sqrt(exact), lists.distance(i, t), 1e-12);
                    if (t > 0) {
                        assertTrue(lists.distance(i, t - 1) <= lists.distance(i, t));
                    }
                }
            }
        }
    }

    @Test
    void cellsThatHoldTheNearestLeaveNothingToDescend() {
        try (RunContext context = RunContext.of(3, 2)) {
            NeighbourDescent.Result result = NeighbourDescent.search(MIXTURE, 10, context);
            assertEquals(result.cells(), result.probes(), "2000 points: every cell probed");
            assertEquals(1.0, result.listRecall());
            assertEquals(0, result.iterations());
            assertTrue(recallOfAll(MIXTURE, result.lists(), context) > 0.99);
        }
    }

    @Test
    void highDimensionalDataIsSearchedOnItsPrincipalComponents() {
        // 200 features: 10 informative ones carry the clusters, the rest is weak noise
        Dataset informative = new GaussianMixture(1500, 10, 5, 4.0, 8).generate();
        double[] features = new double[1500 * 200];
        java.util.SplittableRandom random = new java.util.SplittableRandom(2);
        for (int i = 0; i < 1500; i++) {
            for (int f = 0; f < 200; f++) {
                features[i * 200 + f] = f < 10 ? informative.feature(i, f) : 0.05 * random.nextGaussian();
            }
        }
        Dataset data = Dataset.unlabelled("wide", 1500, 200, features);
        try (RunContext context = RunContext.of(5, 2)) {
            NeighbourDescent.Result result = NeighbourDescent.search(data, 8, context);
            assertEquals(NeighbourDescent.SEARCH_DIMENSIONS, result.searchDimensions());
            assertEquals(16, result.candidates(), "2k candidates for k = 8");
            double recall = recallOfAll(data, result.lists(), context);
            assertTrue(recall > 0.95, "recall " + recall);
        }
    }

    @Test
    void theSameNeighboursOnAnyThreadCountAndInEitherPrecision() {
        NeighbourLists one;
        NeighbourLists two;
        NeighbourLists single;
        try (RunContext context = RunContext.of(9, 1)) {
            one = NeighbourDescent.search(MIXTURE, 7, context).lists();
            single = NeighbourDescent.search(MIXTURE.inPrecision(Precision.FLOAT), 7, context).lists();
        }
        NeighbourLists three;
        try (RunContext context = RunContext.of(9, 2)) {
            two = NeighbourDescent.search(MIXTURE, 7, context).lists();
        }
        try (RunContext context = RunContext.of(9, 3)) {
            three = NeighbourDescent.search(MIXTURE, 7, context).lists();
        }
        assertArrayEquals(one.indices(), two.indices());
        assertArrayEquals(one.distances(), two.distances());
        assertArrayEquals(one.indices(), three.indices());
        assertArrayEquals(one.distances(), three.distances());
        // the search reads single precision either way; only the final exact distances differ
        assertArrayEquals(one.indices(), single.indices());
    }

    @Test
    void theRunsSearchDecidesAndItsNotesTellHow() {
        RunNotes notes = RunNotes.collecting();
        try (RunContext context = RunContext.of(1, 2).withNotes(notes)) {
            NeighbourLists exact = NearestNeighbours.find(MIXTURE, 5, context.withNeighbourSearch(NeighbourSearch.EXACT));
            NeighbourLists reference = NearestNeighbours.exact(MIXTURE, 5, context.backend(), context.parallel(),
                    ProgressListener.NONE);
            assertArrayEquals(reference.indices(), exact.indices());
            assertEquals("exact", ((Map<?, ?>) notes.values().get("neighbourSearch")).get("method"));
            NeighbourLists automatic = NearestNeighbours.find(MIXTURE, 5, context);
            assertArrayEquals(reference.indices(), automatic.indices(), "auto is exact for a few thousand points");
            NearestNeighbours.find(MIXTURE, 5, context.withNeighbourSearch(NeighbourSearch.APPROXIMATE));
            Map<?, ?> report = (Map<?, ?>) notes.values().get("neighbourSearch");
            assertEquals("nn-descent", report.get("method"));
            assertEquals(NearestNeighbours.RECALL_SAMPLE, report.get("recallSample"));
            assertTrue((Double) report.get("recall") > 0.98, report.toString());
        }
        assertTrue(NeighbourSearch.AUTO.approximates(NeighbourSearch.AUTO_EXACT_LIMIT + 1, 2));
        assertTrue(!NeighbourSearch.AUTO.approximates(NeighbourSearch.AUTO_EXACT_LIMIT, 16));
        assertTrue(NeighbourSearch.AUTO.approximates(20_000, 784), "n² d beyond the exact budget");
        assertTrue(!NeighbourSearch.AUTO.approximates(20_000, 16), "Letter's size stays exact");
    }
}
