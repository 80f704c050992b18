package io.csc.experiment;

import io.csc.active.QueryStrategies;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What kind of supervision an experiment draws from the ground truth, and how much of it one
 * amount x means (x is a {@link SupervisionAmount} resolved on the data set):
 *
 * <ul>
 *   <li>{@code labels}: x labelled points, drawn uniformly without replacement (all pairs among
 *       them implied, kept compact);</li>
 *   <li>{@code pairs}: x distinct random pairs, each a must-link or cannot-link by the truth
 *       (for a fraction f, x = round(f n) pairs);</li>
 *   <li>{@code noisy:f}: x labelled points whose implied pairs are expanded and a fraction f of
 *       them flipped ({@link ConstraintGenerator#noisy}); when they imply more than
 *       {@link ConstraintGenerator#NOISY_EXPANSION_LIMIT} pairs, a fraction f of the labelled
 *       points gets a wrong class instead ({@link ConstraintGenerator#withLabelNoise}), with a
 *       note in the run record;</li>
 *   <li>{@code noisy-pairs:f}: x distinct random pairs as {@code pairs}, a fraction f of them
 *       flipped ({@link ConstraintGenerator#noisy}): {@code round(f x)} of the pairs are wrong, no
 *       label structure behind them;</li>
 *   <li>{@code inconsistent:f}: x labelled points plus round(f x) inconsistent triples
 *       {@code ML(a,b), ML(b,c), CL(a,c)} ({@link ConstraintGenerator#inconsistentTriples});</li>
 *   <li>{@code soft:a-b}: x labelled points whose confidences are uniform in [a, b]
 *       ({@link ConstraintGenerator#soft});</li>
 *   <li>{@code soft-pairs:a-b}: x random pairs with weights uniform in [a, b] (the soft edge
 *       constraints of the CSP-ML paper, section 5.5);</li>
 *   <li>{@code active:STRATEGY}: x questions about pairs chosen by a query strategy of
 *       {@link QueryStrategies} ({@code random}, {@code ffqs}, {@code min-max}, {@code uncertainty}),
 *       each answered from the truth as it is asked (same class: must-link, else cannot-link); see
 *       {@link ActiveDraws};</li>
 *   <li>{@code noisy-soft:f:a-b}: the draw of {@code noisy:f}, then every constraint given a weight
 *       uniform in [a, b] as by {@code soft:a-b} (the noisy soft constraints of the CSP-ML paper's
 *       Table 3). The noise and the weights are independent: a flipped pair is as confident as a
 *       correct one, as in the paper, where the confidence is drawn without looking at the truth.</li>
 * </ul>
 *
 * <p>A draw uses two independent streams split from its generator, one for the points or pairs
 * and one for the perturbation, so that {@code labels} and {@code noisy:0.3} label the same
 * points for the same seed.
 *
 * @param type the kind
 * @param rate the noise fraction of {@code noisy}, {@code noisy-pairs} and {@code noisy-soft}, the triples per labelled point of
 *        {@code inconsistent}, 0 otherwise
 * @param low the smallest weight of the soft kinds, 1 otherwise
 * @param high the largest weight of the soft kinds, 1 otherwise
 * @param strategy the query strategy of {@code active}, null otherwise
 */
public record SupervisionKind(Type type, double rate, double low, double high, String strategy) {

    /** The kinds of supervision. */
    public enum Type {
        /** Labelled points. */
        LABELS,
        /** Random pairs. */
        PAIRS,
        /** Labelled points with a fraction of their pairs flipped. */
        NOISY,
        /** Random pairs with a fraction of them flipped. */
        NOISY_PAIRS,
        /** Labelled points plus inconsistent triples. */
        INCONSISTENT,
        /** Labelled points with confidences. */
        SOFT,
        /** Random pairs with weights. */
        SOFT_PAIRS,
        /** Labelled points with a fraction of their pairs flipped, then weights. */
        NOISY_SOFT,
        /** Pairs chosen by a query strategy, answered from the truth. */
        ACTIVE;

        /** The command-line spelling: lower case with dashes. */
        public String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** The forms {@link #parse} accepts, for messages. */
    public static final String FORMS = "labels, pairs, noisy:F, noisy-pairs:F, inconsistent:F, soft:A-B, soft-pairs:A-B, "
            + "noisy-soft:F:A-B or active:STRATEGY (" + String.join(", ", QueryStrategies.names()) + ")";

    /** A kind without a query strategy (every kind but {@code active}). */
    public SupervisionKind(Type type, double rate, double low, double high) {
        this(type, rate, low, high, null);
    }

    public SupervisionKind {
        if (type == Type.ACTIVE) {
            if (strategy == null) {
                throw new IllegalArgumentException("Invalid supervision kind: active needs a strategy, e.g. active:min-max");
            }
            strategy = QueryStrategies.byName(strategy).name();
        } else if (strategy != null) {
            throw new IllegalArgumentException("Invalid supervision kind: only active takes a strategy, not "
                    + (type == null ? "a kind without a type" : type.text()));
        }
        if (type == null) {
            throw new IllegalArgumentException("Invalid supervision kind: type missing (expected " + FORMS + ")");
        }
        switch (type) {
            case NOISY, NOISY_PAIRS, NOISY_SOFT -> {
                if (!(rate >= 0 && rate <= 1)) {
                    throw new IllegalArgumentException("Invalid noise fraction: " + rate + " (must be in [0, 1])");
                }
            }
            case INCONSISTENT -> {
                if (!(rate >= 0 && rate <= 1000)) {
                    throw new IllegalArgumentException("Invalid inconsistent triples per labelled point: " + rate
                            + " (must be in [0, 1000]; the CSP-ML paper uses 0.08)");
                }
            }
            default -> {
                if (rate != 0) {
                    throw new IllegalArgumentException("Invalid rate for " + type.text() + ": " + rate + " (must be 0)");
                }
            }
        }
        boolean soft = type == Type.SOFT || type == Type.SOFT_PAIRS || type == Type.NOISY_SOFT;
        if (soft && !(low > 0 && low <= high && high <= 1)) {
            throw new IllegalArgumentException("Invalid soft weight range: [" + low + ", " + high
                    + "] (need 0 < low <= high <= 1, e.g. soft:0.7-1.0)");
        }
        if (!soft && (low != 1 || high != 1)) {
            throw new IllegalArgumentException("Invalid weight range for " + type.text() + ": [" + low + ", " + high
                    + "] (only the soft kinds have weights; must be [1, 1])");
        }
    }

    /** Labelled points. */
    public static SupervisionKind labels() {
        return new SupervisionKind(Type.LABELS, 0, 1, 1);
    }

    /** Random pairs. */
    public static SupervisionKind pairs() {
        return new SupervisionKind(Type.PAIRS, 0, 1, 1);
    }

    /** Labelled points with a fraction of their implied pairs flipped. */
    public static SupervisionKind noisy(double fraction) {
        return new SupervisionKind(Type.NOISY, fraction, 1, 1);
    }

    /** Random pairs with a fraction of them flipped. */
    public static SupervisionKind noisyPairs(double fraction) {
        return new SupervisionKind(Type.NOISY_PAIRS, fraction, 1, 1);
    }

    /** Labelled points plus {@code round(triplesPerLabel * x)} inconsistent triples. */
    public static SupervisionKind inconsistent(double triplesPerLabel) {
        return new SupervisionKind(Type.INCONSISTENT, triplesPerLabel, 1, 1);
    }

    /** Labelled points with confidences uniform in [low, high]. */
    public static SupervisionKind soft(double low, double high) {
        return new SupervisionKind(Type.SOFT, 0, low, high);
    }

    /** Random pairs with weights uniform in [low, high]. */
    public static SupervisionKind softPairs(double low, double high) {
        return new SupervisionKind(Type.SOFT_PAIRS, 0, low, high);
    }

    /** Pairs chosen by the query strategy called {@code strategy}, answered from the truth. */
    public static SupervisionKind active(String strategy) {
        return new SupervisionKind(Type.ACTIVE, 0, 1, 1, strategy);
    }

    /** Labelled points with a fraction of their implied pairs flipped, then weights uniform in [low, high]. */
    public static SupervisionKind noisySoft(double fraction, double low, double high) {
        return new SupervisionKind(Type.NOISY_SOFT, fraction, low, high);
    }

    /**
     * Reads the {@code --kind} text: {@code labels}, {@code pairs}, {@code noisy:0.3},
     * {@code noisy-pairs:0.1}, {@code inconsistent:0.08}, {@code soft:0.7-1.0}, {@code soft-pairs:0.7-1.0} or
     * {@code noisy-soft:0.3:0.7-1.0}.
     *
     * @throws IllegalArgumentException naming the text and the forms accepted
     */
    public static SupervisionKind parse(String text) {
        String trimmed = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
        String argument = colon < 0 ? null : trimmed.substring(colon + 1).trim();
        Type type = null;
        for (Type candidate : Type.values()) {
            if (candidate.text().equals(name)) {
                type = candidate;
            }
        }
        if (type == null) {
            throw new IllegalArgumentException("Invalid supervision kind '" + text + "': expected " + FORMS);
        }
        boolean needsArgument = type != Type.LABELS && type != Type.PAIRS;
        if (needsArgument != (argument != null)) {
            throw new IllegalArgumentException("Invalid supervision kind '" + text + "': " + type.text()
                    + (needsArgument ? " needs a value, e.g. " + example(type) : " takes no value"));
        }
        try {
            return switch (type) {
                case LABELS -> labels();
                case PAIRS -> pairs();
                case ACTIVE -> active(argument);
                case NOISY -> noisy(Double.parseDouble(argument));
                case NOISY_PAIRS -> noisyPairs(Double.parseDouble(argument));
                case INCONSISTENT -> inconsistent(Double.parseDouble(argument));
                case SOFT, SOFT_PAIRS -> {
                    double[] range = weightRange(text, type, argument);
                    yield type == Type.SOFT ? soft(range[0], range[1]) : softPairs(range[0], range[1]);
                }
                case NOISY_SOFT -> {
                    int second = argument.indexOf(':');
                    if (second < 0) {
                        throw new IllegalArgumentException("Invalid supervision kind '" + text
                                + "': give the noise fraction and the weight range, e.g. " + example(type));
                    }
                    double[] range = weightRange(text, type, argument.substring(second + 1).trim());
                    yield noisySoft(Double.parseDouble(argument.substring(0, second).trim()), range[0], range[1]);
                }
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid supervision kind '" + text + "': '" + argument
                    + "' is not a number; e.g. " + example(type));
        }
    }

    /** Reads {@code LOW-HIGH}. */
    private static double[] weightRange(String text, Type type, String range) {
        int dash = range.indexOf('-', 1);
        if (dash < 0) {
            throw new IllegalArgumentException("Invalid supervision kind '" + text
                    + "': give the weight range as LOW-HIGH, e.g. " + example(type));
        }
        return new double[] {Double.parseDouble(range.substring(0, dash).trim()),
                Double.parseDouble(range.substring(dash + 1).trim())};
    }

    private static String example(Type type) {
        return switch (type) {
            case NOISY -> "noisy:0.3";
            case NOISY_PAIRS -> "noisy-pairs:0.1";
            case INCONSISTENT -> "inconsistent:0.08";
            case SOFT -> "soft:0.7-1.0";
            case SOFT_PAIRS -> "soft-pairs:0.7-1.0";
            case NOISY_SOFT -> "noisy-soft:0.3:0.7-1.0";
            case ACTIVE -> "active:min-max";
            default -> type.text();
        };
    }

    /** The text {@link #parse} reads back, e.g. {@code noisy:0.3}. */
    public String text() {
        return switch (type) {
            case LABELS, PAIRS -> type.text();
            case NOISY, NOISY_PAIRS, INCONSISTENT -> type.text() + ":" + rate;
            case SOFT, SOFT_PAIRS -> type.text() + ":" + low + "-" + high;
            case NOISY_SOFT -> type.text() + ":" + rate + ":" + low + "-" + high;
            case ACTIVE -> type.text() + ":" + strategy;
        };
    }

    /** True if an amount counts pairs, false if it counts labelled points. */
    public boolean countsPairs() {
        return type == Type.PAIRS || type == Type.NOISY_PAIRS || type == Type.SOFT_PAIRS || type == Type.ACTIVE;
    }

    /** True for {@code active}: the pairs depend on the answers, drawn by {@link ActiveDraws}. */
    public boolean isActive() {
        return type == Type.ACTIVE;
    }

    /** What an amount counts, for axis titles and tables: {@code labelled points} or {@code pairs}. */
    public String unit() {
        return type == Type.ACTIVE ? "queries" : countsPairs() ? "pairs" : "labelled points";
    }

    /** One sentence saying what a draw of x gives, for reports. */
    public String description() {
        return switch (type) {
            case LABELS -> "x labelled points drawn uniformly without replacement; every pair among them is a "
                    + "must-link (same class) or a cannot-link";
            case PAIRS -> "x distinct pairs drawn uniformly, each a must-link or a cannot-link by the ground truth";
            case NOISY -> "x labelled points whose implied pairs are expanded, a fraction " + rate
                    + " of them flipped (must-link to cannot-link and back)";
            case NOISY_PAIRS -> "x distinct pairs drawn uniformly, each a must-link or a cannot-link by the ground "
                    + "truth, then a fraction " + rate + " of them flipped (must-link to cannot-link and back)";
            case INCONSISTENT -> "x labelled points plus round(" + rate + " x) inconsistent triples "
                    + "ML(a,b), ML(b,c), CL(a,c)";
            case SOFT -> "x labelled points with confidences uniform in [" + low + ", " + high
                    + "]; a pair weighs sqrt(c_a c_b)";
            case SOFT_PAIRS -> "x distinct random pairs by the ground truth with weights uniform in [" + low + ", "
                    + high + "]";
            case NOISY_SOFT -> "x labelled points whose implied pairs are expanded, a fraction " + rate
                    + " of them flipped, then every pair given a weight uniform in [" + low + ", " + high + "]";
            case ACTIVE -> "x questions chosen by the " + strategy + " query strategy, each answered from the ground "
                    + "truth as it is asked (same class: must-link, else cannot-link); never a pair implied by the "
                    + "answers before it" + (QueryStrategies.byName(strategy).usesClustering()
                    ? "; the strategy sees each method's own clustering, refitted every " + ActiveDraws.REFIT_EVERY
                    + " answers" : "; every method receives the same questions");
        };
    }

    /**
     * Checks that {@code count} units of this kind can be drawn from {@code points} points.
     *
     * @throws IllegalArgumentException naming the data set, the count and the limit
     */
    public void checkCount(String dataset, int points, int count) {
        if (countsPairs()) {
            long allPairs = (long) points * (points - 1) / 2;
            if (count > allPairs) {
                throw new IllegalArgumentException("Invalid supervision amount for " + dataset + ": " + count
                        + " pairs, but its " + points + " points have only " + allPairs + " pairs");
            }
        } else if (count > points) {
            throw new IllegalArgumentException("Invalid supervision amount for " + dataset + ": " + count
                    + " labelled points, but it has only " + points + " points; use a smaller count or a fraction");
        }
    }

    /**
     * Draws {@code count} units of supervision from {@code truth}.
     *
     * @param truth the class of every point, {@code >= 0}
     * @param classCount the number of classes (more than every class id)
     * @param count the resolved amount x
     * @param random the generator of this draw; it is consumed
     */
    public SupervisionDraw draw(int[] truth, int classCount, int count, SplittableRandom random) {
        if (type == Type.ACTIVE) {
            throw new IllegalStateException("active supervision depends on the data and the answers: draw it with "
                    + "ActiveDraws");
        }
        SplittableRandom selection = random.split();
        SplittableRandom perturbation = random.split();
        List<String> notes = new ArrayList<>();
        ConstraintSet base = countsPairs()
                ? ConstraintGenerator.randomPairs(truth, count, selection)
                : ConstraintGenerator.labelledPoints(truth, count, selection);
        ConstraintSet constraints = switch (type) {
            case LABELS, PAIRS, ACTIVE -> base;
            case NOISY_PAIRS -> ConstraintGenerator.noisy(base, rate, perturbation);
            case NOISY, NOISY_SOFT -> {
                long implied = base.pairCount() - base.pairs().size();
                if (implied > ConstraintGenerator.NOISY_EXPANSION_LIMIT) {
                    notes.add(count + " labelled points imply " + implied + " pairs, more than the "
                            + ConstraintGenerator.NOISY_EXPANSION_LIMIT + " that pair noise expands: a fraction " + rate
                            + " of the labelled points got a wrong class instead");
                    ConstraintSet noisy = ConstraintGenerator.withLabelNoise(base, rate, classCount, perturbation);
                    yield type == Type.NOISY ? noisy : ConstraintGenerator.soft(noisy, low, high, perturbation);
                }
                ConstraintSet noisy = ConstraintGenerator.noisy(base, rate, perturbation);
                yield type == Type.NOISY ? noisy : ConstraintGenerator.soft(noisy, low, high, perturbation);
            }
            case INCONSISTENT -> ConstraintGenerator.inconsistentTriples(base, truth,
                    (int) Math.round(rate * count), perturbation);
            case SOFT, SOFT_PAIRS -> ConstraintGenerator.soft(base, low, high, perturbation);
        };
        return new SupervisionDraw(constraints, notes);
    }

    @Override
    public String toString() {
        return text();
    }
}
