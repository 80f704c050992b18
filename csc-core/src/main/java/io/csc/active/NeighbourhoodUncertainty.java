package io.csc.active;

import io.csc.data.Dataset;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * NPU, normalized point-based uncertainty (Xiong, Azimi and Fern, "Active learning of
 * constraints for semi-supervised clustering", IEEE TKDE 26(1), 2014): ask about the point whose
 * neighbourhood is most uncertain per question it is expected to cost, against the neighbourhoods
 * in order of likelihood until a must-link places it.
 *
 * <ol>
 * <li><b>Explore</b>, while there are fewer than k neighbourhoods ({@link Neighbourhoods}): the
 *     point farthest from the skeleton relative to how spread out the data is around it, the
 *     largest {@code min_s |x - s|² / r(x)} with r the {@link LocalScale}, asked against the
 *     neighbourhoods from the nearest. Plain farthest-first (ffqs, min-max) spends the budget on
 *     outliers of classes already found: on Glass it needs 36 of 50 questions to meet all six
 *     classes, the relative distance 26 (mean of 5 simulations).</li>
 * <li><b>Consolidate</b>: every candidate x (a point in no neighbourhood that some neighbourhood
 *     is open for) gets the probabilities p_t(x) of the neighbourhoods
 *     ({@link NeighbourhoodProbabilities}), their entropy H(x), and the expected number of
 *     questions E[q(x)] = Σ_i i p_(i)(x) of asking the neighbourhoods in descending order of
 *     probability until a must-link, where with k neighbourhoods the last one costs nothing more
 *     (separated from the others, the point is placed). The point with the largest H(x) / E[q(x)]
 *     is asked; the next questions go on with it, in that order, until it is placed.</li>
 * </ol>
 *
 * <p>The paper's choices kept: uncertainty normalized by the expected cost, no weight for
 * density. Measured with {@code -a auto} at 50 questions (with probabilities from the mean
 * similarity to a neighbourhood's members): weighting the score by the local density (so that
 * outliers are not asked) cost 0.04 mean ACC on the eight small sets (5 repetitions), 0.16 on
 * Ionosphere, whose second class is scattered; asking the cheapest points (smallest E[q]) instead
 * cost 0.05 on the seven other than Spirals (10 repetitions). The paper's choices changed: the
 * similarity is a kernel on the features to a neighbourhood's nearest member, not a random
 * forest's proximity on the current clustering averaged over the members
 * ({@link NeighbourhoodProbabilities} says why); the first neighbourhoods come from the explore
 * step above, not from a random point.
 *
 * <p>Above {@value #POOL} candidates, a pool of that many drawn with the step's seed is scored
 * instead of all of them. Time O(P (s + {@value LocalScale#REFERENCES}) d) per question for a
 * pool of P points and s skeleton points; memory O(n).
 */
public final class NeighbourhoodUncertainty implements QueryStrategy {

    public static final String NAME = "npu";

    /** The most candidates scored per question. */
    static final int POOL = 2000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<PointPair> next(QueryState state) {
        Neighbourhoods neighbourhoods = Neighbourhoods.of(state.log(), state.clusters());
        OptionalInt pending = NeighbourhoodQuestions.pending(state, neighbourhoods);
        Optional<PointPair> question;
        if (pending.isPresent()) {
            int point = pending.getAsInt();
            double[] probabilities = NeighbourhoodProbabilities.of(state.points(), neighbourhoods,
                    candidates(state, neighbourhoods)).of(point);
            question = askInOrder(state.points(), neighbourhoods, point, probabilities);
        } else if (neighbourhoods.count() == 0) {
            question = NeighbourhoodQuestions.farthestFirst(state, neighbourhoods);
        } else if (neighbourhoods.count() < state.clusters()) {
            question = explore(state, neighbourhoods);
        } else {
            question = consolidate(state, neighbourhoods);
        }
        return question.or(() -> RandomPairs.openPair(state.log(), state.random()));
    }

    /** The explore step: see the class comment. */
    private static Optional<PointPair> explore(QueryState state, Neighbourhoods neighbourhoods) {
        Dataset points = state.points();
        int[] candidates = candidates(state, neighbourhoods);
        LocalScale scale = LocalScale.of(points, state.sessionRandom());
        double[] scales = new double[candidates.length];
        for (int c = 0; c < candidates.length; c++) {
            scales[c] = scale.of(candidates[c]);
        }
        double floor = scaleFloor(scales);
        int[] skeleton = neighbourhoods.allPoints();
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < candidates.length; c++) {
            double nearest = Double.POSITIVE_INFINITY;
            for (int member : skeleton) {
                nearest = Math.min(nearest, Distances.squared(points, candidates[c], member));
            }
            double score = nearest / Math.max(scales[c], floor);
            if (score > bestScore) {
                bestScore = score;
                best = candidates[c];
            }
        }
        if (best < 0) {
            return Optional.empty();
        }
        return NeighbourhoodQuestions.askInOrder(points, neighbourhoods, best,
                (point, t) -> neighbourhoods.nearestMemberDistance(points, point, t));
    }

    /**
     * The smallest local scale the explore step divides by: a hundredth of the median, so that a
     * point with duplicates among its nearest references (scale 0; 74 of Breast cancer's 683 rows)
     * scores as a very dense point instead of infinitely. The floor touches nothing else on the
     * eight small sets: their smallest other scales are about 8% of the median (Glass, Spirals).
     */
    static double scaleFloor(double[] scales) {
        if (scales.length == 0) {
            return Double.MIN_NORMAL;
        }
        double[] sorted = scales.clone();
        Arrays.sort(sorted);
        return Math.max(sorted[sorted.length / 2] / 100, Double.MIN_NORMAL);
    }

    /** The consolidate step: see the class comment. */
    private static Optional<PointPair> consolidate(QueryState state, Neighbourhoods neighbourhoods) {
        int[] candidates = candidates(state, neighbourhoods);
        NeighbourhoodProbabilities model = NeighbourhoodProbabilities.of(state.points(), neighbourhoods, candidates);
        boolean lastIsFree = neighbourhoods.count() == state.clusters();
        int best = -1;
        double[] bestProbabilities = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int candidate : candidates) {
            double[] probabilities = model.of(candidate);
            double score = NeighbourhoodProbabilities.entropy(probabilities) / expectedQuestions(probabilities, lastIsFree);
            if (score > bestScore) {
                bestScore = score;
                best = candidate;
                bestProbabilities = probabilities;
            }
        }
        return best < 0 ? Optional.empty()
                : askInOrder(state.points(), neighbourhoods, best, bestProbabilities);
    }

    /** {@code point} against the open neighbourhoods in descending order of probability. */
    private static Optional<PointPair> askInOrder(Dataset points, Neighbourhoods neighbourhoods, int point,
                                                  double[] probabilities) {
        return NeighbourhoodQuestions.askInOrder(points, neighbourhoods, point, (x, t) -> -probabilities[t]);
    }

    /**
     * E[q]: the expected number of questions to place a point asked against the neighbourhoods in
     * descending order of {@code probabilities} until a must-link; with {@code lastIsFree} (all k
     * neighbourhoods found) the last one is implied once the others are ruled out. At least 1.
     */
    static double expectedQuestions(double[] probabilities, boolean lastIsFree) {
        double[] sorted = probabilities.clone();
        Arrays.sort(sorted);
        int count = sorted.length;
        double expected = 0;
        for (int rank = 1; rank <= count; rank++) {
            int questions = lastIsFree && rank == count ? Math.max(1, rank - 1) : rank;
            expected += sorted[count - rank] * questions;
        }
        return Math.max(1.0, expected);
    }

    /**
     * The points in no neighbourhood that some neighbourhood is open for, ascending; above
     * {@value #POOL} of them, {@value #POOL} drawn with the step's seed.
     */
    static int[] candidates(QueryState state, Neighbourhoods neighbourhoods) {
        int n = state.points().size();
        int[] eligible = new int[n];
        int count = 0;
        for (int point = 0; point < n; point++) {
            if (neighbourhoods.of(point) < 0 && NeighbourhoodQuestions.hasOpenNeighbourhood(neighbourhoods, point)) {
                eligible[count++] = point;
            }
        }
        if (count <= POOL) {
            return Arrays.copyOf(eligible, count);
        }
        int[] drawn = RandomSample.indices(count, POOL, state.random());
        for (int t = 0; t < drawn.length; t++) {
            drawn[t] = eligible[drawn[t]];
        }
        return drawn;
    }
}
