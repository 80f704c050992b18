package io.csc.selection;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.graph.NearestNeighbours;
import io.csc.graph.NeighbourLists;
import io.csc.util.ProgressListener;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A check of one fit against its own labels, without refitting: whether the fit keeps the labelled
 * points with the points around them about as often as the labels keep labelled points with each
 * other. {@code select=auto} runs it where it does not guard a method ({@link GuardedMethod#LIMIT}),
 * and guards the fit when it fails.
 *
 * <p>For each of up to {@value #QUERIES} labelled points drawn at random:
 * <ul>
 * <li>the <em>fit's agreement</em>: the share of its {@value #NEIGHBOURS} nearest points (of a random
 *     sample of up to {@value #SAMPLE} points) that the fit put in its cluster;</li>
 * <li>the <em>labels' agreement</em>: the share of its {@value #NEIGHBOURS} nearest labelled points
 *     (of a random sample of up to {@link #LABEL_POOL} of them) that carry its class.</li>
 * </ul>
 * The fit contradicts its labels when the labels' agreement exceeds the fit's, on average over the
 * points, by more than {@value #MARGIN} and by more than {@value #ERRORS} standard errors of the
 * mean difference.
 *
 * <p>Why: every constrained method ends with an assignment that puts each labelled point in its
 * class's cluster. When the embedding cuts a class the labels hold together (a large class split
 * to make up k), the labelled points of that class sit among points of other clusters: the fit's
 * agreement falls far below the labels' own. Where classes overlap, both are low together. The
 * labels' neighbourhoods are coarser than the fit's (labelled points are fewer), which makes the
 * labels' agreement the lower of the two for a fit that follows the classes: the check errs on the
 * side of not firing: it catches gross contradictions, not every fit a reference would beat
 * (measured in docs/results/88-unguarded-sizes.md).
 *
 * <p>Cost: {@code q x (s + l) x d} multiply-adds for q queries, s sampled and l labelled points;
 * 0.04-0.05 s on 70,000 images of 784 pixels with 7,000 labels, 2-3% of an SC-PC fit. Memory:
 * the sample's features in double precision (1,200 x d values).
 */
public final class NeighbourhoodAgreement {

    /** The check's entry in {@code diagnostics.stageSeconds}, on either engine. */
    public static final String STAGE = "neighbourhood check";

    /** The neighbours each labelled point is compared with. */
    public static final int NEIGHBOURS = 10;

    /** The most labelled points checked. */
    static final int QUERIES = 200;

    /** The most points a labelled point's neighbours are drawn from. */
    public static final int SAMPLE = 1_000;

    /**
     * The most labelled points a labelled point's labelled neighbours are drawn from: a quarter of
     * {@link #SAMPLE}, so that the labels' neighbourhoods stay coarser than the fit's however many
     * points are labelled.
     */
    public static final int LABEL_POOL = SAMPLE / 4;

    /** The fewest labelled points the check needs: fewer leave the labels' agreement a guess. */
    static final int MINIMUM_LABELLED = 30;

    /** How far the labels' agreement must exceed the fit's, on average, for the fit to fail. */
    static final double MARGIN = 0.1;

    /** How many standard errors of the mean difference the excess must also be. */
    static final double ERRORS = 3;

    /**
     * The pairs' agreement of pairs whose kinds have nothing to do with where they lie: a pair's
     * nearest pairs are must-links as often as must-links are among the pairs, and cannot-links
     * likewise, and the two kinds weigh half each ({@link PairAgreement}), so the mean is a half.
     */
    static final double PAIR_CHANCE = 0.5;

    private NeighbourhoodAgreement() {
    }

    /** What a fit is checked against. */
    public enum Basis {
        /** The labelled points' classes. */
        LABELS,
        /** The must-links and cannot-links ({@link PairAgreement}). */
        PAIRS;

        /** The basis as warnings and {@code diagnostics.neighbourhoodCheck} name it: "labels" or "pairs". */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * The check's figures.
     *
     * @param basis what the fit was checked against
     * @param fitAgreement the fit's mean agreement over the checked points (labels) or pairs
     * @param supervisionAgreement the supervision's own mean agreement over the same points or pairs
     * @param standardError the standard error of the mean difference
     * @param checked the labelled points, or the pairs, checked
     */
    public record Finding(Basis basis, double fitAgreement, double supervisionAgreement, double standardError,
                          int checked) {

        /** Whether the fit contradicts its supervision (see the class description). */
        public boolean contradicts() {
            double excess = supervisionAgreement - fitAgreement;
            return excess > MARGIN && excess > ERRORS * standardError;
        }

        /**
         * Whether no fit could have contradicted the supervision: pairs whose agreement is within
         * {@value #MARGIN} of {@link #PAIR_CHANCE}, where a fit's agreement cannot fall far enough
         * below it. A few hundred random pairs among tens of thousands of points are such pairs (their
         * nearest pairs lie far away): 0.50-0.59 on the 60,000-point sets and Fashion-MNIST of
         * docs/results/99d-large-random-pairs.md, where scacs as set gave ACC 0.345 against NJW's 0.723
         * and passed. Labels are never blind: a labelled point's agreement is measured against a
         * chance level of its class's share, far below a class's own neighbourhood.
         */
        public boolean blind() {
            return basis == Basis.PAIRS && supervisionAgreement < PAIR_CHANCE + MARGIN;
        }

        /**
         * The figures in words, for warnings: "a labelled point is kept with 0.45 of its 10 nearest
         * points, where the labels keep it with 0.99 of its nearest labelled ones".
         */
        public String inWords() {
            if (basis == Basis.PAIRS) {
                return String.format(java.util.Locale.ROOT, "the points around a pair's two ends are together (a "
                        + "must-link) or apart (a cannot-link) as the pair says in %.2f of the cases, where the pairs "
                        + "nearest to a pair are of its kind in %.2f", fitAgreement, supervisionAgreement);
            }
            return String.format(java.util.Locale.ROOT, "a labelled point is kept with %.2f of its %d nearest points, "
                    + "where the labels keep it with %.2f of its nearest labelled ones", fitAgreement, NEIGHBOURS,
                    supervisionAgreement);
        }

        /** The figures as {@code diagnostics.neighbourhoodCheck} reports them. */
        public Map<String, Object> asMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("basis", basis.word());
            map.put("fitAgreement", fitAgreement);
            map.put(basis == Basis.PAIRS ? "pairAgreement" : "labelAgreement", supervisionAgreement);
            map.put("standardError", standardError);
            map.put(basis == Basis.PAIRS ? "pairs" : "points", checked);
            map.put("neighbours", NEIGHBOURS);
            map.put("contradicts", contradicts());
            map.put("blind", blind());
            return map;
        }
    }

    /**
     * The check of {@code labels}, fitted on {@code data} with {@code constraints}; empty without
     * labels (pairs and groups have no classes), with labels of more than one source, or with fewer
     * than {@value #MINIMUM_LABELLED} labelled points of at least two classes.
     */
    public static Optional<Finding> of(Dataset data, ConstraintSet constraints, int[] labels, RunContext context) {
        return of(data, constraints, labels, null, context);
    }

    /**
     * As above, with the points that the labelled points' neighbours are drawn from given: the rows
     * {@code sample} of {@code data} (ascending), for a caller that gathered them with the labelled
     * points (the Spark engine); null draws them as above.
     */
    public static Optional<Finding> of(Dataset data, ConstraintSet constraints, int[] labels, int[] sample,
                                       RunContext context) {
        LabelledPoints labelled = checkableLabels(constraints);
        if (labelled == null) {
            return PairAgreement.of(data, constraints.pairs(), labels, sample, context);
        }
        SplittableRandom random = new SplittableRandom(context.seed() ^ 0x6e6569676862L);
        int[] allPoints = labelled.points();
        int[] allClasses = labelled.classes();
        int[] pool = RandomSample.indices(allPoints.length, Math.min(LABEL_POOL, allPoints.length), random.split());
        int l = pool.length;
        int[] points = new int[l];
        int[] classes = new int[l];
        for (int t = 0; t < l; t++) {
            points[t] = allPoints[pool[t]];
            classes[t] = allClasses[pool[t]];
        }
        int[] queryPositions = RandomSample.indices(l, Math.min(QUERIES, l), random.split());
        int q = queryPositions.length;
        int[] queries = new int[q];
        for (int t = 0; t < q; t++) {
            queries[t] = points[queryPositions[t]];
        }
        int[][] around = neighbourClusters(data, queries, labels, sample, random, context);
        // the labels: each query's nearest labelled points
        int labelNeighbours = Math.min(NEIGHBOURS, l - 1);
        NeighbourLists nearLabelled = NearestNeighbours.exact(data.subset(points), queryPositions, labelNeighbours,
                context.backend(), context.parallel(), ProgressListener.NONE);
        double sum = 0;
        double squares = 0;
        double fitSum = 0;
        double labelSum = 0;
        for (int t = 0; t < q; t++) {
            int own = labels[queries[t]];
            int fitting = 0;
            for (int cluster : around[t]) {
                fitting += cluster == own ? 1 : 0;
            }
            int sameClass = 0;
            for (int u = 0; u < labelNeighbours; u++) {
                sameClass += classes[nearLabelled.neighbour(t, u)] == classes[queryPositions[t]] ? 1 : 0;
            }
            double fit = (double) fitting / around[t].length;
            double label = (double) sameClass / labelNeighbours;
            fitSum += fit;
            labelSum += label;
            sum += label - fit;
            squares += (label - fit) * (label - fit);
        }
        double mean = sum / q;
        double variance = q < 2 ? 0 : Math.max(0, (squares - q * mean * mean) / (q - 1));
        return Optional.of(new Finding(Basis.LABELS, fitSum / q, labelSum / q, Math.sqrt(variance / q), q));
    }

    /**
     * The fit's clusters around each of {@code queries}: the clusters of its {@value #NEIGHBOURS}
     * nearest points among the queries and the rows {@code sample} of {@code data} (null: a random
     * sample of up to {@value #SAMPLE} points drawn from {@code random}, or every point when there
     * are no more), itself excluded.
     */
    static int[][] neighbourClusters(Dataset data, int[] queries, int[] labels, int[] sample, SplittableRandom random,
                                     RunContext context) {
        int n = data.size();
        int[] drawn = sample != null ? sample : n <= SAMPLE ? null : RandomSample.indices(n, SAMPLE, random.split());
        int[] rows = drawn == null ? null : union(drawn, queries);
        Dataset around = rows == null ? data : data.subset(rows);
        int[] queryRows = rows == null ? queries : positionsIn(rows, queries);
        int count = Math.min(NEIGHBOURS, around.size() - 1);
        NeighbourLists near = NearestNeighbours.exact(around, queryRows, count, context.backend(),
                context.parallel(), ProgressListener.NONE);
        int[][] clusters = new int[queries.length][count];
        for (int t = 0; t < queries.length; t++) {
            for (int u = 0; u < count; u++) {
                int neighbour = near.neighbour(t, u);
                clusters[t][u] = labels[rows == null ? neighbour : rows[neighbour]];
            }
        }
        return clusters;
    }

    /**
     * The labels the check reads: the one source of labels (classes with cannot-links between them)
     * when it has at least {@value #MINIMUM_LABELLED} points of at least two classes, else null.
     */
    public static LabelledPoints checkableLabels(ConstraintSet constraints) {
        LabelledPoints found = null;
        for (LabelledPoints block : constraints.labelledBlocks()) {
            if (block.cannotLinkBetweenClasses()) {
                if (found != null) {
                    return null;
                }
                found = block;
            }
        }
        boolean enough = found != null && found.size() >= MINIMUM_LABELLED
                && Arrays.stream(found.classes()).distinct().count() >= 2;
        return enough ? found : null;
    }

    /**
     * The pairs the check reads when it has no labels ({@link #checkableLabels} null): the explicit
     * must-links and cannot-links when they hold at least {@value PairAgreement#MINIMUM_PER_KIND} of
     * each kind, else null.
     */
    public static List<Constraint> checkablePairs(ConstraintSet constraints) {
        return PairAgreement.checkable(constraints.pairs()) ? constraints.pairs() : null;
    }

    /** The most pairs the check of pairs reads: it draws them at random when there are more. */
    public static final int PAIR_POOL = PairAgreement.POOL;

    /** The sorted distinct union of two index sets. */
    private static int[] union(int[] a, int[] b) {
        return java.util.stream.IntStream.concat(Arrays.stream(a), Arrays.stream(b)).sorted().distinct().toArray();
    }

    /** The position of each of {@code values} in the sorted {@code rows}, which holds them all. */
    private static int[] positionsIn(int[] rows, int[] values) {
        int[] positions = new int[values.length];
        for (int t = 0; t < values.length; t++) {
            positions[t] = Arrays.binarySearch(rows, values[t]);
        }
        return positions;
    }
}
