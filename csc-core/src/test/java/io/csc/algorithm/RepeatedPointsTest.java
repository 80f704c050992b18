package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.testing.GoldenRuns;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Data whose every point has more copies than the methods take neighbours or landmarks per point,
 * as binary or ordinal features give: three clusters of ten distinct coordinates, 15 copies of each.
 * Counted once, the coordinates are three clear clusters; counted with their copies, a point's
 * nearest neighbours and nearest landmarks were its own copies only, and the graphs fell apart into
 * the 30 coordinates (or the bandwidth was 0). (LSC is left out: with clusters this far apart its
 * landmark graph has one component per cluster, and LSC drops one of their indicator vectors as the
 * trivial one, duplicates or not.)
 */
class RepeatedPointsTest {

    private static Dataset repeatedClusters() {
        SplittableRandom random = new SplittableRandom(11);
        int clusters = 3;
        int coordinates = 10;
        int copies = 15;
        int n = clusters * coordinates * copies;
        double[] features = new double[2 * n];
        int[] labels = new int[n];
        int i = 0;
        for (int c = 0; c < clusters; c++) {
            for (int s = 0; s < coordinates; s++) {
                double x = 10 * c + random.nextDouble() * 3;
                double y = random.nextDouble() * 3;
                for (int t = 0; t < copies; t++) {
                    features[2 * i] = x;
                    features[2 * i + 1] = y;
                    labels[i++] = c;
                }
            }
        }
        return Dataset.labelled("repeated", n, 2, features, labels, List.of("a", "b", "c"), null);
    }

    @ParameterizedTest
    @CsvSource({"njw,", "njw,graph=knn", "scacs,", "e2cp,", "sl,", "csp-ml,"})
    void everyCoordinateIsCountedOnceWhenTheNeighboursAreChosen(String method, String parameter) {
        Map<String, String> parameters = parameter == null ? Map.of()
                : Map.of(parameter.split("=")[0], parameter.split("=")[1]);
        Dataset data = repeatedClusters();
        ClusteringResult result = GoldenRuns.fit(GoldenRuns.unguarded(method, parameters), data,
                ConstraintSet.empty(data.size()), 1);
        double accuracy = GoldenRuns.accuracy(data, result.labels());
        assertTrue(accuracy > 0.99, method + " " + parameters + ": ACC " + accuracy);
    }
}
