package io.csc.algorithm.copkmeans;

import io.csc.api.UnsuitableInputException;
import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ComponentPair;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.linalg.DistanceKernels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * COP-KMeans (Wagstaff, Cardie, Rogers and Schroedl, ICML 2001), the constrained k-means baseline
 * of the SCACS paper: points are assigned, in random order, to the nearest centre whose cluster
 * violates no constraint; centres are then the means of their points; repeat until the assignment
 * is stable.
 *
 * <p>Choices where the paper leaves room, each documented:
 * <ul>
 * <li>Must-links are closed transitively first ({@link ConstraintClosure}), and each must-link
 *     component is assigned as one unit to the centre nearest to its members in total (the
 *     original assigns its points one by one, which reaches the same constraint state; handling
 *     the component at once avoids dead ends). Cannot-links are propagated to components.</li>
 * <li>Where the original fails as soon as a point has no feasible cluster, a round here retries
 *     with a new random order ({@code orderAttempts} times), and a run that still fails is dropped;
 *     the method fails only when every restart fails, naming the cause.</li>
 * <li>Inconsistent constraints (a cannot-link inside a must-link component) cannot be satisfied and
 *     are refused up front. Soft weights are treated as hard constraints.</li>
 * <li>Centres start from k-means++ seeds; a cluster left empty keeps its centre.</li>
 * </ul>
 * Time O(iterations · n k d) per run, the runs spread over the run's threads; memory
 * O(restarts · n + components + cannot-linked component pairs): label supervision is never
 * expanded into pairs.
 */
public final class CopKMeans implements ClusteringAlgorithm {

    public static final String NAME = "cop-kmeans";

    public static final Parameter<Integer> RESTARTS = Parameter.integer("restarts", CopKMeansOptions.DEFAULTS.restarts(),
            "runs from k-means++ seeds; the feasible run with the lowest sum of squares is kept");
    public static final Parameter<Integer> ITERATIONS = Parameter.integer("iterations",
            CopKMeansOptions.DEFAULTS.maxIterations(), "assignment/update rounds per run");
    public static final Parameter<Integer> ORDER_ATTEMPTS = Parameter.integer("order-attempts",
            CopKMeansOptions.DEFAULTS.orderAttempts(), "random assignment orders tried before a run counts as infeasible");

    public static final List<Parameter<?>> PARAMETERS = List.of(RESTARTS, ITERATIONS, ORDER_ATTEMPTS);

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "Constrained k-means: nearest feasible centre for every point (constrained baseline)",
            "Wagstaff, Cardie, Rogers, Schroedl: Constrained k-means clustering with background knowledge, ICML 2001",
            true, true, PARAMETERS, values -> new CopKMeans(options(values)));

    private final CopKMeansOptions options;

    public CopKMeans(CopKMeansOptions options) {
        this.options = options;
    }

    public static CopKMeansOptions options(ParameterValues values) {
        return new CopKMeansOptions(values.get(RESTARTS), values.get(ITERATIONS), values.get(ORDER_ATTEMPTS));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        long start = System.nanoTime();
        ConstraintClosure closure = ConstraintClosure.of(constraints);
        if (!closure.isConsistent()) {
            closure.requireConsistent("cop-kmeans needs satisfiable constraints; drop the contradicting pairs or "
                    + "use a method that tolerates them (e.g. csp-ml or e2cp)");
        }
        Units units = Units.of(data.size(), closure);
        SplittableRandom random = context.random();
        // the restarts' generators are split in order, the runs made on the run's threads, and the
        // best chosen in order (the earliest on ties): the result does not depend on the thread count
        SplittableRandom[] generators = new SplittableRandom[options.restarts()];
        for (int restart = 0; restart < generators.length; restart++) {
            generators[restart] = random.split();
        }
        Run[] runs = new Run[generators.length];
        boolean[] solved = new boolean[generators.length];
        context.parallel().forRange(generators.length, 1, (from, to) -> {
            for (int restart = from; restart < to; restart++) {
                runs[restart] = new Run(data, k, units, generators[restart]);
                solved[restart] = runs[restart].solve(options.maxIterations(), options.orderAttempts());
            }
        });
        Run best = null;
        int failures = 0;
        for (int restart = 0; restart < runs.length; restart++) {
            if (solved[restart]) {
                if (best == null || runs[restart].inertia < best.inertia) {
                    best = runs[restart];
                }
            } else {
                failures++;
            }
        }
        if (best == null) {
            throw new UnsuitableInputException("cop-kmeans found no assignment satisfying all constraints in "
                    + options.restarts() + " runs (each trying " + options.orderAttempts() + " orders): the cannot-links "
                    + "may need more than k = " + k + " clusters; use a soft constrained method instead");
        }
        Diagnostics diagnostics = Diagnostics.builder()
                .put("inertia", best.inertia)
                .put("infeasibleRuns", failures)
                .put("mustLinkComponents", closure.componentCount())
                .build();
        return new ClusteringResult(NAME, best.labels(), k, null, (System.nanoTime() - start) / 1e9, diagnostics, null);
    }

    /**
     * The units of assignment: each must-link component, then each unconstrained point; and for
     * each component the components it cannot share a cluster with.
     */
    private record Units(int[][] members, int[][] forbidden) {

        static Units of(int n, ConstraintClosure closure) {
            int components = closure.componentCount();
            List<int[]> members = new ArrayList<>(Arrays.asList(closure.components()));
            for (int point = 0; point < n; point++) {
                if (closure.componentOf(point) < 0) {
                    members.add(new int[] {point});
                }
            }
            List<List<Integer>> neighbours = new ArrayList<>();
            for (int unit = 0; unit < members.size(); unit++) {
                neighbours.add(unit < components ? new ArrayList<>() : List.of());
            }
            for (ComponentPair pair : closure.cannotLinkedComponentPairs()) {
                neighbours.get(pair.first()).add(pair.second());
                neighbours.get(pair.second()).add(pair.first());
            }
            int[][] forbidden = new int[members.size()][];
            for (int unit = 0; unit < members.size(); unit++) {
                forbidden[unit] = neighbours.get(unit).stream().mapToInt(Integer::intValue).toArray();
            }
            return new Units(members.toArray(int[][]::new), forbidden);
        }
    }

    /** One run from one seed. */
    private static final class Run {
        private final double[] x;
        private final int n;
        private final int d;
        private final int k;
        private final Units units;
        private final SplittableRandom random;
        private final double[] centres;
        private final int[] unitCluster;
        private double inertia = Double.POSITIVE_INFINITY;

        Run(Dataset data, int k, Units units, SplittableRandom random) {
            this.x = data.features();
            this.n = data.size();
            this.d = data.dimension();
            this.k = k;
            this.units = units;
            this.random = random;
            this.centres = seeds();
            this.unitCluster = new int[units.members().length];
        }

        /** k-means++ seeding over the points. */
        private double[] seeds() {
            double[] seeds = new double[k * d];
            double[] nearest = new double[n];
            int first = random.nextInt(n);
            System.arraycopy(x, first * d, seeds, 0, d);
            for (int i = 0; i < n; i++) {
                nearest[i] = squaredDistance(i, seeds, 0);
            }
            for (int c = 1; c < k; c++) {
                double total = 0;
                for (double value : nearest) {
                    total += value;
                }
                int chosen;
                if (total > 0) {
                    double target = random.nextDouble() * total;
                    chosen = n - 1;
                    double cumulative = 0;
                    for (int i = 0; i < n; i++) {
                        cumulative += nearest[i];
                        if (cumulative >= target && nearest[i] > 0) {
                            chosen = i;
                            break;
                        }
                    }
                } else {
                    chosen = random.nextInt(n);
                }
                System.arraycopy(x, chosen * d, seeds, c * d, d);
                for (int i = 0; i < n; i++) {
                    nearest[i] = Math.min(nearest[i], squaredDistance(i, seeds, c));
                }
            }
            return seeds;
        }

        boolean solve(int maxIterations, int orderAttempts) {
            int[] previous = null;
            for (int iteration = 0; iteration < maxIterations; iteration++) {
                boolean assigned = false;
                for (int attempt = 0; attempt < orderAttempts && !assigned; attempt++) {
                    assigned = assign();
                }
                if (!assigned) {
                    return false;
                }
                update();
                if (Arrays.equals(previous, unitCluster)) {
                    break;
                }
                previous = unitCluster.clone();
            }
            inertia = sumOfSquares();
            return true;
        }

        /** Assigns all units in a random order; false when some unit has no feasible cluster. */
        private boolean assign() {
            int units = unitCluster.length;
            int[] order = new int[units];
            for (int i = 0; i < units; i++) {
                order[i] = i;
            }
            for (int i = units - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            Arrays.fill(unitCluster, -1);
            boolean[] blocked = new boolean[k];
            for (int unit : order) {
                Arrays.fill(blocked, false);
                for (int other : this.units.forbidden()[unit]) {
                    if (unitCluster[other] >= 0) {
                        blocked[unitCluster[other]] = true;
                    }
                }
                int best = -1;
                double bestCost = Double.POSITIVE_INFINITY;
                for (int c = 0; c < k; c++) {
                    if (blocked[c]) {
                        continue;
                    }
                    double cost = 0;
                    for (int point : this.units.members()[unit]) {
                        cost += squaredDistance(point, centres, c);
                    }
                    if (cost < bestCost) {
                        bestCost = cost;
                        best = c;
                    }
                }
                if (best < 0) {
                    return false;
                }
                unitCluster[unit] = best;
            }
            return true;
        }

        private void update() {
            double[] sums = new double[k * d];
            int[] counts = new int[k];
            for (int unit = 0; unit < unitCluster.length; unit++) {
                int c = unitCluster[unit];
                for (int point : units.members()[unit]) {
                    counts[c]++;
                    for (int j = 0; j < d; j++) {
                        sums[c * d + j] += x[point * d + j];
                    }
                }
            }
            for (int c = 0; c < k; c++) {
                if (counts[c] > 0) {
                    for (int j = 0; j < d; j++) {
                        centres[c * d + j] = sums[c * d + j] / counts[c];
                    }
                }
            }
        }

        private double sumOfSquares() {
            double total = 0;
            for (int unit = 0; unit < unitCluster.length; unit++) {
                for (int point : units.members()[unit]) {
                    total += squaredDistance(point, centres, unitCluster[unit]);
                }
            }
            return total;
        }

        int[] labels() {
            int[] labels = new int[n];
            for (int unit = 0; unit < unitCluster.length; unit++) {
                for (int point : units.members()[unit]) {
                    labels[point] = unitCluster[unit];
                }
            }
            return labels;
        }

        private double squaredDistance(int point, double[] centreData, int centre) {
            return DistanceKernels.squaredDistance(x, point * d, centreData, centre * d, d);
        }
    }
}
