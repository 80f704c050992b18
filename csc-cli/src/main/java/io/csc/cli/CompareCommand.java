package io.csc.cli;

import io.csc.data.DataException;
import io.csc.experiment.BenefitOptions;
import io.csc.experiment.ExperimentOutput;
import io.csc.experiment.Measure;
import io.csc.experiment.ResultRow;
import io.csc.experiment.ResultTableCsv;
import io.csc.experiment.SupervisionBenefit;
import io.csc.experiment.SupervisionBenefitMarkdown;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code csc compare}: does supervision help? Reads the results of {@code csc experiment} folders
 * and prints the wins, ties and losses of every constrained method against baselines
 * ({@link SupervisionBenefit}) as Markdown.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Does supervision help? Read the results.csv of one or more 'csc experiment' folders and print, "
                + "for every method that uses supervision, its wins / ties / losses against baselines over the "
                + "conditions (data set x supervision kind x amount), its worst deficit against the first baseline, "
                + "and the difference per condition (Markdown).",
                "Example: csc compare --from runs/labels,runs/pairs --baselines njw,cop-kmeans --out benefit.md"})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--from", required = true, split = ",", paramLabel = "DIR",
            description = "Folders written by 'csc experiment' (or their results.csv files), comma-separated or repeated.")
    List<Path> folders = new ArrayList<>();

    @Option(names = "--baselines", split = ",", paramLabel = "ALG",
            description = "Methods to compare with; an unconstrained one has one value per data set, a constrained one "
                    + "is taken at the same kind and amount; the first is the reference of the worst deficit and of "
                    + "the per-condition table (default: njw,cop-kmeans).")
    List<String> baselines = new ArrayList<>(BenefitOptions.DEFAULT_BASELINES);

    @Option(names = "--tie", defaultValue = "" + BenefitOptions.DEFAULT_TIE, paramLabel = "MARGIN",
            description = "A difference of at most this much either way is a tie (default: ${DEFAULT-VALUE}).")
    double tie;

    @Option(names = "--measure", defaultValue = "acc", paramLabel = "MEASURE",
            description = "The measure compared: acc, nmi, ari, ri, dbi (lower is better), cons, seconds (lower is "
                    + "better) (default: ${DEFAULT-VALUE}).")
    String measure;

    @Option(names = "--out", paramLabel = "FILE.md", description = "Also write the tables to this file.")
    Path outputFile;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
        BenefitOptions options = options();
        // checked before reading: --out must never be one of the results.csv files it is computed from
        OutputFile tables = outputFile == null ? null : OutputFile.of(outputFile, "--out");
        if (tables != null) {
            tables.check(folders.stream().map(CompareCommand::resultsFile).toArray(Path[]::new));
        }
        List<ResultRow> rows = new ArrayList<>();
        for (Path folder : folders) {
            List<ResultRow> read = ResultTableCsv.read(resultsFile(folder)).rows();
            if (read.isEmpty()) {
                throw new io.csc.data.DataException(resultsFile(folder) + " holds no results: give the folder of a "
                        + "finished csc experiment");
            }
            rows.addAll(read);
        }
        SupervisionBenefit benefit;
        try {
            benefit = SupervisionBenefit.of(rows, options);
        } catch (IllegalArgumentException e) {
            String flag = e.getMessage().startsWith("no results of") ? "--baselines '" + String.join(",", baselines) + "'"
                    : "--from '" + joined(folders) + "'";
            throw new IllegalArgumentException("Invalid " + flag + ": " + e.getMessage());
        }
        String text = SupervisionBenefitMarkdown.write(benefit);
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        if (tables != null) {
            tables.write(file -> Files.writeString(file, text, StandardCharsets.UTF_8));
            out.println();
            out.println("wrote " + outputFile);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The options, with errors that name the flag and its value. */
    private BenefitOptions options() {
        Measure compared;
        try {
            compared = Measure.parse(measure);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --measure '" + measure
                    + "': expected acc, nmi, ari, ri, dbi, cons or seconds");
        }
        if (!(tie >= 0) || Double.isInfinite(tie)) {
            throw new IllegalArgumentException("Invalid --tie " + tie + ": must be a finite number >= 0, e.g. 0.01");
        }
        try {
            return new BenefitOptions(baselines, tie, compared);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --baselines '" + String.join(",", baselines) + "': "
                    + e.getMessage());
        }
    }

    /** The results.csv of a folder, or the file itself. */
    private static Path resultsFile(Path folder) {
        Path file = Files.isDirectory(folder) ? folder.resolve(ExperimentOutput.CSV) : folder;
        if (!Files.isRegularFile(file)) {
            throw new DataException("Invalid --from '" + folder + "': no " + (Files.isDirectory(folder)
                    ? ExperimentOutput.CSV + " in it" : "such folder") + "; give a folder that 'csc experiment' wrote");
        }
        String name = file.getFileName().toString();
        if (!name.toLowerCase(java.util.Locale.ROOT).endsWith(".csv")) {
            // another file of an experiment's folder (records.jsonl, results.md) is not its table
            Path parent = file.toAbsolutePath().getParent();
            boolean beside = parent != null && Files.isRegularFile(parent.resolve(ExperimentOutput.CSV));
            throw new DataException("Invalid --from '" + folder + "': compare reads the " + ExperimentOutput.CSV
                    + " of an experiment, not " + name + "; give " + (beside ? "the folder " + (folder.getParent() == null ? "." : folder.getParent())
                    + " or its " + ExperimentOutput.CSV : "the folder that 'csc experiment' wrote"));
        }
        return file;
    }

    private static String joined(List<Path> paths) {
        return String.join(",", paths.stream().map(Path::toString).toList());
    }
}
