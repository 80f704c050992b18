package io.csc.cli;

import io.csc.algorithm.ClusteringResult;
import io.csc.constraint.ConstraintSet;
import io.csc.metric.Evaluation;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** What {@code csc cluster} prints: a human summary, or one JSON object. */
final class RunReport {

    private RunReport() {
    }

    static Map<String, Object> json(String algorithm, Map<String, String> parameters, String dataName, int n, int d,
                                    String precision, int k, ConstraintSet constraints, ClusteringResult result, Evaluation evaluation,
                                    String backend, long seed, int threads) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("algorithm", algorithm);
        json.put("data", dataName);
        json.put("n", n);
        json.put("d", d);
        json.put("precision", precision);
        json.put("k", k);
        json.put("seconds", result.seconds());
        json.put("backend", backend);
        json.put("threads", threads);
        json.put("seed", seed);
        json.put("parameters", fittedParameters(algorithm, parameters, result));
        Map<String, Object> supervision = new LinkedHashMap<>();
        supervision.put("mustLink", constraints.mustLinkCount());
        supervision.put("cannotLink", constraints.cannotLinkCount());
        supervision.put("constrainedPoints", constraints.constrainedPoints().length);
        json.put("constraints", supervision);
        if (evaluation != null) {
            json.put("metrics", metrics(evaluation));
        }
        Map<String, Object> diagnostics = new LinkedHashMap<>();
        diagnostics.put("warnings", result.diagnostics().warnings());
        diagnostics.put("stageSeconds", result.diagnostics().stageSeconds());
        diagnostics.putAll(result.diagnostics().values());
        json.put("diagnostics", diagnostics);
        return json;
    }

    /**
     * The parameters of the fit whose labels these are: {@code parameters} (every effective value of
     * the configuration), with the values of the candidate that selection fitted
     * ({@code diagnostics.selection}) when it is a setting of the same method. A reference of the
     * guard fitted in the method's place keeps the method's parameters; its name and its own
     * parameters are in {@code diagnostics.selection}.
     */
    static Map<String, String> fittedParameters(String algorithm, Map<String, String> parameters, ClusteringResult result) {
        if (!(result.diagnostics().values().get("selection") instanceof Map<?, ?> selection)
                || !algorithm.equals(selection.get("method"))
                || !(selection.get("parameters") instanceof Map<?, ?> chosen) || chosen.isEmpty()) {
            return parameters;
        }
        Map<String, String> fitted = new LinkedHashMap<>(parameters);
        chosen.forEach((name, value) -> fitted.put(String.valueOf(name), String.valueOf(value)));
        return fitted;
    }

    /** The summary's line on what selection fitted, or null when no selection ran. */
    static String selectionLine(ClusteringResult result) {
        if (!(result.diagnostics().values().get("selection") instanceof Map<?, ?> selection)) {
            return null;
        }
        StringBuilder line = new StringBuilder("selection: ").append(selection.get("method"));
        if (selection.get("parameters") instanceof Map<?, ?> chosen && !chosen.isEmpty()) {
            chosen.forEach((name, value) -> line.append(' ').append(name).append('=').append(value));
        }
        if (selection.get("score") instanceof Number score && !Double.isNaN(score.doubleValue())) {
            line.append(String.format(Locale.ROOT, " (held-out score %.3f, %s folds)", score.doubleValue(),
                    selection.get("folds")));
        }
        return line.toString();
    }

    static Map<String, Object> metrics(Evaluation evaluation) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("acc", evaluation.accuracy());
        metrics.put("nmi", evaluation.nmi());
        metrics.put("ari", evaluation.ari());
        metrics.put("ri", evaluation.randIndex());
        metrics.put("dbi", evaluation.daviesBouldin());
        metrics.put("cons", evaluation.constraintSatisfaction());
        return metrics;
    }

    /**
     * The summary: the run, the supervision ({@code supervisionIgnored}: marked as unused by an
     * unconstrained method), times, quality against the ground truth when there is one, warnings.
     */
    static void human(PrintWriter out, String algorithm, String dataName, int n, int d, int k, ConstraintSet constraints,
                      boolean supervisionIgnored, ClusteringResult result, Evaluation evaluation, String backend,
                      int threads, long seed) {
        out.printf(Locale.ROOT, "%s on %s: %d points x %d features, k = %d%n", algorithm, dataName, n, d, k);
        out.printf(Locale.ROOT, "backend %s, %d threads, seed %d%n", backend, threads, seed);
        out.printf(Locale.ROOT, "supervision: %s%n", constraints.isEmpty() ? "none"
                : constraints.mustLinkCount() + " must-link, " + constraints.cannotLinkCount() + " cannot-link pairs on "
                + constraints.constrainedPoints().length + " points" + (supervisionIgnored ? " (ignored by " + algorithm
                + ", see the warning)" : ""));
        String selection = selectionLine(result);
        if (selection != null) {
            out.println(selection);
        }
        StringBuilder stages = new StringBuilder();
        result.diagnostics().stageSeconds().forEach((stage, seconds) -> stages.append(stages.length() == 0 ? "" : ", ")
                .append(stage).append(' ').append(String.format(Locale.ROOT, "%.2f s", seconds)));
        out.printf(Locale.ROOT, "fit: %.3f s%s%n", result.seconds(), stages.length() == 0 ? "" : " (" + stages + ")");
        if (evaluation != null) {
            out.printf(Locale.ROOT, "ACC %.4f  NMI %.4f  ARI %.4f  RI %.4f  DBI %s  CONS %s%n", evaluation.accuracy(),
                    evaluation.nmi(), evaluation.ari(), evaluation.randIndex(), measure(evaluation.daviesBouldin()),
                    measure(evaluation.constraintSatisfaction()));
        }
        for (String warning : result.diagnostics().warnings()) {
            out.println("warning: " + warning);
        }
    }

    /**
     * A measure with four decimals, or {@code -} where it is undefined: NaN (CONS without
     * constraints, DBI of one cluster) or infinite (DBI of two clusters with the same centre).
     */
    private static String measure(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.4f", value) : "-";
    }
}
