package io.csc.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The files of one experiment in its output folder: {@value #MANIFEST} (how it was run),
 * {@value #RECORDS} (one JSON line per run), {@value #CSV} (the table, every measure),
 * {@value #MARKDOWN} (the same table for reading, with the plots) and one PNG per data set in
 * {@value #PLOTS}/.
 */
public final class ExperimentOutput {

    /** How the experiment was run. */
    public static final String MANIFEST = "experiment.json";
    /** The raw run records, JSON lines. */
    public static final String RECORDS = "records.jsonl";
    /** The table as CSV. */
    public static final String CSV = "results.csv";
    /** The table as Markdown. */
    public static final String MARKDOWN = "results.md";
    /** The folder of the plots. */
    public static final String PLOTS = "plots";

    private ExperimentOutput() {
    }

    /**
     * Writes every file of the experiment into {@code directory} (created if needed) and returns
     * their paths.
     *
     * @param plotted the measures of the plots, one panel each
     */
    public static List<Path> write(Path directory, ExperimentManifest manifest, List<RunRecord> records,
                                   List<Measure> plotted) throws IOException {
        Files.createDirectories(directory);
        ResultTable table = ResultTable.of(records);
        List<Path> written = new ArrayList<>();
        Path manifestFile = directory.resolve(MANIFEST);
        manifest.write(manifestFile);
        written.add(manifestFile);
        Path recordsFile = directory.resolve(RECORDS);
        RunRecordJson.write(recordsFile, records);
        written.add(recordsFile);
        Path csvFile = directory.resolve(CSV);
        ResultTableCsv.write(csvFile, table);
        written.add(csvFile);
        Map<String, String> plots = new LinkedHashMap<>();
        if (!plotted.isEmpty()) {
            for (String dataset : table.datasets()) {
                String relative = PLOTS + "/" + fileName(dataset) + ".png";
                QualityPlot.write(directory.resolve(relative), table, dataset, plotted);
                plots.put(dataset, relative);
                written.add(directory.resolve(relative));
            }
        }
        Path markdownFile = directory.resolve(MARKDOWN);
        Files.writeString(markdownFile, markdown(manifest, table, plots), StandardCharsets.UTF_8);
        written.add(markdownFile);
        return written;
    }

    /** Reads the records and manifest of an experiment folder written by {@link #write}. */
    public static List<RunRecord> readRecords(Path directory) {
        return RunRecordJson.read(directory.resolve(RECORDS));
    }

    /** The manifest of an experiment folder written by {@link #write}. */
    public static ExperimentManifest readManifest(Path directory) {
        return ExperimentManifest.read(directory.resolve(MANIFEST));
    }

    /** {@code name} made safe as a file name: letters, digits, dot, dash and underscore. */
    public static String fileName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() || safe.startsWith(".") ? "_" + safe : safe;
    }

    private static String markdown(ExperimentManifest manifest, ResultTable table, Map<String, String> plots) {
        StringBuilder text = new StringBuilder("# Experiment\n\n");
        describe(text, manifest);
        text.append("\n## Results\n\n");
        text.append("Mean ± sample standard deviation over the successful runs; failed runs are counted in "
                + "`runs` and listed, never averaged as zeros.\n\n");
        for (String dataset : table.datasets()) {
            text.append("### ").append(dataset).append("\n\n");
            if (plots.containsKey(dataset)) {
                text.append("![").append(dataset).append("](").append(plots.get(dataset)).append(")\n\n");
            }
            text.append(ResultTableMarkdown.table(table.rowsOf(dataset), List.of(Measure.values()))).append('\n');
        }
        text.append("## Parameters\n\n");
        parameters(text, manifest);
        return text.toString();
    }

    /** The protocol of {@code manifest} as a Markdown list. */
    static void describe(StringBuilder text, ExperimentManifest manifest) {
        SupervisionKind kind = SupervisionKind.parse(manifest.kind());
        text.append("- command: `").append(manifest.command()).append("`\n");
        text.append("- started: ").append(manifest.started()).append(String.format(Locale.ROOT, ", took %.0f s%n",
                manifest.seconds()));
        text.append("- machine: ").append(manifest.machine()).append('\n');
        text.append("- backend: ").append(manifest.backend()).append(", ").append(manifest.threads())
                .append(manifest.threads() == 1 ? " thread" : " threads").append(" (one per repetition)\n");
        text.append("- supervision: `").append(manifest.kind()).append("`, ").append(kind.description())
                .append("; amounts x = ").append(String.join(", ", manifest.amounts()))
                .append(manifest.amounts().stream().anyMatch(amount -> amount.contains(".")) ? " (fractions of n)" : "")
                .append('\n');
        text.append("- repetitions: ").append(manifest.repeats()).append(", seed ").append(manifest.seed())
                .append(", k = ").append(manifest.clusters() == null ? "the number of classes" : manifest.clusters())
                .append(", features scaled: ").append(manifest.scaling()).append('\n');
        for (String note : manifest.notes()) {
            text.append("- ").append(note).append('\n');
        }
    }

    /** The parameters of every method of {@code manifest} as a Markdown table. */
    static void parameters(StringBuilder text, ExperimentManifest manifest) {
        text.append("| method | uses supervision | parameters | reference |\n|---|---|---|---|\n");
        for (ExperimentManifest.AlgorithmInfo algorithm : manifest.algorithms()) {
            List<String> values = new ArrayList<>();
            for (Map.Entry<String, String> entry : algorithm.parameters().entrySet()) {
                boolean overridden = algorithm.overrides().containsKey(entry.getKey());
                values.add((overridden ? "**" : "") + entry.getKey() + "=" + entry.getValue() + (overridden ? "**" : ""));
            }
            text.append("| ").append(algorithm.name()).append(" | ").append(algorithm.constrained() ? "yes" : "no")
                    .append(" | ").append(ResultTableMarkdown.escape(values.isEmpty() ? "none" : String.join(", ", values)))
                    .append(" | ").append(ResultTableMarkdown.escape(algorithm.reference())).append(" |\n");
        }
        if (manifest.algorithms().stream().anyMatch(algorithm -> !algorithm.overrides().isEmpty())) {
            text.append("\nValues in bold were given with `--param`; the others are the defaults "
                    + "(`auto`: derived by the method, see `csc algorithms`).\n");
        } else {
            text.append("\nEvery method ran with its defaults (`auto`: derived by the method, see `csc algorithms`).\n");
        }
    }
}
