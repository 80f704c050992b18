package io.csc.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Does supervision help? The constrained methods of one or more experiments against baselines,
 * condition by condition, as wins, ties and losses (issue 9: supervision must never make the
 * clusters worse).
 *
 * <p>A <em>condition</em> is a data set, a supervision kind and an amount. A constrained method's
 * value in a condition is the mean of the measure over its successful runs; an unconstrained
 * baseline (such as njw) has one value per data set, which serves every condition of that data
 * set; a constrained baseline (such as cop-kmeans) is taken at the same kind and amount. The
 * <em>gain</em> is the method's value minus the baseline's, negated for a measure where lower is
 * better: a win when the gain exceeds the tie margin, a loss when it is below minus the margin, a
 * tie otherwise. A condition where the method has rows but no successful run counts as a loss
 * against every baseline that has a value there; a condition where the baseline has no value is
 * not compared. Rows with the same key (the same data set, method, kind and amount read from two
 * folders) are averaged.
 *
 * <p>The worst deficit is the smallest gain against the reference baseline (the first), with the
 * condition where it happens; a condition where every run failed is worse than any difference (its
 * gain is minus infinity), so that a method that failed somewhere, or everywhere, does not show a
 * finite worst. Every method that uses supervision gets a row, baselines included
 * (a baseline is not compared with itself), and so does {@code auto}.
 */
public final class SupervisionBenefit {

    /** A data set, a supervision kind and an amount. */
    public record Condition(String dataset, String kind, SupervisionAmount amount) {
    }

    /** Wins, ties and losses against one baseline. */
    public record Tally(int wins, int ties, int losses) {

        /** How many conditions were compared. */
        public int compared() {
            return wins + ties + losses;
        }
    }

    /**
     * One constrained method over all its conditions.
     *
     * @param method the method's name
     * @param conditions how many conditions it has rows in
     * @param mean the mean of its values over the conditions where it has one, NaN without any
     * @param collapses how many of its successful runs collapsed, over all its rows
     * @param tallies per baseline (in the order of the options), null against itself
     * @param worstGain the smallest gain against the reference baseline, minus infinity where every run
     *     of a condition failed, NaN if never compared
     * @param worstCondition where the smallest gain happens, null if never compared
     */
    public record MethodBenefit(String method, int conditions, double mean, int collapses, List<Tally> tallies,
                                double worstGain, Condition worstCondition) {
    }

    /**
     * One condition: the reference baseline's value and every method's gain over it.
     *
     * @param condition the condition
     * @param reference the reference baseline's value, NaN without one
     * @param gains per constrained method (in the order of {@link #methods()}): the gain over the
     *        reference, NaN where the method has no row or no reference, negative infinity where
     *        the method has rows but every run failed
     */
    public record ConditionGains(Condition condition, double reference, List<Double> gains) {
    }

    private final BenefitOptions options;
    private final List<MethodBenefit> methods;
    private final List<ConditionGains> conditions;

    private SupervisionBenefit(BenefitOptions options, List<MethodBenefit> methods, List<ConditionGains> conditions) {
        this.options = options;
        this.methods = List.copyOf(methods);
        this.conditions = List.copyOf(conditions);
    }

    /**
     * Compares the constrained methods of {@code rows} with the baselines of {@code options}.
     *
     * @throws IllegalArgumentException if a baseline has no row, or no row uses supervision
     */
    public static SupervisionBenefit of(List<ResultRow> rows, BenefitOptions options) {
        Values values = new Values(rows, options.measure());
        for (String baseline : options.baselines()) {
            if (!values.algorithms.contains(baseline)) {
                throw new IllegalArgumentException("no results of " + baseline + " (methods there: "
                        + String.join(", ", values.algorithms) + ")");
            }
        }
        if (values.constrained.isEmpty()) {
            throw new IllegalArgumentException("no method with supervision in the results (methods there: "
                    + String.join(", ", values.algorithms) + ")");
        }
        List<Condition> conditions = values.sortedConditions();
        List<MethodBenefit> methods = new ArrayList<>();
        for (String method : values.constrained.keySet()) {
            methods.add(methodBenefit(method, conditions, values, options));
        }
        List<ConditionGains> gains = new ArrayList<>();
        for (Condition condition : conditions) {
            double reference = values.baseline(options.reference(), condition);
            List<Double> methodGains = new ArrayList<>();
            for (String method : values.constrained.keySet()) {
                methodGains.add(values.gain(method, options.reference(), condition));
            }
            gains.add(new ConditionGains(condition, reference, methodGains));
        }
        return new SupervisionBenefit(options, methods, gains);
    }

    private static MethodBenefit methodBenefit(String method, List<Condition> conditions, Values values,
                                               BenefitOptions options) {
        Map<Condition, Double> own = values.constrained.get(method);
        int[][] counts = new int[options.baselines().size()][3];
        double worst = Double.NaN;
        Condition worstCondition = null;
        double sum = 0;
        int valued = 0;
        for (Condition condition : conditions) {
            if (!own.containsKey(condition)) {
                continue;
            }
            double value = own.get(condition);
            if (!Double.isNaN(value)) {
                sum += value;
                valued++;
            }
            for (int b = 0; b < counts.length; b++) {
                double gain = values.gain(method, options.baselines().get(b), condition);
                if (Double.isNaN(gain)) {
                    continue;
                }
                counts[b][gain > options.tie() ? 0 : gain < -options.tie() ? 2 : 1]++;
                if (b == 0 && !(gain >= worst)) {
                    worst = gain;
                    worstCondition = condition;
                }
            }
        }
        List<Tally> tallies = new ArrayList<>();
        for (int b = 0; b < counts.length; b++) {
            tallies.add(options.baselines().get(b).equals(method) ? null
                    : new Tally(counts[b][0], counts[b][1], counts[b][2]));
        }
        return new MethodBenefit(method, own.size(), valued == 0 ? Double.NaN : sum / valued,
                values.collapses.getOrDefault(method, 0), tallies, worst, worstCondition);
    }

    /** The options compared with. */
    public BenefitOptions options() {
        return options;
    }

    /** One entry per method that uses supervision, in order of first appearance. */
    public List<MethodBenefit> methods() {
        return methods;
    }

    /** Every condition, by data set (first appearance), kind (first appearance) and amount. */
    public List<ConditionGains> conditions() {
        return conditions;
    }

    /** The values of the measure, averaged per key, and the names in order of first appearance. */
    private static final class Values {

        final Set<String> algorithms = new LinkedHashSet<>();
        final Map<String, Map<String, Double>> unconstrained = new LinkedHashMap<>();
        final Map<String, Map<Condition, Double>> constrained = new LinkedHashMap<>();
        final Map<String, Integer> collapses = new LinkedHashMap<>();
        private final List<String> datasets = new ArrayList<>();
        private final List<String> kinds = new ArrayList<>();
        private final int measureSign;

        Values(List<ResultRow> rows, Measure measure) {
            Map<String, Map<String, List<Double>>> plain = new LinkedHashMap<>();
            Map<String, Map<Condition, List<Double>>> supervised = new LinkedHashMap<>();
            for (ResultRow row : rows) {
                algorithms.add(row.algorithm());
                if (!datasets.contains(row.dataset())) {
                    datasets.add(row.dataset());
                }
                double value = row.summary(measure).mean();
                if (row.constrained()) {
                    if (!kinds.contains(row.kind())) {
                        kinds.add(row.kind());
                    }
                    supervised.computeIfAbsent(row.algorithm(), name -> new LinkedHashMap<>())
                            .computeIfAbsent(new Condition(row.dataset(), row.kind(), row.amount()), key -> new ArrayList<>())
                            .add(value);
                    collapses.merge(row.algorithm(), row.collapses(), Integer::sum);
                } else {
                    plain.computeIfAbsent(row.algorithm(), name -> new LinkedHashMap<>())
                            .computeIfAbsent(row.dataset(), key -> new ArrayList<>()).add(value);
                }
            }
            plain.forEach((algorithm, byDataset) -> unconstrained.put(algorithm, averaged(byDataset)));
            supervised.forEach((algorithm, byCondition) -> constrained.put(algorithm, averaged(byCondition)));
            measureSign = measure.higherIsBetter() ? 1 : -1;
        }

        /** The mean of the values with one (NaN only when every value is NaN). */
        private static <K> Map<K, Double> averaged(Map<K, List<Double>> lists) {
            Map<K, Double> means = new LinkedHashMap<>();
            lists.forEach((key, list) -> means.put(key, list.stream().filter(value -> !Double.isNaN(value))
                    .mapToDouble(Double::doubleValue).average().orElse(Double.NaN)));
            return means;
        }

        /** The baseline's value in the condition: per data set if unconstrained, else at the same kind and amount. */
        double baseline(String baseline, Condition condition) {
            if (unconstrained.containsKey(baseline)) {
                return unconstrained.get(baseline).getOrDefault(condition.dataset(), Double.NaN);
            }
            return constrained.getOrDefault(baseline, Map.of()).getOrDefault(condition, Double.NaN);
        }

        /**
         * The method's gain over the baseline: NaN when either has no row or the baseline no value,
         * or the method is the baseline; negative infinity when the method's runs all failed.
         */
        double gain(String method, String baseline, Condition condition) {
            Double value = constrained.get(method).get(condition);
            double reference = baseline(baseline, condition);
            if (value == null || Double.isNaN(reference) || method.equals(baseline)) {
                return Double.NaN;
            }
            return Double.isNaN(value) ? Double.NEGATIVE_INFINITY : measureSign * (value - reference);
        }

        /** Every condition with a constrained row, by data set, kind and amount. */
        List<Condition> sortedConditions() {
            Set<Condition> all = new LinkedHashSet<>();
            constrained.values().forEach(byCondition -> all.addAll(byCondition.keySet()));
            return all.stream().sorted(Comparator.comparingInt((Condition condition) -> datasets.indexOf(condition.dataset()))
                    .thenComparingInt(condition -> kinds.indexOf(condition.kind()))
                    .thenComparing(Condition::amount)).collect(Collectors.toList());
        }
    }
}
