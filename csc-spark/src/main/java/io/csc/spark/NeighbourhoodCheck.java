package io.csc.spark;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
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
 * The local engine's check of a fit against its labels, or its must-links and cannot-links
 * ({@link NeighbourhoodAgreement}), for a distributed fit: the rows it reads (a uniform sample of
 * {@value NeighbourhoodAgreement#SAMPLE} points, and up to {@value NeighbourhoodAgreement#LABEL_POOL}
 * labelled ones or the ends of up to {@value NeighbourhoodAgreement#PAIR_POOL} pairs) and their
 * clusters are gathered to the driver in one pass over the points and one over the labels, and
 * checked there. The Spark engine fits the method as set and cannot guard it; a fit that
 * contradicts its supervision is reported.
 */
final class NeighbourhoodCheck {

    private NeighbourhoodCheck() {
    }

    /**
     * The rows a check reads: global indices, ascending; the positions of the sampled ones among
     * them; and the supervision the check reads, on those positions.
     */
    record Rows(long[] indices, int[] sample, ConstraintSet constraints) {
    }

    /**
     * The rows to gather for the check of a fit on {@code n} points with {@code supervision}: empty
     * when the check can read neither labels ({@link NeighbourhoodAgreement#checkableLabels}) nor
     * pairs ({@link NeighbourhoodAgreement#checkablePairs}).
     */
    static Optional<Rows> rows(long n, Supervision supervision, long seed) {
        LabelledPoints labels = NeighbourhoodAgreement.checkableLabels(supervision.constraints());
        List<Constraint> pairs = labels == null ? NeighbourhoodAgreement.checkablePairs(supervision.constraints()) : null;
        if (labels == null && pairs == null) {
            return Optional.empty();
        }
        SplittableRandom random = new SplittableRandom(seed ^ 0x636865636bL);
        long[] supervised = supervision.points();
        long[] checkedIndices;
        int[] pooledClasses = null;
        List<Constraint> pooledPairs = new ArrayList<>();
        if (labels != null) {
            int[] points = labels.points();
            int[] classes = labels.classes();
            int[] pool = RandomSample.indices(points.length, Math.min(NeighbourhoodAgreement.LABEL_POOL, points.length),
                    random.split());
            checkedIndices = Arrays.stream(pool).mapToLong(t -> supervised[points[t]]).toArray();
            pooledClasses = Arrays.stream(pool).map(t -> classes[t]).toArray();
        } else {
            int[] pool = RandomSample.indices(pairs.size(), Math.min(NeighbourhoodAgreement.PAIR_POOL, pairs.size()),
                    random.split());
            checkedIndices = new long[2 * pool.length];
            for (int t = 0; t < pool.length; t++) {
                Constraint pair = pairs.get(pool[t]);
                pooledPairs.add(pair);
                checkedIndices[2 * t] = supervised[pair.first()];
                checkedIndices[2 * t + 1] = supervised[pair.second()];
            }
        }
        long[] sampleIndices = Arrays.stream(RandomSample.indices((int) n, (int) Math.min(n, NeighbourhoodAgreement.SAMPLE),
                random.split())).asLongStream().toArray();
        long[] indices = LongStream.concat(Arrays.stream(checkedIndices), Arrays.stream(sampleIndices)).sorted()
                .distinct().toArray();
        int[] sample = Arrays.stream(sampleIndices).mapToInt(index -> Arrays.binarySearch(indices, index)).toArray();
        ConstraintSet constraints;
        if (labels != null) {
            int[] labelled = Arrays.stream(checkedIndices).mapToInt(index -> Arrays.binarySearch(indices, index)).toArray();
            constraints = ConstraintSet.fromLabels(indices.length, labelled, pooledClasses);
        } else {
            List<Constraint> local = new ArrayList<>();
            for (Constraint pair : pooledPairs) {
                local.add(new Constraint(Arrays.binarySearch(indices, supervised[pair.first()]),
                        Arrays.binarySearch(indices, supervised[pair.second()]), pair.type(), pair.weight()));
            }
            constraints = ConstraintSet.ofPairs(indices.length, local);
        }
        return Optional.of(new Rows(indices, sample, constraints));
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
        int[] sample = Arrays.stream(rows.sample()).sorted().toArray();
        try (RunContext context = RunContext.sequential(seed)) {
            return NeighbourhoodAgreement.of(local, rows.constraints(), fitted, sample, context);
        }
    }
}
