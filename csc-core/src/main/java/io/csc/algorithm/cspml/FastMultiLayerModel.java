package io.csc.algorithm.cspml;

import io.csc.algorithm.ClusteringModel;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.SampledBlocks;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import java.util.List;

/**
 * Places new points with the extensions of a FAST-CSP-ML fit. A new point carries no constraint:
 * its must-link row is 0, its cannot-link row is all ones (row sum l), and its similarity row is
 * the kernel to the l samples. Each layer's row is normalized with the fit's column scales, mapped
 * to that layer's embedding, combined into its row of {@code K(:, L)} as in the fit, extended with
 * the fit's final map, scaled to unit length and given the nearest k-means centre. O(l (d + k))
 * per point.
 */
final class FastMultiLayerModel implements ClusteringModel {

    /** New points embedded per block, so memory stays O(block x l) however many are placed. */
    private static final int POINT_BLOCK = 8192;

    private final SampledKernel kernel;
    private final double factor;
    private final double alpha;
    private final double[] similarityColumnScale;
    private final double[] cannotLinkColumnScale;
    private final List<LayerExtension> layers;
    private final DenseMatrix map;
    private final DenseMatrix centroids;

    FastMultiLayerModel(SampledKernel kernel, double factor, double alpha, double[] similarityColumnScale,
                        double[] cannotLinkColumnScale, List<LayerExtension> layers, DenseMatrix map,
                        DenseMatrix centroids) {
        this.kernel = kernel;
        this.factor = factor;
        this.alpha = alpha;
        this.similarityColumnScale = similarityColumnScale;
        this.cannotLinkColumnScale = cannotLinkColumnScale;
        this.layers = List.copyOf(layers);
        this.map = map;
        this.centroids = centroids;
    }

    @Override
    public DenseMatrix embed(Dataset points, RunContext context) {
        return embedInBlocks(points, map.columns(), block -> embedBlock(block, context));
    }

    /** The embedding of a block of points: their rows of each layer, combined as in the fit. */
    private DenseMatrix embedBlock(Dataset points, RunContext context) {
        int l = kernel.size();
        int n = points.size();
        DenseMatrix similarity = similarityRows(kernel, points, factor, similarityColumnScale, context);
        double cannotLinkRowScale = factor / Math.sqrt(l);
        DenseMatrix cannotLink = DenseMatrix.zeros(n, l);
        double[] c = cannotLink.data();
        for (int a = 0; a < n; a++) {
            for (int j = 0; j < l; j++) {
                c[a * l + j] = cannotLinkRowScale * cannotLinkColumnScale[j];
            }
        }
        // The must-link row of a new point is 0: it adds nothing, nor does its embedding.
        List<DenseMatrix> rows = java.util.Arrays.asList(similarity, null, cannotLink);
        DenseMatrix modified = DenseMatrix.zeros(n, l);
        double[] out = modified.data();
        for (int i = 0; i < layers.size(); i++) {
            DenseMatrix layerRows = rows.get(i);
            if (layerRows == null) {
                continue;
            }
            double[] row = layerRows.data();
            for (int t = 0; t < out.length; t++) {
                out[t] += row[t];
            }
            LayerExtension layer = layers.get(i);
            if (layer.dimension() > 0 && alpha != 0.0) {
                DenseMatrix embedded = SampledBlocks.multiply(context.backend(), layerRows, layer.map());
                SampledBlocks.addProduct(context.backend(), alpha, embedded, layer.sampledRows(), modified);
            }
        }
        DenseMatrix embedding = SampledBlocks.multiply(context.backend(), modified, map);
        embedding.normalizeRows();
        return embedding;
    }

    /**
     * The new points' rows of the similarity layer's sampled columns, {@code M₁ = sqrt(l/n) D W₁(:, L) Δ}
     * with D from their row sums over the samples and Δ the fit's column scales.
     */
    static DenseMatrix similarityRows(SampledKernel kernel, Dataset points, double factor, double[] columnScale,
                                      RunContext context) {
        return FastMultiLayerSteps.similarityRows(kernel, points, null, factor, columnScale, context);
    }

    /** {@code embed} in blocks of {@value #POINT_BLOCK} points, so memory stays O(block x l). */
    static DenseMatrix embedInBlocks(Dataset points, int columns, java.util.function.Function<Dataset, DenseMatrix> block) {
        int n = points.size();
        DenseMatrix embedding = DenseMatrix.zeros(n, columns);
        for (int start = 0; start < n; start += POINT_BLOCK) {
            int end = Math.min(n, start + POINT_BLOCK);
            int[] rows = new int[end - start];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = start + i;
            }
            DenseMatrix part = block.apply(n == rows.length ? points : points.subset(rows));
            System.arraycopy(part.data(), 0, embedding.data(), start * columns, part.data().length);
        }
        return embedding;
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return KMeans.assign(embed(points, context), centroids, context.parallel());
    }
}
