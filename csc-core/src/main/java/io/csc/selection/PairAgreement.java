package io.csc.selection;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.data.Dataset;
import io.csc.linalg.DistanceKernels;
import io.csc.util.RandomSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The check of a fit against must-links and cannot-links ({@link NeighbourhoodAgreement}'s, where
 * the supervision has no classes to check against): whether the fit keeps the points around each
 * pair's two ends together or apart as the pair says, about as often as the pairs around it are of
 * its kind.
 *
 * <p>For up to {@value #QUERIES_PER_KIND} must-links and as many cannot-links, drawn from a random
 * pool of up to {@value #POOL} pairs:
 * <ul>
 * <li>the <em>fit's agreement</em>: with {@code P_a} the share of each cluster among the
 *     {@value NeighbourhoodAgreement#NEIGHBOURS} nearest points of end a (of a random sample of
 *     {@value NeighbourhoodAgreement#SAMPLE} points), {@code q = Σ_c P_a(c) P_b(c)}, the chance that
 *     a point near a and one near b share a cluster: q for a must-link, 1 - q for a cannot-link;</li>
 * <li>the <em>pairs' agreement</em>: the share of its {@value NeighbourhoodAgreement#NEIGHBOURS}
 *     nearest pairs of the pool that are of its kind, the distance between pairs (a, b) and (c, e)
 *     being {@code min(max(|a - c|, |b - e|), max(|a - e|, |b - c|))}: two pairs are near when
 *     their ends are near, in either order.</li>
 * </ul>
 * Both are averaged over the must-links and over the cannot-links, and the two means weigh half
 * each, so that the rarer kind (must-links among random pairs of many classes) counts as much as
 * the other. The fit contradicts its pairs under the labels' rule: an excess of the pairs' agreement
 * over the fit's of more than {@value NeighbourhoodAgreement#MARGIN} and of more than
 * {@value NeighbourhoodAgreement#ERRORS} standard errors.
 *
 * <p>Why: a method that cuts a large class in pieces to make up k still satisfies most must-links
 * inside it, by pulling their ends across the cut; the points around the ends then lie in different
 * clusters, and q falls. The pairs near a must-link inside a large class are must-links inside it
 * too, so the pairs' agreement stays high. Where classes overlap, nearby pairs are of either kind,
 * the pairs' agreement falls to about a half and the check passes: like the labels' check, it
 * catches gross contradictions, not every fit a reference would beat. On random pairs of 14 data
 * sets (docs/results/88b-neighbourhood-check.md) it flagged 24 of 258 fits: 21 were 0.03 to 0.66
 * ACC below the best simple reference, and the other three were within 0.013 of it on a set where
 * every candidate cut the large class.
 *
 * <p>It needs at least {@value #MINIMUM_PER_KIND} pairs of each kind in the pool: with one kind
 * alone the pairs' agreement is 1 by construction. Only the explicit pairs count: groups hold
 * must-links alone, and labels have their own check. Cost: {@code 400 x 2,000 x d} multiply-adds
 * for the pairs' ends, and the fit's side as for labels.
 */
final class PairAgreement {

    /** The most pairs the pairs' neighbours are drawn from. */
    static final int POOL = 1_000;

    /** The most must-links, and the most cannot-links, checked. */
    static final int QUERIES_PER_KIND = 100;

    /** The fewest pairs of each kind the check needs. */
    static final int MINIMUM_PER_KIND = 10;

    private PairAgreement() {
    }

    /** Whether {@code pairs} hold at least {@value #MINIMUM_PER_KIND} pairs of each kind. */
    static boolean checkable(List<Constraint> pairs) {
        long mustLinks = pairs.stream().filter(Constraint::isMustLink).count();
        return mustLinks >= MINIMUM_PER_KIND && pairs.size() - mustLinks >= MINIMUM_PER_KIND;
    }

    /**
     * The check of {@code labels} (the fit's clusters of every point of {@code data}) against
     * {@code pairs}; empty when they are not {@link #checkable} (in the pool drawn). {@code sample}:
     * as {@link NeighbourhoodAgreement#of(Dataset, io.csc.constraint.ConstraintSet, int[], int[], RunContext)}.
     */
    static Optional<NeighbourhoodAgreement.Finding> of(Dataset data, List<Constraint> pairs, int[] labels,
                                                       int[] sample, RunContext context) {
        if (!checkable(pairs)) {
            return Optional.empty();
        }
        SplittableRandom random = new SplittableRandom(context.seed() ^ 0x7061697273L);
        int[] drawn = RandomSample.indices(pairs.size(), Math.min(POOL, pairs.size()), random.split());
        Constraint[] pool = new Constraint[drawn.length];
        List<Integer> mustLinks = new ArrayList<>();
        List<Integer> cannotLinks = new ArrayList<>();
        for (int t = 0; t < drawn.length; t++) {
            pool[t] = pairs.get(drawn[t]);
            (pool[t].isMustLink() ? mustLinks : cannotLinks).add(t);
        }
        if (mustLinks.size() < MINIMUM_PER_KIND || cannotLinks.size() < MINIMUM_PER_KIND) {
            return Optional.empty();
        }
        int[] queries = concat(pick(mustLinks, random), pick(cannotLinks, random));
        int[] ends = ends(pool, null);
        int[] queryEnds = ends(pool, queries);
        double[] squared = squaredDistances(data, queryEnds, ends, context);
        double[] pairAgreement = pairAgreement(pool, queries, ends, queryEnds, squared);
        int[][] around = NeighbourhoodAgreement.neighbourClusters(data, queryEnds, labels, sample, random, context);
        int clusters = Arrays.stream(labels).max().orElse(0) + 1;
        double[][] excess = new double[2][];
        double[][] fit = new double[2][];
        int[] kinds = {Math.min(QUERIES_PER_KIND, mustLinks.size()), Math.min(QUERIES_PER_KIND, cannotLinks.size())};
        for (int kind = 0; kind < 2; kind++) {
            excess[kind] = new double[kinds[kind]];
            fit[kind] = new double[kinds[kind]];
        }
        for (int t = 0; t < queries.length; t++) {
            Constraint pair = pool[queries[t]];
            double together = overlap(around[Arrays.binarySearch(queryEnds, pair.first())],
                    around[Arrays.binarySearch(queryEnds, pair.second())], clusters);
            int kind = pair.isMustLink() ? 0 : 1;
            int position = kind == 0 ? t : t - kinds[0];
            fit[kind][position] = pair.isMustLink() ? together : 1 - together;
            excess[kind][position] = pairAgreement[t] - fit[kind][position];
        }
        double fitMean = 0.5 * (mean(fit[0]) + mean(fit[1]));
        double excessMean = 0.5 * (mean(excess[0]) + mean(excess[1]));
        double standardError = Math.sqrt(0.25 * variance(excess[0]) / kinds[0] + 0.25 * variance(excess[1]) / kinds[1]);
        return Optional.of(new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.PAIRS, fitMean,
                fitMean + excessMean, standardError, queries.length));
    }

    /** Up to {@value #QUERIES_PER_KIND} of {@code positions}, drawn at random. */
    private static int[] pick(List<Integer> positions, SplittableRandom random) {
        int[] chosen = RandomSample.indices(positions.size(), Math.min(QUERIES_PER_KIND, positions.size()),
                random.split());
        return Arrays.stream(chosen).map(positions::get).toArray();
    }

    /** The sorted distinct ends of the pool's pairs, or of those at {@code positions} when given. */
    private static int[] ends(Constraint[] pool, int[] positions) {
        int count = positions == null ? pool.length : positions.length;
        int[] ends = new int[2 * count];
        for (int t = 0; t < count; t++) {
            Constraint pair = pool[positions == null ? t : positions[t]];
            ends[2 * t] = pair.first();
            ends[2 * t + 1] = pair.second();
        }
        return Arrays.stream(ends).sorted().distinct().toArray();
    }

    /** Squared distances between the rows {@code from} and the rows {@code to} of {@code data}, row-major. */
    private static double[] squaredDistances(Dataset data, int[] from, int[] to, RunContext context) {
        int d = data.dimension();
        double[] x = rows(data, from);
        double[] y = rows(data, to);
        double[] out = new double[from.length * to.length];
        DistanceKernels.squaredDistances(context.backend(), x, DistanceKernels.squaredNorms(x, from.length, d), 0,
                from.length, y, DistanceKernels.squaredNorms(y, to.length, d), to.length, d, out);
        return out;
    }

    private static double[] rows(Dataset data, int[] rows) {
        int d = data.dimension();
        double[] values = new double[rows.length * d];
        for (int t = 0; t < rows.length; t++) {
            data.copyRow(rows[t], values, t * d);
        }
        return values;
    }

    /**
     * For each query pair, the share of its nearest pairs of the pool (itself excluded) that are of
     * its kind; {@code squared} holds the distances from {@code queryEnds} to {@code ends}.
     */
    private static double[] pairAgreement(Constraint[] pool, int[] queries, int[] ends, int[] queryEnds,
                                          double[] squared) {
        int m = ends.length;
        int count = Math.min(NeighbourhoodAgreement.NEIGHBOURS, pool.length - 1);
        int[] first = new int[pool.length];
        int[] second = new int[pool.length];
        for (int p = 0; p < pool.length; p++) {
            first[p] = Arrays.binarySearch(ends, pool[p].first());
            second[p] = Arrays.binarySearch(ends, pool[p].second());
        }
        double[] agreement = new double[queries.length];
        double[] nearest = new double[count];
        int[] nearestPairs = new int[count];
        for (int t = 0; t < queries.length; t++) {
            Constraint query = pool[queries[t]];
            int a = Arrays.binarySearch(queryEnds, query.first()) * m;
            int b = Arrays.binarySearch(queryEnds, query.second()) * m;
            // the count nearest pairs, kept sorted; ties go to the earlier position in the pool, so
            // that the same pairs are chosen on every run
            int kept = 0;
            for (int p = 0; p < pool.length; p++) {
                if (p == queries[t]) {
                    continue;
                }
                double straight = Math.max(squared[a + first[p]], squared[b + second[p]]);
                double crossed = Math.max(squared[a + second[p]], squared[b + first[p]]);
                double distance = Math.min(straight, crossed);
                if (kept == count && distance >= nearest[count - 1]) {
                    continue;
                }
                int slot = kept < count ? kept++ : count - 1;
                while (slot > 0 && nearest[slot - 1] > distance) {
                    nearest[slot] = nearest[slot - 1];
                    nearestPairs[slot] = nearestPairs[slot - 1];
                    slot--;
                }
                nearest[slot] = distance;
                nearestPairs[slot] = p;
            }
            int same = 0;
            for (int u = 0; u < count; u++) {
                same += pool[nearestPairs[u]].isMustLink() == query.isMustLink() ? 1 : 0;
            }
            agreement[t] = (double) same / count;
        }
        return agreement;
    }

    /** {@code Σ_c P_a(c) P_b(c)} for the clusters around two points. */
    private static double overlap(int[] aroundFirst, int[] aroundSecond, int clusters) {
        double[] share = new double[clusters];
        for (int cluster : aroundFirst) {
            share[cluster] += 1.0 / aroundFirst.length;
        }
        double sum = 0;
        for (int cluster : aroundSecond) {
            sum += share[cluster] / aroundSecond.length;
        }
        return sum;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).sum() / values.length;
    }

    /** The sample variance (0 for fewer than two values). */
    private static double variance(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double mean = mean(values);
        return Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1);
    }
}
