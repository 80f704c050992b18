package io.csc.model;

import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.api.RunContext;
import io.csc.algorithm.spectral.SampledKernel;
import io.csc.cluster.KMeans;
import io.csc.data.Dataset;
import io.csc.graph.Bandwidth;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Places new points for the graph methods (njw, sl, csp, csp-ml, e2cp, apjcsc-1/2) by the Nyström
 * extension of their embedding (Bengio et al., "Out-of-sample extensions for LLE, Isomap, MDS,
 * Eigenmaps, and Spectral Clustering", NIPS 2003), then the nearest cluster centre.
 *
 * <h2>The extension</h2>
 * For an eigenvector v of the random-walk operator {@code D⁻¹W} with eigenvalue λ, the extension to
 * a new point x is {@code v(x) = (1/λ) Σ_i w(x, x_i) v_i / Σ_i w(x, x_i)}: the kernel-weighted mean
 * of the training rows. Every method here clusters the rows of its leading eigenvectors (after the
 * constraints changed the graph or the problem); their eigenvalues are near 1, and k-means only sees
 * the rows' directions when the method scales rows to unit length, so the extension takes λ = 1 for
 * every coordinate: a new point's row is the kernel-weighted mean of the training rows, scaled to
 * unit length when the method's rows were (detected from the training rows).
 *
 * <p>The sum runs over the {@value #NEIGHBOURS} nearest training points, not all of them: the
 * constraints reshape the graph (E2CP, SL, APJCSC) or the problem (CSP, CSP-ML) in ways the plain
 * Gaussian kernel does not know, and over all points the far mass of a dense kernel pulls a row
 * towards the mean of every cluster. On Digits with e2cp at 10% labels, the full sum placed the
 * training points where the fit put them for 0.42 of them; the 10 nearest for over 0.9 (tested on
 * every method).
 *
 * <h2>Choices</h2>
 * <ul>
 *   <li>The kernel: Gaussian with the σ the method reported (diagnostics {@code sigma}); where it
 *       reported none (local scales), σ is the mean distance of the samples to their 7th nearest
 *       sample, the {@code knn-mean} rule.</li>
 *   <li>Size: at most {@value #MAX_SAMPLES} training points are kept, a seeded uniform sample when
 *       there are more, so the model is O(min(n, 5000) (d + k)) in size and places a point in
 *       O(min(n, 5000) d).</li>
 *   <li>Weights are computed relative to the nearest sample ({@code exp(-(d² - d²_min) / 2σ²)}), so a
 *       point far from every training point is still placed, by its nearest samples, instead of
 *       dividing 0 by 0.</li>
 * </ul>
 */
public final class GraphExtensionModel implements ClusteringModel {

    /** The type name of its saved state. */
    public static final String TYPE = "graph-extension";
    /** The most training points the model keeps. */
    public static final int MAX_SAMPLES = 5000;

    private static final int ROW_BLOCK = 1024;
    private static final int SCALE_NEIGHBOURS = 7;
    /** The nearest training points a new point's row is averaged over. */
    public static final int NEIGHBOURS = 10;

    private final SampledKernel kernel;
    private final DenseMatrix rows;
    private final boolean normalizeRows;
    private final DenseMatrix centroids;

    public GraphExtensionModel(DenseMatrix samples, double sigma, DenseMatrix rows, boolean normalizeRows,
                               DenseMatrix centroids) {
        if (samples.rows() != rows.rows()) {
            throw new IllegalArgumentException(samples.rows() + " samples and " + rows.rows() + " embedding rows");
        }
        if (centroids.columns() != rows.columns()) {
            throw new IllegalArgumentException("Centres of dimension " + centroids.columns() + " for an embedding of "
                    + rows.columns());
        }
        if (!(sigma > 0) || !Double.isFinite(sigma)) {
            throw new IllegalArgumentException("Invalid sigma: " + sigma + " (must be > 0)");
        }
        this.kernel = new SampledKernel(samples, DistanceKernels.squaredNorms(samples.data(), samples.rows(),
                samples.columns()), Bandwidth.global(sigma));
        this.rows = rows;
        this.normalizeRows = normalizeRows;
        this.centroids = centroids;
    }

    /**
     * The model of a graph method's fit.
     *
     * @param training the (scaled) training points
     * @param embedding the rows k-means clustered, one per training point
     * @param labels the clusters of the training points
     * @param sigma the σ the method used, or NaN when it reported none
     * @param seed the seed of the sample when there are more than {@value #MAX_SAMPLES} points
     */
    public static GraphExtensionModel fit(Dataset training, DenseMatrix embedding, int[] labels, int k, double sigma,
                                          long seed) {
        int n = training.size();
        if (embedding.rows() != n || labels.length != n) {
            throw new IllegalArgumentException("Embedding of " + embedding.rows() + " rows and " + labels.length
                    + " labels for " + n + " points");
        }
        DenseMatrix centroids = ClusterMeans.of(embedding, labels, k);
        boolean unitRows = unitRows(embedding);
        int[] kept = sample(n, seed);
        Dataset samples = training.subset(kept);
        DenseMatrix sampleRows = DenseMatrix.zeros(kept.length, embedding.columns());
        for (int r = 0; r < kept.length; r++) {
            System.arraycopy(embedding.data(), kept[r] * embedding.columns(), sampleRows.data(),
                    r * embedding.columns(), embedding.columns());
        }
        DenseMatrix sampleMatrix = new DenseMatrix(kept.length, training.dimension(), samples.features());
        double width = sigma > 0 && Double.isFinite(sigma) ? sigma : knnMeanScale(sampleMatrix);
        return new GraphExtensionModel(sampleMatrix, width, sampleRows, unitRows, centroids);
    }

    @Override
    public DenseMatrix embed(Dataset points, RunContext context) {
        int n = points.size();
        int m = rows.rows();
        int c = rows.columns();
        DenseMatrix embedding = DenseMatrix.zeros(n, c);
        double[] out = embedding.data();
        double[] sampleRows = rows.data();
        double twoSigmaSquared = 2 * kernel.bandwidth().sigma() * kernel.bandwidth().sigma();
        for (int blockStart = 0; blockStart < n; blockStart += ROW_BLOCK) {
            int start = blockStart;
            int end = Math.min(n, start + ROW_BLOCK);
            int[] block = new int[end - start];
            Arrays.setAll(block, i -> start + i);
            double[] distances = kernel.squaredDistances(points.subset(block), context).data();
            int offset = start;
            context.parallel().forRange(end - start, 16, (from, to) -> {
                int[] nearest = new int[Math.min(NEIGHBOURS, m)];
                for (int r = from; r < to; r++) {
                    nearestSamples(distances, r * m, m, nearest);
                    double closest = distances[r * m + nearest[0]];
                    double total = 0;
                    int target = (offset + r) * c;
                    for (int j : nearest) {
                        double weight = Math.exp(-(distances[r * m + j] - closest) / twoSigmaSquared);
                        total += weight;
                        for (int t = 0; t < c; t++) {
                            out[target + t] += weight * sampleRows[j * c + t];
                        }
                    }
                    for (int t = 0; t < c; t++) {
                        out[target + t] /= total;
                    }
                }
            });
        }
        if (normalizeRows) {
            embedding.normalizeRows();
        }
        return embedding;
    }

    @Override
    public int[] predict(Dataset points, RunContext context) {
        return KMeans.assign(embed(points, context), centroids, context.parallel());
    }

    @Override
    public Optional<ModelState> state() {
        ModelState.Builder state = ModelState.builder(TYPE);
        kernel.save(state, "kernel.");
        return Optional.of(state.matrix("rows", rows).flag("normalizeRows", normalizeRows)
                .matrix("centroids", centroids).build());
    }

    /** The model a saved state describes. */
    public static GraphExtensionModel fromState(ModelState state) {
        SampledKernel kernel = SampledKernel.load(state, "kernel.");
        return new GraphExtensionModel(kernel.samples(), kernel.bandwidth().sigma(), state.matrix("rows"),
                state.number("normalizeRows") != 0, state.matrix("centroids"));
    }

    /** The number of training points kept. */
    public int sampleCount() {
        return rows.rows();
    }

    /** The indices of the {@code nearest.length} smallest of {@code distances[base .. base+m)}, nearest first. */
    private static void nearestSamples(double[] distances, int base, int m, int[] nearest) {
        int found = 0;
        for (int j = 0; j < m; j++) {
            double distance = distances[base + j];
            if (found < nearest.length) {
                found++;
            } else if (distance >= distances[base + nearest[found - 1]]) {
                continue;
            }
            int position = found - 1;
            while (position > 0 && distances[base + nearest[position - 1]] > distance) {
                nearest[position] = nearest[position - 1];
                position--;
            }
            nearest[position] = j;
        }
    }

    private static int[] sample(int n, long seed) {
        if (n <= MAX_SAMPLES) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        return RandomSample.indices(n, MAX_SAMPLES, new SplittableRandom(seed));
    }

    private static boolean unitRows(DenseMatrix embedding) {
        int c = embedding.columns();
        double[] data = embedding.data();
        for (int i = 0; i < embedding.rows(); i++) {
            double norm = 0;
            for (int t = 0; t < c; t++) {
                norm += data[i * c + t] * data[i * c + t];
            }
            if (Math.abs(Math.sqrt(norm) - 1) > 1e-6) {
                return false;
            }
        }
        return true;
    }

    /** The mean distance of each sample to its 7th nearest other sample (at most 500 samples asked). */
    private static double knnMeanScale(DenseMatrix samples) {
        int m = samples.rows();
        int d = samples.columns();
        int asked = Math.min(m, 500);
        int neighbour = Math.min(SCALE_NEIGHBOURS, m - 1);
        if (neighbour < 1) {
            return 1.0;
        }
        double sum = 0;
        double[] distances = new double[m - 1];
        for (int i = 0; i < asked; i++) {
            int filled = 0;
            for (int j = 0; j < m; j++) {
                if (j != i) {
                    distances[filled++] = DistanceKernels.squaredDistance(samples.data(), i * d, samples.data(), j * d, d);
                }
            }
            Arrays.sort(distances);
            sum += Math.sqrt(distances[neighbour - 1]);
        }
        double scale = sum / asked;
        return scale > 0 ? scale : 1.0;
    }
}
