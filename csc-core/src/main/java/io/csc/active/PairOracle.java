package io.csc.active;

/** Answers questions: a person at the page, or the ground truth in a simulation. */
@FunctionalInterface
public interface PairOracle {

    Answer answer(PointPair pair);

    /** The oracle that knows the classes: same class, {@code same}; otherwise {@code different}. */
    static PairOracle fromTruth(int[] truth) {
        int[] classes = truth.clone();
        return pair -> classes[pair.first()] == classes[pair.second()] ? Answer.SAME : Answer.DIFFERENT;
    }
}
