package io.csc.spark;

import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.storage.StorageLevel;

/**
 * A DataFrame's points as cached blocks of row-major features with a global row index: the index
 * of a row is its position in the DataFrame (partition by partition, in order), which is what the
 * local engine calls a point's row. Built in two passes over the input: the points per partition
 * (checked: one vector per row, all of one length, finite values), then the blocks.
 */
public final class DistributedPoints implements AutoCloseable {

    /** Rows per block: the core's kernels take a block at a time. */
    public static final int BLOCK_ROWS = 4096;

    private final JavaRDD<PointBlock> blocks;
    private final long size;
    private final int dimension;
    private final IdMismatch idMismatch;

    private DistributedPoints(JavaRDD<PointBlock> blocks, long size, int dimension, IdMismatch idMismatch) {
        this.blocks = blocks;
        this.size = size;
        this.dimension = dimension;
        this.idMismatch = idMismatch;
    }

    /**
     * The points of {@code frame}.
     *
     * @param featuresColumn a column of vectors
     * @param idColumn a column of integral ids the constraints name the points by, or null to name them
     *     by their row index
     * @param labelColumn a column of known labels, null meaning unlabelled, or null for none
     */
    public static DistributedPoints of(Dataset<Row> frame, String featuresColumn, String idColumn, String labelColumn) {
        return of(frame, featuresColumn, idColumn, labelColumn, null);
    }

    /**
     * As {@link #of(Dataset, String, String, String)}, naming a bad value by the column it came from:
     * {@code featureNames} names the positions of the vectors (the columns they were assembled
     * from), or null to name them by position.
     */
    public static DistributedPoints of(Dataset<Row> frame, String featuresColumn, String idColumn, String labelColumn,
                                       List<String> featureNames) {
        requireColumn(frame, featuresColumn, "features", new VectorUDT());
        if (idColumn != null) {
            DataType type = requireColumn(frame, idColumn, "id", null);
            if (!(type.equals(DataTypes.LongType) || type.equals(DataTypes.IntegerType) || type.equals(DataTypes.ShortType))) {
                throw new IllegalArgumentException("The id column '" + idColumn + "' holds " + type.simpleString()
                        + ": it must hold integers (int or long)");
            }
        }
        if (labelColumn != null) {
            requireColumn(frame, labelColumn, "known-label", null);
        }
        List<Column> columns = new ArrayList<>();
        columns.add(frame.col(featuresColumn));
        columns.add(idColumn == null ? org.apache.spark.sql.functions.lit(null).cast(DataTypes.LongType)
                : frame.col(idColumn).cast(DataTypes.LongType));
        columns.add(labelColumn == null ? org.apache.spark.sql.functions.lit(null).cast(DataTypes.StringType)
                : frame.col(labelColumn).cast(DataTypes.StringType));
        JavaRDD<Row> rows = frame.select(columns.toArray(new Column[0])).javaRDD();
        boolean idsChecked = idColumn != null;
        List<PartitionShape> shapes = rows.mapPartitionsWithIndex((partition, iterator) ->
                shape(partition, iterator, idsChecked), true).collect();
        long[] offsets = new long[shapes.size() + 1];
        int dimension = -1;
        long firstRowOfDimension = 0;
        for (PartitionShape shape : shapes) {
            offsets[shape.partition() + 1] = shape.rows();
        }
        for (int i = 0; i < shapes.size(); i++) {
            offsets[i + 1] += offsets[i];
        }
        for (PartitionShape shape : shapes) {
            if (shape.problem() != null) {
                throw shape.problem().refusal(offsets[shape.partition()], featuresColumn, featureNames);
            }
            if (shape.rows() == 0) {
                continue;
            }
            if (dimension < 0) {
                dimension = shape.dimension();
                firstRowOfDimension = offsets[shape.partition()];
            } else if (shape.dimension() != dimension) {
                throw new IllegalArgumentException("Row " + offsets[shape.partition()] + " of the features column '"
                        + featuresColumn + "' has " + shape.dimension() + " values, row " + firstRowOfDimension + " has "
                        + dimension + ": every point needs the same number of features");
            }
        }
        long size = offsets[shapes.size()];
        if (size == 0) {
            throw new IllegalArgumentException("The features column '" + featuresColumn + "' has no rows: nothing to cluster");
        }
        boolean withIds = idColumn != null;
        boolean withLabels = labelColumn != null;
        int d = dimension;
        JavaRDD<PointBlock> blocks = rows.mapPartitionsWithIndex((partition, iterator) ->
                blocks(iterator, offsets[partition], d, withIds, withLabels), true);
        blocks.persist(StorageLevel.MEMORY_AND_DISK());
        if (frame.inputFiles().length == 0) {
            // Points from the driver (a local collection): every task would carry its partition's rows
            // again; cut the lineage at the cached blocks. Points read from files keep their lineage, so
            // that a lost executor's blocks are read again.
            blocks.rdd().localCheckpoint();
            blocks.count();
        }
        return new DistributedPoints(blocks, size, dimension, withIds ? idMismatch(shapes, offsets) : null);
    }

    /**
     * A row whose id is not its row index, where the rows come sorted by id: row {@code row} has id
     * {@code id}.
     */
    public record IdMismatch(long row, long id) {
    }

    /**
     * The first row whose id differs from its index, or null when row i has id i for every i: the
     * ids are 0..n-1, one per row, as {@code csc generate --format parquet} writes them. Null also
     * without an id column. Found by the pass that counts the rows.
     */
    public IdMismatch idMismatch() {
        return idMismatch;
    }

    /** The first row of the partitions, in order, whose id is not its index (offsets: each partition's first row). */
    private static IdMismatch idMismatch(List<PartitionShape> shapes, long[] offsets) {
        List<PartitionShape> ordered = new ArrayList<>(shapes);
        ordered.sort(java.util.Comparator.comparingInt(PartitionShape::partition));
        for (PartitionShape shape : ordered) {
            if (shape.rows() == 0) {
                continue;
            }
            long start = offsets[shape.partition()];
            if (shape.firstId() != start) {
                return new IdMismatch(start, shape.firstId());
            }
            if (shape.breakRow() >= 0) {
                return new IdMismatch(start + shape.breakRow(), shape.breakId());
            }
        }
        return null;
    }

    private static DataType requireColumn(Dataset<Row> frame, String name, String role, DataType expected) {
        StructField field = Arrays.stream(frame.schema().fields()).filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No " + role + " column '" + name + "' among the columns "
                        + String.join(", ", frame.columns())));
        if (expected != null && !field.dataType().equals(expected)) {
            throw new IllegalArgumentException("The " + role + " column '" + name + "' holds "
                    + field.dataType().simpleString() + ", not vectors: assemble the features with VectorAssembler");
        }
        return field.dataType();
    }

    /**
     * The rows of one partition, their common dimension, and the first row that cannot be clustered,
     * or null; with ids, the first row's id and the first row whose id is not the first's plus its
     * position ({@code breakRow}, -1 for none) with that id.
     */
    private record PartitionShape(int partition, long rows, int dimension, RowProblem problem, long firstId,
                                  long breakRow, long breakId) implements Serializable {
    }

    /**
     * What is wrong with a row, found by the pass that counts the rows and returned to the driver
     * rather than thrown in the task: Spark would log a failed task's stack trace (and retry it)
     * before the driver saw the exception, and the command line would report a failed job, not the
     * row. {@code row} counts from the partition's first row; {@code id} is the row's id, when the
     * points have ids.
     */
    private record RowProblem(long row, Long id, int features, int firstFeatures, int position, double value)
            implements Serializable {

        static final int NO_FEATURES = -1;
        static final int NO_ID = -2;

        IllegalArgumentException refusal(long partitionStart, String column, List<String> names) {
            String point = "Row " + (partitionStart + row) + (id != null ? " (id " + id + ")" : "");
            if (position == NO_FEATURES) {
                return new IllegalArgumentException(point + " has no features (null in the column '" + column
                        + "'): drop or fill such rows before clustering");
            }
            if (position == NO_ID) {
                return new IllegalArgumentException(point + " has no id (null): give every row an id, or drop the id "
                        + "column to name the points by their rows");
            }
            if (features != firstFeatures) {
                return new IllegalArgumentException(point + " of the features column '" + column + "' has " + features
                        + " values, the rows before it " + firstFeatures + ": every point needs the same number of "
                        + "features");
            }
            String where = names != null && position < names.size() ? "in the column '" + names.get(position) + "'"
                    : "in position " + position + " of the column '" + column + "'";
            return new IllegalArgumentException(point + " has " + (Double.isNaN(value) ? "no value (null or NaN) "
                    : "the value " + value + " ") + where + ": drop or impute such rows before clustering");
        }
    }

    private static Iterator<PartitionShape> shape(int partition, Iterator<Row> rows, boolean withIds) {
        long count = 0;
        int dimension = -1;
        long firstId = 0;
        long breakRow = -1;
        long breakId = 0;
        while (rows.hasNext()) {
            Row row = rows.next();
            RowProblem problem = problem(row, count, dimension, withIds);
            if (problem != null) {
                return List.of(new PartitionShape(partition, count, Math.max(dimension, 0), problem, firstId, breakRow,
                        breakId)).iterator();
            }
            if (dimension < 0) {
                dimension = ((Vector) row.get(0)).size();
            }
            if (withIds) {
                long id = row.getLong(1);
                if (count == 0) {
                    firstId = id;
                } else if (breakRow < 0 && id != firstId + count) {
                    breakRow = count;
                    breakId = id;
                }
            }
            count++;
        }
        return List.of(new PartitionShape(partition, count, Math.max(dimension, 0), null, firstId, breakRow, breakId))
                .iterator();
    }

    /** What is wrong with {@code row}, the partition's row {@code count}, whose rows before have {@code dimension} values. */
    private static RowProblem problem(Row row, long count, int dimension, boolean withIds) {
        Long id = withIds && !row.isNullAt(1) ? row.getLong(1) : null;
        if (row.isNullAt(0)) {
            return new RowProblem(count, id, 0, 0, RowProblem.NO_FEATURES, 0);
        }
        if (withIds && id == null) {
            return new RowProblem(count, null, 0, 0, RowProblem.NO_ID, 0);
        }
        Vector vector = (Vector) row.get(0);
        if (dimension >= 0 && vector.size() != dimension) {
            return new RowProblem(count, id, vector.size(), dimension, 0, 0);
        }
        double[] values = vector.toArray();
        for (int t = 0; t < values.length; t++) {
            if (!Double.isFinite(values[t])) {
                return new RowProblem(count, id, values.length, values.length, t, values[t]);
            }
        }
        return null;
    }

    private static Iterator<PointBlock> blocks(Iterator<Row> rows, long firstIndex, int d, boolean withIds,
                                              boolean withLabels) {
        return new Iterator<>() {
            private long next = firstIndex;

            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public PointBlock next() {
                double[] features = new double[BLOCK_ROWS * d];
                long[] ids = withIds ? new long[BLOCK_ROWS] : null;
                int[] labelled = new int[0];
                List<String> labels = new ArrayList<>();
                List<Integer> labelledRows = new ArrayList<>();
                int count = 0;
                while (count < BLOCK_ROWS && rows.hasNext()) {
                    Row row = rows.next();
                    double[] values = ((Vector) row.get(0)).toArray();
                    for (int t = 0; t < d; t++) {
                        if (!Double.isFinite(values[t])) {
                            throw new IllegalArgumentException(String.format(Locale.ROOT,
                                    "Point %d has a non-finite feature %s in position %d: drop or impute it",
                                    next + count, values[t], t));
                        }
                    }
                    System.arraycopy(values, 0, features, count * d, d);
                    if (withIds) {
                        if (row.isNullAt(1)) {
                            throw new IllegalArgumentException("Point " + (next + count) + " has no id (null)");
                        }
                        ids[count] = row.getLong(1);
                    }
                    if (withLabels && !row.isNullAt(2)) {
                        labelledRows.add(count);
                        labels.add(row.getString(2));
                    }
                    count++;
                }
                labelled = labelledRows.stream().mapToInt(Integer::intValue).toArray();
                PointBlock block = new PointBlock(next, count, d, Arrays.copyOf(features, count * d),
                        ids == null ? null : Arrays.copyOf(ids, count), labelled, labels.toArray(new String[0]));
                next += count;
                return block;
            }
        };
    }

    /** The cached blocks. */
    public JavaRDD<PointBlock> blocks() {
        return blocks;
    }

    /** n. */
    public long size() {
        return size;
    }

    /** d. */
    public int dimension() {
        return dimension;
    }

    /**
     * Fits {@code scaling} on all points (statistics gathered block by block, combined in order) and
     * returns it; {@link #scaled} applies it.
     */
    public FittedScaling fitScaling(Scaling scaling) {
        if (scaling == Scaling.NONE) {
            return FittedScaling.none();
        }
        int d = dimension;
        double[][] ranges = OrderedAggregation.aggregate(blocks, partition -> {
            double[][] range = {filled(d, Double.POSITIVE_INFINITY), filled(d, Double.NEGATIVE_INFINITY)};
            while (partition.hasNext()) {
                PointBlock block = partition.next();
                double[] x = block.features();
                for (int i = 0; i < block.rows(); i++) {
                    for (int t = 0; t < d; t++) {
                        range[0][t] = Math.min(range[0][t], x[i * d + t]);
                        range[1][t] = Math.max(range[1][t], x[i * d + t]);
                    }
                }
            }
            return range;
        }, (left, right) -> {
            for (int t = 0; t < d; t++) {
                left[0][t] = Math.min(left[0][t], right[0][t]);
                left[1][t] = Math.max(left[1][t], right[1][t]);
            }
            return left;
        });
        double[] minimum = ranges[0];
        double[] maximum = ranges[1];
        if (scaling != Scaling.ZSCORE) {
            return scaling.fromStatistics(minimum, maximum, null, null);
        }
        double[] units = Scaling.units(minimum, maximum);
        double[] mean = sumOverPoints((x, t) -> x / units[t]);
        for (int t = 0; t < d; t++) {
            mean[t] /= size;
        }
        double[] deviation = sumOverPoints((x, t) -> {
            double difference = x / units[t] - mean[t];
            return difference * difference;
        });
        for (int t = 0; t < d; t++) {
            deviation[t] = Math.sqrt(deviation[t] / size);
        }
        return scaling.fromStatistics(minimum, maximum, mean, deviation);
    }

    /** A function of one feature value and its column. */
    private interface FeatureFunction extends Serializable {
        double apply(double value, int column);
    }

    /** Per column, the sum over all points of {@code function} of the value. */
    private double[] sumOverPoints(FeatureFunction function) {
        int d = dimension;
        return OrderedAggregation.aggregate(blocks, partition -> {
            double[] sum = new double[d];
            while (partition.hasNext()) {
                PointBlock block = partition.next();
                double[] x = block.features();
                for (int i = 0; i < block.rows(); i++) {
                    for (int t = 0; t < d; t++) {
                        sum[t] += function.apply(x[i * d + t], t);
                    }
                }
            }
            return sum;
        }, OrderedAggregation::addInto);
    }

    private static double[] filled(int length, double value) {
        double[] array = new double[length];
        Arrays.fill(array, value);
        return array;
    }

    /** The same points scaled with {@code scaling} (a new cache; this one is released). */
    public DistributedPoints scaled(FittedScaling scaling) {
        if (scaling.kind() == Scaling.NONE) {
            return this;
        }
        double[] offset = scaling.offset();
        double[] factor = scaling.factor();
        Scaling kind = scaling.kind();
        JavaRDD<PointBlock> scaled = blocks.map(block -> block.withFeatures(new FittedScaling(kind, offset, factor)
                .apply(io.csc.data.Dataset.unlabelled("block", block.rows(), block.dimension(), block.features()))
                .features()));
        scaled.persist(StorageLevel.MEMORY_AND_DISK());
        scaled.count();
        blocks.unpersist(false);
        return new DistributedPoints(scaled, size, dimension, idMismatch);
    }

    /** Releases the cached blocks. */
    @Override
    public void close() {
        blocks.unpersist(false);
    }
}
