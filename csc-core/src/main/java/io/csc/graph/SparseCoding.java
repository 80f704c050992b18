package io.csc.graph;

import io.csc.api.UnsuitableInputException;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.FeatureRows;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.ParallelBackend;
import io.csc.linalg.ResidentOperand;
import io.csc.linalg.SparseMatrix;
import io.csc.util.Parallel;
import java.util.List;

/**
 * Codes every point by its r nearest landmarks (Chen and Cai 2011): {@code z_ij = K(x_i, u_j) /
 * Σ_{j' ∈ rNB(i)} K(x_i, u_j')} for the r nearest landmarks j of point i, zero otherwise, with the
 * Gaussian kernel {@code K = exp(-||x - u||² / (2σ²))}.
 *
 * <p>Time O(n p d) (matrix products per chunk of rows), memory O(n r + threads · (chunk · d + max(2^21, 16 p))):
 * nothing is n x n or even n x p dense. The work is split into a pure per-block step ({@link #nearest}),
 * the choice of σ from per-block sums, and the weights: a distributed engine runs the block step
 * on its partitions and the rest unchanged.
 *
 * <p>The nearest-landmark search screens in single precision and decides in double: the distance
 * product runs on the backend's single-precision gemm (about twice as fast as double) on points
 * and landmarks centred on the landmarks' mean, which keeps the rounding error relative to the
 * spread of the data rather than to its offset. Of the r + {@value #CANDIDATE_MARGIN} best
 * candidates of each point, the first r and those whose screening distance is within the rounding
 * bound of theirs ({@link CandidateSelection#withinRounding}: {@code (d + 16) 2^-24 (||x||² + ||u||²)},
 * rigorous) get their exact double-precision distances, and the r nearest of those are kept; a
 * candidate beyond the bound is farther than all of the first r whatever the rounding, and is
 * skipped. A point whose r-th and (r + {@value #CANDIDATE_MARGIN} + 1)-th landmarks are
 * within single-precision rounding of each other (a tie to about 1e-6 of the data's spread) could
 * be coded by a different but equally near landmark; everything else is as in double precision.
 * The sums the bandwidth rules need come from the screening distances (relative error about
 * 1e-7 of the squared norms), over every row up to {@code 2 x} {@value #BANDWIDTH_SAMPLE_ROWS} points and over a fixed
 * sample of every s-th row beyond ({@link #sumStride}).
 *
 * <p>The cost is one matrix product, n p d multiply-adds, plus n p distances scanned for the
 * nearest ({@link CandidateSelection}; square-rooted for the mean-distance rule on the sampled
 * rows) and the exact distances of about r candidates per point. Each worker multiplies a chunk
 * of rows with the landmarks on its own thread (in blocks of rows whose products hold at most
 * {@value #PRODUCT_VALUES} values) and searches the products at once, while they are in cache, in
 * scratch arrays it reuses ({@link Workspace}). The landmarks are held by the backend for a whole
 * block ({@link LinearAlgebraBackend#resident}): natively they are copied once per block, not once
 * per product. The points are read row by row
 * ({@link FeatureRows}: a data set, or one scaled as it is read, which is how a fitted model codes
 * new points without a scaled copy of all of them), and the exact distances are taken from the rows
 * as read. Points held in single precision are centred and re-ranked from their floats: the codes
 * are those of the same values in double precision.
 *
 * <p>Landmarks screened on principal components ({@link LandmarkTable#projected}, chosen by
 * {@link LandmarkSearch} for sc-pc's many landmarks) are searched the same way with the product in
 * m dimensions instead of d; the screening is then an approximation rather than a rounding, so all
 * r + {@value #PROJECTED_MARGIN} candidates get their exact distances.
 *
 * <p>The weights are computed as {@code exp(-(d² - d²_min) / (2σ²))} before normalizing, which is
 * the same after normalization but cannot underflow to 0/0 for points far from every landmark.
 */
public final class SparseCoding {

    /** The most rows per block of the distance step. */
    public static final int ROW_BLOCK = 4096;

    /** Extra candidates per point whose distances are recomputed in double precision. */
    public static final int CANDIDATE_MARGIN = 2;

    /**
     * Extra candidates per point, screened on principal components ({@link PrincipalScreening}),
     * whose exact distances decide its r nearest.
     */
    public static final int PROJECTED_MARGIN = 8;

    /** Distances per block: rows are capped so that a block covers at most this many (its progress step). */
    private static final int BLOCK_VALUES = 1 << 23;

    /** Rows per parallel task of the block step: one product and its selection. */
    private static final int CHUNK_ROWS = 256;

    /**
     * The most values of one product of a chunk's rows with the landmarks (8 MB): a chunk with
     * more is multiplied in blocks of rows, so that each block's products are still in a cache when
     * they are searched. Not fewer: the backend packs the landmarks anew for every product, which
     * costs as much as the product itself at 32 rows; single-precision products with 8,000
     * landmarks in 128 dimensions (sc-pc with 7,000 labels) run at 64 GFLOP/s on one thread of the
     * machine in docs/BENCHMARKS.md in blocks of 32 rows, 88 in 64, 112 in 256.
     */
    private static final int PRODUCT_VALUES = 1 << 21;

    /**
     * The rows whose distances to every landmark the mean-distance bandwidth rules average: every
     * row up to twice this many, then every s-th row (s = n / this), a fixed sample of at least this
     * many. The mean over 131,072 rows and all landmarks is within about 1e-4 of the mean over all
     * rows, and the square root of every distance of every row would cost more than the selection.
     */
    public static final int BANDWIDTH_SAMPLE_ROWS = 1 << 17;

    /**
     * The r nearest landmarks of a block of rows, ascending by distance (ties to the smaller
     * landmark index), and the sums over all landmarks that the bandwidth rules need.
     *
     * @param indices landmark indices, {@code rows x r} row-major
     * @param squaredDistances matching squared distances
     * @param summedRows the rows whose distances to all landmarks are in the two sums
     * @param distanceSum sum of Euclidean distances from those rows to all landmarks
     * @param squaredDistanceSum sum of squared distances from those rows to all landmarks
     */
    public record NearestLandmarks(int rows, int nearest, int[] indices, double[] squaredDistances,
                                   long summedRows, double distanceSum, double squaredDistanceSum) implements java.io.Serializable {
    }

    /**
     * Landmarks prepared once for the block step: their mean, the landmarks centred on it in single
     * precision with their squared norms, and, when they are screened on principal components
     * ({@link #projected}), those components.
     *
     * @param projection the components the landmarks are screened on, or null to screen in the full space
     * @param cells      the cells of the landmarks on those components ({@link LandmarkCells}), or null to
     *                   screen every point against all landmarks
     */
    public record LandmarkTable(DenseMatrix landmarks, double[] mean, float[] centred, double[] centredNorms,
                                PrincipalScreening projection, LandmarkCells cells) {

        /** The table of a p x d landmark matrix, screened in the full space. */
        public static LandmarkTable of(DenseMatrix landmarks) {
            int p = landmarks.rows();
            int d = landmarks.columns();
            double[] u = landmarks.data();
            double[] mean = new double[d];
            for (int j = 0; j < p; j++) {
                for (int t = 0; t < d; t++) {
                    mean[t] += u[j * d + t];
                }
            }
            for (int t = 0; t < d; t++) {
                mean[t] /= Math.max(p, 1);
            }
            float[] centred = new float[p * d];
            double[] norms = new double[p];
            for (int j = 0; j < p; j++) {
                norms[j] = centreRow(u, j * d, mean, centred, d);
            }
            return new LandmarkTable(landmarks, mean, centred, norms, null, null);
        }

        /**
         * The table of a p x d landmark matrix, screened on its m leading principal components
         * ({@link PrincipalScreening}), and by cells ({@link LandmarkCells}) from
         * {@value LandmarkCells#MINIMUM_LANDMARKS} landmarks on when no sums over all of them are needed,
         * the cells found on {@code parallel}.
         */
        public static LandmarkTable projected(DenseMatrix landmarks, int m, boolean allSums,
                                              LinearAlgebraBackend backend, Parallel parallel) {
            LandmarkTable exact = of(landmarks);
            int p = landmarks.rows();
            PrincipalScreening projection = PrincipalScreening.of(exact.centred, p, landmarks.columns(), m, backend);
            LandmarkCells cells = allSums || p < LandmarkCells.MINIMUM_LANDMARKS ? null
                    : LandmarkCells.of(projection.landmarkCoordinates(), p, m,
                            backend instanceof ParallelBackend blocked ? blocked.sequential() : backend, parallel);
            return new LandmarkTable(landmarks, exact.mean, exact.centred, exact.centredNorms, projection, cells);
        }

        /**
         * The same landmarks screened in the full space: this table without its projection and
         * cells, sharing its centred values (what an exact search for the recall needs).
         */
        public LandmarkTable exact() {
            return projection == null && cells == null ? this
                    : new LandmarkTable(landmarks, mean, centred, centredNorms, null, null);
        }

        int size() {
            return landmarks.rows();
        }

        /** The candidates per point whose exact distances can decide its r nearest. */
        int candidates(int r) {
            return Math.min(size(), r + (projection == null ? CANDIDATE_MARGIN : PROJECTED_MARGIN));
        }
    }

    private SparseCoding() {
    }

    /**
     * The block step: the r nearest of the p landmarks for {@code count} rows of {@code data}
     * (either precision) starting at row {@code from}, with the sums over all landmarks when
     * {@code allSums} (else they are 0: only the mean-distance rules need them). Pure: depends only on
     * its arguments.
     */
    public static NearestLandmarks nearest(FeatureRows data, int from, int count, LandmarkTable table, int r,
                                           boolean allSums, LinearAlgebraBackend backend, Parallel parallel) {
        return nearest(data, from, count, table, r, allSums ? 1 : 0, new Workspace(), backend, parallel);
    }

    /**
     * Scratch arrays of the block step, one set per worker thread, reused from chunk to chunk: a
     * chunk's centred rows and products, which would otherwise be allocated and zeroed for every
     * chunk of every block.
     */
    public static final class Workspace {
        private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

        private Scratch get() {
            return scratch.get();
        }
    }

    /** One thread's scratch arrays. */
    private static final class Scratch {
        private double[] exact = new double[0];
        private float[] rows = new float[0];
        private float[] projected = new float[0];
        private double[] norms = new double[0];
        private float[] products = new float[0];
        private float[] screening = new float[0];
        private float[] clamped = new float[0];
        private float[] roots = new float[0];
        private int[] candidateIndices = new int[0];
        private long[] candidateKeys = new long[0];
        private int[] rankedIndices = new int[0];
        private double[] rankedDistances = new double[0];
        private double[] candidateDistances = new double[0];
        private float[] singleRowNorms = new float[0];
        private long[] cellKeys = new long[0];
        private int[] cellFilled = new int[0];
        private final LandmarkCells.Scratch cellScratch = new LandmarkCells.Scratch();

        void ensureCells(int count, int candidates) {
            if (singleRowNorms.length < count) {
                singleRowNorms = new float[count];
                cellFilled = new int[count];
            }
            if (cellKeys.length < count * candidates) {
                cellKeys = new long[count * candidates];
            }
        }

        void ensure(int count, int d, int m, int productValues, int p, int candidates) {
            if (rows.length < count * d) {
                rows = new float[count * d];
                exact = new double[count * d];
            }
            if (projected.length < count * m) {
                projected = new float[count * m];
            }
            if (norms.length < count) {
                norms = new double[count];
            }
            if (products.length < productValues) {
                products = new float[productValues];
            }
            if (screening.length < p) {
                screening = new float[p];
                clamped = new float[p];
                roots = new float[p];
            }
            if (candidateIndices.length < candidates) {
                candidateIndices = new int[candidates];
                candidateKeys = new long[candidates];
                rankedIndices = new int[candidates];
                rankedDistances = new double[candidates];
                candidateDistances = new double[candidates];
            }
        }
    }

    /**
     * The block step as above, with the sums over all landmarks taken from the rows whose index is a
     * multiple of {@code sumStride} (0: no sums; 1: every row), and the scratch arrays of
     * {@code workspace}. The rows are cut into chunks of {@value #CHUNK_ROWS}, the same on any
     * number of threads; each chunk is centred, multiplied with the landmarks (one single-threaded
     * product on the worker that selects from it, so the products are read while still in cache)
     * and searched on one worker.
     */
    public static NearestLandmarks nearest(FeatureRows data, int from, int count, LandmarkTable table, int r, int sumStride,
                                           Workspace workspace, LinearAlgebraBackend backend, Parallel parallel) {
        return nearest(data, from, count, table, r, sumStride, 0, workspace, backend, parallel);
    }

    /**
     * The block step as above, for rows that are a block of a larger data set whose first row has
     * index {@code firstIndex} there (a distributed engine's block): the sums take the rows whose
     * index in the whole data set is a multiple of {@code sumStride}, so that σ is the same as on
     * one machine.
     */
    public static NearestLandmarks nearest(FeatureRows data, int from, int count, LandmarkTable table, int r, int sumStride,
                                           long firstIndex, Workspace workspace, LinearAlgebraBackend backend,
                                           Parallel parallel) {
        int p = table.size();
        int d = data.dimension();
        if (r > p) {
            throw new IllegalArgumentException("Invalid nearest landmarks r: " + r + " (must not exceed the " + p + " landmarks)");
        }
        PrincipalScreening projection = table.projection();
        int m = projection == null ? d : projection.dimensions();
        LandmarkCells cells = sumStride == 0 ? table.cells() : null;
        float[] screenedLandmarks = cells != null ? cells.coordinates()
                : projection == null ? table.centred() : projection.landmarkCoordinates();
        LinearAlgebraBackend chunkBackend = backend instanceof ParallelBackend blocked ? blocked.sequential() : backend;
        double[] landmarkNorms = table.centredNorms();
        float[] singleNorms = new float[p];
        for (int j = 0; j < p; j++) {
            singleNorms[j] = (float) landmarkNorms[j];
        }
        float[] cellOrderNorms = null;
        if (cells != null) {
            cellOrderNorms = new float[p];
            for (int t = 0; t < p; t++) {
                cellOrderNorms[t] = singleNorms[cells.order()[t]];
            }
        }
        float[] screenedNorms = cellOrderNorms;
        RowSearch search = new RowSearch(p, d, r, table.candidates(r), singleNorms, landmarkNorms,
                (d + CandidateSelection.EXTRA_ROUNDINGS) * 0x1p-24, table.landmarks().data(), projection == null);
        int[] indices = new int[count * r];
        double[] nearestDistances = new double[count * r];
        int productRows = productRows(p);
        List<double[]> partials;
        try (ResidentOperand resident = chunkBackend.resident(screenedLandmarks)) {
            partials = parallel.map(count, CHUNK_ROWS, (start, end) -> {
                Scratch scratch = workspace.get();
                // by cells, a row is screened against the landmarks of its cells only: no products or
                // screening distances of all p landmarks
                scratch.ensure(end - start, d, m, cells != null ? 0 : Math.min(productRows, end - start) * p,
                        cells != null ? 0 : p, search.candidates());
                centre(data, from + start, end - start, table.mean(), scratch.exact, scratch.rows, scratch.norms);
                float[] screenedRows = scratch.rows;
                if (projection != null) {
                    projection.project(scratch.rows, end - start, d, scratch.projected, chunkBackend);
                    screenedRows = scratch.projected;
                }
                double[] sums = new double[3];
                if (cells != null) {
                    int rows = end - start;
                    scratch.ensureCells(rows, search.candidates());
                    for (int row = 0; row < rows; row++) {
                        scratch.singleRowNorms[row] = (float) scratch.norms[row];
                    }
                    cells.screen(screenedRows, rows, m, scratch.singleRowNorms, screenedNorms, search.candidates(),
                            scratch.cellKeys, scratch.cellFilled, scratch.cellScratch, chunkBackend, resident);
                    for (int row = 0; row < rows; row++) {
                        int filled = scratch.cellFilled[row];
                        for (int t = 0; t < filled; t++) {
                            scratch.candidateIndices[t] = cells.order()[(int) scratch.cellKeys[row * search.candidates() + t]];
                        }
                        search.rank(row, filled, scratch, indices, nearestDistances, (start + row) * r);
                    }
                    return sums;
                }
                for (int first = start; first < end; first += productRows) {
                    int rows = Math.min(productRows, end - first);
                    chunkBackend.gemm(false, true, rows, p, m, 1.0f, screenedRows, (first - start) * m, m, resident, 0, m,
                            0.0f, scratch.products, 0, p);
                    for (int row = first; row < first + rows; row++) {
                        boolean summed = sumStride > 0 && (firstIndex + from + row) % sumStride == 0;
                        search.nearest(row - start, (row - first) * p, summed, scratch, sums, indices, nearestDistances,
                                row * r);
                    }
                }
                return sums;
            });
        }
        double distanceSum = 0;
        double squaredSum = 0;
        long summedRows = 0;
        for (double[] partial : partials) {
            distanceSum += partial[0];
            squaredSum += partial[1];
            summedRows += (long) partial[2];
        }
        return new NearestLandmarks(count, r, indices, nearestDistances, summedRows, distanceSum, squaredSum);
    }

    /**
     * The search of one row of a chunk, alike for every row of the block step: the screening
     * distances to all p landmarks, the sums the bandwidth rules need, the candidates, their exact
     * distances and the r nearest. A method of its own rather than the body of the chunk's loop:
     * called once per row, it is compiled once and early, where the loop's body was compiled up to
     * three times while it ran (on-stack replacement at two tiers, then the whole method). On a
     * cold JVM labelling 70,000 Fashion-MNIST images with a scacs model, the median of five runs
     * each (alternating, 2 shared cores at load 11.5-12.5): compilation 1.4 s instead of 2.6 s, the
     * process's CPU time 1.52 s instead of 1.70 s; the same labels.
     *
     * @param exactScreening whether the screening is a rounding of the exact distances (else a
     *     projection, whose every candidate gets its exact distance)
     */
    private record RowSearch(int p, int d, int r, int candidates, float[] singleNorms, double[] landmarkNorms,
                             double relativeBound, double[] landmarks, boolean exactScreening) {

        /**
         * Row {@code row} of the chunk in {@code scratch} (its products from {@code productBase}, norm and exact values): its r
         * nearest landmarks into {@code indices} and {@code distances} from {@code out}; when
         * {@code summed}, its distances to all landmarks added to {@code sums} (distances, squared
         * distances, rows) in landmark order, as one running sum over the chunk's rows.
         */
        void nearest(int row, int productBase, boolean summed, Scratch scratch, double[] sums, int[] indices,
                     double[] distances, int out) {
            float[] screening = scratch.screening;
            double rowNorm = scratch.norms[row];
            CandidateSelection.screen(scratch.products, productBase, (float) rowNorm, singleNorms, screening);
            if (summed) {
                CandidateSelection.addDistanceSums(screening, p, scratch.clamped, scratch.roots, sums);
                sums[2]++;
            }
            int[] candidateIndices = scratch.candidateIndices;
            double[] candidateDistances = scratch.candidateDistances;
            int filled = CandidateSelection.smallest(screening, p, candidates, candidateIndices, candidateDistances,
                    scratch.candidateKeys);
            if (exactScreening) {
                filled = CandidateSelection.withinRounding(candidateIndices, candidateDistances, filled, r, rowNorm,
                        landmarkNorms, relativeBound);
            }
            rank(row, filled, scratch, indices, distances, out);
        }

        /**
         * The r nearest of the {@code filled} candidates in {@code scratch.candidateIndices} of row
         * {@code row} of the chunk, by their exact distances, into {@code indices} and
         * {@code distances} from {@code out}.
         */
        void rank(int row, int filled, Scratch scratch, int[] indices, double[] distances, int out) {
            int[] candidateIndices = scratch.candidateIndices;
            double[] candidateDistances = scratch.candidateDistances;
            for (int t = 0; t < filled; t++) {
                candidateDistances[t] = DistanceKernels.squaredDistanceWide(scratch.exact, row * d, landmarks,
                        candidateIndices[t] * d, d);
            }
            CandidateSelection.nearestInOrder(candidateIndices, candidateDistances, filled, r, indices, distances, out,
                    scratch.rankedIndices, scratch.rankedDistances);
        }
    }

    /** Rows per product for p landmarks: the chunk's, or fewer (at least 16) so that the product holds at most {@link #PRODUCT_VALUES} values. */
    static int productRows(int p) {
        return Math.max(16, Math.min(CHUNK_ROWS, PRODUCT_VALUES / Math.max(p, 1)));
    }

    /**
     * Rows {@code from .. from + count} of the data as read into {@code exact} (their exact
     * distances are taken from there), minus {@code mean} in single precision into {@code out}, and
     * the squared norms of those.
     */
    private static void centre(FeatureRows data, int from, int count, double[] mean, double[] exact, float[] out,
                               double[] norms) {
        int d = data.dimension();
        for (int r = 0; r < count; r++) {
            int target = r * d;
            data.copyRow(from + r, exact, target);
            norms[r] = centreRow(exact, target, mean, out, d);
        }
    }

    /**
     * {@code exact[from + t] - mean[t]} rounded to single precision into {@code out[from + t]} for t
     * below d, and the squared norm of those floats in double precision, in one pass with four
     * running sums (one sum waits on the previous addition at every step, four overlap). Each square
     * of a float is exact in double; the order of the additions changes the sum by about 1e-16 of
     * it, below the single precision in which the screening uses it.
     */
    static double centreRow(double[] exact, int from, double[] mean, float[] out, int d) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int t = 0;
        for (; t + 3 < d; t += 4) {
            float v0 = (float) (exact[from + t] - mean[t]);
            float v1 = (float) (exact[from + t + 1] - mean[t + 1]);
            float v2 = (float) (exact[from + t + 2] - mean[t + 2]);
            float v3 = (float) (exact[from + t + 3] - mean[t + 3]);
            out[from + t] = v0;
            out[from + t + 1] = v1;
            out[from + t + 2] = v2;
            out[from + t + 3] = v3;
            s0 += (double) v0 * v0;
            s1 += (double) v1 * v1;
            s2 += (double) v2 * v2;
            s3 += (double) v3 * v3;
        }
        for (; t < d; t++) {
            float value = (float) (exact[from + t] - mean[t]);
            out[from + t] = value;
            s0 += (double) value * value;
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * The sums over points that the bandwidth rules need: a distributed engine adds them up over its
     * blocks ({@link #of}, {@link #plus}) and passes the total to {@link #sigma(SparseCodingOptions,
     * BandwidthSums, int)}.
     *
     * @param rows the points
     * @param summedRows the points whose distances to all landmarks are in the next two sums
     *     ({@link #sumStride})
     * @param distanceSum sum of Euclidean distances from those points to all landmarks
     * @param squaredDistanceSum sum of squared distances from those points to all landmarks
     * @param nearestSum sum of Euclidean distances from the points to their r nearest landmarks
     * @param nearestPositive how many of those distances are above 0: a landmark at a point's own
     *     coordinates (a copy of it) is no neighbour, as the k-NN rules count repeated points once
     *     ({@link Bandwidths})
     */
    public record BandwidthSums(long rows, long summedRows, double distanceSum, double squaredDistanceSum,
                                double nearestSum, long nearestPositive) implements java.io.Serializable {

        /** No point. */
        public static final BandwidthSums ZERO = new BandwidthSums(0, 0, 0, 0, 0, 0);

        /** The sums of one block. */
        public static BandwidthSums of(NearestLandmarks block) {
            double nearestSum = 0;
            long positive = 0;
            for (double squared : block.squaredDistances()) {
                nearestSum += Math.sqrt(squared);
                positive += squared > 0 ? 1 : 0;
            }
            return new BandwidthSums(block.rows(), block.summedRows(), block.distanceSum(), block.squaredDistanceSum(),
                    nearestSum, positive);
        }

        /** The sums of both sets of points. */
        public BandwidthSums plus(BandwidthSums other) {
            return new BandwidthSums(rows + other.rows, summedRows + other.summedRows, distanceSum + other.distanceSum,
                    squaredDistanceSum + other.squaredDistanceSum, nearestSum + other.nearestSum,
                    nearestPositive + other.nearestPositive);
        }
    }

    /** σ from the block results, by the rule of {@code options} (or its fixed σ). */
    public static double sigma(SparseCodingOptions options, List<NearestLandmarks> blocks, int landmarks) {
        if (options.sigma() != null) {
            return options.sigma();
        }
        BandwidthSums sums = BandwidthSums.ZERO;
        for (NearestLandmarks block : blocks) {
            sums = sums.plus(BandwidthSums.of(block));
        }
        return sigma(options, sums, landmarks);
    }

    /** σ from the sums over all points, by the rule of {@code options} (or its fixed σ). */
    public static double sigma(SparseCodingOptions options, BandwidthSums sums, int landmarks) {
        if (options.sigma() != null) {
            return options.sigma();
        }
        if (options.rule() == SparseCodingOptions.LandmarkBandwidth.NEAREST_MEAN && sums.nearestPositive() == 0) {
            throw new UnsuitableInputException("Every point's " + options.nearest() + " nearest landmarks sit at its "
                    + "own coordinates (repeated points), so the mean distance to them is 0: give sigma explicitly "
                    + "with --param sigma=VALUE");
        }
        double sigma = switch (options.rule()) {
            case MEAN_DISTANCE -> sums.distanceSum() / ((double) sums.summedRows() * landmarks);
            case MEAN_SQUARED_DISTANCE -> sums.squaredDistanceSum() / ((double) sums.summedRows() * landmarks);
            case NEAREST_MEAN -> sums.nearestSum() / (double) sums.nearestPositive();
        };
        if (!(sigma > 0)) {
            throw new UnsuitableInputException("The sparse-coding bandwidth is " + sigma
                    + " (every point coincides with its landmarks?): give sigma explicitly with --param sigma=VALUE");
        }
        return sigma;
    }

    /** Whether σ by the options' rule needs the sums over all landmarks ({@link NearestLandmarks#distanceSum()}). */
    public static boolean needsAllSums(SparseCodingOptions options) {
        return options.sigma() == null && options.rule() != SparseCodingOptions.LandmarkBandwidth.NEAREST_MEAN;
    }

    /** Codes all points of {@code data}, choosing σ by the options' rule. */
    public static SparseCode encode(Dataset data, DenseMatrix landmarks, SparseCodingOptions options, RunContext context) {
        return code(nearestAll(data, landmarks, options.nearest(), needsAllSums(options), context), options,
                data.size(), landmarks.rows());
    }

    /** The code of n points by p landmarks from the block results (blocks in row order), σ by the options' rule. */
    public static SparseCode code(List<NearestLandmarks> blocks, SparseCodingOptions options, int n, int p) {
        double sigma = sigma(options, blocks, p);
        return new SparseCode(assemble(blocks, n, p, sigma), sigma);
    }

    /** Codes (new) points with a given σ, as in fit. */
    public static SparseMatrix encode(FeatureRows points, DenseMatrix landmarks, int r, double sigma, RunContext context) {
        List<NearestLandmarks> blocks = nearestAll(points, landmarks, r, false, context);
        return assemble(blocks, points.size(), landmarks.rows(), sigma);
    }

    private static List<NearestLandmarks> nearestAll(FeatureRows data, DenseMatrix landmarks, int r, boolean sums,
                                                     RunContext context) {
        if (landmarks.columns() != data.dimension()) {
            throw new IllegalArgumentException("Landmarks have " + landmarks.columns() + " features, the data "
                    + data.dimension());
        }
        return nearestAll(data, LandmarkTable.of(landmarks), r, sums, context);
    }

    /** The block step over all rows of {@code data}, in blocks of {@link #blockRows} rows. */
    static List<NearestLandmarks> nearestAll(FeatureRows data, LandmarkTable table, int r, boolean sums,
                                             RunContext context) {
        int n = data.size();
        int blockRows = blockRows(table.size());
        List<NearestLandmarks> blocks = new java.util.ArrayList<>();
        int blockCount = (n + blockRows - 1) / blockRows;
        int stride = sums ? sumStride(n) : 0;
        Workspace workspace = new Workspace();
        for (int start = 0; start < n; start += blockRows) {
            int count = Math.min(blockRows, n - start);
            blocks.add(nearest(data, start, count, table, r, stride, workspace, context.backend(), context.parallel()));
            context.progress().progress("sparse coding", blocks.size(), blockCount);
        }
        return blocks;
    }

    /** Which rows of n enter the bandwidth rules' sums: every row with index a multiple of this ({@link #BANDWIDTH_SAMPLE_ROWS}). */
    public static int sumStride(long n) {
        return (int) Math.max(1, n / BANDWIDTH_SAMPLE_ROWS);
    }

    /** Rows per block for p landmarks: at most {@link #ROW_BLOCK}, and at most 8M distances (32 MB) per block. */
    public static int blockRows(int p) {
        return Math.max(64, Math.min(ROW_BLOCK, BLOCK_VALUES / Math.max(p, 1)));
    }

    /** The n x p CSR code matrix from the block results (blocks in row order). */
    public static SparseMatrix assemble(List<NearestLandmarks> blocks, int n, int p, double sigma) {
        int r = blocks.isEmpty() ? 0 : blocks.get(0).nearest();
        int[] rowPointers = new int[n + 1];
        int[] columns = new int[n * r];
        double[] values = new double[n * r];
        double scale = 1.0 / (2 * sigma * sigma);
        int row = 0;
        int[] order = new int[r];
        double[] weights = new double[r];
        for (NearestLandmarks block : blocks) {
            for (int b = 0; b < block.rows(); b++, row++) {
                int base = b * r;
                double minimum = block.squaredDistances()[base];
                double sum = 0;
                for (int t = 0; t < r; t++) {
                    weights[t] = Math.exp(-(block.squaredDistances()[base + t] - minimum) * scale);
                    sum += weights[t];
                    order[t] = t;
                }
                sortByLandmark(order, block.indices(), base, r);
                int out = row * r;
                for (int t = 0; t < r; t++) {
                    columns[out + t] = block.indices()[base + order[t]];
                    values[out + t] = weights[order[t]] / sum;
                }
                rowPointers[row + 1] = out + r;
            }
        }
        return new SparseMatrix(n, p, rowPointers, columns, values);
    }

    private static void sortByLandmark(int[] order, int[] indices, int base, int r) {
        for (int i = 1; i < r; i++) {
            int value = order[i];
            int j = i - 1;
            while (j >= 0 && indices[base + order[j]] > indices[base + value]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = value;
        }
    }
}
