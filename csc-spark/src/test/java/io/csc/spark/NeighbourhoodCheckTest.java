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

    /**
     * The truth with every class cut in two at the median of its first feature, the labelled (or
     * constrained) points kept in their class.
     */
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
        if (labels.labelledBlocks().isEmpty()) {
            for (int point : labels.constrainedPoints()) {
                fitted[point] = truth[point];    // pairs: each end back in its class, as the pair wants it
            }
            return fitted;
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
                assertEquals(local(rows, gatheredFit), spark);
                // the labelled rows are those of the supervision, with their classes
                LabelledPoints block = labels.labelledBlocks().get(0);
                LabelledPoints gathered = rows.constraints().labelledBlocks().get(0);
                for (int t = 0; t < gathered.size(); t++) {
                    int point = indices[gathered.points()[t]];
                    assertEquals(MIXTURE.labels()[point], gathered.classes()[t]);
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

    /** The local check of the gathered rows, with the fit's clusters of them. */
    private static NeighbourhoodAgreement.Finding local(NeighbourhoodCheck.Rows rows, int[] gatheredFit) {
        int[] indices = Arrays.stream(rows.indices()).mapToInt(index -> (int) index).toArray();
        try (RunContext context = RunContext.sequential(7)) {
            return NeighbourhoodAgreement.of(MIXTURE.subset(indices), rows.constraints(), gatheredFit,
                    Arrays.stream(rows.sample()).sorted().toArray(), context).orElseThrow();
        }
    }

    @Test
    void withPairsAloneTheDistributedCheckReadsThePairsEnds() {
        // more pairs than the pool: the ends of the pooled pairs are gathered, each pair on its rows
        ConstraintSet pairs = ConstraintGenerator.randomPairs(MIXTURE.labels(), 1500, new SplittableRandom(5));
        try (DistributedPoints points = DistributedPoints.of(Frames.of(SharedSpark.session(), MIXTURE, 4), "features",
                null, null)) {
            Supervision supervision = Supervision.of(points, null, pairs);
            NeighbourhoodCheck.Rows rows = NeighbourhoodCheck.rows(MIXTURE.size(), supervision, 7).orElseThrow();
            assertEquals(NeighbourhoodAgreement.PAIR_POOL, rows.constraints().pairs().size());
            int[] indices = Arrays.stream(rows.indices()).mapToInt(index -> (int) index).toArray();
            java.util.Set<List<Integer>> given = new java.util.HashSet<>();
            pairs.pairs().forEach(pair -> given.add(List.of(pair.first(), pair.second(), pair.isMustLink() ? 1 : 0)));
            rows.constraints().pairs().forEach(pair -> assertTrue(given.contains(List.of(indices[pair.first()],
                    indices[pair.second()], pair.isMustLink() ? 1 : 0)), pair.toString()));
            int[] gatheredFit = Arrays.stream(indices).map(index -> MIXTURE.labels()[index]).toArray();
            NeighbourhoodAgreement.Finding spark = NeighbourhoodCheck.of(points, supervision,
                    distributed(points, MIXTURE.labels()), 7).orElseThrow();
            assertEquals(NeighbourhoodAgreement.Basis.PAIRS, spark.basis());
            assertEquals(local(rows, gatheredFit), spark);
            assertFalse(spark.contradicts(), spark.toString());
            // a fit that cuts every class: the same figures as the local check of its gathered rows
            // (on four balanced classes the pairs near a must-link are mostly cannot-links, so the
            // pairs' agreement is too low for this cut to contradict them)
            int[] split = splitFit(pairs);
            NeighbourhoodAgreement.Finding splitFinding = NeighbourhoodCheck.of(points, supervision,
                    distributed(points, split), 7).orElseThrow();
            assertEquals(local(rows, Arrays.stream(indices).map(index -> split[index]).toArray()), splitFinding);
            assertTrue(splitFinding.fitAgreement() < spark.fitAgreement(), splitFinding + " " + spark);
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
            // pairs alone: checked against the pairs
            ConstraintSet pairs = ConstraintGenerator.randomPairs(MIXTURE.labels(), 200, new SplittableRandom(6));
            ClusteringEngine.Fit withPairs = engine.fit(scaled, io.csc.data.FittedScaling.none(), pairs, "scacs",
                    ParameterValues.parse(List.of(LocalAgreementTest.RESTARTS)), 4, 5);
            @SuppressWarnings("unchecked")
            Map<String, Object> pairCheck = (Map<String, Object>) withPairs.result().diagnostics()
                    .value("neighbourhoodCheck");
            assertNotNull(pairCheck, withPairs.result().diagnostics().warnings().toString());
            assertEquals("pairs", pairCheck.get("basis"));
        }
    }
}
