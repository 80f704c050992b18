package io.csc.algorithm.nystrom;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.SolverStatus;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.SampledBlocks;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.algorithm.spectral.SpectralParameters;
import io.csc.api.RunContext;
import io.csc.cluster.KMeansResult;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.graph.Bandwidth;
import io.csc.graph.BandwidthRule;
import io.csc.graph.Bandwidths;
import io.csc.graph.KernelOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import io.csc.linalg.SymmetricEigen;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Nyström spectral clustering (Fowlkes, Belongie, Chung and Malik, PAMI 2004) with the one-shot
 * orthogonalization of their Section 4: m sampled points give the kernel columns
 * {@code C = [A B]} (A: m x m among the samples, B: m x (n-m) to the rest); the degrees are
 * approximated as {@code d̂ = Cᵀ A⁺ (C 1)}; with {@code Â, Ĉ} normalized by them,
 * {@code Q = Â^-1/2 Ĉ Ĉᵀ Â^-1/2 = U Λ Uᵀ} and {@code V = Ĉᵀ Â^-1/2 U Λ^-1/2} has orthonormal
 * columns approximating the leading eigenvectors of {@code D^-1/2 W D^-1/2}. Then as NJW: the k
 * leading columns, rows scaled to unit length, k-means.
 *
 * <p>Time O(n m d + n m²), memory O(n m): linear in n. Constraints are ignored. Pseudo-inverses
 * drop eigenvalues below {@code 1e-10} times the largest, and approximate degrees that come out
 * non-positive (possible for a poor sample) are clamped and counted in the diagnostics.
 */
public final class NystromSpectralClustering implements ClusteringAlgorithm {

    public static final String NAME = "nystrom";

    public static final Parameter<Integer> SAMPLES = Parameter.integer("samples", 500,
            "m, the number of sampled points (kernel columns); memory is n x m doubles");
    public static final Parameter<BandwidthRule> BANDWIDTH = Parameter.choice("bandwidth", BandwidthRule.class,
            BandwidthRule.MEDIAN, "sigma rule when not given (only median applies: the others need all distances)").usedOnlyWith(SpectralParameters.SIGMA, null);

    public static final List<Parameter<?>> PARAMETERS = List.of(SAMPLES, SpectralParameters.SIGMA, BANDWIDTH,
            SpectralParameters.KMEANS_RESTARTS, SpectralParameters.KMEANS_ITERATIONS, SpectralParameters.KMEANS_SAMPLE);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "Nystrom spectral clustering with orthogonalization (unconstrained, linear in n)",
            "Fowlkes, Belongie, Chung, Malik: Spectral grouping using the Nystrom method, PAMI 2004",
            false, true, PARAMETERS, values -> new NystromSpectralClustering(options(values)));

    private static final double PSEUDO_INVERSE_THRESHOLD = 1e-10;
    private final NystromOptions options;

    public NystromSpectralClustering(NystromOptions options) {
        this.options = options;
    }

    /** The options from parameter values over their defaults. */
    public static NystromOptions options(ParameterValues values) {
        KernelOptions kernel = KernelOptions.of(values.get(SpectralParameters.SIGMA), values.get(BANDWIDTH),
                KernelOptions.SELF_TUNING_NEIGHBOUR);
        return new NystromOptions(values.get(SAMPLES), kernel, SpectralParameters.kmeans(values));
    }

    public NystromOptions options() {
        return options;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        long start = System.nanoTime();
        SplittableRandom random = context.random();
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        int n = data.size();
        int m = SampledKernel.sampleCount(NAME, options.samples(), n, k, diagnostics);
        int[] sample = Bandwidths.sampleWithoutReplacement(n, m, random.split());
        Bandwidth bandwidth = Bandwidths.resolve(options.kernel(), data, null, context.withSeed(random.nextLong()));
        SampledKernel kernel = SampledKernel.of(data, sample, bandwidth);
        diagnostics.put("samples", m).put("sigma", bandwidth.sigma());

        DenseMatrix columns = diagnostics.time("kernel", () -> kernel.columns(data, context));
        DenseMatrix sampleBlock = SampledBlocks.rows(columns, sample);
        double[] columnSums = new double[m];
        double[] c = columns.data();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                columnSums[j] += c[i * m + j];
            }
        }
        EigenDecomposition sampleEigen = SymmetricEigen.all(context.backend(), sampleBlock);
        double[] degreeWeights = pseudoInversePower(sampleEigen, -1.0, context.backend()).apply(columnSums);
        double[] sampleDegrees = new double[m];
        double[] sampleScale = new double[m];
        for (int j = 0; j < m; j++) {
            sampleDegrees[j] = dot(sampleBlock.row(j), degreeWeights);
        }
        int clamped = clampDegrees(sampleDegrees);
        for (int j = 0; j < m; j++) {
            sampleScale[j] = 1.0 / Math.sqrt(sampleDegrees[j]);
        }
        int[] clampedRows = new int[1];
        normalize(columns, degreeWeights, sampleScale, clampedRows, context);
        if (clamped + clampedRows[0] > 0) {
            diagnostics.warn((clamped + clampedRows[0]) + " approximate degrees were not positive and were clamped: "
                    + "the sample may be too small or sigma too small; raise --param samples");
        }
        DenseMatrix normalizedBlock = SampledBlocks.rows(columns, sample);
        EigenDecomposition normalizedEigen = SymmetricEigen.all(context.backend(), normalizedBlock);
        DenseMatrix inverseRoot = pseudoInversePower(normalizedEigen, -0.5, context.backend()).matrix();
        DenseMatrix gram = MatrixProducts.gram(context.backend(), columns);
        DenseMatrix q = MatrixProducts.multiply(context.backend(), MatrixProducts.multiply(context.backend(), inverseRoot, gram),
                inverseRoot);
        q.symmetrize();
        EigenDecomposition leading = diagnostics.time("eigen", () -> SymmetricEigen.largest(context.backend(), q, k));
        diagnostics.put("eigenvalues", leading.values()).solver(null, SolverStatus.direct("dense symmetric ("
                + context.backend().name() + ")"));
        DenseMatrix scaledVectors = leading.vectors().copy();
        for (int j = 0; j < k; j++) {
            double value = leading.values()[j];
            double factor = value > PSEUDO_INVERSE_THRESHOLD * leading.values()[0] ? 1.0 / Math.sqrt(value) : 0.0;
            for (int i = 0; i < m; i++) {
                scaledVectors.set(i, j, scaledVectors.get(i, j) * factor);
            }
        }
        DenseMatrix map = MatrixProducts.multiply(context.backend(), inverseRoot, scaledVectors);
        DenseMatrix embedding = MatrixProducts.multiply(context.backend(), columns, map);
        embedding.normalizeRows();
        KMeansResult clusters = diagnostics.time("kmeans", () -> EmbeddingClustering.cluster(embedding, k,
                options.kmeans(), random.split(), context));
        NystromModel model = new NystromModel(kernel, degreeWeights, sampleScale, map, clusters.centroids());
        return new ClusteringResult(NAME, clusters.labels(), k, embedding, (System.nanoTime() - start) / 1e9,
                diagnostics.build(), model);
    }

    /**
     * Normalizes kernel columns in place: row i (a point) by {@code 1/sqrt(d̂_i)} with
     * {@code d̂_i = Σ_j C_ij w_j}, column j (a sample) by {@code sampleScale_j}.
     */
    static void normalize(DenseMatrix columns, double[] degreeWeights, double[] sampleScale, int[] clampedCount,
                          RunContext context) {
        int n = columns.rows();
        int m = columns.columns();
        double[] c = columns.data();
        List<Integer> clamped = context.parallel().map(n, 1024, (from, to) -> {
            int count = 0;
            for (int i = from; i < to; i++) {
                double degree = 0;
                for (int j = 0; j < m; j++) {
                    degree += c[i * m + j] * degreeWeights[j];
                }
                if (!(degree > Double.MIN_NORMAL)) {
                    degree = Double.MIN_NORMAL;
                    count++;
                }
                double rowScale = 1.0 / Math.sqrt(degree);
                for (int j = 0; j < m; j++) {
                    c[i * m + j] *= rowScale * sampleScale[j];
                }
            }
            return count;
        });
        if (clampedCount != null) {
            clampedCount[0] = clamped.stream().mapToInt(Integer::intValue).sum();
        }
    }

    private static int clampDegrees(double[] degrees) {
        int count = 0;
        for (int j = 0; j < degrees.length; j++) {
            if (!(degrees[j] > Double.MIN_NORMAL)) {
                degrees[j] = Double.MIN_NORMAL;
                count++;
            }
        }
        return count;
    }

    /** {@code A^power} on the range of A (eigenvalues above the threshold), 0 on the rest. */
    private static PowerMatrix pseudoInversePower(EigenDecomposition eigen, double power, LinearAlgebraBackend backend) {
        double[] values = eigen.values();
        double largest = 0;
        for (double value : values) {
            largest = Math.max(largest, Math.abs(value));
        }
        int m = values.length;
        DenseMatrix vectors = eigen.vectors();
        DenseMatrix scaled = vectors.copy();
        for (int j = 0; j < m; j++) {
            double factor = values[j] > PSEUDO_INVERSE_THRESHOLD * largest ? Math.pow(values[j], power) : 0.0;
            for (int i = 0; i < m; i++) {
                scaled.set(i, j, scaled.get(i, j) * factor);
            }
        }
        DenseMatrix result = MatrixProducts.multiplyTransposeB(backend, scaled, vectors);
        result.symmetrize();
        return new PowerMatrix(result);
    }

    private record PowerMatrix(DenseMatrix matrix) {
        double[] apply(double[] vector) {
            int m = matrix.rows();
            double[] result = new double[m];
            for (int i = 0; i < m; i++) {
                result[i] = dot(matrix.row(i), vector);
            }
            return result;
        }
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
