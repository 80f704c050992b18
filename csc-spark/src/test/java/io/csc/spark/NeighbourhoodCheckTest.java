package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.ParameterValues;
import io.csc.api.ClusteringEngine;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.selection.NeighbourhoodAgreement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.junit.jupiter.api.Test;

/** The Spark engine checks a fit against its labels as the local engine does, on the rows it gathers. */
class NeighbourhoodCheckTest {

    private static final Dataset MIXTURE = LocalAgreementTest.MIXTURE;

    /** The truth with every class cut in two at the median of its first feature, the labelled points kept in their class. */
    private static int[] splitFit(ConstraintSet labels) {
        int[] truth = MIXTURE.labels();
        int[] fitted = truth.clone();
        for (int c = 0; c < 4; c++) {
            int cluster = c;
            double[] first = java.util.stream.IntStream.range(0, MIXTURE.size()).filter(i -> truth[i] == cluster)
                    .mapToDouble(i -> MIXTURE.feature(i, 0)).sorted().toArray();
            double median = first[first.length / 2];
            for (int i = 0; i < fitted.length; i++) {
                if (truth[i] == c && MIXTURE.feature(i, 0) > median) {
                    fitted[i] = c + 4;
                }
            }
        }
        LabelledPoints block = labels.labelledBlocks().get(0);
        for (int t = 0; t < block.size(); t++) {
            fitted[block.points()[t]] = block.classes()[t];
        }
        return fitted;
    }

    private static JavaRDD<SparkClustering.LabelBlock> distributed(DistributedPoints points, int[] fitted) {
        return points.blocks().map(block -> new SparkClustering.LabelBlock(block.firstIndex(),
                Arrays.copyOfRange(fitted, (int) block.firstIndex(), (int) block.firstIndex() + block.rows())));
    }

    @Test
    void theDistributedCheckIsTheLocalCheckOfTheRowsItGathers() {
        ConstraintSet labels = ConstraintGenerator.labelledPoints(MIXTURE.labels(), 300, new SplittableRandom(4));
        try (DistributedPoints points = DistributedPoints.of(Frames.of(SharedSpark.session(), MIXTURE, 4), "features",
                null, null)) {
            Supervision supervision = Supervision.of(points, null, labels);
            for (int[] fitted : List.of(MIXTURE.labels(), splitFit(labels))) {
                NeighbourhoodAgreement.Finding spark = NeighbourhoodCheck.of(points, supervision,
                        distributed(points, fitted), 7).orElseThrow();
                NeighbourhoodCheck.Rows rows = NeighbourhoodCheck.rows(MIXTURE.size(), supervision, 7).orElseThrow();
                int[] indices = Arrays.stream(rows.indices()).mapToInt(index -> (int) index).toArray();
                int[] gatheredFit = Arrays.stream(indices).map(index -> fitted[index]).toArray();
                NeighbourhoodAgreement.Finding local;
                try (RunContext context = RunContext.sequential(7)) {
                    local = NeighbourhoodAgreement.of(MIXTURE.subset(indices),
                            ConstraintSet.fromLabels(indices.length, rows.labelled(), rows.classes()), gatheredFit,
                            Arrays.stream(rows.sample()).sorted().toArray(), context).orElseThrow();
                }
                assertEquals(local, spark);
                // the labelled rows are those of the supervision, with their classes
                LabelledPoints block = labels.labelledBlocks().get(0);
                for (int t = 0; t < rows.labelled().length; t++) {
                    int point = indices[rows.labelled()[t]];
                    assertEquals(MIXTURE.labels()[point], rows.classes()[t]);
                    assertTrue(Arrays.stream(block.points()).anyMatch(p -> p == point));
                }
            }
            NeighbourhoodAgreement.Finding truth = NeighbourhoodCheck.of(points, supervision,
                    distributed(points, MIXTURE.labels()), 7).orElseThrow();
            NeighbourhoodAgreement.Finding split = NeighbourhoodCheck.of(points, supervision,
                    distributed(points, splitFit(labels)), 7).orElseThrow();
            assertFalse(truth.contradicts(), truth.toString());
            assertTrue(split.contradicts(), split.toString());
        }
    }

    @Test
    void theDefaultFitReportsTheCheckAndSelectNoneDoesNot() {
        SharedSpark.session();
        ConstraintSet labels = ConstraintGenerator.labelledPoints(MIXTURE.labels(), 60, new SplittableRandom(3));
        Dataset scaled = Scaling.ZSCORE.apply(MIXTURE);
        try (ClusteringEngine engine = ClusteringEngine.start("spark", null)) {
            ClusteringEngine.Fit checked = engine.fit(scaled, io.csc.data.FittedScaling.none(), labels, "scacs",
                    ParameterValues.parse(List.of(LocalAgreementTest.RESTARTS)), 4, 5);
            @SuppressWarnings("unchecked")
            Map<String, Object> check = (Map<String, Object>) checked.result().diagnostics().value("neighbourhoodCheck");
            assertNotNull(check, checked.result().diagnostics().warnings().toString());
            assertEquals(false, check.get("contradicts"));
            assertTrue(checked.result().diagnostics().stageSeconds().containsKey(NeighbourhoodAgreement.STAGE));
            ClusteringEngine.Fit asSet = engine.fit(scaled, io.csc.data.FittedScaling.none(), labels, "scacs",
                    ParameterValues.parse(List.of(LocalAgreementTest.RESTARTS, "select=none")), 4, 5);
            assertEquals(null, asSet.result().diagnostics().value("neighbourhoodCheck"));
            assertTrue(Arrays.equals(checked.result().labels(), asSet.result().labels()), "the check changes no label");
        }
    }
}
