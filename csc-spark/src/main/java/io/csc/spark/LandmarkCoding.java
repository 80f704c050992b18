package io.csc.spark;

import io.csc.algorithm.scpc.ComponentLandmarkGraph;
import io.csc.algorithm.scpc.SelfExcludingCoding;
import io.csc.algorithm.spectral.LandmarkGram;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.Landmarks;
import io.csc.graph.SparseCoding;
import io.csc.graph.SparseCoding.BandwidthSums;
import io.csc.graph.SparseCoding.NearestLandmarks;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * The landmark steps of the distributed fits, each the core's block kernel run per partition with
 * the landmarks broadcast: fetching rows by index, the landmark k-means of LSC-K, the sparse coding
 * ({@link SparseCoding#nearest}, {@link SparseCoding#assemble}), the Gram matrix and degrees
 * ({@link LandmarkGram#accumulate}) and the embedding ({@code codes · map}). Sums over the points are
 * combined in partition order ({@link OrderedAggregation}).
 */
final class LandmarkCoding {

    private LandmarkCoding() {
    }

    /**
     * The sparse codes of a block of points: r landmark indices and weights per row (rows sorted by
     * landmark), or, with {@code rowPointers}, rows of any width (codes on graph nodes).
     */
    record CodeBlock(long firstIndex, int rows, int nearest, int[] columns, double[] values, int[] rowPointers)
            implements Serializable {

        /** Codes of r entries per row. */
        CodeBlock(long firstIndex, int rows, int nearest, int[] columns, double[] values) {
            this(firstIndex, rows, nearest, columns, values, null);
        }

        /** The block of the rows of {@code codes}, which may differ in width. */
        static CodeBlock of(long firstIndex, SparseMatrix codes) {
            return new CodeBlock(firstIndex, codes.rows(), 0, codes.columnIndices(), codes.values(), codes.rowPointers());
        }

        SparseMatrix toSparse(int p) {
            if (rowPointers != null) {
                return new SparseMatrix(rows, p, rowPointers, columns, values);
            }
            int[] fixed = new int[rows + 1];
            for (int i = 0; i <= rows; i++) {
                fixed[i] = i * nearest;
            }
            return new SparseMatrix(rows, p, fixed, columns, values);
        }
    }

    /** The nearest landmarks of a block of points, before σ is known. */
    record NearestBlock(long firstIndex, int rows, List<NearestLandmarks> parts) implements Serializable {
    }

    /** The sparse codes of all points, σ, and the landmark Gram matrix. */
    record Coded(JavaRDD<CodeBlock> codes, double sigma, LandmarkGram gram) {
    }

    /** The rows at the given ascending global indices, in that order (count x d). */
    static DenseMatrix rowsAt(DistributedPoints data, long[] indices) {
        int d = data.dimension();
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(data.blocks().context());
        Broadcast<long[]> wanted = spark.broadcast(indices);
        List<DistributedKMeans.IndexedRow> rows = data.blocks().flatMap(block -> {
            long[] all = wanted.value();
            int from = EmbeddedBlock.lowerBound(all, block.firstIndex());
            int to = EmbeddedBlock.lowerBound(all, block.firstIndex() + block.rows());
            List<DistributedKMeans.IndexedRow> found = new ArrayList<>(to - from);
            for (int t = from; t < to; t++) {
                int row = (int) (all[t] - block.firstIndex());
                found.add(new DistributedKMeans.IndexedRow(t, Arrays.copyOfRange(block.features(), row * d, row * d + d)));
            }
            return found.iterator();
        }).collect();
        wanted.unpersist(false);
        double[] values = new double[indices.length * d];
        for (DistributedKMeans.IndexedRow row : rows) {
            System.arraycopy(row.values(), 0, values, row.position() * d, d);
        }
        return new DenseMatrix(indices.length, d, values);
    }

    /** The rows at the given distinct global indices, in the order given (count x d). */
    static DenseMatrix rowsInOrder(DistributedPoints data, long[] indices) {
        long[] sorted = indices.clone();
        Arrays.sort(sorted);
        DenseMatrix rows = rowsAt(data, sorted);
        int d = rows.columns();
        double[] ordered = new double[indices.length * d];
        for (int t = 0; t < indices.length; t++) {
            System.arraycopy(rows.data(), Arrays.binarySearch(sorted, indices[t]) * d, ordered, t * d, d);
        }
        return new DenseMatrix(indices.length, d, ordered);
    }

    /**
     * {@code iterations} Lloyd iterations of the landmark k-means from {@code start}, as
     * {@link Landmarks#kmeans} runs them: each pass assigns every block to its nearest centres and
     * sums them there; a centre without points keeps its position.
     */
    static DenseMatrix kmeans(DistributedPoints data, DenseMatrix start, int iterations) {
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(data.blocks().context());
        DenseMatrix centres = start.copy();
        int p = centres.rows();
        int d = centres.columns();
        for (int iteration = 0; iteration < iterations; iteration++) {
            Broadcast<double[]> current = spark.broadcast(centres.data());
            Object[] sums = OrderedAggregation.aggregate(data.blocks(), partition -> {
                double[] sum = new double[p * d];
                long[] counts = new long[p];
                DenseMatrix now = new DenseMatrix(p, d, current.value());
                try (RunContext context = executorContext()) {
                    while (partition.hasNext()) {
                        PointBlock block = partition.next();
                        int[] assignment = new int[block.rows()];
                        Landmarks.assign(block.features(), DistanceKernels.squaredNorms(block.features(), block.rows(), d),
                                block.rows(), d, now, assignment, context);
                        Landmarks.accumulate(block.features(), block.rows(), d, assignment, sum, counts);
                    }
                }
                return new Object[] {sum, counts};
            }, (left, right) -> {
                OrderedAggregation.addInto((double[]) left[0], (double[]) right[0]);
                long[] counts = (long[]) left[1];
                long[] other = (long[]) right[1];
                for (int c = 0; c < counts.length; c++) {
                    counts[c] += other[c];
                }
                return left;
            });
            current.unpersist(false);
            Landmarks.moveCentres(centres, (double[]) sums[0], (long[]) sums[1]);
        }
        return centres;
    }

    /**
     * Codes every point by its r nearest landmarks: the nearest landmarks per block (cached), σ from
     * their summed statistics, the weights, and the Gram matrix and degrees of the codes.
     */
    static Coded encode(DistributedPoints data, DenseMatrix landmarks, SparseCodingOptions options) {
        Codes codes = codes(data, landmarks, options, null);
        return new Coded(codes.codes(), codes.sigma(), gram(codes.codes(), landmarks.rows()));
    }

    /** The sparse codes of all points (cached) and σ. */
    record Codes(JavaRDD<CodeBlock> codes, double sigma) {
    }

    /**
     * The sparse codes of every point by its r nearest landmarks and σ; with {@code selfLandmarks}
     * (the global row index of each landmark) a point that is a landmark is coded by its r nearest
     * other landmarks ({@link SelfExcludingCoding}), else {@code selfLandmarks} is null.
     */
    static Codes codes(DistributedPoints data, DenseMatrix landmarks, SparseCodingOptions options,
                       long[] selfLandmarks) {
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(data.blocks().context());
        int p = landmarks.rows();
        int d = landmarks.columns();
        int r = options.nearest();
        int stride = SparseCoding.needsAllSums(options) ? SparseCoding.sumStride(data.size()) : 0;
        Broadcast<double[]> table = spark.broadcast(landmarks.data());
        Broadcast<SelfLookup> self = spark.broadcast(selfLandmarks == null ? null : SelfLookup.of(selfLandmarks));
        JavaRDD<NearestBlock> nearest = DistributedKMeans.cached(data.blocks().mapPartitions(partition -> {
            FaultInjection.check("sparse coding");
            SparseCoding.LandmarkTable landmarkTable = SparseCoding.LandmarkTable.of(new DenseMatrix(p, d, table.value()));
            SelfLookup own = self.value();
            List<NearestBlock> out = new ArrayList<>();
            int step = SparseCoding.blockRows(p);
            SparseCoding.Workspace workspace = new SparseCoding.Workspace();
            while (partition.hasNext()) {
                PointBlock block = partition.next();
                Dataset rows = Dataset.unlabelled("block", block.rows(), d, block.features());
                List<NearestLandmarks> parts = new ArrayList<>();
                for (int from = 0; from < block.rows(); from += step) {
                    int count = Math.min(step, block.rows() - from);
                    NearestLandmarks found = SparseCoding.nearest(rows, from, count, landmarkTable,
                            own == null ? r : r + 1, stride, block.firstIndex(), workspace,
                            LinearAlgebra.defaultBackend(), Parallel.sequential());
                    parts.add(own == null ? found
                            : SelfExcludingCoding.withoutSelf(found, r, own.landmarksOf(block.firstIndex() + from, count)));
                }
                out.add(new NearestBlock(block.firstIndex(), block.rows(), parts));
            }
            return out.iterator();
        }));
        BandwidthSums sums = OrderedAggregation.aggregate(nearest, partition -> {
            BandwidthSums total = BandwidthSums.ZERO;
            while (partition.hasNext()) {
                for (NearestLandmarks part : partition.next().parts()) {
                    total = total.plus(BandwidthSums.of(part));
                }
            }
            return total;
        }, BandwidthSums::plus);
        table.unpersist(false);
        self.unpersist(false);
        double sigma = SparseCoding.sigma(options, sums, p);
        JavaRDD<CodeBlock> codes = DistributedKMeans.cached(nearest.map(block -> {
            SparseMatrix assembled = SparseCoding.assemble(block.parts(), block.rows(), p, sigma);
            return new CodeBlock(block.firstIndex(), block.rows(), r, assembled.columnIndices(), assembled.values());
        }));
        codes.count();
        nearest.unpersist(false);
        return new Codes(codes, sigma);
    }

    /** Which landmark each landmark point is: the global row indices ascending, with their landmark. */
    record SelfLookup(long[] sortedPoints, int[] landmarkOfSorted) implements Serializable {

        static SelfLookup of(long[] landmarkPoints) {
            Integer[] order = new Integer[landmarkPoints.length];
            for (int t = 0; t < order.length; t++) {
                order[t] = t;
            }
            Arrays.sort(order, java.util.Comparator.comparingLong(t -> landmarkPoints[t]));
            long[] sorted = new long[order.length];
            int[] landmarks = new int[order.length];
            for (int s = 0; s < order.length; s++) {
                sorted[s] = landmarkPoints[order[s]];
                landmarks[s] = order[s];
            }
            return new SelfLookup(sorted, landmarks);
        }

        /** For the rows {@code first .. first + count - 1}, the landmark each is, or -1. */
        int[] landmarksOf(long first, int count) {
            int[] own = new int[count];
            Arrays.fill(own, -1);
            for (int s = EmbeddedBlock.lowerBound(sortedPoints, first); s < sortedPoints.length
                    && sortedPoints[s] < first + count; s++) {
                own[(int) (sortedPoints[s] - first)] = landmarkOfSorted[s];
            }
            return own;
        }
    }

    /** The Gram matrix {@code Z Zᵀ} and degrees of the codes, accumulated per partition. */
    static LandmarkGram gram(JavaRDD<CodeBlock> codes, int p) {
        double[][] total = OrderedAggregation.aggregate(codes, partition -> {
            double[] gram = new double[p * p];
            double[] degrees = new double[p];
            while (partition.hasNext()) {
                LandmarkGram.accumulate(partition.next().toSparse(p), gram, degrees);
            }
            return new double[][] {gram, degrees};
        }, (left, right) -> {
            OrderedAggregation.addInto(left[0], right[0]);
            OrderedAggregation.addInto(left[1], right[1]);
            return left;
        });
        return LandmarkGram.of(new DenseMatrix(p, p, total[0]), total[1]);
    }

    /** The codes on the nodes of SC-PC's landmark graph (cached), their Gram matrix and degrees, and the cut rows. */
    record NodeCoding(JavaRDD<CodeBlock> codes, LandmarkGram gram, long cutPoints) {
    }

    /**
     * The codes on the landmarks merged onto the nodes of SC-PC's landmark graph, row by row per
     * partition with the nodes broadcast ({@link ComponentLandmarkGraph.Nodes#merge}), and the
     * q x q Gram matrix and degrees of the result.
     */
    static NodeCoding onNodes(JavaRDD<CodeBlock> codes, ComponentLandmarkGraph.Nodes nodes, int p) {
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(codes.context());
        Broadcast<ComponentLandmarkGraph.Nodes> shipped = spark.broadcast(nodes);
        JavaRDD<scala.Tuple2<CodeBlock, Integer>> merged = DistributedKMeans.cached(codes.map(block -> {
            ComponentLandmarkGraph.NodeCodes onNodes = shipped.value().merge(block.toSparse(p),
                    Math.toIntExact(block.firstIndex()));
            return new scala.Tuple2<>(CodeBlock.of(block.firstIndex(), onNodes.codes()), onNodes.cutPoints());
        }));
        long cutPoints = OrderedAggregation.aggregate(merged, partition -> {
            long cut = 0;
            while (partition.hasNext()) {
                cut += partition.next()._2();
            }
            return cut;
        }, Long::sum);
        JavaRDD<CodeBlock> nodeCodes = DistributedKMeans.cached(merged.map(scala.Tuple2::_1));
        LandmarkGram gram = gram(nodeCodes, nodes.nodeCount());
        merged.unpersist(false);
        shipped.unpersist(false);
        return new NodeCoding(nodeCodes, gram, cutPoints);
    }

    /** The codes of the points at the given ascending global indices, in that order (count x p). */
    static SparseMatrix codesAt(JavaRDD<CodeBlock> codes, long[] indices, int p) {
        if (indices.length == 0) {
            return new SparseMatrix(0, p, new int[1], new int[0], new double[0]);
        }
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(codes.context());
        Broadcast<long[]> wanted = spark.broadcast(indices);
        List<CodeRow> rows = codes.flatMap(block -> {
            long[] all = wanted.value();
            int from = EmbeddedBlock.lowerBound(all, block.firstIndex());
            int to = EmbeddedBlock.lowerBound(all, block.firstIndex() + block.rows());
            List<CodeRow> found = new ArrayList<>(to - from);
            int r = block.nearest();
            for (int t = from; t < to; t++) {
                int row = (int) (all[t] - block.firstIndex());
                found.add(new CodeRow(t, Arrays.copyOfRange(block.columns(), row * r, row * r + r),
                        Arrays.copyOfRange(block.values(), row * r, row * r + r)));
            }
            return found.iterator();
        }).collect();
        wanted.unpersist(false);
        int r = rows.isEmpty() ? 0 : rows.get(0).columns().length;
        int[] columns = new int[indices.length * r];
        double[] values = new double[indices.length * r];
        int[] rowPointers = new int[indices.length + 1];
        for (int i = 0; i <= indices.length; i++) {
            rowPointers[i] = i * r;
        }
        for (CodeRow row : rows) {
            System.arraycopy(row.columns(), 0, columns, row.position() * r, r);
            System.arraycopy(row.values(), 0, values, row.position() * r, r);
        }
        return new SparseMatrix(indices.length, p, rowPointers, columns, values);
    }

    /** One point's codes and its position in a list of wanted points. */
    record CodeRow(int position, int[] columns, double[] values) implements Serializable {
    }

    /** The embedding {@code codes · map} of every block, rows scaled to unit length when asked (cached). */
    static JavaRDD<EmbeddedBlock> embed(JavaRDD<CodeBlock> codes, DenseMatrix map, boolean normalizeRows) {
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(codes.context());
        int p = map.rows();
        int m = map.columns();
        Broadcast<double[]> values = spark.broadcast(map.data());
        return DistributedKMeans.cached(codes.map(block -> {
            DenseMatrix rows = block.toSparse(p).multiply(new DenseMatrix(p, m, values.value()), Parallel.sequential());
            if (normalizeRows) {
                rows.normalizeRows();
            }
            return new EmbeddedBlock(block.firstIndex(), block.rows(), m, rows.data());
        }));
    }

    /** A single-threaded context for a task: Spark runs the tasks in parallel. */
    static RunContext executorContext() {
        return RunContext.sequential(0);
    }
}
