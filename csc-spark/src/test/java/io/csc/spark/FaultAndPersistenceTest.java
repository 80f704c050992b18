package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import io.csc.spark.ml.ConstrainedClustering;
import io.csc.spark.ml.ConstrainedClusteringModel;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task that fails once changes nothing; models go through a Pipeline's save and load and csc's model file. */
class FaultAndPersistenceTest {

    static final Dataset DATA = new GaussianMixture(2000, 5, 3, 4.0, 11).generate();

    @Test
    void aFailedFirstAttemptGivesIdenticalLabels() {
        SparkSession session = SharedSpark.session();
        org.apache.spark.sql.Dataset<Row> frame = LocalAgreementTest.withKnownLabels(Frames.of(session, DATA, 4),
                io.csc.constraint.ConstraintGenerator.labelledPoints(DATA.labels(), 40, new java.util.SplittableRandom(1)));
        int[] clean = labels(fit(frame));
        int before = FaultInjection.injected();
        int[] retried;
        try {
            session.sparkContext().setLocalProperty(FaultInjection.PROPERTY, "sparse coding,kmeans");
            retried = labels(fit(frame));
        } finally {
            session.sparkContext().setLocalProperty(FaultInjection.PROPERTY, null);
        }
        assertTrue(FaultInjection.injected() >= before + 2, "failures injected: " + (FaultInjection.injected() - before));
        assertArrayEquals(clean, retried);
    }

    @Test
    void pipelineModelsAreSavedAndLoaded(@TempDir Path directory) throws Exception {
        SparkSession session = SharedSpark.session();
        org.apache.spark.sql.Dataset<Row> frame = Frames.of(session, DATA, 3);
        ConstrainedClustering estimator = new ConstrainedClustering().setMethod("lsc-r").setK(3).setSeed(3)
                .setParameter("landmarks", "200").setParameter("kmeans-restarts", "2");
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {estimator});
        pipeline.write().overwrite().save(directory.resolve("pipeline").toString());
        Pipeline loadedPipeline = Pipeline.load(directory.resolve("pipeline").toString());
        ConstrainedClustering loadedEstimator = (ConstrainedClustering) loadedPipeline.getStages()[0];
        assertEquals(List.of("landmarks=200", "kmeans-restarts=2"),
                List.of(loadedEstimator.getOrDefault(loadedEstimator.parameters())));

        PipelineModel fitted = loadedPipeline.fit(frame);
        String saved = directory.resolve("model").toString();
        fitted.write().overwrite().save(saved);
        PipelineModel loaded = PipelineModel.load(saved);
        int[] before = predictions(fitted.transform(frame));
        int[] after = predictions(loaded.transform(frame));
        assertArrayEquals(before, after);

        // The stage's directory holds csc's model file, which the local engine places points with.
        Path stage = java.nio.file.Files.list(directory.resolve("model").resolve("stages")).findFirst().orElseThrow();
        FittedModel core = ModelFile.load(stage.resolve(ConstrainedClusteringModel.MODEL_FILE));
        try (io.csc.api.RunContext context = io.csc.api.RunContext.sequential(0)) {
            assertArrayEquals(before, core.predict(DATA.withName("points"), context));
        }
        assertEquals("lsc-r", core.provenance().method());
    }

    private static ConstrainedClusteringModel fit(org.apache.spark.sql.Dataset<Row> frame) {
        return new ConstrainedClustering().setMethod("scacs").setK(3).setSeed(9).setKnownLabelCol("known")
                .setParameter("landmarks", "150").fit(frame);
    }

    private static int[] labels(ConstrainedClusteringModel model) {
        return predictions(model.summary().predictions());
    }

    private static int[] predictions(org.apache.spark.sql.Dataset<Row> frame) {
        int[] labels = new int[DATA.size()];
        for (Row row : frame.select("id", "prediction").collectAsList()) {
            labels[(int) row.getLong(0)] = row.getInt(1);
        }
        return labels;
    }
}
