package io.csc.spark;

import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.ClusteringEngine;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark engine of the command line ({@code csc cluster --engine spark}): fits on a Spark
 * session, gets or creates on the given master, and hands the labels back in row order so that the
 * command prints, writes and scores them as the local engine's (4 bytes per point on the driver:
 * the command line's output, not the fit's working set).
 */
public final class SparkEngine implements ClusteringEngine {

    /** Rows per Parquet file written by {@link #writeParquet}. */
    private static final int WRITE_CHUNK = 500_000;

    private final SparkSession session;
    private final boolean owned;

    private SparkEngine(SparkSession session, boolean owned) {
        this.session = session;
        this.owned = owned;
    }

    /** Found by {@link ClusteringEngine#start}. */
    public static final class Provider implements ClusteringEngine.Provider {
        @Override
        public String name() {
            return "spark";
        }

        @Override
        public ClusteringEngine start(String master) {
            SparkLogging.quiet();
            boolean existing = SparkSession.getActiveSession().isDefined() || SparkSession.getDefaultSession().isDefined();
            SparkSession.Builder builder = SparkSession.builder().appName("csc");
            if (master != null) {
                builder.master(SparkMaster.require(master));
                SparkMaster.requireReachable(master);
            } else if (!existing && System.getProperty("spark.master") == null) {
                builder.master("local[*]");
            }
            if (System.getProperty("spark.ui.enabled") == null) {
                builder.config("spark.ui.enabled", "false");
            }
            SparkSession session;
            try {
                session = builder.config("spark.ui.showConsoleProgress", "false").getOrCreate();
            } catch (UnsupportedOperationException unsupported) {
                throw unsupportedJava(unsupported);
            }
            session.sparkContext().setLogLevel("WARN");
            return new SparkEngine(session, !existing);
        }
    }

    /**
     * The error for a Java that Spark's Hadoop client cannot run on: from Java 23 on,
     * {@code Subject.getSubject} throws unless a security manager is allowed, and Java 24 removed
     * that choice, so Hadoop 3.4's user lookup fails as Spark starts. Named with what to do, rather
     * than as an internal error.
     */
    static RuntimeException unsupportedJava(UnsupportedOperationException unsupported) {
        int feature = Runtime.version().feature();
        if (String.valueOf(unsupported.getMessage()).contains("getSubject")) {
            return new IllegalStateException("Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION()
                    + " cannot start on Java " + feature + " (its Hadoop client calls Subject.getSubject, which Java "
                    + "23 and later refuse): run the Spark engine on Java 17 or 21, e.g. JAVA_HOME=/path/to/jdk-21 "
                    + "./csc ... (the launcher runs JAVA_HOME's java); the local engine runs on any Java from 17",
                    unsupported);
        }
        return unsupported;
    }

    @Override
    public Fit fit(Dataset scaled, FittedScaling scaling, ConstraintSet constraints, String method, ParameterValues values,
                   int k, long seed) {
        int partitions = Math.max(session.sparkContext().defaultParallelism(), (scaled.size() + 99_999) / 100_000);
        org.apache.spark.sql.Dataset<Row> frame = Frames.of(session, scaled, partitions);
        try (DistributedPoints points = DistributedPoints.of(frame, "features", null, null)) {
            Supervision supervision = Supervision.of(points, null, constraints);
            SparkClustering.Fit fit = SparkClustering.fit(method, values, points, scaling, supervision, k, seed,
                    scaled.featureNames());
            return result(fit, scaled.size(), k);
        }
    }

    @Override
    public Fit fit(Path directory, String labelColumn, Scaling scaling, IntFunction<ConstraintSet> supervisionOf,
                   String method, ParameterValues values, Integer k, long seed, Consumer<int[]> truth) {
        org.apache.spark.sql.Dataset<Row> frame = session.read().parquet(directory.toString());
        List<String> columns = Arrays.asList(frame.columns());
        String label = labelColumn != null ? labelColumn : columns.contains("label") ? "label" : null;
        if (labelColumn != null && !columns.contains(labelColumn)) {
            throw new IllegalArgumentException(directory + " has no column '" + labelColumn + "' (columns: "
                    + String.join(", ", columns) + ")");
        }
        String id = columns.contains("id") ? "id" : null;
        // rows in the order of their ids: Spark lists a directory's files in no fixed order, and the
        // truth, the labels printed and the known labels drawn from the truth are in row order, so
        // with the ids 0..n-1 that csc generate writes, row i is point id i for every one of them
        org.apache.spark.sql.Dataset<Row> ordered = id == null ? frame : frame.sort(id);
        org.apache.spark.sql.Dataset<Row> assembled = withFeatures(ordered, directory, id, label);
        DistributedPoints raw;
        try {
            raw = DistributedPoints.of(assembled, "features", id, label, featureColumns(frame, id, label));
        } catch (IllegalArgumentException unreadable) {
            throw new DataException(directory + ": " + unreadable.getMessage(), unreadable);
        }
        DistributedPoints.IdMismatch mismatch = raw.idMismatch();
        if (mismatch != null) {
            // the supervision files, the known labels drawn and the labels printed all name points by row
            raw.close();
            throw new DataException(directory + ": row " + mismatch.row() + " (in the order of the ids) has id "
                    + mismatch.id() + ": the command line names points by ids 0..n-1, one per row, as csc generate "
                    + "--format parquet writes them; number the rows 0.." + (raw.size() - 1) + " in the id column "
                    + "(ids repeated or skipped are refused)");
        }
        FittedScaling fitted = raw.fitScaling(scaling);
        try (DistributedPoints points = raw.scaled(fitted)) {
            long n = points.size();
            if (n > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(directory + " has " + n + " points: the command line handles at most "
                        + Integer.MAX_VALUE);
            }
            int[] classes = label == null ? null : truth(points, directory, label);
            int clusters = k != null ? k : classes == null ? -1 : (int) Arrays.stream(classes).distinct().count();
            if (clusters < 1) {
                throw new IllegalArgumentException(directory + " has no label column to take the number of clusters "
                        + "from: give -k");
            }
            if (classes != null) {
                truth.accept(classes);
            }
            ConstraintSet given = supervisionOf.apply((int) n);
            // the label column is the ground truth here: the supervision is what the command line drew or read
            Supervision supervision = Supervision.ofGiven(id == null ? given : byId(points, given));
            List<String> names = new ArrayList<>(Arrays.asList(assembledNames(frame, id, label)));
            SparkClustering.Fit fit = SparkClustering.fit(method, values, points, fitted, supervision, clusters, seed, names);
            return result(fit, (int) n, clusters);
        }
    }

    /** The supervision of the Spark points' labelled rows (their labels as class ids), the truth of every point. */
    private static int[] truth(DistributedPoints points, Path directory, String label) {
        List<String> names = points.blocks().flatMap(block -> Arrays.asList(block.labelValues()).iterator()).distinct()
                .collect();
        List<String> sorted = new ArrayList<>(names);
        boolean numeric = sorted.stream().allMatch(text -> text.matches("-?[0-9]+(\\.[0-9]+)?"));
        sorted.sort(numeric ? java.util.Comparator.comparingDouble(Double::parseDouble)
                : java.util.Comparator.naturalOrder());
        List<int[]> blocks = points.blocks().map(block -> {
            int[] classes = new int[block.rows()];
            Arrays.fill(classes, -1);
            for (int t = 0; t < block.labelledRows().length; t++) {
                classes[block.labelledRows()[t]] = sorted.indexOf(block.labelValues()[t]);
            }
            return classes;
        }).collect();
        int[] all = new int[(int) points.size()];
        int position = 0;
        for (int[] block : blocks) {
            System.arraycopy(block, 0, all, position, block.length);
            position += block.length;
        }
        for (int i = 0; i < all.length; i++) {
            if (all[i] < 0) {
                throw new DataException(directory + ": row " + i + " has no label (null) in the column '" + label
                        + "', the truth the results are scored against: give every row its class, or write the "
                        + "directory without that column to cluster without scoring");
            }
        }
        return all;
    }

    /** The supervision given over point ids, re-indexed onto rows. */
    private static ConstraintSet byId(DistributedPoints points, ConstraintSet byId) {
        long[] ids = Arrays.stream(byId.constrainedPoints()).mapToLong(i -> i).toArray();
        long[] rows = Supervision.rowsOfIds(points, ids);
        java.util.Map<Integer, Integer> row = new java.util.HashMap<>();
        for (int t = 0; t < ids.length; t++) {
            row.put((int) ids[t], (int) rows[t]);
        }
        List<Constraint> pairs = new ArrayList<>();
        for (Constraint pair : byId.pairs()) {
            pairs.add(new Constraint(row.get(pair.first()), row.get(pair.second()), pair.type(), pair.weight()));
        }
        List<LabelledPoints> blocks = new ArrayList<>();
        for (LabelledPoints block : byId.labelledBlocks()) {
            blocks.add(new LabelledPoints(Arrays.stream(block.points()).map(row::get).toArray(), block.classes(),
                    block.cannotLinkBetweenClasses(), block.confidences()));
        }
        return ConstraintSet.of(byId.pointCount(), pairs, blocks);
    }

    /** The frame with a vector column 'features': as it is, or assembled from the numeric columns but id and label. */
    private static org.apache.spark.sql.Dataset<Row> withFeatures(org.apache.spark.sql.Dataset<Row> frame, Path where,
                                                                  String id, String label) {
        if (isVectorFrame(frame)) {
            return frame;
        }
        List<String> other = new ArrayList<>();
        for (StructField field : frame.schema().fields()) {
            if (!(field.dataType() instanceof NumericType) && !field.name().equals(id) && !field.name().equals(label)) {
                other.add("'" + field.name() + "' (" + field.dataType().simpleString() + ")");
            }
        }
        if (!other.isEmpty()) {
            // left out without a word, such a column would cluster the points on the other features alone
            throw new DataException(where + " has columns that are not numbers: " + String.join(", ", other)
                    + "; the Spark engine clusters every column but id and label, or the vector column 'features': "
                    + "write the directory without them (or with a 'features' vector), or name the label by --label-column");
        }
        String[] inputs = assembledNames(frame, id, label);
        if (inputs.length == 0) {
            throw new DataException(where + " has no numeric feature column and no vector column 'features'");
        }
        // a null or NaN becomes NaN, which DistributedPoints refuses with its row and column on the driver:
        // "error" would fail the task inside the assembler, with Spark's stack trace and no row
        return new VectorAssembler().setInputCols(inputs).setOutputCol("features").setHandleInvalid("keep")
                .transform(frame);
    }

    /** The names of the features' positions: the columns assembled, or null for a vector column. */
    private static List<String> featureColumns(org.apache.spark.sql.Dataset<Row> frame, String id, String label) {
        return isVectorFrame(frame) ? null : Arrays.asList(assembledNames(frame, id, label));
    }

    private static boolean isVectorFrame(org.apache.spark.sql.Dataset<Row> frame) {
        return Arrays.stream(frame.schema().fields()).anyMatch(f -> f.name().equals("features")
                && f.dataType() instanceof VectorUDT);
    }

    private static String[] assembledNames(org.apache.spark.sql.Dataset<Row> frame, String id, String label) {
        List<String> names = new ArrayList<>();
        for (StructField field : frame.schema().fields()) {
            if (field.dataType() instanceof NumericType && !field.name().equals(id) && !field.name().equals(label)) {
                names.add(field.name());
            }
        }
        return names.toArray(new String[0]);
    }

    private static Fit result(SparkClustering.Fit fit, int n, int k) {
        int[] labels = new int[n];
        fit.labels().toLocalIterator().forEachRemaining(block ->
                System.arraycopy(block.labels(), 0, labels, (int) block.firstIndex(), block.labels().length));
        fit.labels().unpersist(false);
        return new Fit(new ClusteringResult(fit.model().provenance().method(), labels, k, null, fit.seconds(),
                fit.diagnostics(), fit.model().placement()), fit.model());
    }

    @Override
    public void writeParquet(Dataset data, Path directory) {
        int d = data.dimension();
        StructType schema = new StructType().add("id", DataTypes.LongType, false);
        List<String> names = data.featureNames();
        for (int t = 0; t < d; t++) {
            schema = schema.add(names.size() == d ? names.get(t) : "x" + t, DataTypes.DoubleType, false);
        }
        if (data.hasLabels()) {
            schema = schema.add("label", DataTypes.StringType, false);
        }
        for (int start = 0; start < data.size(); start += WRITE_CHUNK) {
            int end = Math.min(data.size(), start + WRITE_CHUNK);
            List<Row> rows = new ArrayList<>(end - start);
            for (int i = start; i < end; i++) {
                Object[] values = new Object[1 + d + (data.hasLabels() ? 1 : 0)];
                values[0] = (long) i;
                for (int t = 0; t < d; t++) {
                    values[1 + t] = data.feature(i, t);
                }
                if (data.hasLabels()) {
                    values[1 + d] = data.classNames().get(data.label(i));
                }
                rows.add(RowFactory.create(values));
            }
            session.createDataFrame(rows, schema).coalesce(1).write()
                    .mode(start == 0 ? SaveMode.Overwrite : SaveMode.Append).parquet(directory.toString());
        }
    }

    @Override
    public String describe() {
        return "spark " + session.sparkContext().master() + ", executors: "
                + io.csc.linalg.LinearAlgebra.describe(io.csc.linalg.LinearAlgebra.defaultBackend());
    }

    @Override
    public void close() {
        if (owned) {
            session.stop();
        }
    }
}
