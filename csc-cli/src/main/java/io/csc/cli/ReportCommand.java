package io.csc.cli;

import io.csc.data.DataDirectory;
import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.experiment.AlgorithmConfiguration;
import io.csc.experiment.ExperimentManifest;
import io.csc.experiment.ExperimentOutput;
import io.csc.experiment.ExperimentPlan;
import io.csc.experiment.ExperimentRunner;
import io.csc.experiment.Measure;
import io.csc.experiment.ResultsReport;
import io.csc.experiment.RunRecord;
import io.csc.experiment.SupervisionAmount;
import io.csc.experiment.SupervisionKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code csc report}: regenerates {@code docs/RESULTS.md} with the standard protocol (every
 * method, every small data set of the data directory, labelled points drawn at random, 10
 * repetitions), or from an earlier experiment folder with {@code --from}.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Regenerate docs/RESULTS.md: every registered method on every small data set of the data "
                + "directory (at most --max-points points), supervision as labelled points drawn from the ground truth "
                + "at several fractions, 10 repetitions; tables at --table-fraction, plots over the fractions, the "
                + "parameters, then the hand-written docs/results/*.md.",
                "Run from the repository root: ./csc report"})
final class ReportCommand implements Callable<Integer> {

    /** Data sets whose files take more than this on disk are left out without being read. */
    static final long MAX_BYTES = 16L << 20;

    @Spec
    CommandSpec spec;

    @Option(names = "--data", split = ",", paramLabel = "FILE|NAME",
            description = "Data sets by file or name, - for standard input (default: every data set of the data "
                    + "directory with at most --max-points points; those named here are used whatever their size).")
    List<String> dataNames = new ArrayList<>();

    @Mixin
    DataOptions data;

    @Mixin
    AlgorithmOptions algorithms;

    @Mixin
    CommonOptions common;

    @Mixin
    SweepOptions sweep;

    @Option(names = "--table-fraction", defaultValue = "0.1", paramLabel = "F",
            description = "The fraction of labelled points of the tables (default: ${DEFAULT-VALUE}); one of the amounts.")
    double tableFraction;

    @Option(names = "--max-points", defaultValue = "5000", paramLabel = "N",
            description = "Leave out data sets of more points (default: ${DEFAULT-VALUE}).")
    int maxPoints;

    @Option(names = "--from", paramLabel = "DIR",
            description = "Build the page from the experiment folder DIR (written by 'csc experiment' or an earlier "
                    + "report) instead of running.")
    Path from;

    @Option(names = "--work", defaultValue = "experiments/report", paramLabel = "DIR",
            description = "Where the run's raw records, tables and plots are kept, for --from (default: ${DEFAULT-VALUE}).")
    Path work;

    @Option(names = "--output", defaultValue = "docs/RESULTS.md", paramLabel = "FILE",
            description = "The page (default: ${DEFAULT-VALUE}); plots go to results/plots/ beside it and the "
                    + "fragments results/*.md beside it are included.")
    Path output;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SupervisionAmount tableAmount = SupervisionAmount.fractionOf(tableFraction);
        ExperimentManifest manifest;
        // the page must not replace what --from reads: the folder, its records and its manifest
        OutputFile.of(output, "--output").check(from, from == null ? null : from.resolve(ExperimentOutput.RECORDS),
                from == null ? null : from.resolve(ExperimentOutput.MANIFEST));
        List<RunRecord> records;
        List<String> pageNotes = new ArrayList<>();
        long start = System.nanoTime();
        if (from != null) {
            manifest = finishedSweep(from);
            requireTableAmount(manifest, tableAmount);
            records = ExperimentOutput.readRecords(from);
            pageNotes.add("page rebuilt from the experiment folder " + from + " by `" + commandLine() + "`");
        } else {
            List<SupervisionAmount> amounts = sweep.amounts();
            if (!amounts.contains(tableAmount)) {
                throw new IllegalArgumentException("Invalid --table-fraction " + tableAmount.text() + ": it must be one of "
                        + "the amounts " + amounts.stream().map(SupervisionAmount::text).toList());
            }
            List<AlgorithmConfiguration> configurations = algorithms.configurations();
            List<String> notes = new ArrayList<>();
            List<Dataset> datasets = datasets(notes, err);
            ExperimentPlan plan = new ExperimentPlan(datasets, configurations, amounts, SupervisionKind.labels(),
                    sweep.repeats, common.seed, null);
            int threads = common.threadCount();
            if (!common.quiet) {
                err.printf(Locale.ROOT, "[csc] report: %d methods on %s, %d repetitions%n", configurations.size(),
                        String.join(", ", datasets.stream().map(Dataset::name).toList()), plan.repeats());
            }
            Instant started = Instant.now();
            records = new ExperimentRunner(threads, common.progress(err)).run(plan);
            manifest = ExperimentManifest.of(plan, commandLine(), threads, data.describeScaling(), started,
                    (System.nanoTime() - start) / 1e9).withNotes(notes);
            ExperimentOutput.write(work, manifest, records, List.of(Measure.ACCURACY, Measure.NMI));
        }
        ResultsReport.write(output, manifest, records, tableAmount, pageNotes);
        long failures = records.stream().filter(record -> !record.succeeded()).count();
        out.printf(Locale.ROOT, "wrote %s and its plots in %s (%d fits%s, %s)%n", output,
                output.toAbsolutePath().getParent().resolve(ResultsReport.PLOTS), records.size(),
                failures == 0 ? "" : ", " + failures + " failed", ConsoleProgress.duration((System.nanoTime() - start) / 1e9));
        if (from == null) {
            out.println("raw records, tables and plots of the run: " + work + " (rebuild the page with --from " + work + ")");
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The manifest of the experiment folder {@code folder}, refused when there is none, or when its
     * sweep was interrupted: a page from the fits it finished would leave out data sets and methods
     * and average fewer repetitions than the page states, all without a word.
     */
    private static ExperimentManifest finishedSweep(Path folder) {
        Path file = folder.resolve(ExperimentOutput.MANIFEST);
        if (!Files.isRegularFile(file)) {
            throw new DataException("Invalid --from '" + folder + "': " + (Files.isDirectory(folder) ? "no "
                    + ExperimentOutput.MANIFEST + " in it" : "no such folder") + "; give a folder that 'csc experiment' "
                    + "or 'csc report' wrote");
        }
        ExperimentManifest manifest = ExperimentOutput.readManifest(folder);
        if (manifest.unfinished()) {
            String command = String.valueOf(manifest.command());
            throw new DataException("Invalid --from '" + folder + "': its sweep was interrupted ("
                    + ExperimentOutput.MANIFEST + " says " + ExperimentManifest.RUNNING + "); "
                    + (command.startsWith("csc experiment ") ? "finish it with '" + command + " --resume'"
                    : "run '" + command + "' again") + ", then build the page");
        }
        return manifest;
    }

    /**
     * Refuses a {@code --table-fraction} that the sweep of {@code --from} did not run, with the
     * fractions it ran; a sweep of counts ({@code --known 30,75}) has none to give, and says so.
     */
    private void requireTableAmount(ExperimentManifest manifest, SupervisionAmount tableAmount) {
        List<SupervisionAmount> amounts = manifest.amounts().stream().map(SupervisionAmount::parse).toList();
        if (amounts.contains(tableAmount)) {
            return;
        }
        List<String> fractions = amounts.stream().filter(SupervisionAmount::fraction).map(SupervisionAmount::text).toList();
        throw new IllegalArgumentException("Invalid --table-fraction " + tableAmount.text() + ": the sweep in " + from
                + (fractions.isEmpty() ? " drew counts, not fractions, of labelled points (" + String.join(", ",
                amounts.stream().map(SupervisionAmount::text).toList()) + "); build the page from a sweep of "
                + "--known-fraction" : " ran the fractions " + String.join(", ", fractions) + "; give one of them"));
    }

    /** The data sets asked for, or the small ones of the data directory; what was left out goes to {@code notes}. */
    private List<Dataset> datasets(List<String> notes, PrintWriter err) throws IOException {
        Path directory = data.directory();
        List<String> names = dataNames.isEmpty() ? DataDirectory.available(directory) : dataNames;
        if (names.isEmpty()) {
            throw new IllegalArgumentException("No data sets in " + directory + ": give --data-dir or --data");
        }
        List<Dataset> datasets = new ArrayList<>();
        List<String> large = new ArrayList<>();
        List<String> unlabelled = new ArrayList<>();
        for (String name : names) {
            if (dataNames.isEmpty()) {
                long bytes = size(data.resolve(name));
                if (bytes > MAX_BYTES) {
                    large.add(String.format(Locale.ROOT, "%s (%.0f MB on disk)", name, bytes / 1e6));
                    continue;
                }
            }
            if (!common.quiet) {
                err.println("[csc] loading " + name + "...");
                err.flush();
            }
            Dataset dataset = data.load(name);
            if (dataNames.isEmpty() && dataset.size() > maxPoints) {
                large.add(name + " (" + dataset.size() + " points)");
            } else if (!dataset.hasLabels()) {
                unlabelled.add(name);
            } else {
                datasets.add(dataset);
            }
        }
        if (!large.isEmpty()) {
            notes.add("left out as larger than " + maxPoints + " points: " + String.join(", ", large));
        }
        if (!unlabelled.isEmpty()) {
            notes.add("left out without ground truth: " + String.join(", ", unlabelled));
        }
        if (datasets.isEmpty()) {
            throw new IllegalArgumentException("No data set of " + directory + " has ground truth and at most " + maxPoints
                    + " points: give --data, --data-dir or --max-points");
        }
        return datasets;
    }

    private static long size(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return Files.size(path);
        }
        try (Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }

    /** The command as typed (the arguments include the subcommand's name). */
    private String commandLine() {
        return "csc " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }
}
