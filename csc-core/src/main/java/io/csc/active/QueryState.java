package io.csc.active;

import io.csc.data.Dataset;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * What a {@link QueryStrategy} sees when it chooses the next question: the points (scaled as the
 * clustering sees them), k, the answers so far, the current clustering if there is one, and a seed.
 *
 * @param points the data, scaled; distances between its rows are the strategies' distances
 * @param clusters k, the number of clusters sought
 * @param log the supervision so far
 * @param clustering the clustering fitted with that supervision, if any
 * @param seed the session's seed: with {@link #random()} a strategy's choices depend only on the
 *     seed and the answers
 */
public record QueryState(Dataset points, int clusters, AnswerLog log, Optional<ClusteringSnapshot> clustering,
                         long seed) {

    public QueryState {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(clustering, "clustering");
        if (log.pointCount() != points.size()) {
            throw new IllegalArgumentException("Answers over " + log.pointCount() + " points for data of "
                    + points.size());
        }
        if (clusters < 1) {
            throw new IllegalArgumentException("Invalid k: " + clusters + " (must be >= 1)");
        }
        clustering.ifPresent(snapshot -> {
            if (snapshot.labels().length != points.size()) {
                throw new IllegalArgumentException("Clustering of " + snapshot.labels().length + " points for data of "
                        + points.size());
            }
        });
    }

    /** A generator for this step: seeded by the session's seed and the number of answers. */
    public SplittableRandom random() {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + log.size());
    }

    /** A generator that is the same at every step of the session. */
    public SplittableRandom sessionRandom() {
        return new SplittableRandom(seed);
    }
}
