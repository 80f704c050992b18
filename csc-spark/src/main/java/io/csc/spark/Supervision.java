package io.csc.spark;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.constraint.LabelledPoints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import scala.Tuple2;

/**
 * The supervision of a distributed fit, on the driver and of the size of the supervision only: the
 * supervised points' global row indices (ascending) and the constraints re-indexed onto them (the
 * supervised point {@code points[t]} is point t of {@code constraints}). Every constrained method's
 * use of the supervision touches supervised points only, so nothing of size n is needed.
 *
 * @param points the global row indices of the supervised points, ascending
 * @param constraints the supervision over {@code points.length} points
 */
public record Supervision(long[] points, ConstraintSet constraints) {

    /** No supervision. */
    public static Supervision none() {
        return new Supervision(new long[0], ConstraintSet.empty(0));
    }

    /** c, the supervised points. */
    public int size() {
        return points.length;
    }

    /** The position of a global row index among the supervised points, or a negative number. */
    public int positionOf(long index) {
        return Arrays.binarySearch(points, index);
    }

    /**
     * The supervision {@code given} over the global row indices, and nothing else: for points whose
     * label column is the ground truth (a Parquet directory read by the command line), which must
     * never reach the method as known labels.
     */
    public static Supervision ofGiven(ConstraintSet given) {
        long[] points = Arrays.stream(given.constrainedPoints()).asLongStream().toArray();
        return new Supervision(points, restrict(given, points));
    }

    /**
     * The supervision of {@code data}: its known labels (column given at load), the pairs of
     * {@code constraints} (columns i, j, type and optionally weight, naming points by the id column,
     * or by row index without one), and {@code given}, a set over the global row indices (may be null).
     */
    public static Supervision of(DistributedPoints data, org.apache.spark.sql.Dataset<Row> constraints,
                                 ConstraintSet given) {
        List<Tuple2<Long, String>> labels = data.blocks().flatMap(block -> {
            List<Tuple2<Long, String>> found = new ArrayList<>();
            for (int t = 0; t < block.labelledRows().length; t++) {
                found.add(new Tuple2<>(block.firstIndex() + block.labelledRows()[t], block.labelValues()[t]));
            }
            return found.iterator();
        }).collect();
        List<long[]> pairIds = new ArrayList<>();
        List<ConstraintType> types = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        if (constraints != null) {
            readPairs(constraints, pairIds, types, weights);
        }
        Set<Long> named = new HashSet<>();
        pairIds.forEach(pair -> {
            named.add(pair[0]);
            named.add(pair[1]);
        });
        Map<Long, Long> indexOfId = indexOfIds(data, named);
        TreeSet<Long> supervised = new TreeSet<>();
        labels.forEach(label -> supervised.add(label._1()));
        for (long[] pair : pairIds) {
            supervised.add(indexOfId.get(pair[0]));
            supervised.add(indexOfId.get(pair[1]));
        }
        if (given != null) {
            for (int point : given.constrainedPoints()) {
                supervised.add((long) point);
            }
        }
        long[] points = supervised.stream().mapToLong(Long::longValue).toArray();
        int c = points.length;
        List<Constraint> pairs = new ArrayList<>();
        for (int t = 0; t < pairIds.size(); t++) {
            int first = Arrays.binarySearch(points, indexOfId.get(pairIds.get(t)[0]));
            int second = Arrays.binarySearch(points, indexOfId.get(pairIds.get(t)[1]));
            pairs.add(new Constraint(first, second, types.get(t), weights.get(t)));
        }
        List<LabelledPoints> blocks = new ArrayList<>();
        if (!labels.isEmpty()) {
            List<String> classes = classOrder(labels.stream().map(Tuple2::_2).toList());
            int[] labelled = new int[labels.size()];
            int[] classIds = new int[labels.size()];
            for (int t = 0; t < labels.size(); t++) {
                labelled[t] = Arrays.binarySearch(points, labels.get(t)._1());
                classIds[t] = classes.indexOf(labels.get(t)._2());
            }
            blocks.add(LabelledPoints.hard(labelled, classIds, true));
        }
        ConstraintSet set = ConstraintSet.of(c, pairs, blocks);
        if (given != null) {
            set = set.plus(restrict(given, points));
        }
        return new Supervision(points, set);
    }

    /** The class names in order: numerically when all are numbers, else as text. */
    private static List<String> classOrder(List<String> values) {
        Set<String> distinct = new HashSet<>(values);
        List<String> names = new ArrayList<>(distinct);
        boolean numeric = names.stream().allMatch(Supervision::isNumber);
        names.sort(numeric ? java.util.Comparator.comparingDouble(Double::parseDouble) : java.util.Comparator.naturalOrder());
        return names;
    }

    private static boolean isNumber(String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void readPairs(org.apache.spark.sql.Dataset<Row> constraints, List<long[]> pairIds,
                                  List<ConstraintType> types, List<Double> weights) {
        List<String> columns = Arrays.asList(constraints.columns());
        for (String required : List.of("i", "j", "type")) {
            if (!columns.contains(required)) {
                throw new IllegalArgumentException("The constraints have no column '" + required + "' (columns: "
                        + String.join(", ", columns) + "): give i, j, type and optionally weight");
            }
        }
        boolean weighted = columns.contains("weight");
        List<Row> rows = constraints.select(constraints.col("i").cast(DataTypes.LongType),
                constraints.col("j").cast(DataTypes.LongType), constraints.col("type").cast(DataTypes.StringType),
                weighted ? constraints.col("weight").cast(DataTypes.DoubleType)
                        : org.apache.spark.sql.functions.lit(1.0)).collectAsList();
        for (int t = 0; t < rows.size(); t++) {
            Row row = rows.get(t);
            if (row.isNullAt(0) || row.isNullAt(1) || row.isNullAt(2)) {
                throw new IllegalArgumentException("Constraint " + t + " " + row + " has an empty or non-integer i, j or "
                        + "type: give point ids and ML/CL (or 1/-1)");
            }
            String type = row.getString(2).trim().toUpperCase(Locale.ROOT);
            ConstraintType parsed = switch (type) {
                case "ML", "1", "1.0", "MUST_LINK", "MUST-LINK" -> ConstraintType.MUST_LINK;
                case "CL", "-1", "-1.0", "CANNOT_LINK", "CANNOT-LINK" -> ConstraintType.CANNOT_LINK;
                default -> throw new IllegalArgumentException("Constraint " + t + " has type '" + row.getString(2)
                        + "': expected ML or CL (or 1 or -1)");
            };
            double weight = row.isNullAt(3) ? 1.0 : row.getDouble(3);
            if (!(weight > 0 && weight <= 1)) {
                throw new IllegalArgumentException("Constraint " + t + " has weight " + weight + ": must be in (0, 1]");
            }
            if (row.getLong(0) == row.getLong(1)) {
                throw new IllegalArgumentException("Constraint " + t + " links point " + row.getLong(0) + " with itself");
            }
            pairIds.add(new long[] {row.getLong(0), row.getLong(1)});
            types.add(parsed);
            weights.add(weight);
        }
    }

    /** The global row index of each of {@code ids}, found in one pass; unknown ids are refused. */
    static long[] rowsOfIds(DistributedPoints data, long[] ids) {
        Set<Long> wanted = new HashSet<>();
        for (long id : ids) {
            wanted.add(id);
        }
        Map<Long, Long> index = indexOfIds(data, wanted);
        return java.util.Arrays.stream(ids).map(index::get).toArray();
    }

    /** The global row index of every id named, found in one pass; unknown ids are refused. */
    private static Map<Long, Long> indexOfIds(DistributedPoints data, Set<Long> wanted) {
        Map<Long, Long> index = new HashMap<>();
        if (wanted.isEmpty()) {
            return index;
        }
        Broadcast<HashSet<Long>> ids = org.apache.spark.api.java.JavaSparkContext.fromSparkContext(
                data.blocks().context()).broadcast(new HashSet<>(wanted));
        List<Tuple2<Long, Long>> found = data.blocks().flatMap(block -> {
            List<Tuple2<Long, Long>> hits = new ArrayList<>();
            for (int row = 0; row < block.rows(); row++) {
                if (ids.value().contains(block.id(row))) {
                    hits.add(new Tuple2<>(block.id(row), block.firstIndex() + row));
                }
            }
            return hits.iterator();
        }).collect();
        ids.unpersist(false);
        for (Tuple2<Long, Long> hit : found) {
            if (index.put(hit._1(), hit._2()) != null) {
                throw new IllegalArgumentException("The id " + hit._1() + " names two points (rows " + index.get(hit._1())
                        + " and another): ids must be unique");
            }
        }
        for (Long id : wanted) {
            if (!index.containsKey(id)) {
                throw new IllegalArgumentException("The constraints name the point id " + id + ", which the data does not have");
            }
        }
        return index;
    }

    /** {@code set} (over global row indices) re-indexed onto the ascending {@code points}, which hold all its points. */
    static ConstraintSet restrict(ConstraintSet set, long[] points) {
        List<Constraint> pairs = new ArrayList<>();
        for (Constraint pair : set.pairs()) {
            pairs.add(new Constraint(Arrays.binarySearch(points, pair.first()), Arrays.binarySearch(points, pair.second()),
                    pair.type(), pair.weight()));
        }
        List<LabelledPoints> blocks = new ArrayList<>();
        for (LabelledPoints block : set.labelledBlocks()) {
            int[] mapped = Arrays.stream(block.points()).map(point -> Arrays.binarySearch(points, point)).toArray();
            blocks.add(new LabelledPoints(mapped, block.classes(), block.cannotLinkBetweenClasses(), block.confidences()));
        }
        return ConstraintSet.of(points.length, pairs, blocks);
    }
}
