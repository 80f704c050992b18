package io.csc.spark.ml;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import io.csc.spark.DistributedPoints;
import io.csc.spark.SparkClustering;
import io.csc.spark.Supervision;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * A linear-time constrained spectral clustering method as a spark.ml {@link Estimator}: lsc-r, lsc-k,
 * scacs, sc-pc or fast-csp-ml (the {@code method} parameter, {@link SparkClustering#METHODS}). {@link #fit} runs
 * the method on the executors ({@link SparkClustering}) and returns a {@link ConstrainedClusteringModel}
 * whose {@code transform} adds the cluster of each row; the training points' clusters, with the
 * supervision applied, are in its {@link ConstrainedClusteringModel#summary() summary}.
 *
 * <p>Input: a vector column of features ({@code featuresCol}); optionally a column of known labels
 * ({@code knownLabelCol}, null meaning unlabelled) and/or a constraints DataFrame
 * ({@link #setConstraints}: columns i, j, type (ML/CL or 1/-1) and optionally weight in (0, 1]) naming
 * points by {@code idCol} (by row position when not set). The method's own options are the command
 * line's {@code --param KEY=VALUE} ({@code parameters}, see {@code csc algorithms}); features are
 * scaled first ({@code scaling}: zscore, the default, minmax or none), and the model scales new
 * points the same way. Saved and loaded through {@code MLWritable}/{@code MLReadable}, so it works
 * inside a {@code Pipeline}.
 */
public class ConstrainedClustering extends Estimator<ConstrainedClusteringModel> implements DefaultParamsWritable {

    private static final long serialVersionUID = 1L;

    private final String uid;
    private transient Dataset<Row> constraints;

    private final Param<String> method;
    private final Param<String> featuresCol;
    private final Param<String> predictionCol;
    private final Param<String> knownLabelCol;
    private final Param<String> idCol;
    private final IntParam k;
    private final LongParam seed;
    private final Param<String> scaling;
    private final StringArrayParam parameters;

    public ConstrainedClustering() {
        this(Identifiable.randomUID("csc"));
    }

    public ConstrainedClustering(String uid) {
        this.uid = uid;
        this.method = new Param<>(this, "method",
            "the method: " + String.join(", ", SparkClustering.METHODS));
        this.featuresCol = new Param<>(this, "featuresCol", "the column of feature vectors");
        this.predictionCol = new Param<>(this, "predictionCol", "the column of clusters to add");
        this.knownLabelCol = new Param<>(this, "knownLabelCol",
            "a column of known labels, null meaning unlabelled; empty for none");
        this.idCol = new Param<>(this, "idCol",
            "the column of point ids the constraints name (integers); empty: the row position");
        this.k = new IntParam(this, "k", "the number of clusters (>= 1)");
        this.seed = new LongParam(this, "seed", "the seed of all randomness");
        this.scaling = new Param<>(this, "scaling", "feature scaling: zscore, minmax or none");
        this.parameters = new StringArrayParam(this, "parameters",
            "the method's options as KEY=VALUE, as csc's --param (see 'csc algorithms')");
        setDefault(method, "scacs");
        setDefault(featuresCol, "features");
        setDefault(predictionCol, "prediction");
        setDefault(knownLabelCol, "");
        setDefault(idCol, "");
        setDefault(k, 2);
        setDefault(seed, 42L);
        setDefault(scaling, "zscore");
        setDefault(parameters, new String[0]);
    }

    @Override
    public String uid() {
        return uid;
    }

    public Param<String> method() {
        return method;
    }

    public Param<String> featuresCol() {
        return featuresCol;
    }

    public Param<String> predictionCol() {
        return predictionCol;
    }

    public Param<String> knownLabelCol() {
        return knownLabelCol;
    }

    public Param<String> idCol() {
        return idCol;
    }

    public IntParam k() {
        return k;
    }

    public LongParam seed() {
        return seed;
    }

    public Param<String> scaling() {
        return scaling;
    }

    public StringArrayParam parameters() {
        return parameters;
    }

    public ConstrainedClustering setMethod(String value) {
        AlgorithmRegistry.byName(value);
        set(method, value);
        return this;
    }

    public ConstrainedClustering setFeaturesCol(String value) {
        set(featuresCol, value);
        return this;
    }

    public ConstrainedClustering setPredictionCol(String value) {
        set(predictionCol, value);
        return this;
    }

    public ConstrainedClustering setKnownLabelCol(String value) {
        set(knownLabelCol, value == null ? "" : value);
        return this;
    }

    public ConstrainedClustering setIdCol(String value) {
        set(idCol, value == null ? "" : value);
        return this;
    }

    public ConstrainedClustering setK(int value) {
        if (value < 1) {
            throw new IllegalArgumentException("Invalid k: " + value + " (must be >= 1)");
        }
        set(k, value);
        return this;
    }

    public ConstrainedClustering setSeed(long value) {
        set(seed, value);
        return this;
    }

    public ConstrainedClustering setScaling(String value) {
        scalingOf(value);
        set(scaling, value);
        return this;
    }

    /** Sets one of the method's options, as {@code --param key=value}; checked at once. */
    public ConstrainedClustering setParameter(String key, String value) {
        List<String> all = new ArrayList<>(Arrays.asList($(parameters)));
        all.removeIf(item -> item.startsWith(key + "="));
        all.add(key + "=" + value);
        String[] updated = all.toArray(new String[0]);
        AlgorithmRegistry.byName($(method)).effectiveParameters(ParameterValues.parse(Arrays.asList(updated)));
        set(parameters, updated);
        return this;
    }

    /**
     * Pairwise constraints: columns i, j (point ids, of {@code idCol} or row positions), type (ML or
     * CL, or 1 or -1) and optionally weight in (0, 1]. Not a parameter: not saved with the estimator.
     */
    public ConstrainedClustering setConstraints(Dataset<Row> pairs) {
        this.constraints = pairs;
        return this;
    }

    @Override
    public ConstrainedClusteringModel fit(Dataset<?> dataset) {
        transformSchema(dataset.schema());
        Dataset<Row> frame = dataset.toDF();
        String id = $(idCol).isEmpty() ? null : $(idCol);
        String known = $(knownLabelCol).isEmpty() ? null : $(knownLabelCol);
        DistributedPoints raw = DistributedPoints.of(frame, $(featuresCol), id, known);
        FittedScaling fitted = raw.fitScaling(scalingOf($(scaling)));
        try (DistributedPoints points = raw.scaled(fitted)) {
            Supervision supervision = Supervision.of(points, constraints, null);
            SparkClustering.Fit fit = SparkClustering.fit($(method), ParameterValues.parse(Arrays.asList($(parameters))),
                    points, fitted, supervision, (Integer) $(k), (Long) $(seed), featureNames(points.dimension()));
            ConstrainedClusteringModel model = new ConstrainedClusteringModel(uid, fit.model());
            model.setFeaturesCol($(featuresCol)).setPredictionCol($(predictionCol));
            model.setSummary(new ClusteringSummary(frame, fit, $(predictionCol)));
            return model.setParent(this);
        }
    }

    private static List<String> featureNames(int d) {
        List<String> names = new ArrayList<>(d);
        for (int t = 0; t < d; t++) {
            names.add("f" + t);
        }
        return names;
    }

    static Scaling scalingOf(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "zscore", "z-score" -> Scaling.ZSCORE;
            case "minmax", "min-max" -> Scaling.MINMAX;
            case "none" -> Scaling.NONE;
            default -> throw new IllegalArgumentException("Invalid scaling '" + text + "': expected zscore, minmax or none");
        };
    }

    @Override
    public StructType transformSchema(StructType schema) {
        return ConstrainedClusteringModel.withPrediction(schema, $(featuresCol), $(predictionCol));
    }

    @Override
    public ConstrainedClustering copy(ParamMap extra) {
        ConstrainedClustering copy = (ConstrainedClustering) defaultCopy(extra);
        copy.constraints = constraints;
        return copy;
    }

    public static MLReader<ConstrainedClustering> read() {
        return new DefaultParamsReader<>();
    }

    public static ConstrainedClustering load(String path) {
        return read().load(path);
    }
}
