package io.csc.spark;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.selection.NeighbourhoodAgreement;
import io.csc.util.RandomSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import scala.Tuple2;

/**
 * The local engine's check of a fit against its labels ({@link NeighbourhoodAgreement}), for a
 * distributed fit: the rows it reads (a uniform sample of {@value NeighbourhoodAgreement#SAMPLE}
 * points and up to {@value NeighbourhoodAgreement#LABEL_POOL} labelled ones) and their clusters
 * are gathered to the driver in one pass over the points and one over the labels, and checked
 * there. The Spark engine fits the method as set and cannot guard it; a fit that contradicts its
 * labels is reported.
 */
final class NeighbourhoodCheck {

    private NeighbourhoodCheck() {
    }

    /** The rows a check reads: global indices, ascending; the sampled and the labelled ones among them. */
    record Rows(long[] indices, int[] sample, int[] labelled, int[] classes) {
    }

    /**
     * The rows to gather for the check of a fit on {@code n} points with {@code supervision}: empty
     * when the check cannot read its labels ({@link NeighbourhoodAgreement#checkableLabels}).
     */
    static Optional<Rows> rows(long n, Supervision supervision, long seed) {
        LabelledPoints labels = NeighbourhoodAgreement.checkableLabels(supervision.constraints());
        if (labels == null) {
            return Optional.empty();
        }
        SplittableRandom random = new SplittableRandom(seed ^ 0x636865636bL);
        int[] points = labels.points();
        int[] classes = labels.classes();
        int[] pool = RandomSample.indices(points.length, Math.min(NeighbourhoodAgreement.LABEL_POOL, points.length),
                random.split());
        long[] labelledIndices = Arrays.stream(pool).mapToLong(t -> supervision.points()[points[t]]).toArray();
        int[] pooledClasses = Arrays.stream(pool).map(t -> classes[t]).toArray();
        long[] sampleIndices = Arrays.stream(RandomSample.indices((int) n, (int) Math.min(n, NeighbourhoodAgreement.SAMPLE),
                random.split())).asLongStream().toArray();
        long[] indices = LongStream.concat(Arrays.stream(labelledIndices), Arrays.stream(sampleIndices)).sorted()
                .distinct().toArray();
        int[] sample = Arrays.stream(sampleIndices).mapToInt(index -> Arrays.binarySearch(indices, index)).toArray();
        int[] labelled = Arrays.stream(labelledIndices).mapToInt(index -> Arrays.binarySearch(indices, index)).toArray();
        return Optional.of(new Rows(indices, sample, labelled, pooledClasses));
    }

    /**
     * The check of the distributed fit whose clusters are {@code labels}, on {@code points} (as the
     * method saw them) with {@code supervision}; empty as {@link NeighbourhoodAgreement#of} is.
     */
    static Optional<NeighbourhoodAgreement.Finding> of(DistributedPoints points, Supervision supervision,
                                                       JavaRDD<SparkClustering.LabelBlock> labels, long seed) {
        Optional<Rows> wanted = rows(points.size(), supervision, seed);
        if (wanted.isEmpty()) {
            return Optional.empty();
        }
        Rows rows = wanted.get();
        long[] indices = rows.indices();
        int d = points.dimension();
        Broadcast<long[]> shared = JavaSparkContext.fromSparkContext(points.blocks().context()).broadcast(indices);
        List<Tuple2<Long, double[]>> features = points.blocks().flatMap(block -> {
            List<Tuple2<Long, double[]>> found = new ArrayList<>();
            for (int row = 0; row < block.rows(); row++) {
                long index = block.firstIndex() + row;
                if (Arrays.binarySearch(shared.value(), index) >= 0) {
                    found.add(new Tuple2<>(index, Arrays.copyOfRange(block.features(), row * d, (row + 1) * d)));
                }
            }
            return found.iterator();
        }).collect();
        List<Tuple2<Long, Integer>> clusters = labels.flatMap(block -> {
            List<Tuple2<Long, Integer>> found = new ArrayList<>();
            for (int row = 0; row < block.labels().length; row++) {
                long index = block.firstIndex() + row;
                if (Arrays.binarySearch(shared.value(), index) >= 0) {
                    found.add(new Tuple2<>(index, block.labels()[row]));
                }
            }
            return found.iterator();
        }).collect();
        shared.unpersist(false);
        double[] gathered = new double[indices.length * d];
        for (Tuple2<Long, double[]> row : features) {
            System.arraycopy(row._2(), 0, gathered, Arrays.binarySearch(indices, row._1()) * d, d);
        }
        int[] fitted = new int[indices.length];
        for (Tuple2<Long, Integer> row : clusters) {
            fitted[Arrays.binarySearch(indices, row._1())] = row._2();
        }
        Dataset local = Dataset.unlabelled("neighbourhood check", indices.length, d, gathered);
        ConstraintSet localLabels = ConstraintSet.fromLabels(indices.length, rows.labelled(), rows.classes());
        int[] sample = Arrays.stream(rows.sample()).sorted().toArray();
        try (RunContext context = RunContext.sequential(seed)) {
            return NeighbourhoodAgreement.of(local, localLabels, fitted, sample, context);
        }
    }
}
