package io.csc.cluster;

import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.metric.HungarianAlgorithm;
import io.csc.util.Parallel;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * k-means that uses the supervision: the last step of the constrained spectral methods when
 * {@code assignment=constrained}, their default.
 *
 * <p>The papers end with plain k-means on the rows of their embedding, which ignores the
 * supervision at the one step that decides the labels. Two things go wrong there. k-means++ may
 * seed two centres in one class and split it while merging two others, whatever the embedding says
 * (on Iris with 15 labels, one draw in three puts versicolor and virginica together), and the
 * labelled points themselves can end up in clusters that contradict their labels. This step is
 * the seeded and constrained k-means of Basu, Banerjee and Mooney ("Semi-supervised clustering by
 * seeding", ICML 2002) for labels, and their PCK-means ("Active semi-supervision for pairwise
 * constrained clustering", SDM 2004) for pairs and groups:
 * <ul>
 * <li><b>Seeds.</b> Each labelled class (of a labels block) gets a cluster whose first centre is the
 *     mean of its labelled points; k-means++ seeds the rest. Restarts vary only the k-means++ part
 *     and the visiting order, so with every cluster seeded one run is made. PCK-means also seeds
 *     from the largest must-link components of the pairs; with random pairs those are two or three
 *     points near anywhere in a class, and seeding from them lowered the mean ACC of the
 *     constrained methods with 20 and 100 random pairs (Iris, Wine and two generated mixtures,
 *     3 draws: sc-pc 0.771 against 0.801, fast-csp-ml 0.782 against 0.796), so pairs only
 *     penalize.</li>
 * <li><b>Free starts beside the seeded ones</b> ({@link KMeansOptions#freeStarts()}, set by the
 *     guard's reference {@code seeded-njw}). Labels seed, they do not prove: the mean of a class's
 *     few labelled points can sit where the run from it settles in a poor local optimum (on a
 *     4,000-point mixture of four classes of 80, 15, 4 and 1% with 40 labels, NJW's embedding
 *     seeded this way gave ACC 0.84 in two draws of six, with a k-means objective twice that of
 *     NJW's own unseeded k-means, ACC 0.917). So as many runs again start from k-means++ over all
 *     k centres, each centre then matched to a class seed by least total squared distance
 *     (Hungarian), and run under the same supervision. A free run replaces the seeded one only when
 *     its objective is lower and at least as many labelled points have their own class's centre as
 *     nearest: the data must fit better without the labels being held against the geometry more.
 *     The same six draws then give 0.914-0.920, and where the labels repair a split that plain
 *     k-means prefers (ConstrainedKMeansTest) the seeded run stays. Only for the reference, whose
 *     embedding ignores the supervision and which should give NJW's clustering unless the labels
 *     show a better one: on the constrained methods' own embeddings, which the supervision has
 *     already shaped, the lower objective was the wrong guide (e2cp with 40 labels on the same
 *     mixture fell from 0.992 to 0.921 in one draw, sc-pc with 12 from 0.60 and 0.46 to 0.46 and
 *     0.44).</li>
 * <li><b>Hard labels</b> (confidence 1) are clamped: a labelled point stays in its class's cluster
 *     and counts in its centre.</li>
 * <li><b>Pairs, groups and soft labels</b> are penalties: a point's cost for cluster h is its squared
 *     distance to the centre plus {@code τ w} for every must-link partner outside h and every
 *     cannot-link partner inside h (w the pair's weight), {@code τ c} when h is not the cluster of
 *     its soft label of confidence c, and {@code τ c f} for a group member, f the share of the
 *     other members of its group outside h. The constrained points are visited one after the
 *     other in a random order each iteration (iterated conditional modes), after the other points
 *     have gone to their nearest centre.</li>
 * </ul>
 *
 * <p>The unit τ is the data's total variance per point, {@code (1/n) Σ ||x_i - mean||²}: the
 * penalty of one violated constraint is on the scale of a point's spread, so that it moves a
 * point that lies between two clusters but not one deep inside another cluster. The choice is
 * scale-free (an embedding with unit rows has τ below 1) and lets a wrong pair among right ones
 * lose: with 10% of the pairs flipped, the flipped pairs pull points against their neighbours'
 * cluster and usually fail.
 *
 * <p>Beyond twice {@link KMeansOptions#sampleFor the sample} (and twice the constrained points plus
 * the sample), the runs are made on the constrained points and a uniform sample of the others, with the
 * supervision among them, and the best run's centres start one run on all the points under the
 * whole supervision, whose labels are returned; that run ends when an iteration changes the cluster
 * of at most one point in {@value #REFINEMENT_CHANGES_PER_POINT}.
 *
 * <p>The run with the lowest objective (squared distances plus penalties) is kept, the earliest on
 * ties. {@code inertia} of the result is the sum of squared distances alone. Deterministic for a
 * given generator state on any number of threads: the nearest-centre step runs in parallel, one
 * point per index, and where the nearest centres are not taken from products (fewer than
 * {@link NearestCentre#PRODUCT_DIMENSION} coordinates, or no backend) the restarts run side by side, each from its own generator, the best chosen as one
 * after the other would choose it. Time per iteration {@code O(n k d + P + c k)} for P explicit pairs and c
 * constrained points; memory {@code O(n + P + k d)}. Immutable and thread-safe.
 */
public final class ConstrainedKMeans {

    /**
     * The run on all points that follows the sampled restarts stops once an iteration moves at most
     * one point in this many to another cluster. From centres that already fit a large sample, its
     * last iterations each move a handful of points among millions, and the labels they would still
     * change are fewer than ACC or NMI can show (at most 1e-4 of the points); on 10,000,000 points
     * they took most of the final step.
     */
    static final int REFINEMENT_CHANGES_PER_POINT = 10_000;

    private static final Parallel SEQUENTIAL = Parallel.sequential();

    private final KMeansOptions options;

    /** Constrained k-means with the given restarts, iteration cap and tolerance. */
    public ConstrainedKMeans(KMeansOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Clusters the rows of {@code points} into k clusters under the supervision.
     *
     * @param points n x d, one point per row, all values finite
     * @param k the number of clusters, {@code 1 <= k <= n}
     * @param constraints supervision over the n points; empty gives plain k-means with k-means++ seeds
     * @param random source of the restarts' generators
     * @param parallel the pool of the nearest-centre step; the result does not depend on its size
     * @return the best run, with k non-empty clusters numbered in {@link CanonicalLabels canonical order}
     */
    public KMeansResult fit(DenseMatrix points, int k, ConstraintSet constraints, SplittableRandom random,
                            Parallel parallel) {
        return fit(points, k, constraints, random, parallel, null);
    }

    /**
     * {@link #fit(DenseMatrix, int, ConstraintSet, SplittableRandom, Parallel)} with the nearest
     * centres of points of {@link NearestCentre#PRODUCT_DIMENSION} or more coordinates taken from
     * block products on {@code backend} (null: distance by distance). The labels are the same
     * either way, bit for bit ({@link NearestCentre#fromProducts}).
     */
    public KMeansResult fit(DenseMatrix points, int k, ConstraintSet constraints, SplittableRandom random,
                            Parallel parallel, LinearAlgebraBackend backend) {
        return fit(points, k, constraints, random, parallel, backend, true);
    }

    /**
     * {@link #fit(DenseMatrix, int, ConstraintSet, SplittableRandom, Parallel, LinearAlgebraBackend)},
     * with the block products' distance bounds ({@code bounded}, the default) or without: the labels
     * are the same either way, bit for bit; the bounds only spare products.
     */
    KMeansResult fit(DenseMatrix points, int k, ConstraintSet constraints, SplittableRandom random,
                     Parallel parallel, LinearAlgebraBackend backend, boolean bounded) {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(constraints, "constraints");
        Objects.requireNonNull(random, "random");
        Objects.requireNonNull(parallel, "parallel");
        int n = points.rows();
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("Invalid k: " + k + " (must be in [1, " + n + "])");
        }
        if (constraints.pointCount() != n) {
            throw new IllegalArgumentException("Supervision over " + constraints.pointCount() + " points for "
                    + n + " points");
        }
        return fitInSeedOrder(points, k, constraints, random, new Workers(parallel, backend, bounded)).canonical();
    }

    /**
     * The best run with its clusters numbered as the supervision seeds them (a labelled class's
     * cluster keeps the class's seed index), not canonically: the centres of the runs on a sample
     * start the run on all points, which clamps each labelled point to its class's cluster by that
     * index, so they must come in the same order.
     */
    private KMeansResult fitInSeedOrder(DenseMatrix points, int k, ConstraintSet constraints, SplittableRandom random,
                                        Workers workers) {
        int n = points.rows();
        double[] squaredNorms = workers.products(points.columns()) ? squaredNorms(points) : null;
        SupervisionPenalties supervision = SupervisionPenalties.of(constraints, k, points);
        int[] constrained = constraints.constrainedPoints();
        int restarts = supervision.restarts(options);
        int sample = options.sampleFor(points.columns(), restarts);
        long sampled = (long) constrained.length + sample;
        if (options.samples(n, points.columns(), restarts) && sample >= k && 2 * sampled <= n) {
            // restarts on the constrained points and a sample of the others, then one run on every point
            int[] rows = withSample(constraints, sample, random.split());
            KMeansResult onSample = new ConstrainedKMeans(options.withSample(0)).fitInSeedOrder(points.rows(rows), k,
                    constraints.restrictedTo(rows), random, workers);
            // points of few coordinates: no bounds for the refinement (see ConstrainedRun's constructor)
            Workers refining = squaredNorms == null ? workers.withoutBounds() : workers;
            ConstrainedRun run = new ConstrainedRun(points, squaredNorms, k, supervision, options, refining);
            run.refine(onSample.centroids().data(), n / REFINEMENT_CHANGES_PER_POINT, random.split());
            return run.result();
        }
        SplittableRandom[] generators = new SplittableRandom[restarts];
        for (int restart = 0; restart < restarts; restart++) {
            generators[restart] = random.split();
        }
        Parallel parallel = workers.parallel();
        // restarts side by side where a run's own steps do not use the pool: points of few
        // coordinates (the embeddings), whose nearest centres are not taken from products
        boolean sideBySide = squaredNorms == null && parallel.threads() > 1 && restarts >= parallel.threads();
        Scored chosen = Restarts.best(parallel, sideBySide, restarts, () -> {
            SupervisionPenalties own = sideBySide ? supervision.forAnotherThread() : supervision;
            Workers mine = sideBySide ? new Workers(SEQUENTIAL, workers.backend(), workers.bounded()) : workers;
            return restart -> {
                ConstrainedRun run = new ConstrainedRun(points, squaredNorms, k, own, options, mine);
                run.execute(generators[restart]);
                return new Scored(run, run.objective());
            };
        }, Scored::objective);
        ConstrainedRun best = chosen.run();
        double bestObjective = chosen.objective();
        if (options.freeStarts() && supervision.seedCount() > 0) {
            // free starts, drawn from the last restart's generator after its run: the seeded runs are unchanged
            SplittableRandom freeRandom = generators[restarts - 1].split();
            int seededAgreement = best.clampedPointsNearTheirCentres();
            for (int restart = 0; restart < options.restarts(); restart++) {
                ConstrainedRun free = new ConstrainedRun(points, squaredNorms, k, supervision, options, workers);
                free.executeFromFreeStart(freeRandom.split());
                double objective = free.objective();
                if (objective < bestObjective && free.clampedPointsNearTheirCentres() >= seededAgreement) {
                    best = free;
                    bestObjective = objective;
                }
            }
        }
        return best.result();
    }

    /** A run with its objective, read once (it is a pass over the points). */
    private record Scored(ConstrainedRun run, double objective) {
    }

    /**
     * Where a fit's work runs: the pool of the nearest-centre step, the backend of its block products
     * (or null), and whether the products are spared by distance bounds.
     */
    private record Workers(Parallel parallel, LinearAlgebraBackend backend, boolean bounded) {

        /** Whether points of d coordinates take their nearest centres from block products. */
        boolean products(int d) {
            return backend != null && d >= NearestCentre.PRODUCT_DIMENSION;
        }

        /**
         * The same workers without distance bounds: for the run on every point that refines the
         * sample's centres, on points of few coordinates. It starts from centres that already fit,
         * moves few points in few iterations, and the centre gaps already spare most distances of
         * a point of few coordinates; keeping bounds there costs a pass over every point's bounds per
         * iteration, which on 10,000,000 points in 10 dimensions (scacs's embedding) made the k-means
         * stage 2.6 s against 2.2-2.4 s without (docs/BENCHMARKS.md). The labels are the same either way.
         */
        Workers withoutBounds() {
            return new Workers(parallel, backend, false);
        }
    }

    /** {@code |x_i|²} of every row. */
    private static double[] squaredNorms(DenseMatrix points) {
        int d = points.columns();
        double[] x = points.data();
        double[] norms = new double[points.rows()];
        for (int i = 0; i < norms.length; i++) {
            norms[i] = DenseMatrix.dot(x, i * d, x, i * d, d);
        }
        return norms;
    }

    /** The sorted union of the constrained points and {@code count} others drawn uniformly. */
    private static int[] withSample(ConstraintSet constraints, int count, SplittableRandom random) {
        int[] constrained = constraints.constrainedPoints();
        int[] free = constraints.unconstrainedPoints();
        int[] drawn = RandomSample.indices(free.length, count, random);
        int[] rows = Arrays.copyOf(constrained, constrained.length + count);
        for (int t = 0; t < count; t++) {
            rows[constrained.length + t] = free[drawn[t]];
        }
        Arrays.sort(rows);
        return rows;
    }

    /** The state of one run: centres, labels, and the iterations. */
    private static final class ConstrainedRun {

        private final double[] x;
        private final int n;
        private final int d;
        private final int k;
        private final SupervisionPenalties supervision;
        private final KMeansOptions options;
        private final Parallel parallel;
        private final LinearAlgebraBackend backend;
        /** {@code |x_i|²} where the nearest centres come from block products, else null. */
        private final double[] squaredNorms;
        private final double[] centroids;
        private final int[] labels;
        private final double[] costs;
        /** Half the distance between centres j and m at {@code j * k + m}, for {@link #nearestCentre}. */
        private final double[] halfGaps;
        /** The products of a block of points with the centres, made on the first use ({@link #assignByProducts}). */
        private double[] products;
        /** The rows of the points whose products are made, gathered, made on the first use. */
        private double[] gathered;
        /**
         * With products and bounds: each point's nearest centre at its last products, an upper bound
         * on its distance to it and a lower bound on its distance to every other centre, carried
         * through the centres' moves ({@link #moved}); null without.
         */
        private final int[] boundedNearest;
        private final double[] upper;
        private final double[] lower;
        /** How far each centre moved in the last update. */
        private final double[] moved;
        /** Whether the bounds hold for the current centres (not after a seeding or a reseeded centre). */
        private boolean boundsValid;
        /** Each cluster's sum of points and count at the last update ({@link #updateCentroids}), made on the first. */
        private double[] sums;
        private int[] counts;
        /** Whether {@link #sums} and {@link #counts} are those of the labels at the last update. */
        private boolean sumsValid;
        private int iterations;
        private boolean converged;

        ConstrainedRun(DenseMatrix points, double[] squaredNorms, int k, SupervisionPenalties supervision,
                       KMeansOptions options, Workers workers) {
            this.x = points.data();
            this.n = points.rows();
            this.d = points.columns();
            this.k = k;
            this.supervision = supervision;
            this.options = options;
            this.parallel = workers.parallel();
            this.backend = workers.backend();
            this.squaredNorms = squaredNorms;
            this.centroids = new double[k * d];
            this.labels = new int[n];
            this.costs = new double[k];
            this.halfGaps = new double[k * k];
            boolean bounded = workers.bounded();
            this.boundedNearest = bounded ? new int[n] : null;
            this.upper = bounded ? new double[n] : null;
            this.lower = bounded ? new double[n] : null;
            this.moved = bounded ? new double[k] : null;
        }

        void execute(SplittableRandom random) {
            seed(random, Math.min(supervision.seedCount(), k));
            iterate(0, random);
        }

        /**
         * A run from k-means++ over all k centres, ignoring the class seeds, with the centres then
         * matched to the seeded classes by least total squared distance to their seeds.
         */
        void executeFromFreeStart(SplittableRandom random) {
            seed(random, 0);
            matchSeeds();
            iterate(0, random);
        }

        /**
         * How many clamped points have their own class's centre as nearest: where every one does,
         * the labels only confirm what the geometry says. A run that holds a labelled point in a
         * cluster whose centre is not its nearest has split or merged what the labels say (a class
         * of two distant groups cut in two, two labelled classes in one cluster but for their
         * labelled points), however low its objective.
         */
        int clampedPointsNearTheirCentres() {
            measureCentreGaps();
            int agreeing = 0;
            for (int i = 0; i < n; i++) {
                int cluster = supervision.clampedCluster(i);
                if (cluster >= 0 && nearestCentre(i, cluster) == cluster) {
                    agreeing++;
                }
            }
            return agreeing;
        }

        /** The centre nearest to a point, the lowest index on ties ({@link NearestCentre}), from {@code start}. */
        private int nearestCentre(int point, int start) {
            return NearestCentre.of(x, point * d, centroids, k, d, halfGaps, start);
        }

        /** The centres' half gaps for {@link #nearestCentre}, after the centres moved. */
        private void measureCentreGaps() {
            NearestCentre.measureHalfGaps(centroids, k, d, halfGaps);
        }

        /** Reorders the centres so that seeded class s gets the centre matched to its seed. */
        private void matchSeeds() {
            int seeded = Math.min(supervision.seedCount(), k);
            double[] seeds = supervision.seedCentres();
            DenseMatrix cost = DenseMatrix.zeros(seeded, k);
            for (int s = 0; s < seeded; s++) {
                for (int j = 0; j < k; j++) {
                    cost.set(s, j, DistanceKernels.squaredDistance(seeds, s * d, centroids, j * d, d));
                }
            }
            int[] assignment = HungarianAlgorithm.minimumCostAssignment(cost);
            boolean[] taken = new boolean[k];
            double[] ordered = new double[k * d];
            for (int s = 0; s < seeded; s++) {
                System.arraycopy(centroids, assignment[s] * d, ordered, s * d, d);
                taken[assignment[s]] = true;
            }
            int next = seeded;
            for (int j = 0; j < k; j++) {
                if (!taken[j]) {
                    System.arraycopy(centroids, j * d, ordered, next++ * d, d);
                }
            }
            System.arraycopy(ordered, 0, centroids, 0, k * d);
        }

        /**
         * The iterations from the given k x d centres (row-major) instead of a seeding, ending also
         * when at most {@code settledChanges} points change cluster in an iteration.
         */
        void refine(double[] start, int settledChanges, SplittableRandom random) {
            System.arraycopy(start, 0, centroids, 0, k * d);
            iterate(settledChanges, random);
        }

        private void iterate(int settledChanges, SplittableRandom random) {
            Arrays.fill(labels, -1);
            int[] previous = new int[n];
            int[] order = supervision.softPoints();
            while (iterations < options.maxIterations()) {
                iterations++;
                System.arraycopy(labels, 0, previous, 0, n);
                assignNearest();
                supervision.settle(labels, previous, order, x, d, centroids, costs, random);
                reseedEmptyClusters();
                int changed = changes(previous);
                double movement = updateCentroids(previous, changed);
                if (changed <= settledChanges
                        || movement <= options.tolerance() * supervision.unit()) {
                    converged = true;
                    break;
                }
            }
        }

        /** The first {@code seeded} class seeds as centres, then k-means++ over the points for the rest. */
        private void seed(SplittableRandom random, int seeded) {
            double[] seeds = supervision.seedCentres();
            System.arraycopy(seeds, 0, centroids, 0, seeded * d);
            double[] nearest = new double[n];
            Arrays.fill(nearest, Double.POSITIVE_INFINITY);
            for (int j = 0; j < seeded; j++) {
                lowerNearest(nearest, j);
            }
            for (int j = seeded; j < k; j++) {
                int chosen;
                if (j == 0) {
                    chosen = random.nextInt(n);
                } else {
                    double total = 0;
                    for (double value : nearest) {
                        total += value;
                    }
                    chosen = total > 0 && Double.isFinite(total) ? sample(nearest, total, random) : random.nextInt(n);
                }
                System.arraycopy(x, chosen * d, centroids, j * d, d);
                lowerNearest(nearest, j);
            }
        }

        private void lowerNearest(double[] nearest, int centre) {
            for (int i = 0; i < n; i++) {
                nearest[i] = Math.min(nearest[i], DistanceKernels.squaredDistance(x, i * d, centroids, centre * d, d));
            }
        }

        private static int sample(double[] weights, double total, SplittableRandom random) {
            double target = random.nextDouble() * total;
            double sum = 0;
            int last = 0;
            for (int i = 0; i < weights.length; i++) {
                if (weights[i] > 0) {
                    sum += weights[i];
                    last = i;
                    if (sum > target) {
                        return i;
                    }
                }
            }
            return last;
        }

        /**
         * Every point to its nearest centre (lowest index on ties). Points of few coordinates are
         * measured distance by distance ({@link NearestCentre#of}); with bounds, as the block products
         * below, a point whose bounds still part after the centres' moves keeps its centre unmeasured,
         * and the labels are those of the scan, bit for bit (the guard's seeded-kmeans and seeded-njw
         * references on Letter: docs/BENCHMARKS.md).
         */
        private void assignNearest() {
            if (wide()) {
                assignByProducts();
                return;
            }
            if (upper == null) {
                measureCentreGaps();
                parallel.forRange(n, Parallel.grainFor(n, KMeans.MINIMUM_GRAIN), (from, to) -> {
                    for (int i = from; i < to; i++) {
                        labels[i] = nearestCentre(i, Math.max(labels[i], 0));
                    }
                });
                return;
            }
            int[] pending = pendingPoints();
            measureCentreGaps();
            int count = pending == null ? n : pending.length;
            parallel.forRange(count, Parallel.grainFor(count, KMeans.MINIMUM_GRAIN), (from, to) -> {
                for (int r = from; r < to; r++) {
                    int i = pending == null ? r : pending[r];
                    int nearest = NearestCentre.of(x, i * d, centroids, k, d, halfGaps, Math.max(labels[i], 0), upper,
                            lower, i);
                    labels[i] = nearest;
                    boundedNearest[i] = nearest;
                }
            });
            boundsValid = true;
        }

        /** Points of {@link NearestCentre#PRODUCT_DIMENSION} or more coordinates, with a backend for their products. */
        private boolean wide() {
            return squaredNorms != null;
        }

        /**
         * {@link #assignNearest} from block products of the points with the centres
         * ({@link NearestCentre#fromProducts}). With bounds (Hamerly, "Making k-means even faster",
         * SDM 2010), a point keeps its nearest centre without products while an upper bound on its
         * distance to that centre stays below a lower bound on its distance to every other; the
         * bounds come from the expanded distances widened by their error bound, grow and shrink by
         * the centres' moves, and carry a relative margin of {@link NearestCentre#MARGIN} on each
         * step, far above the rounding of the scan whose index they must give: the labels are those
         * of products for every point, bit for bit. After the first iterations most points keep
         * their centre, and an iteration reads little more than the update's pass over the points.
         */
        private void assignByProducts() {
            double[] centreSquaredNorms = new double[k];
            double largestCentreNorm = 0;
            for (int j = 0; j < k; j++) {
                centreSquaredNorms[j] = DenseMatrix.dot(centroids, j * d, centroids, j * d, d);
                largestCentreNorm = Math.max(largestCentreNorm, Math.sqrt(centreSquaredNorms[j]));
            }
            double reach = largestCentreNorm;
            int[] pending = pendingPoints();
            int count = pending == null ? n : pending.length;
            int block = Math.max(1, Math.min(count, NearestCentre.PRODUCT_ROWS));
            if (products == null || products.length < block * k) {
                products = new double[block * k];
            }
            if (pending != null && (gathered == null || gathered.length < block * d)) {
                gathered = new double[block * d];
            }
            double[] products = this.products;
            double[] rowsOf = pending == null ? x : gathered;
            for (int start = 0; start < count; start += block) {
                int rows = Math.min(block, count - start);
                int first = start;
                if (pending != null) {
                    for (int r = 0; r < rows; r++) {
                        System.arraycopy(x, pending[first + r] * d, gathered, r * d, d);
                    }
                }
                backend.gemm(false, true, rows, k, d, 1.0, rowsOf, pending == null ? start * d : 0, d, centroids, 0, d,
                        0.0, products, 0, k);
                parallel.forRange(rows, Parallel.grainFor(rows, KMeans.MINIMUM_GRAIN), (from, to) -> {
                    for (int r = from; r < to; r++) {
                        int i = pending == null ? first + r : pending[first + r];
                        int base = pending == null ? i * d : r * d;
                        int nearest = NearestCentre.fromProducts(rowsOf, base, centroids, k, d, products, r * k,
                                squaredNorms[i], centreSquaredNorms, reach);
                        labels[i] = nearest;
                        if (upper != null) {
                            boundedNearest[i] = nearest;
                            NearestCentre.bounds(products, r * k, k, nearest, squaredNorms[i], centreSquaredNorms,
                                    reach, d, upper, lower, i);
                        }
                    }
                });
            }
            boundsValid = upper != null;
        }

        /**
         * The points whose nearest centre the bounds cannot vouch for, in order, after moving every
         * bound by the last update's moves; the others get their bounded centre. Null for every point
         * (no bounds, or none valid).
         */
        private int[] pendingPoints() {
            if (upper == null || !boundsValid) {
                return null;
            }
            double farthest = 0;
            for (double move : moved) {
                farthest = Math.max(farthest, move);
            }
            double largestMove = farthest;
            parallel.forRange(n, Parallel.grainFor(n, KMeans.MINIMUM_GRAIN), (from, to) -> {
                for (int i = from; i < to; i++) {
                    upper[i] = (upper[i] + moved[boundedNearest[i]]) * (1 + NearestCentre.MARGIN);
                    lower[i] = (lower[i] - largestMove) * (1 - NearestCentre.MARGIN);
                    if (upper[i] < lower[i]) {
                        labels[i] = boundedNearest[i];
                    }
                }
            });
            int count = 0;
            for (int i = 0; i < n; i++) {
                count += upper[i] < lower[i] ? 0 : 1;
            }
            if (count == n) {
                return null; // every point: the rows as they lie, without gathering them
            }
            int[] pending = new int[count];
            int next = 0;
            for (int i = 0; i < n; i++) {
                if (!(upper[i] < lower[i])) {
                    pending[next++] = i;
                }
            }
            return pending;
        }

        /**
         * An empty cluster takes the point farthest from its centre among the clusters of two or
         * more points, never a clamped point (lowest index on ties).
         */
        private void reseedEmptyClusters() {
            int[] sizes = new int[k];
            for (int label : labels) {
                sizes[label]++;
            }
            for (int empty = 0; empty < k; empty++) {
                if (sizes[empty] > 0) {
                    continue;
                }
                int farthest = -1;
                double distance = -1;
                for (int i = 0; i < n; i++) {
                    if (sizes[labels[i]] < 2 || supervision.isClamped(i)) {
                        continue;
                    }
                    double own = DistanceKernels.squaredDistance(x, i * d, centroids, labels[i] * d, d);
                    if (own > distance) {
                        distance = own;
                        farthest = i;
                    }
                }
                if (farthest < 0) {
                    continue;
                }
                sizes[labels[farthest]]--;
                labels[farthest] = empty;
                sizes[empty]++;
                System.arraycopy(x, farthest * d, centroids, empty * d, d);
                boundsValid = false; // a centre jumped: no move bounds it
            }
        }

        /**
         * The centres as the means of their points; returns the total squared movement. Points of
         * {@link NearestCentre#PRODUCT_DIMENSION} or more coordinates keep their clusters' sums from
         * one update to the next and move only the points whose cluster changed since
         * {@code previous} (the labels of the last update; {@code changed} of them differ now), where
         * fewer than a quarter did: once the
         * clusters settle, an update reads a few points instead of all (on 784 pixels it was a third
         * of a seeded-kmeans fit). The sums are made afresh otherwise; the rounding they carry from
         * update to update is of the order of the changes' count times the unit roundoff.
         */
        private double updateCentroids(int[] previous, int changed) {
            boolean incremental = d >= NearestCentre.PRODUCT_DIMENSION;
            if (sums == null) {
                sums = new double[k * d];
                counts = new int[k];
            }
            if (!incremental || !sumsValid || changed * 4L > n) {
                Arrays.fill(sums, 0);
                Arrays.fill(counts, 0);
                for (int i = 0; i < n; i++) {
                    add(i, labels[i], 1);
                }
                sumsValid = incremental;
            } else {
                for (int i = 0; i < n; i++) {
                    if (labels[i] != previous[i]) {
                        add(i, previous[i], -1);
                        add(i, labels[i], 1);
                    }
                }
            }
            double movement = 0;
            for (int j = 0; j < k; j++) {
                double centreMovement = 0;
                if (counts[j] > 0) {
                    for (int t = 0; t < d; t++) {
                        double value = sums[j * d + t] / counts[j];
                        double change = value - centroids[j * d + t];
                        movement += change * change;
                        centreMovement += change * change;
                        centroids[j * d + t] = value;
                    }
                }
                if (moved != null) {
                    moved[j] = Math.sqrt(centreMovement);
                }
            }
            return movement;
        }

        /** Adds point i, {@code sign} times, to the sums of cluster j. */
        private void add(int i, int j, int sign) {
            int base = j * d;
            counts[j] += sign;
            for (int t = 0; t < d; t++) {
                sums[base + t] += sign * x[i * d + t];
            }
        }

        /** Squared distances to the centres. */
        private double distortion() {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += DistanceKernels.squaredDistance(x, i * d, centroids, labels[i] * d, d);
            }
            return sum;
        }

        double objective() {
            return distortion() + supervision.totalPenalty(labels);
        }

        /** The number of points whose cluster differs from {@code previous}. */
        private int changes(int[] previous) {
            int changed = 0;
            for (int i = 0; i < n; i++) {
                changed += labels[i] != previous[i] ? 1 : 0;
            }
            return changed;
        }

        KMeansResult result() {
            return new KMeansResult(labels.clone(), new DenseMatrix(k, d, centroids.clone()), distortion(),
                    Math.max(1, iterations), converged);
        }
    }
}
