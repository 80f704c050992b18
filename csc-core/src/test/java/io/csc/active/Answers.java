package io.csc.active;

/** Logs written out in tests. */
final class Answers {

    private Answers() {
    }

    /** A log over {@code n} points of answers given as {first, second, 1 for same or 0 for different}. */
    static AnswerLog of(int n, int[][] answers) {
        AnswerLog log = AnswerLog.empty(n);
        for (int[] answer : answers) {
            log = log.with(new AnsweredQuery(new PointPair(answer[0], answer[1]),
                    answer[2] == 1 ? Answer.SAME : Answer.DIFFERENT));
        }
        return log;
    }
}
