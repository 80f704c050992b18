package io.csc.active;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The supervision of an active session: the constraints it started from (none, or a resumed
 * constraints file) and the questions answered since, in order. Immutable: {@link #with} and
 * {@link #withoutLast} return new logs.
 *
 * <p>Answers {@code same} and {@code different} become hard must-links and cannot-links;
 * {@code dont-know} adds nothing but marks the pair as asked. A pair is <em>decided</em> when the
 * transitive closure of the constraints implies its answer: both points in one must-link
 * component, or in two components a cannot-link separates ({@link ConstraintClosure}). A pair is
 * <em>open</em> when it is neither decided nor already asked; strategies ask only open pairs, so a
 * log built by answering them is always consistent.
 *
 * <p>Memory {@code O(n + q)} for {@code n} points and {@code q} answers: the closure's arrays and
 * the answers, never a matrix of pairs. Appending costs {@code O(n + q)} (the closure is rebuilt).
 */
public final class AnswerLog {

    private final ConstraintSet initial;
    private final List<AnsweredQuery> answers;
    private final ConstraintSet constraints;
    private final ConstraintClosure closure;
    private final Set<Long> asked;
    /** The last {@link #supervision(int)} built (deterministic, so a race only builds it twice). */
    private volatile Supervision supervision;

    private AnswerLog(ConstraintSet initial, List<AnsweredQuery> answers) {
        this.initial = initial;
        this.answers = Collections.unmodifiableList(answers);
        List<Constraint> pairs = new ArrayList<>(initial.pairs());
        Set<Long> keys = new HashSet<>();
        int n = initial.pointCount();
        for (AnsweredQuery answered : answers) {
            PointPair pair = answered.pair();
            if (pair.first() >= n || pair.second() >= n) {
                throw new IllegalArgumentException("Pair (" + pair.first() + ", " + pair.second()
                        + ") outside the " + n + " points");
            }
            keys.add(pair.key(n));
            if (answered.answer() == Answer.SAME) {
                pairs.add(Constraint.mustLink(pair.first(), pair.second()));
            } else if (answered.answer() == Answer.DIFFERENT) {
                pairs.add(Constraint.cannotLink(pair.first(), pair.second()));
            }
        }
        this.constraints = ConstraintSet.of(n, pairs, initial.labelledBlocks());
        this.closure = ConstraintClosure.of(constraints);
        this.asked = keys;
    }

    /** An empty log over {@code pointCount} points. */
    public static AnswerLog empty(int pointCount) {
        return new AnswerLog(ConstraintSet.empty(pointCount), List.of());
    }

    /** A log that starts from {@code initial} (for example a constraints file being resumed). */
    public static AnswerLog startingFrom(ConstraintSet initial) {
        return new AnswerLog(Objects.requireNonNull(initial, "initial"), List.of());
    }

    /**
     * A log from {@code initial} with {@code answers} replayed in order, each checked by {@link #with}.
     *
     * @throws IllegalArgumentException naming the answer (counted from 1) that {@link #with} refuses
     */
    public static AnswerLog replay(ConstraintSet initial, List<AnsweredQuery> answers) {
        AnswerLog log = startingFrom(initial);
        for (int t = 0; t < answers.size(); t++) {
            try {
                log = log.with(answers.get(t));
            } catch (IllegalArgumentException refused) {
                throw new IllegalArgumentException("answer " + (t + 1) + ": " + refused.getMessage(), refused);
            }
        }
        return log;
    }

    /**
     * This log with one more answer.
     *
     * @throws IllegalArgumentException if a point is outside the data, or the pair was asked
     *     already or its answer is implied by the constraints (it is not a question any more)
     */
    public AnswerLog with(AnsweredQuery answer) {
        PointPair pair = answer.pair();
        int n = pointCount();
        if (pair.first() >= n || pair.second() >= n) {
            throw new IllegalArgumentException("Pair (" + pair.first() + ", " + pair.second() + ") outside the "
                    + n + " points");
        }
        if (wasAsked(pair.first(), pair.second())) {
            throw new IllegalArgumentException("Pair (" + pair.first() + ", " + pair.second() + ") was asked already");
        }
        if (isDecided(pair.first(), pair.second())) {
            throw new IllegalArgumentException("Pair (" + pair.first() + ", " + pair.second()
                    + ") is decided already: the answers so far imply it");
        }
        List<AnsweredQuery> more = new ArrayList<>(answers.size() + 1);
        more.addAll(answers);
        more.add(answer);
        return new AnswerLog(initial, more);
    }

    /** This log without its last answer (the initial constraints stay). */
    public AnswerLog withoutLast() {
        if (answers.isEmpty()) {
            throw new IllegalStateException("No answer to take back");
        }
        return new AnswerLog(initial, new ArrayList<>(answers.subList(0, answers.size() - 1)));
    }

    public int pointCount() {
        return initial.pointCount();
    }

    /** The constraints the session started from. */
    public ConstraintSet initial() {
        return initial;
    }

    /** The answers, in the order given. */
    public List<AnsweredQuery> answers() {
        return answers;
    }

    /** This log with only its first {@code count} answers (all of them if it has fewer). */
    public AnswerLog firstAnswers(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("Invalid count: " + count);
        }
        return count >= answers.size() ? this : new AnswerLog(initial, new ArrayList<>(answers.subList(0, count)));
    }

    /** The number of answers, {@code dont-know} included. */
    public int size() {
        return answers.size();
    }

    /** The last answer, if any. */
    public java.util.Optional<AnsweredQuery> last() {
        return answers.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(answers.get(answers.size() - 1));
    }

    /** The initial constraints plus a must-link or cannot-link for every {@code same} or {@code different}. */
    public ConstraintSet constraints() {
        return constraints;
    }

    /**
     * The answers in the form the methods are fitted with: the neighbourhoods (must-link components
     * that cannot-links separate pairwise, {@link Neighbourhoods}) as one block of labelled points,
     * one class per neighbourhood, and the other answers as pairs. It says exactly what the answers
     * imply by transitivity, no more: within a neighbourhood every pair is a must-link, between two
     * neighbourhoods every pair a cannot-link. Active strategies join their answers into a few
     * large components; as labels, they reach the methods as labels (kept compact, never expanded),
     * and label-free selection deals them into folds by class instead of by component. The
     * constraints themselves ({@link #constraints()}) stay the answers, as written to files.
     * Unchanged when the log started from labels or groups, or has fewer than two neighbourhoods.
     */
    public ConstraintSet supervision() {
        return supervision(0);
    }

    /**
     * {@link #supervision()} for a clustering into {@code clusters} clusters: once there are that
     * many neighbourhoods, a point that cannot-links separate from all of them but one is labelled
     * with that one, as every such clustering that satisfies the answers places it
     * ({@link Neighbourhoods}). {@code clusters <= 0}: transitivity alone.
     */
    public ConstraintSet supervision(int clusters) {
        Supervision built = supervision;
        if (built == null || built.clusters() != clusters) {
            built = new Supervision(clusters, labelledNeighbourhoods(clusters));
            supervision = built;
        }
        return built.constraints();
    }

    private ConstraintSet labelledNeighbourhoods(int clusters) {
        if (!initial.labelledBlocks().isEmpty()) {
            return constraints;
        }
        Neighbourhoods neighbourhoods = Neighbourhoods.of(this, clusters);
        if (neighbourhoods.count() < 2) {
            return constraints;
        }
        int[] points = neighbourhoods.allPoints();
        int[] classes = new int[points.length];
        int at = 0;
        for (int t = 0; t < neighbourhoods.count(); t++) {
            for (int member = 0; member < neighbourhoods.members(t).length; member++) {
                classes[at++] = t;
            }
        }
        List<Constraint> others = new ArrayList<>();
        for (Constraint pair : constraints.pairs()) {
            if (neighbourhoods.of(pair.first()) < 0 || neighbourhoods.of(pair.second()) < 0) {
                others.add(pair);
            }
        }
        ConstraintSet labels = ConstraintSet.fromLabels(pointCount(), points, classes);
        return ConstraintSet.of(pointCount(), others, labels.labelledBlocks());
    }

    /** A supervision built for a number of clusters. */
    private record Supervision(int clusters, ConstraintSet constraints) {
    }

    /** The transitive closure of {@link #constraints()}. */
    public ConstraintClosure closure() {
        return closure;
    }

    /** True if the constraints imply the answer for points {@code a} and {@code b}. */
    public boolean isDecided(int a, int b) {
        int componentA = closure.componentOf(a);
        int componentB = closure.componentOf(b);
        if (componentA < 0 || componentB < 0) {
            return false;
        }
        return componentA == componentB || closure.areCannotLinked(componentA, componentB);
    }

    /** True if the pair was answered in this log, whatever the answer. */
    public boolean wasAsked(int a, int b) {
        return a != b && asked.contains((long) Math.min(a, b) * pointCount() + Math.max(a, b));
    }

    /** True if the pair may be asked: two distinct points, neither decided nor asked. */
    public boolean isOpen(int a, int b) {
        return a != b && !isDecided(a, b) && !wasAsked(a, b);
    }
}
