package io.csc.active;

import io.csc.data.Dataset;
import java.util.Optional;

/**
 * Min-Max (Mallapragada, Jin and Jain, "Active query selection for semi-supervised clustering",
 * ICPR 2008): Explore as in {@link ExploreConsolidate}; Consolidate picks, instead of a random
 * point, the point whose largest similarity to the skeleton (the points of all neighbourhoods) is
 * smallest, the one the skeleton explains worst, and asks it against the neighbourhoods in
 * descending order of its largest similarity to their members, until a must-link.
 *
 * <p>With a similarity that falls with distance, such as the paper's Gaussian kernel, the min-max
 * point is the point farthest from the skeleton and the order is by the nearest member, so no
 * kernel width is needed: both phases are a farthest-first traversal that keeps growing the
 * skeleton. Distances are Euclidean in the scaled features. Time O(n s d) per question for s
 * skeleton points, memory O(n).
 */
public final class MinMax extends SkeletonStrategy {

    public static final String NAME = "min-max";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    Optional<PointPair> askWhileConsolidating(Dataset points, Neighbourhoods neighbourhoods, int point) {
        return NeighbourhoodQuestions.askInOrder(points, neighbourhoods, point,
                (candidate, t) -> neighbourhoods.nearestMemberDistance(points, candidate, t));
    }

    @Override
    Optional<PointPair> consolidate(QueryState state, Neighbourhoods neighbourhoods) {
        return NeighbourhoodQuestions.farthestFirst(state, neighbourhoods);
    }
}
