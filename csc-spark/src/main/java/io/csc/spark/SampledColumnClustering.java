package io.csc.spark;

import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.cspml.ExtensionCoefficients;
import io.csc.algorithm.cspml.FastMultiLayerConstrainedClustering;
import io.csc.algorithm.cspml.FastMultiLayerOptions;
import io.csc.algorithm.cspml.FastMultiLayerSteps;
import io.csc.algorithm.cspml.FastRestrictedModel;
import io.csc.algorithm.cspml.Variant;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.api.RunContext;
import io.csc.api.UnsuitableInputException;
import io.csc.data.Dataset;
import io.csc.graph.Bandwidth;
import io.csc.graph.BandwidthRule;
import io.csc.graph.Bandwidths;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.MatrixProducts;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * FAST-CSP-ML (the robust variant, {@link FastMultiLayerConstrainedClustering}) on Spark, by the
 * core's steps ({@link FastMultiLayerSteps}):
 * <ol>
 *   <li>the l sampled points: row indices drawn on the driver as the local engine draws them (same
 *       seed, same rows), their rows fetched and broadcast;</li>
 *   <li>σ (the knn-mean rule): each partition keeps, per sample, its q nearest squared distances
 *       among its points; the lists merge into the q nearest among all n (l x q values);</li>
 *   <li>the column sums of the kernel to the samples (Δ, l values), then on the driver the sampled
 *       block {@code M₁(L, :)} from the samples' own rows and the extension coefficients (l x r);</li>
 *   <li>per partition the extended rows {@code M₁ · scaled}: their r x r Gram matrix and column sums
 *       summed, and the rows of the c supervised points computed on the driver from their features;
 *       the Rayleigh-Ritz step with the constraint layers on c + 1 coordinates (the supervised
 *       points and the others lumped together), giving the l x k map;</li>
 *   <li>the embedding per partition, {@code M₁ · map} scaled to unit length, and the final k-means
 *       by {@link DistributedKMeans}.</li>
 * </ol>
 * Each pass recomputes the kernel rows of its block (O(l d) per point) rather than caching n x l
 * values. Sums are combined in partition order ({@link OrderedAggregation}). The driver holds
 * O(l² + l d + l q + c (d + r)) values (r ≤ 4k extended directions; the supervised points' kernel
 * rows are computed {@value #DRIVER_BLOCK} at a time): nothing of size n. The paper variant, whose
 * sampled constraint layers are extended to every point, and the median bandwidth rule, which draws
 * its sample of pairs from the whole data set, run on the local engine only.
 */
final class SampledColumnClustering {

    /** Supervised points whose kernel rows the driver computes at a time. */
    private static final int DRIVER_BLOCK = 4096;

    private SampledColumnClustering() {
    }

    /** The spectral stage of a distributed FAST-CSP-ML fit; {@code random} is used in the local engine's order. */
    static SparkClustering.Spectral fit(FastMultiLayerOptions options, DistributedPoints points, Supervision supervision,
                                        int k, SplittableRandom random, long seed, Diagnostics.Builder diagnostics) {
        String name = FastMultiLayerConstrainedClustering.NAME;
        if (options.variant() != Variant.ROBUST) {
            throw new IllegalArgumentException(name + " variant=paper runs on the local engine only; drop "
                    + "--param variant=paper or --engine spark");
        }
        if (options.kernel().rule() == BandwidthRule.MEDIAN) {
            throw new IllegalArgumentException(name + " bandwidth=median runs on the local engine only; use the "
                    + "default knn-mean or give --param sigma");
        }
        diagnostics.put("alpha", options.alpha());
        int n = (int) points.size();
        int l = SampledKernel.sampleCount(name, options.samples(), n, k, diagnostics);
        int[] sample = Bandwidths.sampleWithoutReplacement(n, l, random.split());
        random.nextLong(); // the local engine draws its σ context's seed here; later draws must line up
        long[] sampleRows = java.util.Arrays.stream(sample).asLongStream().toArray();
        DenseMatrix samples = diagnostics.time("samples", () -> LandmarkCoding.rowsInOrder(points, sampleRows));
        SampledKernel unit = new SampledKernel(samples, DistanceKernels.squaredNorms(samples.data(), l,
                samples.columns()), Bandwidth.global(1.0));
        JavaSparkContext spark = JavaSparkContext.fromSparkContext(points.blocks().context());
        Broadcast<LandmarkCoding.SelfLookup> self = spark.broadcast(LandmarkCoding.SelfLookup.of(sampleRows));
        double sigma = options.kernel().rule() == BandwidthRule.FIXED ? options.kernel().sigma()
                : diagnostics.time("bandwidth", () -> neighbourSigma(points, spark.broadcast(SampleTable.of(unit)), sample,
                        options.kernel().neighbours()));
        SampledKernel kernel = unit.withBandwidth(Bandwidth.global(sigma));
        diagnostics.put("samples", l).put("sigma", sigma);
        Broadcast<SampleTable> kernelTable = spark.broadcast(SampleTable.of(kernel));
        double factor = Math.sqrt((double) l / n);
        double[] columnScale = diagnostics.time("kernel", () -> NormalizedAffinity.inverseSquareRootDegrees(
                columnSums(points, kernelTable, self)));
        Broadcast<double[]> scales = spark.broadcast(columnScale);
        try (RunContext driver = RunContext.sequential(seed)) {
            int[] ownColumns = new int[l];
            for (int j = 0; j < l; j++) {
                ownColumns[j] = j;
            }
            DenseMatrix block = FastMultiLayerSteps.similarityRows(kernel, Dataset.unlabelled("samples", l,
                    samples.columns(), samples.data()), ownColumns, factor, columnScale, driver);
            ExtensionCoefficients coefficients = diagnostics.time("similarityLayer", () ->
                    FastMultiLayerSteps.coefficients(block, k, options,
                            supervision.constraints().constrainedPoints().length, factor, driver.backend()));
            int r = coefficients.count();
            if (r == 0) {
                throw new UnsuitableInputException("The sampled similarity layer of " + name + " has no positive "
                        + "eigenvalue (σ = " + sigma + "): give --param sigma or raise --param samples");
            }
            Broadcast<double[]> scaled = spark.broadcast(coefficients.scaled().data());
            double[] sums = diagnostics.time("similarityLayer", () -> extendedSums(points, kernelTable, self, scales,
                    scaled, factor, r));
            DenseMatrix extendedAtSupervised = extendedAtSupervised(points, supervision, kernel, self.value(), factor,
                    columnScale, coefficients.scaled(), driver);
            DenseMatrix map = FastMultiLayerSteps.restrictedMap(coefficients, new DenseMatrix(r, r,
                    java.util.Arrays.copyOf(sums, r * r)), java.util.Arrays.copyOfRange(sums, r * r, r * r + r),
                    extendedAtSupervised, supervision.constraints(), n, k, options.alpha(), diagnostics, random,
                    driver.backend());
            scaled.unpersist(false);
            JavaRDD<EmbeddedBlock> embedding = diagnostics.time("embedding", () -> embed(points, kernelTable, self,
                    scales, spark.broadcast(map.data()), factor, map.columns()));
            return new SparkClustering.Spectral(centroids -> new FastRestrictedModel(kernel, factor, columnScale, map,
                    centroids), () -> {
                kernelTable.unpersist(false);
                self.unpersist(false);
                scales.unpersist(false);
            }, embedding, options.kmeans());
        }
    }

    /** σ by the knn-mean rule: the q nearest squared distances per sample, merged over the partitions. */
    private static double neighbourSigma(DistributedPoints points, Broadcast<SampleTable> unit, int[] sample,
                                         int neighbours) {
        int l = sample.length;
        int q = SampledKernel.neighbourCount(neighbours, points.size());
        double[] copies = unit.value().kernel().copyDistances();
        double[] nearest = OrderedAggregation.aggregate(points.blocks(), partition -> {
            double[] found = SampledKernel.emptyNeighbours(l, q);
            try (RunContext context = LandmarkCoding.executorContext()) {
                while (partition.hasNext()) {
                    PointBlock block = partition.next();
                    DenseMatrix distances = unit.value().kernel().squaredDistances(rows(block), context);
                    SampledKernel.addNeighbours(distances.data(), block.rows(), l, block.firstIndex(), sample, copies,
                            0, l, q, found);
                }
            }
            return found;
        }, (left, right) -> SampledKernel.mergeNeighbours(left, right, q));
        unit.unpersist(false);
        double sigma = SampledKernel.meanOfNeighbours(nearest, l, q);
        if (!(sigma > 0)) {
            throw new IllegalArgumentException("The sampled points coincide with their nearest neighbours (mean k-NN "
                    + "distance 0): give --param sigma or raise --param scale-neighbours");
        }
        return sigma;
    }

    /** The column sums of the kernel to the samples, each sample's own entry dropped. */
    private static double[] columnSums(DistributedPoints points, Broadcast<SampleTable> kernel,
                                       Broadcast<LandmarkCoding.SelfLookup> self) {
        int l = kernel.value().kernel().size();
        return OrderedAggregation.aggregate(points.blocks(), partition -> {
            FaultInjection.check("sampled kernel");
            double[] sums = new double[l];
            try (RunContext context = LandmarkCoding.executorContext()) {
                while (partition.hasNext()) {
                    PointBlock block = partition.next();
                    DenseMatrix rows = FastMultiLayerSteps.kernelRows(kernel.value().kernel(), rows(block),
                            self.value().landmarksOf(block.firstIndex(), block.rows()), context);
                    double[] values = rows.data();
                    for (int a = 0; a < block.rows(); a++) {
                        for (int j = 0; j < l; j++) {
                            sums[j] += values[a * l + j];
                        }
                    }
                }
            }
            return sums;
        }, OrderedAggregation::addInto);
    }

    /** The r x r Gram matrix of the extended rows {@code M₁ · scaled}, then their r column sums. */
    private static double[] extendedSums(DistributedPoints points, Broadcast<SampleTable> kernel,
                                         Broadcast<LandmarkCoding.SelfLookup> self, Broadcast<double[]> scales,
                                         Broadcast<double[]> scaled, double factor, int r) {
        return OrderedAggregation.aggregate(points.blocks(), partition -> {
            double[] sums = new double[r * r + r];
            try (RunContext context = LandmarkCoding.executorContext()) {
                while (partition.hasNext()) {
                    DenseMatrix extended = MatrixProducts.multiply(context.backend(), similarityRows(partition.next(),
                            kernel, self, scales, factor, context), coefficients(scaled, r));
                    double[] gram = MatrixProducts.gram(context.backend(), extended).data();
                    for (int t = 0; t < r * r; t++) {
                        sums[t] += gram[t];
                    }
                    double[] values = extended.data();
                    for (int a = 0; a < extended.rows(); a++) {
                        for (int j = 0; j < r; j++) {
                            sums[r * r + j] += values[a * r + j];
                        }
                    }
                }
            }
            return sums;
        }, OrderedAggregation::addInto);
    }

    /**
     * The extended rows {@code M₁ · scaled} of the supervised points (c x r), from their features
     * fetched to the driver, {@value #DRIVER_BLOCK} points at a time so that the driver never holds
     * c x l kernel values.
     */
    private static DenseMatrix extendedAtSupervised(DistributedPoints points, Supervision supervision,
                                                    SampledKernel kernel, LandmarkCoding.SelfLookup self,
                                                    double factor, double[] columnScale, DenseMatrix scaled,
                                                    RunContext context) {
        long[] indices = supervision.points();
        int c = indices.length;
        int d = points.dimension();
        int r = scaled.columns();
        DenseMatrix features = LandmarkCoding.rowsAt(points, indices);
        double[] extended = new double[c * r];
        for (int from = 0; from < c; from += DRIVER_BLOCK) {
            int count = Math.min(DRIVER_BLOCK, c - from);
            int[] ownColumns = new int[count];
            for (int t = 0; t < count; t++) {
                ownColumns[t] = self.landmarksOf(indices[from + t], 1)[0];
            }
            Dataset block = Dataset.unlabelled("supervised", count, d,
                    java.util.Arrays.copyOfRange(features.data(), from * d, (from + count) * d));
            DenseMatrix rows = FastMultiLayerSteps.similarityRows(kernel, block, ownColumns, factor, columnScale,
                    context);
            DenseMatrix part = MatrixProducts.multiply(context.backend(), rows, scaled);
            System.arraycopy(part.data(), 0, extended, from * r, count * r);
        }
        return new DenseMatrix(c, r, extended);
    }

    /** The embedding of every point, {@code M₁ · map} scaled to unit length (cached). */
    private static JavaRDD<EmbeddedBlock> embed(DistributedPoints points, Broadcast<SampleTable> kernel,
                                                Broadcast<LandmarkCoding.SelfLookup> self, Broadcast<double[]> scales,
                                                Broadcast<double[]> map, double factor, int m) {
        JavaRDD<EmbeddedBlock> embedding = DistributedKMeans.cached(points.blocks().map(block -> {
            try (RunContext context = LandmarkCoding.executorContext()) {
                DenseMatrix rows = similarityRows(block, kernel, self, scales, factor, context);
                DenseMatrix embedded = MatrixProducts.multiply(context.backend(), rows,
                        new DenseMatrix(rows.columns(), m, map.value()));
                embedded.normalizeRows();
                return new EmbeddedBlock(block.firstIndex(), block.rows(), m, embedded.data());
            }
        }));
        embedding.count();
        map.unpersist(false);
        return embedding;
    }

    private static DenseMatrix similarityRows(PointBlock block, Broadcast<SampleTable> kernel,
                                              Broadcast<LandmarkCoding.SelfLookup> self, Broadcast<double[]> scales,
                                              double factor, RunContext context) {
        return FastMultiLayerSteps.similarityRows(kernel.value().kernel(), rows(block),
                self.value().landmarksOf(block.firstIndex(), block.rows()), factor, scales.value(), context);
    }

    private static DenseMatrix coefficients(Broadcast<double[]> scaled, int r) {
        double[] values = scaled.value();
        return new DenseMatrix(values.length / r, r, values);
    }

    private static Dataset rows(PointBlock block) {
        return Dataset.unlabelled("block", block.rows(), block.dimension(), block.features());
    }

    /**
     * The samples and σ as broadcast to the executors (plain arrays: the core's matrices are not
     * serializable); the kernel is rebuilt per block, O(l d) beside the block's O(rows l d).
     */
    private record SampleTable(double[] samples, int dimension, double sigma) implements java.io.Serializable {

        static SampleTable of(SampledKernel kernel) {
            return new SampleTable(kernel.samples().data(), kernel.samples().columns(), kernel.bandwidth().sigma());
        }

        SampledKernel kernel() {
            DenseMatrix rows = new DenseMatrix(samples.length / dimension, dimension, samples);
            return new SampledKernel(rows, DistanceKernels.squaredNorms(samples, rows.rows(), dimension),
                    Bandwidth.global(sigma));
        }
    }
}
