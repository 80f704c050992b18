package io.csc.active;

import io.csc.metric.ConstraintCounts;
import io.csc.model.FittedModel;
import io.csc.selection.HeldOutScore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An interactive session: a person answers the questions of a strategy one at a time, and after
 * each answer the clustering is refitted ({@link IncrementalClustering}, warm) and the next
 * question chosen. Thread-safe: every method is synchronized, so a page's requests are applied one
 * at a time.
 *
 * <p>The held-out-constraint score is measured on answers before they are used: when an answer
 * arrives, the clustering fitted without it has already said whether the two points share a
 * cluster, and that prediction is kept with the answer ({@link #predictions()}). The score is the
 * pairwise F-measure of those predictions ({@link HeldOutScore}): how well the clustering answers
 * questions it was not told, at no extra fit.
 */
public final class ActiveSession {

    private final IncrementalClustering clustering;
    private final QueryStrategy strategy;
    private AnswerLog log;
    private final List<Answer> predictions;
    private IncrementalClustering.Update current;
    private Optional<PointPair> question;

    private ActiveSession(IncrementalClustering clustering, QueryStrategy strategy, AnswerLog log,
                          List<Answer> predictions) {
        this.clustering = clustering;
        this.strategy = strategy;
        this.log = log;
        this.predictions = new ArrayList<>(predictions);
        refit(null);
    }

    /**
     * A session over {@code log} (empty, a resumed constraints file, or answers read back), whose
     * answers come with the predictions made before them ({@code null} entries for none known).
     */
    public static ActiveSession start(IncrementalClustering clustering, QueryStrategy strategy, AnswerLog log,
                                      List<Answer> predictions) {
        Objects.requireNonNull(clustering, "clustering");
        Objects.requireNonNull(strategy, "strategy");
        if (log.pointCount() != clustering.training().size()) {
            throw new IllegalArgumentException("Answers over " + log.pointCount() + " points for data of "
                    + clustering.training().size());
        }
        if (predictions.size() != log.size()) {
            throw new IllegalArgumentException(predictions.size() + " predictions for " + log.size() + " answers");
        }
        return new ActiveSession(clustering, strategy, log, predictions);
    }

    /** The question to answer now, or empty when every pair is decided. */
    public synchronized Optional<PointPair> question() {
        return question;
    }

    /**
     * Records {@code answer} to the current question (its two points in either order), refits, and
     * chooses the next question.
     *
     * @throws IllegalStateException if {@code given} is not the current question (an answer to a
     *     question the page no longer shows)
     */
    public synchronized IncrementalClustering.Update answer(PointPair given, Answer answer) {
        Objects.requireNonNull(answer, "answer");
        // the same question with its points named in the other order is the question
        PointPair pair = question.isPresent() && question.get().equals(new PointPair(given.second(), given.first()))
                ? question.get() : given;
        if (question.isEmpty() || !question.get().equals(pair)) {
            throw new IllegalStateException("Pair (" + pair.first() + ", " + pair.second()
                    + ") is not the current question" + question.map(q -> " (" + q.first() + ", " + q.second() + ")")
                    .orElse(" (none is left)"));
        }
        int[] colours = current.colouredLabels();
        Answer predicted = colours[pair.first()] == colours[pair.second()] ? Answer.SAME : Answer.DIFFERENT;
        allOrNothing(() -> {
            log = log.with(new AnsweredQuery(pair, answer));
            predictions.add(predicted);
            refit(current);
        });
        return current;
    }

    /**
     * Takes back the last answer and refits; its question becomes the current one again.
     *
     * @throws IllegalStateException when no answer of this log is left to take back
     */
    public synchronized IncrementalClustering.Update undo() {
        if (log.size() == 0) {
            throw new IllegalStateException("No answer to take back");
        }
        allOrNothing(() -> {
            log = log.withoutLast();
            predictions.remove(predictions.size() - 1);
            refit(current);
        });
        return current;
    }

    /**
     * Runs {@code change} (a new log and its refit); when it fails, as a method does that finds no
     * clustering satisfying the answers, the session is as it was before (log, predictions,
     * clustering and question) and the failure is rethrown: a refused answer is not half recorded,
     * and its question stays the one to answer.
     */
    private void allOrNothing(Runnable change) {
        AnswerLog logBefore = log;
        List<Answer> predictionsBefore = new ArrayList<>(predictions);
        IncrementalClustering.Update currentBefore = current;
        Optional<PointPair> questionBefore = question;
        try {
            change.run();
        } catch (RuntimeException failed) {
            log = logBefore;
            predictions.clear();
            predictions.addAll(predictionsBefore);
            current = currentBefore;
            question = questionBefore;
            throw failed;
        }
    }

    private void refit(IncrementalClustering.Update previous) {
        current = clustering.fit(log.supervision(clustering.clusters()), previous);
        QueryState state = new QueryState(clustering.training(), clustering.clusters(), log,
                Optional.of(clustering.snapshot(current)), clustering.seed());
        question = strategy.next(state);
    }

    /** The current clustering. */
    public synchronized IncrementalClustering.Update current() {
        return current;
    }

    /** The answers so far (and the constraints the session started from). */
    public synchronized AnswerLog log() {
        return log;
    }

    /** For each answer, what the clustering said before it was given ({@code null} where unknown). */
    public synchronized List<Answer> predictions() {
        return Collections.unmodifiableList(new ArrayList<>(predictions));
    }

    /** The held-out-constraint score: see the class comment. */
    public synchronized HeldOutScore score() {
        long mustLinks = 0;
        long satisfiedMustLinks = 0;
        long cannotLinks = 0;
        long satisfiedCannotLinks = 0;
        List<AnsweredQuery> answers = log.answers();
        for (int t = 0; t < answers.size(); t++) {
            Answer given = answers.get(t).answer();
            Answer predicted = predictions.get(t);
            if (given == Answer.DONT_KNOW || predicted == null) {
                continue;
            }
            if (given == Answer.SAME) {
                mustLinks++;
                satisfiedMustLinks += predicted == Answer.SAME ? 1 : 0;
            } else {
                cannotLinks++;
                satisfiedCannotLinks += predicted == Answer.DIFFERENT ? 1 : 0;
            }
        }
        return new HeldOutScore(new ConstraintCounts(mustLinks, satisfiedMustLinks, cannotLinks, satisfiedCannotLinks));
    }

    /** The model of the current clustering. */
    public synchronized FittedModel model() {
        return clustering.model(current);
    }

    public QueryStrategy strategy() {
        return strategy;
    }

    public IncrementalClustering clustering() {
        return clustering;
    }
}
