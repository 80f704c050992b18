package io.csc.spark.ml;

import io.csc.algorithm.Diagnostics;
import io.csc.spark.SparkClustering;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * What a fit found on its training points: their clusters as the method assigned them (with the
 * supervision applied: clamped labels, penalties), which {@code transform} on the same rows, a pure
 * out-of-sample placement, need not repeat; and the fit's diagnostics and time.
 */
public final class ClusteringSummary {

    private final Dataset<Row> training;
    private final SparkClustering.Fit fit;
    private final String predictionCol;

    ClusteringSummary(Dataset<Row> training, SparkClustering.Fit fit, String predictionCol) {
        this.training = training;
        this.fit = fit;
        this.predictionCol = predictionCol;
    }

    /** The clusters of the training points, one array per block of consecutive rows, in row order. */
    public JavaRDD<SparkClustering.LabelBlock> labelBlocks() {
        return fit.labels();
    }

    /** The training rows with their clusters in {@code predictionCol}. */
    public Dataset<Row> predictions() {
        StructType schema = training.schema().add(predictionCol, DataTypes.IntegerType, false);
        JavaRDD<Row> rows = training.javaRDD().zipPartitions(fit.labels().map(SparkClustering.LabelBlock::labels)
                .mapPartitions(ClusteringSummary::concatenate, true), (left, right) -> {
            List<Row> joined = new ArrayList<>();
            int[] labels = right.hasNext() ? right.next() : new int[0];
            int position = 0;
            while (left.hasNext()) {
                Row row = left.next();
                Object[] values = new Object[row.length() + 1];
                for (int t = 0; t < row.length(); t++) {
                    values[t] = row.get(t);
                }
                values[row.length()] = labels[position++];
                joined.add(RowFactory.create(values));
            }
            return joined.iterator();
        });
        return training.sparkSession().createDataFrame(rows, schema);
    }

    private static Iterator<int[]> concatenate(Iterator<int[]> blocks) {
        List<int[]> all = new ArrayList<>();
        int total = 0;
        while (blocks.hasNext()) {
            int[] block = blocks.next();
            all.add(block);
            total += block.length;
        }
        int[] joined = new int[total];
        int position = 0;
        for (int[] block : all) {
            System.arraycopy(block, 0, joined, position, block.length);
            position += block.length;
        }
        return List.of(joined).iterator();
    }

    /** The method's diagnostics: warnings, stage times, solver values. */
    public Diagnostics diagnostics() {
        return fit.diagnostics();
    }

    /** The time of the fit, in seconds. */
    public double seconds() {
        return fit.seconds();
    }
}
