package io.csc.active;

import io.csc.data.Dataset;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.ToDoubleBiFunction;

/**
 * The steps Explore-Consolidate, Min-Max and the uncertainty strategy share: finish the point the
 * last question was about, choose a point farthest from the skeleton, and ask a point against the
 * neighbourhoods in a given order until one is open.
 */
final class NeighbourhoodQuestions {

    private NeighbourhoodQuestions() {
    }

    /**
     * The point of the last question, if the strategy should go on asking about it: it is in no
     * neighbourhood yet and some neighbourhood is still open for it.
     */
    static OptionalInt pending(QueryState state, Neighbourhoods neighbourhoods) {
        return state.log().last()
                .map(last -> last.pair().first())
                .filter(point -> neighbourhoods.of(point) < 0 && hasOpenNeighbourhood(neighbourhoods, point))
                .map(OptionalInt::of).orElse(OptionalInt.empty());
    }

    static boolean hasOpenNeighbourhood(Neighbourhoods neighbourhoods, int point) {
        for (int t = 0; t < neighbourhoods.count(); t++) {
            if (neighbourhoods.isOpen(point, t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code point} asked against the first neighbourhood, in ascending order of {@code distance},
     * that is open for it, compared with its nearest open member.
     */
    static Optional<PointPair> askInOrder(Dataset points, Neighbourhoods neighbourhoods, int point,
                                          ToDoubleBiFunction<Integer, Integer> distance) {
        int count = neighbourhoods.count();
        Integer[] order = new Integer[count];
        double[] keys = new double[count];
        for (int t = 0; t < count; t++) {
            order[t] = t;
            keys[t] = distance.applyAsDouble(point, t);
        }
        Arrays.sort(order, (a, b) -> Double.compare(keys[a], keys[b]) != 0 ? Double.compare(keys[a], keys[b]) : a - b);
        for (int t : order) {
            int member = neighbourhoods.openMember(points, point, t);
            if (member >= 0) {
                return Optional.of(new PointPair(point, member));
            }
        }
        return Optional.empty();
    }

    /**
     * The explore step (farthest-first traversal): the point outside the skeleton farthest from it
     * (largest smallest distance to a skeleton point, lowest index on ties) that some neighbourhood
     * is open for, asked against the neighbourhoods from the nearest. Before any neighbourhood
     * exists, the skeleton is one point drawn with the session's seed, and the question pairs the
     * point farthest from it with it. Time O(n s d) for s skeleton points.
     */
    static Optional<PointPair> farthestFirst(QueryState state, Neighbourhoods neighbourhoods) {
        Dataset points = state.points();
        int n = points.size();
        int[] skeleton = neighbourhoods.allPoints();
        int seedPoint = -1;
        if (skeleton.length == 0) {
            seedPoint = state.sessionRandom().nextInt(n);
            skeleton = new int[] {seedPoint};
        }
        double[] smallest = new double[n];
        Arrays.fill(smallest, Double.POSITIVE_INFINITY);
        boolean[] excluded = new boolean[n];
        for (int member : skeleton) {
            excluded[member] = true;
        }
        for (int i = 0; i < n; i++) {
            if (!excluded[i]) {
                for (int member : skeleton) {
                    smallest[i] = Math.min(smallest[i], Distances.squared(points, i, member));
                }
            }
        }
        for (int attempt = 0; attempt < n; attempt++) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (!excluded[i] && (best < 0 || smallest[i] > smallest[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return Optional.empty();
            }
            if (seedPoint >= 0) {
                if (state.log().isOpen(best, seedPoint)) {
                    return Optional.of(new PointPair(best, seedPoint));
                }
            } else {
                Optional<PointPair> question = askInOrder(points, neighbourhoods, best,
                        (point, t) -> neighbourhoods.nearestMemberDistance(points, point, t));
                if (question.isPresent()) {
                    return question;
                }
            }
            excluded[best] = true;
        }
        return Optional.empty();
    }
}
