package io.csc.algorithm.cspml;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.RunContext;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.MatrixProducts;
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
        int l = kernel.size();
        int n = points.size();
        DenseMatrix similarity = kernel.columns(points, context);
        double[] rowScale = NormalizedAffinity.inverseSquareRootDegrees(NormalizedAffinity.rowSums(similarity));
        double cannotLinkRowScale = factor / Math.sqrt(l);
        double[] s = similarity.data();
        for (int a = 0; a < n; a++) {
            for (int j = 0; j < l; j++) {
                s[a * l + j] *= factor * rowScale[a] * similarityColumnScale[j];
            }
        }
        DenseMatrix cannotLink = DenseMatrix.zeros(n, l);
        double[] c = cannotLink.data();
        for (int a = 0; a < n; a++) {
            for (int j = 0; j < l; j++) {
                c[a * l + j] = cannotLinkRowScale * cannotLinkColumnScale[j];
            }
        }
        List<DenseMatrix> rows = List.of(similarity, DenseMatrix.zeros(n, l), cannotLink);
        DenseMatrix modified = DenseMatrix.zeros(n, l);
        double[] out = modified.data();
        for (int i = 0; i < layers.size(); i++) {
            double[] row = rows.get(i).data();
            for (int t = 0; t < out.length; t++) {
                out[t] += row[t];
            }
            LayerExtension layer = layers.get(i);
            if (layer.dimension() > 0 && alpha != 0.0) {
                DenseMatrix embedded = MatrixProducts.multiply(context.backend(), rows.get(i), layer.map());
                context.backend().gemm(false, true, n, l, layer.dimension(), alpha, embedded.data(), 0,
                        layer.dimension(), layer.sampledRows().data(), 0, layer.dimension(), 1.0, out, 0, l);
            }
        }
        DenseMatrix embedding = MatrixProducts.multiply(context.backend(), modified, map);
        embedding.normalizeRows();
        return embedding;
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return KMeans.assign(embed(points, context), centroids, context.parallel());
    }
}
