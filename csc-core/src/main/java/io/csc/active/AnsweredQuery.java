package io.csc.active;

import java.util.Objects;

/** A question and its answer. */
public record AnsweredQuery(PointPair pair, Answer answer) {

    public AnsweredQuery {
        Objects.requireNonNull(pair, "pair");
        Objects.requireNonNull(answer, "answer");
    }
}
