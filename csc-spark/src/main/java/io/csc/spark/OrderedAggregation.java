package io.csc.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/**
 * Sums of per-partition results in a tree, as {@code treeAggregate} does, but combined in
 * partition order at every level, so that the floating-point result does not depend on which task
 * finished first, on the number of executors, or on a task that failed and ran again.
 * {@code RDD.treeAggregate} and {@code RDD.aggregate} merge partial results in the order tasks
 * complete, which changes the last bits of a sum from one run to the next; here a seed gives the
 * same Gram matrix, the same eigenvectors and the same labels every time.
 *
 * <p>Each partition's partial result is computed on its executor; partials are then grouped
 * {@code fanout = ceil(sqrt(partitions))} at a time by partition index, each group sorted by index
 * and folded in that order on an executor, and the group results folded on the driver in index
 * order. The driver receives about sqrt(partitions) partial results (p x p matrices for the Gram
 * step), never one per partition.
 */
public final class OrderedAggregation {

    /** A per-partition computation that Spark can ship to executors. */
    @FunctionalInterface
    public interface Partial<P, T> extends Serializable {
        T of(Iterator<P> partition) throws Exception;
    }

    /** An associative combination of two partial results, left before right; may modify and return left. */
    @FunctionalInterface
    public interface Combine<T> extends Serializable {
        T apply(T left, T right);
    }

    private OrderedAggregation() {
    }

    /** The per-partition results of {@code partial} on {@code data}, combined in partition order. */
    public static <P, T> T aggregate(JavaRDD<P> data, Partial<P, T> partial, Combine<T> combine) {
        JavaPairRDD<Integer, T> level = data.mapPartitionsWithIndex((index, partition) -> {
            List<Tuple2<Integer, T>> single = new ArrayList<>(1);
            single.add(new Tuple2<>(index, partial.of(partition)));
            return single.iterator();
        }, true).mapToPair(pair -> pair);
        int count = data.getNumPartitions();
        int fanout = Math.max(2, (int) Math.ceil(Math.sqrt(count)));
        if (count > 2 * fanout) {
            int groups = (count + fanout - 1) / fanout;
            int size = fanout;
            level = level.mapToPair(pair -> new Tuple2<>(pair._1() / size, pair)).groupByKey(groups)
                    .mapToPair(group -> new Tuple2<>(group._1(), fold(group._2(), combine)));
        }
        return fold(level.collect(), combine);
    }

    /** {@code left += right}, element by element; returns left. */
    public static double[] addInto(double[] left, double[] right) {
        for (int i = 0; i < left.length; i++) {
            left[i] += right[i];
        }
        return left;
    }

    private static <T> T fold(Iterable<Tuple2<Integer, T>> partials, Combine<T> combine) {
        List<Tuple2<Integer, T>> sorted = new ArrayList<>();
        partials.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt(Tuple2::_1));
        T total = null;
        for (Tuple2<Integer, T> partial : sorted) {
            total = total == null ? partial._2() : combine.apply(total, partial._2());
        }
        return total;
    }
}
