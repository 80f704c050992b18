package io.csc.graph;

import io.csc.api.NeighbourSearch;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.SparseCoding.LandmarkTable;
import io.csc.graph.SparseCoding.NearestLandmarks;
import io.csc.linalg.DenseMatrix;
import io.csc.util.RandomSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The r nearest of many landmarks for every point, as SC-PC needs with its constrained points as
 * landmarks: exact, or screened on principal components when the exact search would cost too much.
 *
 * <p>The exact search ({@link SparseCoding#nearest}) costs one product of n p d multiply-adds:
 * 70,000 Fashion-MNIST images against 8,000 landmarks (7,000 labelled points and 1,000 random ones)
 * are 4.4e11, four seconds at the single-precision peak of two cores. Screened on the
 * {@value #SCREENING_DIMENSIONS} leading principal components ({@link PrincipalScreening}) the
 * product shrinks by d / {@value #SCREENING_DIMENSIONS}, and the r + {@value SparseCoding#PROJECTED_MARGIN}
 * best candidates of each point then get their exact distances in the full space, of which the r
 * nearest are kept. A wrong landmark is therefore only ever a near one in place of a nearer one,
 * and its weight is computed from its exact distance. The recall, the share of the exact r nearest
 * found, is measured on a sample of points and reported in the run's notes under
 * {@code landmarkSearch}.
 *
 * <p>Measured on Fashion-MNIST (70,000 x 784), sc-pc, seeds 1 and 2: with 7,000 labels (8,000
 * landmarks) the recall is 0.994 and NMI 0.7439 / 0.7476 against 0.7446 / 0.7486 exact; with 1,000
 * labels (2,000 landmarks) the recall is 0.999 and NMI 0.6511 / 0.6456 against 0.6513 / 0.6456.
 * Fewer dimensions or candidates lose more (7,000 labels, seed 1): 96 dimensions, recall 0.985 and
 * NMI 0.002 lower; 64 dimensions, 0.95 and 0.005 lower; 128 dimensions with r + 4 candidates, 0.978
 * and 0.0016 lower, with r + 2, 0.948 and 0.0027 lower.
 *
 * <p>From {@value LandmarkCells#MINIMUM_LANDMARKS} landmarks on, when σ's rule needs no sums over all
 * landmarks, each point is screened against the landmarks of its nearest cells only
 * ({@link LandmarkCells}, about {@value LandmarkCells#SCREENED} of them). SC-PC, 7,000 labels,
 * Fashion-MNIST, seeds 1 and 2, against the screening of all 8,000: the same recall (0.995, 0.995),
 * NMI 0.7436 / 0.7471 against 0.7439 / 0.7476, the sparse coding 3.0 / 2.8 s against 4.0 / 3.8 s.
 *
 * <p>When: as {@link RunContext#neighbourSearch()} asks ({@link NeighbourSearch#approximatesLandmarks}),
 * and only for data of more than {@value #SCREENING_DIMENSIONS} features, where the projection
 * saves work.
 */
public final class LandmarkSearch {

    /** The principal components the nearest landmarks are screened on. */
    public static final int SCREENING_DIMENSIONS = 128;

    private LandmarkSearch() {
    }

    /**
     * Whether the nearest r of p landmarks for n points of d features are screened on principal
     * components: when {@code search} approximates at this work, the data has more features than
     * the screening dimensions, and there are more landmarks than candidates.
     */
    public static boolean screensOnComponents(NeighbourSearch search, long n, int p, int d, int r) {
        return d > SCREENING_DIMENSIONS && p > r + SparseCoding.PROJECTED_MARGIN && search.approximatesLandmarks(n, p, d);
    }

    /**
     * Codes all points of {@code data} by {@code landmarks}, choosing σ by the options' rule, as
     * {@link SparseCoding#encode(Dataset, DenseMatrix, SparseCodingOptions, RunContext)} does with
     * the nearest landmarks found by {@link #nearest}.
     */
    public static SparseCode encode(Dataset data, DenseMatrix landmarks, SparseCodingOptions options,
                                    RunContext context) {
        List<NearestLandmarks> blocks = nearest(data, landmarks, options.nearest(), SparseCoding.needsAllSums(options),
                context);
        return SparseCoding.code(blocks, options, data.size(), landmarks.rows());
    }

    /**
     * The r nearest of the p x d {@code landmarks} for every point of {@code data}, in blocks of
     * {@link SparseCoding#blockRows} rows in row order, with the sums over all landmarks when
     * {@code sums} (from the screening distances). How they were found goes to the run's notes under
     * {@code landmarkSearch}: the method, and for the screening on principal components its
     * dimensions, candidates per point and recall on a sample of points.
     */
    public static List<NearestLandmarks> nearest(Dataset data, DenseMatrix landmarks, int r, boolean sums,
                                                 RunContext context) {
        int n = data.size();
        int p = landmarks.rows();
        int d = data.dimension();
        if (landmarks.columns() != d) {
            throw new IllegalArgumentException("Landmarks have " + landmarks.columns() + " features, the data " + d);
        }
        Map<String, Object> report = new LinkedHashMap<>();
        List<NearestLandmarks> blocks;
        if (screensOnComponents(context.neighbourSearch(), n, p, d, r)) {
            LandmarkTable table = LandmarkTable.projected(landmarks, SCREENING_DIMENSIONS, sums, context.backend(),
                    context.parallel());
            blocks = SparseCoding.nearestAll(data, table, r, sums, context);
            int[] sample = recallSample(n, p, d, context.seed());
            report.put("method", "principal-components");
            report.put("dimensions", SCREENING_DIMENSIONS);
            report.put("candidates", table.candidates(r));
            if (table.cells() != null) {
                report.put("cells", table.cells().cells());
                report.put("probes", table.cells().probes());
            }
            double recall = recall(data, table.exact(), blocks, sample, context);
            report.put("recall", recall);
            report.put("recallSample", sample.length);
            NearestNeighbours.putLowRecallWarning(report, recall);
        } else {
            blocks = SparseCoding.nearestAll(data, LandmarkTable.of(landmarks), r, sums, context);
            report.put("method", "exact");
        }
        report.put("landmarks", p);
        report.put("nearest", r);
        context.notes().put("landmarkSearch", report);
        return blocks;
    }

    /**
     * The share of the exact r nearest landmarks of the {@code sample} points that {@code blocks}
     * holds (a landmark as near as the exact r-th counts as found). Time O(s p d) for s sampled points.
     */
    static double recall(Dataset data, LandmarkTable exact, List<NearestLandmarks> blocks, int[] sample,
                         RunContext context) {
        if (sample.length == 0) {
            return 1.0;
        }
        int r = blocks.get(0).nearest();
        int blockRows = blocks.get(0).rows();
        Dataset sampled = Dataset.unlabelled("recall sample", sample.length, data.dimension(),
                Landmarks.rows(data, sample).data());
        NearestLandmarks truth = SparseCoding.nearest(sampled, 0, sample.length, exact, r, 0,
                new SparseCoding.Workspace(), context.backend(), context.parallel());
        long found = 0;
        for (int s = 0; s < sample.length; s++) {
            NearestLandmarks block = blocks.get(sample[s] / blockRows);
            int base = (sample[s] % blockRows) * r;
            double kth = truth.squaredDistances()[s * r + r - 1];
            for (int t = 0; t < r; t++) {
                int landmark = block.indices()[base + t];
                boolean exactNearest = block.squaredDistances()[base + t] <= kth;
                for (int u = 0; u < r && !exactNearest; u++) {
                    exactNearest = truth.indices()[s * r + u] == landmark;
                }
                found += exactNearest ? 1 : 0;
            }
        }
        return (double) found / ((long) sample.length * r);
    }

    /**
     * The points whose exact nearest landmarks measure the recall: all of them up to
     * {@value NearestNeighbours#RECALL_SAMPLE}, else a fixed random sample of that many, fewer when
     * the exact search of the sample would cost more than {@value NearestNeighbours#RECALL_WORK}
     * multiply-adds (at least {@value NearestNeighbours#RECALL_MINIMUM}).
     */
    static int[] recallSample(int n, int p, int d, long seed) {
        long affordable = NearestNeighbours.RECALL_WORK / Math.max(1L, (long) p * d);
        int size = (int) Math.min(n, Math.max(NearestNeighbours.RECALL_MINIMUM,
                Math.min(NearestNeighbours.RECALL_SAMPLE, affordable)));
        return RandomSample.indices(n, size, new SplittableRandom(seed ^ 0x6c616e64L));
    }
}
