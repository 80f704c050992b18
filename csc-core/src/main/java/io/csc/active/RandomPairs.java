package io.csc.active;

import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Random pairs: two points drawn uniformly, drawn again while the pair is not open (asked before,
 * or implied by the answers). The passive baseline every active strategy is measured against.
 * Expected time O(1) per question while most pairs are open; a deterministic scan from a random
 * point takes over after {@value #DRAWS} draws, so a question is found whenever one is left.
 * Memory O(1).
 */
public final class RandomPairs implements QueryStrategy {

    public static final String NAME = "random";
    static final int DRAWS = 256;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<PointPair> next(QueryState state) {
        return openPair(state.log(), state.random());
    }

    /** A random open pair of {@code log}, or empty when none is left. */
    static Optional<PointPair> openPair(AnswerLog log, SplittableRandom random) {
        int n = log.pointCount();
        if (n < 2) {
            return Optional.empty();
        }
        for (int draw = 0; draw < DRAWS; draw++) {
            int a = random.nextInt(n);
            int b = random.nextInt(n - 1);
            if (b >= a) {
                b++;
            }
            if (log.isOpen(a, b)) {
                return Optional.of(new PointPair(a, b));
            }
        }
        int start = random.nextInt(n);
        for (int offset = 0; offset < n; offset++) {
            int a = (start + offset) % n;
            for (int b = 0; b < n; b++) {
                if (log.isOpen(a, b)) {
                    return Optional.of(new PointPair(a, b));
                }
            }
        }
        return Optional.empty();
    }
}
