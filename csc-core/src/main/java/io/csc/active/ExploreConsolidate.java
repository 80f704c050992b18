package io.csc.active;

import io.csc.data.Dataset;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Explore-Consolidate, the farthest-first query selection (FFQS) of Basu, Banerjee and Mooney,
 * "Active semi-supervision for pairwise constrained clustering", SDM 2004.
 *
 * <ol>
 * <li><b>Explore</b>, while there are fewer than k neighbourhoods ({@link Neighbourhoods}): the
 *     point farthest from every neighbourhood (farthest-first traversal) is asked against one
 *     member of each neighbourhood until a must-link joins it to one; cannot-linked to all, it
 *     starts a neighbourhood of its own.</li>
 * <li><b>Consolidate</b>: a random point outside the neighbourhoods is asked against them in
 *     ascending order of the distance from the point to their centroids, until a must-link.</li>
 * </ol>
 *
 * <p>Where the paper leaves it open: a point is compared with the member of a neighbourhood
 * nearest to it (any member gives the same answer); a pair answered "don't know" is not asked
 * again, and the point moves on to the next member or neighbourhood; when no point outside the
 * neighbourhoods has an open question left, a random open pair is asked. Distances are Euclidean
 * in the scaled features. Time O(n s d) per question for s skeleton points, memory O(n).
 */
public final class ExploreConsolidate extends SkeletonStrategy {

    public static final String NAME = "ffqs";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    Optional<PointPair> askWhileConsolidating(Dataset points, Neighbourhoods neighbourhoods, int point) {
        return NeighbourhoodQuestions.askInOrder(points, neighbourhoods, point,
                (candidate, t) -> neighbourhoods.centroidDistance(points, candidate, t));
    }

    @Override
    Optional<PointPair> consolidate(QueryState state, Neighbourhoods neighbourhoods) {
        return randomPoint(state, neighbourhoods)
                .flatMap(point -> askWhileConsolidating(state.points(), neighbourhoods, point));
    }

    /** A random point outside the neighbourhoods with an open neighbourhood: draws, then a scan. */
    private static Optional<Integer> randomPoint(QueryState state, Neighbourhoods neighbourhoods) {
        Dataset points = state.points();
        int n = points.size();
        SplittableRandom random = state.random();
        for (int draw = 0; draw < RandomPairs.DRAWS; draw++) {
            int point = random.nextInt(n);
            if (isCandidate(neighbourhoods, point)) {
                return Optional.of(point);
            }
        }
        int start = random.nextInt(n);
        for (int offset = 0; offset < n; offset++) {
            int point = (start + offset) % n;
            if (isCandidate(neighbourhoods, point)) {
                return Optional.of(point);
            }
        }
        return Optional.empty();
    }

    private static boolean isCandidate(Neighbourhoods neighbourhoods, int point) {
        return neighbourhoods.of(point) < 0 && NeighbourhoodQuestions.hasOpenNeighbourhood(neighbourhoods, point);
    }
}
