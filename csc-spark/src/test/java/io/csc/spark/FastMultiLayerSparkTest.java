package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.metric.ClusteringMetrics;
import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import io.csc.spark.ml.ConstrainedClustering;
import io.csc.spark.ml.ConstrainedClusteringModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fast-csp-ml on Spark against the local engine, with labels and soft pairs: the same σ, the same
 * Ritz values of the modified Laplacian (so the constraint layers seen from the supervised points
 * are the local engine's exact layers), the same labels after matching; and its model.
 */
class FastMultiLayerSparkTest {

    static final Dataset DATA = LocalAgreementTest.MIXTURE;

    static final ConstraintSet LABELS = ConstraintGenerator.labelledPoints(DATA.labels(), 40, new SplittableRandom(3));

    static final ConstraintSet PAIRS = ConstraintGenerator.soft(ConstraintGenerator.randomPairs(DATA.labels(), 60,
            new SplittableRandom(4)), 0.5, 1.0, new SplittableRandom(5));

    static final List<String> PARAMETERS = List.of("samples=300", LocalAgreementTest.RESTARTS);

    @Test
    void sameSpectrumAndLabelsAsTheLocalEngine() {
        ClusteringResult local = local();
        ConstrainedClusteringModel model = estimator().fit(frame());
        Map<String, Object> spark = model.summary().diagnostics().values();
        Map<String, Object> expected = local.diagnostics().values();
        double sigma = (Double) expected.get("sigma");
        assertEquals(sigma, (Double) spark.get("sigma"), 1e-9 * sigma);
        assertArrayEquals((int[]) expected.get("layerDimensions"), (int[]) spark.get("layerDimensions"));
        assertEquals((Double) expected.get("constraintWeight"), (Double) spark.get("constraintWeight"), 1e-12);
        double[] eigenvalues = (double[]) expected.get("eigenvalues");
        assertArrayEquals(eigenvalues, (double[]) spark.get("eigenvalues"), 1e-6);
        double agreement = ClusteringMetrics.accuracy(local.labels(), labels(model.summary().predictions()));
        assertTrue(agreement >= 0.99, "agreement " + agreement);
    }

    @Test
    void itsModelPlacesPointsAsTheLocalModelAndPersists(@TempDir Path directory) throws Exception {
        ClusteringResult local = local();
        ConstrainedClusteringModel model = estimator().fit(frame());
        org.apache.spark.sql.Dataset<Row> points = Frames.of(SharedSpark.session(), DATA, 3);
        int[] placed = labels(model.transform(points));
        int[] localPlaced;
        try (RunContext context = RunContext.sequential(0)) {
            localPlaced = local.model().orElseThrow().predict(Scaling.ZSCORE.apply(DATA), context);
        }
        double agreement = ClusteringMetrics.accuracy(localPlaced, placed);
        assertTrue(agreement >= 0.99, "agreement of the placed points " + agreement);

        String saved = directory.resolve("model").toString();
        model.write().overwrite().save(saved);
        assertArrayEquals(placed, labels(ConstrainedClusteringModel.load(saved).transform(points)));
        FittedModel core = ModelFile.load(directory.resolve("model").resolve(ConstrainedClusteringModel.MODEL_FILE));
        try (RunContext context = RunContext.sequential(0)) {
            assertArrayEquals(placed, core.predict(DATA.withName("points"), context));
        }
        assertEquals("fast-csp-ml", core.provenance().method());
    }

    @Test
    void aFailedFirstAttemptOfItsKernelPassGivesIdenticalLabels() {
        SparkSession session = SharedSpark.session();
        int[] clean = labels(estimator().fit(frame()).summary().predictions());
        int before = FaultInjection.injected();
        int[] retried;
        try {
            session.sparkContext().setLocalProperty(FaultInjection.PROPERTY, "sampled kernel");
            retried = labels(estimator().fit(frame()).summary().predictions());
        } finally {
            session.sparkContext().setLocalProperty(FaultInjection.PROPERTY, null);
        }
        assertTrue(FaultInjection.injected() > before, "no failure injected");
        assertArrayEquals(clean, retried);
    }

    private static ClusteringResult local() {
        try (RunContext context = RunContext.of(5, 2)) {
            return AlgorithmRegistry.byName("fast-csp-ml").createWithoutSelection(ParameterValues.parse(PARAMETERS))
                    .fit(Scaling.ZSCORE.apply(DATA), LABELS.plus(PAIRS), 4, context);
        }
    }

    private static ConstrainedClustering estimator() {
        ConstrainedClustering estimator = new ConstrainedClustering().setMethod("fast-csp-ml").setK(4).setSeed(5)
                .setKnownLabelCol("known").setConstraints(pairs(SharedSpark.session()));
        for (String parameter : PARAMETERS) {
            String[] keyValue = parameter.split("=");
            estimator.setParameter(keyValue[0], keyValue[1]);
        }
        return estimator;
    }

    private static org.apache.spark.sql.Dataset<Row> frame() {
        return LocalAgreementTest.withKnownLabels(Frames.of(SharedSpark.session(), DATA, 4), LABELS);
    }

    /** The pairs as a constraints frame (i, j, type, weight) naming points by the id column, the row index. */
    private static org.apache.spark.sql.Dataset<Row> pairs(SparkSession session) {
        List<Row> rows = new ArrayList<>();
        for (Constraint pair : PAIRS.pairs()) {
            rows.add(RowFactory.create((long) pair.first(), (long) pair.second(), pair.isMustLink() ? "ML" : "CL",
                    pair.weight()));
        }
        StructType schema = new StructType().add("i", DataTypes.LongType).add("j", DataTypes.LongType)
                .add("type", DataTypes.StringType).add("weight", DataTypes.DoubleType);
        return session.createDataFrame(rows, schema);
    }

    private static int[] labels(org.apache.spark.sql.Dataset<Row> frame) {
        int[] labels = new int[DATA.size()];
        for (Row row : frame.select("id", "prediction").collectAsList()) {
            labels[(int) row.getLong(0)] = row.getInt(1);
        }
        return labels;
    }
}
