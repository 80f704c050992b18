package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import io.csc.spark.ml.ConstrainedClustering;
import io.csc.spark.ml.ConstrainedClusteringModel;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Spark engine gives the local engine's labels (after matching) on the same data and seed. */
class LocalAgreementTest {

    /** Fewer restarts of the final k-means than the default 10, on both engines, for a faster test. */
    static final String RESTARTS = "kmeans-restarts=3";

    static final Dataset MIXTURE = new GaussianMixture(3000, 6, 4, 3.0, 7).generate();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lsc-r", "lsc-k", "scacs", "sc-pc", "fast-csp-ml"})
    void sameLabelsAsTheLocalEngine(String method) {
        ConstraintSet labels = ConstraintGenerator.labelledPoints(MIXTURE.labels(), 60, new SplittableRandom(3));
        boolean supervised = !method.startsWith("lsc");
        int[] local;
        try (RunContext context = RunContext.of(5, 2)) {
            Dataset scaled = Scaling.ZSCORE.apply(MIXTURE);
            local = AlgorithmRegistry.byName(method).createWithoutSelection(ParameterValues.parse(List.of(RESTARTS))).fit(scaled,
                    supervised ? labels : ConstraintSet.empty(scaled.size()), 4, context).labels();
        }
        org.apache.spark.sql.Dataset<Row> frame = withKnownLabels(Frames.of(SharedSpark.session(), MIXTURE, 4), labels);
        ConstrainedClustering estimator = new ConstrainedClustering().setMethod(method).setK(4).setSeed(5)
                .setParameter("kmeans-restarts", "3");
        if (supervised) {
            estimator.setKnownLabelCol("known");
        }
        ConstrainedClusteringModel model = estimator.fit(frame);
        int[] spark = new int[MIXTURE.size()];
        for (Row row : model.summary().predictions().select("id", "prediction").collectAsList()) {
            spark[(int) row.getLong(0)] = row.getInt(1);
        }
        double agreement = ClusteringMetrics.accuracy(local, spark);
        assertTrue(agreement >= 0.99, method + ": agreement " + agreement);
        assertEquals(4, model.clusters());
    }

    /** The frame with a column 'known': the truth of the labelled points, null elsewhere. */
    static org.apache.spark.sql.Dataset<Row> withKnownLabels(org.apache.spark.sql.Dataset<Row> frame, ConstraintSet labels) {
        java.util.Set<Long> known = new java.util.HashSet<>();
        for (int point : labels.constrainedPoints()) {
            known.add((long) point);
        }
        org.apache.spark.sql.Column isKnown = org.apache.spark.sql.functions.col("id").isin(known.toArray());
        return frame.withColumn("known", org.apache.spark.sql.functions.when(isKnown, frame.col("label")));
    }
}
