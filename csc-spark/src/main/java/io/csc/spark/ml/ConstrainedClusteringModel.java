package io.csc.spark.ml;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A fitted {@link ConstrainedClustering}: the core's {@link FittedModel} (the scaling of fit, the
 * method's placement of new points, provenance). {@code transform} adds the cluster of each row,
 * placing the rows block by block on the executors with the core's out-of-sample map, exactly as
 * {@code csc predict} does. Saved as Spark's parameter metadata plus the core's model file at
 * {@code data/model.csc}, which {@code csc predict --model DIR} reads too.
 */
public class ConstrainedClusteringModel extends Model<ConstrainedClusteringModel> implements MLWritable {

    private static final long serialVersionUID = 1L;

    /** Where the core's model file lies inside a saved model's directory. */
    public static final String MODEL_FILE = "data/model.csc";

    private static final int BLOCK_ROWS = 4096;

    private final String uid;
    private final transient FittedModel model;
    private transient ClusteringSummary summary;

    private final Param<String> featuresCol;
    private final Param<String> predictionCol;

    public ConstrainedClusteringModel(String uid, FittedModel model) {
        this.uid = uid;
        this.featuresCol = new Param<>(this, "featuresCol", "the column of feature vectors");
        this.predictionCol = new Param<>(this, "predictionCol", "the column of clusters to add");
        this.model = model;
        setDefault(featuresCol, "features");
        setDefault(predictionCol, "prediction");
    }

    @Override
    public String uid() {
        return uid;
    }

    public Param<String> featuresCol() {
        return featuresCol;
    }

    public Param<String> predictionCol() {
        return predictionCol;
    }

    public ConstrainedClusteringModel setFeaturesCol(String value) {
        set(featuresCol, value);
        return this;
    }

    public ConstrainedClusteringModel setPredictionCol(String value) {
        set(predictionCol, value);
        return this;
    }

    /** The core's model: what {@code csc predict} uses. */
    public FittedModel fittedModel() {
        return model;
    }

    /** k. */
    public int clusters() {
        return model.clusters();
    }

    void setSummary(ClusteringSummary value) {
        this.summary = value;
    }

    /** Whether this model comes from a fit in this session (a loaded one has no summary). */
    public boolean hasSummary() {
        return summary != null;
    }

    /** The training points' clusters and the fit's diagnostics. */
    public ClusteringSummary summary() {
        if (summary == null) {
            throw new IllegalStateException("This model was loaded, not fitted here: it has no training summary");
        }
        return summary;
    }

    static StructType withPrediction(StructType schema, String features, String prediction) {
        StructField field = Arrays.stream(schema.fields()).filter(f -> f.name().equals(features)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No features column '" + features + "' among the columns "
                        + String.join(", ", schema.fieldNames())));
        if (!(field.dataType() instanceof VectorUDT)) {
            throw new IllegalArgumentException("The features column '" + features + "' holds "
                    + field.dataType().simpleString() + ", not vectors: assemble the features with VectorAssembler");
        }
        if (Arrays.asList(schema.fieldNames()).contains(prediction)) {
            throw new IllegalArgumentException("The column '" + prediction + "' exists already: set another predictionCol");
        }
        return schema.add(prediction, DataTypes.IntegerType, false);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        return withPrediction(schema, $(featuresCol), $(predictionCol));
    }

    @Override
    public org.apache.spark.sql.Dataset<Row> transform(org.apache.spark.sql.Dataset<?> dataset) {
        StructType output = transformSchema(dataset.schema());
        org.apache.spark.sql.Dataset<Row> frame = dataset.toDF();
        int featureIndex = frame.schema().fieldIndex($(featuresCol));
        byte[] bytes = modelBytes(model);
        Broadcast<byte[]> shared = org.apache.spark.api.java.JavaSparkContext.fromSparkContext(
                frame.sparkSession().sparkContext()).broadcast(bytes);
        int d = model.provenance().features();
        return frame.mapPartitions((org.apache.spark.api.java.function.MapPartitionsFunction<Row, Row>) rows ->
                place(rows, readModel(shared.value()), featureIndex, d), Encoders.row(output));
    }

    /** The rows of a partition with their clusters, placed {@value #BLOCK_ROWS} at a time. */
    private static Iterator<Row> place(Iterator<Row> rows, FittedModel model, int featureIndex, int d) {
        return new Iterator<>() {
            private final List<Row> buffered = new ArrayList<>();
            private int[] labels = new int[0];
            private int position;

            @Override
            public boolean hasNext() {
                if (position < buffered.size()) {
                    return true;
                }
                buffered.clear();
                position = 0;
                while (buffered.size() < BLOCK_ROWS && rows.hasNext()) {
                    buffered.add(rows.next());
                }
                if (buffered.isEmpty()) {
                    return false;
                }
                double[] features = new double[buffered.size() * d];
                for (int i = 0; i < buffered.size(); i++) {
                    Vector vector = (Vector) buffered.get(i).get(featureIndex);
                    if (vector == null || vector.size() != d) {
                        throw new IllegalArgumentException("A row has " + (vector == null ? "no features (null)"
                                : vector.size() + " features") + "; the model was fitted on " + d);
                    }
                    System.arraycopy(vector.toArray(), 0, features, i * d, d);
                }
                try (RunContext context = RunContext.sequential(0)) {
                    labels = model.predict(Dataset.unlabelled("block", buffered.size(), d, features), context);
                }
                return true;
            }

            @Override
            public Row next() {
                Row row = buffered.get(position);
                Object[] values = new Object[row.length() + 1];
                for (int t = 0; t < row.length(); t++) {
                    values[t] = row.get(t);
                }
                values[row.length()] = labels[position++];
                return RowFactory.create(values);
            }
        };
    }

    /** The core's model file of {@code model}, as bytes. */
    static byte[] modelBytes(FittedModel model) {
        try {
            Path file = Files.createTempFile("csc-model", ".csc");
            try {
                ModelFile.save(model, file);
                return Files.readAllBytes(file);
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the model to a temporary file: " + e.getMessage(), e);
        }
    }

    /** The model a core model file's bytes hold. */
    static FittedModel readModel(byte[] bytes) throws IOException {
        Path file = Files.createTempFile("csc-model", ".csc");
        try {
            Files.write(file, bytes);
            return ModelFile.load(file);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Override
    public ConstrainedClusteringModel copy(ParamMap extra) {
        ConstrainedClusteringModel copy = new ConstrainedClusteringModel(uid, model);
        copyValues(copy, extra);
        copy.summary = summary;
        return copy.setParent(parent());
    }

    @Override
    public MLWriter write() {
        return new Writer(this);
    }

    public static MLReader<ConstrainedClusteringModel> read() {
        return new Reader();
    }

    public static ConstrainedClusteringModel load(String path) {
        return read().load(path);
    }

    /** Writes the parameters as Spark's metadata and the model as the core's model file. */
    private static final class Writer extends MLWriter {
        private final ConstrainedClusteringModel instance;

        Writer(ConstrainedClusteringModel instance) {
            this.instance = instance;
        }

        @Override
        public void saveImpl(String path) {
            DefaultParamsWriter.saveMetadata(instance, path, sparkSession());
            try {
                org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(path, MODEL_FILE);
                FileSystem fileSystem = target.getFileSystem(hadoopConfiguration(sparkSession()));
                try (var out = fileSystem.create(target, true)) {
                    out.write(modelBytes(instance.model));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write " + path + "/" + MODEL_FILE + ": " + e.getMessage(), e);
            }
        }
    }

    /** Reads what {@link Writer} wrote. */
    private static final class Reader extends MLReader<ConstrainedClusteringModel> {
        @Override
        public ConstrainedClusteringModel load(String path) {
            DefaultParamsReader.Metadata metadata = DefaultParamsReader.loadMetadata(path, sparkSession(),
                    ConstrainedClusteringModel.class.getName());
            org.apache.hadoop.fs.Path source = new org.apache.hadoop.fs.Path(path, MODEL_FILE);
            byte[] bytes;
            try {
                FileSystem fileSystem = source.getFileSystem(hadoopConfiguration(sparkSession()));
                try (var in = fileSystem.open(source)) {
                    bytes = in.readAllBytes();
                }
                ConstrainedClusteringModel model = new ConstrainedClusteringModel(metadata.uid(), readModel(bytes));
                metadata.getAndSetParams(model, scala.Option.empty());
                return model;
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read " + source + ": " + e.getMessage(), e);
            }
        }
    }

    private static Configuration hadoopConfiguration(org.apache.spark.sql.SparkSession session) {
        return session.sparkContext().hadoopConfiguration();
    }
}
