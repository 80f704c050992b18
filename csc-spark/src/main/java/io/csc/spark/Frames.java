package io.csc.spark;

import io.csc.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** DataFrames of the core's data sets: columns id (row index), features (vector) and label (the truth, when known). */
public final class Frames {

    private Frames() {
    }

    /** The points of {@code data} in {@code partitions} partitions, rows in order. */
    public static org.apache.spark.sql.Dataset<Row> of(SparkSession session, Dataset data, int partitions) {
        StructType schema = new StructType().add("id", DataTypes.LongType, false).add("features", new VectorUDT(), false);
        if (data.hasLabels()) {
            schema = schema.add("label", DataTypes.StringType, false);
        }
        List<Row> rows = new ArrayList<>(data.size());
        for (int i = 0; i < data.size(); i++) {
            rows.add(data.hasLabels()
                    ? RowFactory.create((long) i, Vectors.dense(data.point(i)), data.classNames().get(data.label(i)))
                    : RowFactory.create((long) i, Vectors.dense(data.point(i))));
        }
        return session.createDataFrame(
                org.apache.spark.api.java.JavaSparkContext.fromSparkContext(session.sparkContext()).parallelize(rows,
                        partitions), schema);
    }
}
