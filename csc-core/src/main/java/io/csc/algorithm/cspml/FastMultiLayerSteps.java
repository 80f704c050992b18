package io.csc.algorithm.cspml;

import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import java.util.SplittableRandom;

/**
 * The robust FAST-CSP-ML ({@link FastMultiLayerConstrainedClustering}) as steps for an engine that
 * keeps the points elsewhere (Spark): per-block kernels for the work over the points, and the small
 * problems for the driver, which sees only l x l, l x m and c x m matrices and sums over the points.
 * <ol>
 *   <li>{@link #kernelRows} per block: the kernel to the l samples with each sample's own entry
 *       dropped (W₁'s zero diagonal); summed over the points, the column sums give Δ.</li>
 *   <li>{@link #similarityRows}: the rows of {@code M₁ = sqrt(l/n) D W₁(:, L) Δ} of a block, and
 *       of the samples themselves (the sampled block).</li>
 *   <li>{@link #coefficients} from the sampled block; per block the extended rows
 *       {@code M₁ · scaled}, whose Gram matrix and column sums are summed over the points.</li>
 *   <li>{@link #restrictedMap}: the Rayleigh-Ritz step of the robust variant with the constraint
 *       layers seen from the supervised points ({@link CompressedConstraintLayers}): the l x k map
 *       whose product with a point's row of M₁, scaled to unit length, is its embedding.</li>
 * </ol>
 */
public final class FastMultiLayerSteps {

    private FastMultiLayerSteps() {
    }

    /**
     * The kernel between {@code points} and the samples, with the entry of a point in its own
     * sampled column set to 0: {@code selfColumn[a]} is that column for row a, or -1 (null: no point
     * of the block is a sample).
     */
    public static DenseMatrix kernelRows(SampledKernel kernel, Dataset points, int[] selfColumn, RunContext context) {
        DenseMatrix rows = kernel.columns(points, context);
        if (selfColumn != null) {
            int l = rows.columns();
            for (int a = 0; a < selfColumn.length; a++) {
                if (selfColumn[a] >= 0) {
                    rows.data()[a * l + selfColumn[a]] = 0.0;
                }
            }
        }
        return rows;
    }

    /**
     * The rows of {@code M₁ = sqrt(l/n) D W₁(:, L) Δ} for {@code points}: D from their row sums over
     * the samples (own entry dropped, see {@link #kernelRows}), Δ the fit's column scales.
     */
    public static DenseMatrix similarityRows(SampledKernel kernel, Dataset points, int[] selfColumn, double factor,
                                             double[] columnScale, RunContext context) {
        int l = kernel.size();
        int n = points.size();
        DenseMatrix similarity = kernelRows(kernel, points, selfColumn, context);
        double[] rowScale = NormalizedAffinity.inverseSquareRootDegrees(NormalizedAffinity.rowSums(similarity));
        double[] s = similarity.data();
        for (int a = 0; a < n; a++) {
            for (int j = 0; j < l; j++) {
                s[a * l + j] *= factor * rowScale[a] * columnScale[j];
            }
        }
        return similarity;
    }

    /**
     * The similarity layer's extension coefficients from its sampled block {@code M₁(L, :)} (l x l,
     * modified): the m leading eigenvectors of the robust variant, m from {@code options} and the
     * number of constrained points ({@link SubspaceRestriction#dimension}).
     */
    public static ExtensionCoefficients coefficients(DenseMatrix block, int k, FastMultiLayerOptions options,
                                                     int constrainedPoints, double factor,
                                                     LinearAlgebraBackend backend) {
        int dimension = SubspaceRestriction.dimension(options.dimension(), k, block.rows(), constrainedPoints);
        return LayerExtension.coefficients(block, dimension, factor, backend);
    }

    /**
     * The l x k map of the robust variant: a point's embedding is its row of M₁ times the map,
     * scaled to unit length.
     *
     * @param coefficients the similarity layer's extension coefficients (r columns)
     * @param extendedGram {@code (M₁ scaled)ᵀ (M₁ scaled)} summed over all n points, r x r
     * @param extendedSums the column sums of {@code M₁ scaled} over all n points
     * @param extendedAtSupervised the rows of {@code M₁ scaled} at the c supervised points, in their order
     * @param supervision the constraints over the c supervised points
     * @param n the number of points
     * @param random the local engine's random stream after the sample and σ (must-link, cannot-link)
     */
    public static DenseMatrix restrictedMap(ExtensionCoefficients coefficients, DenseMatrix extendedGram,
                                            double[] extendedSums, DenseMatrix extendedAtSupervised,
                                            ConstraintSet supervision, long n, int k, double alpha,
                                            Diagnostics.Builder diagnostics, SplittableRandom random,
                                            LinearAlgebraBackend backend) {
        DenseMatrix basis = LayerExtension.orthonormalizingGram(extendedGram, backend);
        int m = basis.columns();
        if (m < k) {
            diagnostics.warn("The sampled similarity layer has only " + m + " usable eigenvectors for k = " + k
                    + ": the embedding has fewer dimensions; raise --param samples");
        }
        DenseMatrix form = LayerExtension.form(extendedGram, basis, coefficients.values(), coefficients.factor(),
                backend);
        CompressedConstraintLayers layers = CompressedConstraintLayers.of(supervision, n, k, alpha, diagnostics, random);
        double weight = constrainedWeight(supervision, n);
        EigenDecomposition ritz = diagnostics.time("eigen", () -> FastMultiLayerConstrainedClustering.restrictedRitz(form,
                lumpedBasis(basis, extendedSums, extendedAtSupervised, n, backend), layers.operator(),
                new int[] {layers.mustLinkDimension(), layers.cannotLinkDimension()}, weight, alpha, k, diagnostics,
                backend));
        FastMultiLayerConstrainedClustering.recordRitz(diagnostics, ritz, m, weight);
        return MatrixProducts.multiply(backend, MatrixProducts.multiply(backend, coefficients.scaled(), basis),
                ritz.vectors());
    }

    /** {@link SubspaceRestriction#constraintWeight} with n given: n over the constrained points. */
    private static double constrainedWeight(ConstraintSet supervision, long n) {
        int constrained = supervision.constrainedPoints().length;
        return constrained == 0 ? 1.0 : (double) n / constrained;
    }

    /**
     * {@code Ṽ = Jᵀ V} for the orthonormal {@code V = M₁ scaled T}: its rows at the supervised
     * points, then (when other points exist) the sum of its other rows over sqrt(n - c).
     */
    private static DenseMatrix lumpedBasis(DenseMatrix basis, double[] extendedSums, DenseMatrix extendedAtSupervised,
                                           long n, LinearAlgebraBackend backend) {
        int c = extendedAtSupervised.rows();
        int m = basis.columns();
        long others = n - c;
        DenseMatrix supervised = MatrixProducts.multiply(backend, extendedAtSupervised, basis);
        DenseMatrix lumped = DenseMatrix.zeros(others > 0 ? c + 1 : c, m);
        System.arraycopy(supervised.data(), 0, lumped.data(), 0, c * m);
        if (others > 0) {
            DenseMatrix sums = MatrixProducts.multiply(backend, new DenseMatrix(1, extendedSums.length, extendedSums),
                    basis);
            double inverseRoot = 1.0 / Math.sqrt(others);
            for (int j = 0; j < m; j++) {
                double rest = sums.get(0, j);
                for (int i = 0; i < c; i++) {
                    rest -= supervised.get(i, j);
                }
                lumped.set(c, j, rest * inverseRoot);
            }
        }
        return lumped;
    }
}
