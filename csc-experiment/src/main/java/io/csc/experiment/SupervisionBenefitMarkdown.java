package io.csc.experiment;

import io.csc.experiment.SupervisionBenefit.Condition;
import io.csc.experiment.SupervisionBenefit.ConditionGains;
import io.csc.experiment.SupervisionBenefit.MethodBenefit;
import io.csc.experiment.SupervisionBenefit.Tally;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link SupervisionBenefit} as Markdown: a summary table with one row per constrained method
 * (conditions, mean, collapsed runs, wins / ties / losses against each baseline, worst gain against
 * the reference baseline), then the gain over the reference in every condition, losses in bold.
 */
public final class SupervisionBenefitMarkdown {

    private SupervisionBenefitMarkdown() {
    }

    /** Both tables with their headings and a sentence on how to read them. */
    public static String write(SupervisionBenefit benefit) {
        BenefitOptions options = benefit.options();
        String measure = options.measure().label();
        String reference = options.reference();
        StringBuilder text = new StringBuilder();
        text.append("## Does supervision help?\n\n");
        text.append(String.format(Locale.ROOT, "Mean %s of each method that uses supervision against the baselines over "
                + "%d conditions (data set x supervision kind x amount): a win (W) or a loss (L) when the difference "
                + "is more than %s, a tie (T) otherwise. An unconstrained baseline has one value per data set; a "
                + "constrained one is compared at the same kind and amount. A condition where every run of the method "
                + "failed is a loss. The worst is the smallest difference against %s, or a condition where every run "
                + "failed.%n%n", measure,
                benefit.conditions().size(), plain(options.tie()), reference));
        List<String> header = new ArrayList<>(List.of("method", "conditions", "mean " + measure, "collapsed runs"));
        options.baselines().forEach(baseline -> header.add("vs " + baseline + " W / T / L"));
        header.add("worst vs " + reference);
        ResultTableMarkdown.appendRow(text, header);
        text.append("|---|---:|---:|---:|").append("---|".repeat(options.baselines().size())).append("---|\n");
        for (MethodBenefit method : benefit.methods()) {
            List<String> cells = new ArrayList<>(List.of(method.method(), String.valueOf(method.conditions()),
                    value(method.mean()), String.valueOf(method.collapses())));
            for (Tally tally : method.tallies()) {
                cells.add(tally == null ? "-" : tally.wins() + " / " + tally.ties() + " / " + tally.losses());
            }
            cells.add(method.worstCondition() == null ? "-" : (Double.isInfinite(method.worstGain()) ? "failed"
                    : signed(method.worstGain())) + " (" + where(method.worstCondition()) + ")");
            ResultTableMarkdown.appendRow(text, cells);
        }
        text.append('\n');
        text.append("## ").append(measure).append(" difference against ").append(reference).append(" per condition\n\n");
        text.append("Method minus ").append(reference).append(options.measure().higherIsBetter() ? ""
                : " (negated: lower " + measure + " is better)").append("; **bold** is a loss of more than ")
                .append(plain(options.tie())).append(", 'failed' a condition where every run failed, '-' no row.\n\n");
        List<String> columns = new ArrayList<>(List.of("data set", "kind", "amount", reference + " " + measure));
        benefit.methods().forEach(method -> columns.add(method.method()));
        ResultTableMarkdown.appendRow(text, columns);
        text.append("|---|---|---:|---:|").append("---:|".repeat(benefit.methods().size())).append('\n');
        for (ConditionGains row : benefit.conditions()) {
            Condition condition = row.condition();
            List<String> cells = new ArrayList<>(List.of(condition.dataset(), condition.kind(),
                    condition.amount().label(), value(row.reference())));
            for (double gain : row.gains()) {
                cells.add(gain(gain, options.tie()));
            }
            ResultTableMarkdown.appendRow(text, cells);
        }
        return text.toString();
    }

    /** {@code glass, labels 5%}. */
    private static String where(Condition condition) {
        return condition.dataset() + ", " + condition.kind() + " " + condition.amount().label();
    }

    private static String gain(double gain, double tie) {
        if (Double.isNaN(gain)) {
            return "-";
        }
        if (Double.isInfinite(gain)) {
            return "failed";
        }
        return gain < -tie ? "**" + signed(gain) + "**" : signed(gain);
    }

    private static String value(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String signed(double value) {
        return String.format(Locale.ROOT, "%+.3f", value);
    }

    private static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
