package io.csc.active;

import io.csc.data.Dataset;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The shape of Explore-Consolidate and Min-Max: go on with the point of the last question while a
 * neighbourhood is open for it; otherwise explore (farthest-first) while there are fewer than k
 * neighbourhoods, then consolidate; a random open pair when neither finds a question.
 */
abstract class SkeletonStrategy implements QueryStrategy {

    @Override
    public final Optional<PointPair> next(QueryState state) {
        Dataset points = state.points();
        Neighbourhoods neighbourhoods = Neighbourhoods.of(state.log(), state.clusters());
        boolean exploring = neighbourhoods.count() < state.clusters();
        OptionalInt pending = NeighbourhoodQuestions.pending(state, neighbourhoods);
        Optional<PointPair> question;
        if (pending.isPresent()) {
            question = exploring
                    ? NeighbourhoodQuestions.askInOrder(points, neighbourhoods, pending.getAsInt(),
                            (point, t) -> neighbourhoods.nearestMemberDistance(points, point, t))
                    : askWhileConsolidating(points, neighbourhoods, pending.getAsInt());
        } else if (exploring) {
            question = NeighbourhoodQuestions.farthestFirst(state, neighbourhoods);
        } else {
            question = consolidate(state, neighbourhoods);
        }
        return question.or(() -> RandomPairs.openPair(state.log(), state.random()));
    }

    /** A question about {@code point} once k neighbourhoods exist. */
    abstract Optional<PointPair> askWhileConsolidating(Dataset points, Neighbourhoods neighbourhoods, int point);

    /** The consolidate step's question about a new point. */
    abstract Optional<PointPair> consolidate(QueryState state, Neighbourhoods neighbourhoods);
}
