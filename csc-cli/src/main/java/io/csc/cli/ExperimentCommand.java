package io.csc.cli;

import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.experiment.ExperimentManifest;
import io.csc.experiment.ExperimentOutput;
import io.csc.experiment.ExperimentPlan;
import io.csc.experiment.ExperimentRunner;
import io.csc.experiment.Measure;
import io.csc.experiment.ResultTable;
import io.csc.experiment.ResultTableMarkdown;
import io.csc.experiment.RunJournal;
import io.csc.experiment.RunRecord;
import io.csc.experiment.SupervisionAmount;
import io.csc.experiment.SupervisionKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code csc experiment}: the papers' evaluation protocol in one command. Every method on every
 * data set at every amount of supervision drawn from the ground truth, repeated; mean ± std tables
 * as CSV and Markdown, raw records as JSON lines, plots of quality against supervision.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = {"Run methods on data sets with supervision drawn from the ground truth at several amounts, "
                + "repeated with different draws (every method gets the same draw in a repetition), and write "
                + "mean ± std tables (CSV, Markdown), raw records (JSON lines) and plots (PNG).",
                "Example: csc experiment --data glass,ionosphere -a njw,cop-kmeans --known 30,75,120,165 --repeats 10"})
final class ExperimentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, split = ",", paramLabel = "FILE|NAME",
            description = "Data sets, comma-separated or repeated: " + DataOptions.DATA_DESCRIPTION)
    List<String> dataNames = new ArrayList<>();

    @Mixin
    DataOptions data;

    @Mixin
    AlgorithmOptions algorithms;

    @Mixin
    CommonOptions common;

    @Mixin
    SweepOptions sweep;

    @Option(names = "-k", paramLabel = "K", description = "Number of clusters (default: the number of classes of each data set).")
    Integer k;

    @Option(names = "--kind", defaultValue = "labels", paramLabel = "KIND",
            description = "Supervision: labels, pairs, noisy:F (labels, a fraction F of their pairs flipped), "
                    + "noisy-pairs:F (random pairs, a fraction F of them flipped), "
                    + "inconsistent:F (labels plus round(F x) contradictory triples), soft:A-B (labels with "
                    + "confidences in [A,B]), soft-pairs:A-B, noisy-soft:F:A-B (noisy:F, then weights in [A,B]) or "
                    + "active:STRATEGY (x questions chosen by random, ffqs, min-max, uncertainty or npu, answered from the "
                    + "truth; ACC against queries plotted per method) (default: ${DEFAULT-VALUE}).")
    String kind;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: experiments/<date>-<time>).")
    Path outputFolder;

    @Option(names = "--resume",
            description = "Continue the interrupted sweep in --out: the fits its records.jsonl holds are kept, the "
                    + "others run. Give the options the sweep was started with; a folder made with another plan "
                    + "is refused.")
    boolean resume;

    @Option(names = "--plot", defaultValue = "acc,nmi", paramLabel = "MEASURE[,...]",
            description = "Measures plotted, one panel each: acc, nmi, ari, ri, dbi, cons, seconds; "
                    + "'none' for no plots (default: ${DEFAULT-VALUE}).")
    String plot;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (resume && outputFolder == null) {
            throw new IllegalArgumentException("--resume needs --out DIR, the folder of the sweep to continue");
        }
        SupervisionKind supervisionKind = SupervisionKind.parse(kind);
        List<SupervisionAmount> amounts = sweep.amounts();
        List<Measure> plotted = plot.trim().equalsIgnoreCase("none") ? List.of() : Measure.parseList(plot);
        var configurations = algorithms.configurations();
        int threads = common.threadCount();
        common.noteCappedThreads(err);
        List<Dataset> datasets = new ArrayList<>();
        for (String name : dataNames) {
            datasets.add(data.load(name));
        }
        ExperimentPlan plan = new ExperimentPlan(datasets, configurations, amounts, supervisionKind, sweep.repeats,
                common.seed, k);
        Path folder = outputFolder != null ? outputFolder
                : Path.of("experiments", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Instant started = Instant.now();
        ExperimentManifest manifest = ExperimentManifest.of(plan, commandLine(), threads, data.describeScaling(), started,
                0).withStatus(ExperimentManifest.RUNNING);
        Path manifestFile = folder.resolve(ExperimentOutput.MANIFEST);
        ExperimentManifest before = resume ? resumable(folder, manifestFile, manifest) : null;
        OutputFile.requireWritableFolder(folder, "--out");
        if (!resume && interrupted(manifestFile)) {
            throw new IllegalArgumentException(folder + " holds an interrupted sweep (" + ExperimentOutput.MANIFEST
                    + " says " + ExperimentManifest.RUNNING + "): add --resume to continue it, or choose another --out");
        }
        List<String> earlier = earlierOutputs(folder);
        if (!resume && !earlier.isEmpty()) {
            throw new IllegalArgumentException(folder + " holds the output of an earlier sweep (" + String.join(", ",
                    earlier) + "), which this one would replace: add --resume to continue it, or choose another --out "
                    + "(a new or empty folder)");
        }
        if (before != null) {
            manifest = manifest.startedAs(before);
        }
        manifest.write(manifestFile);
        out.printf(Locale.ROOT, "csc experiment: %d data set%s, %d method%s, %s at %s, %d repetitions, seed %d, %d fits%n",
                datasets.size(), datasets.size() == 1 ? "" : "s", configurations.size(), configurations.size() == 1 ? "" : "s",
                supervisionKind.text(), String.join(", ", plan.amounts().stream().map(SupervisionAmount::label).toList()),
                plan.repeats(), plan.seed(), plan.runCount());
        long start = System.nanoTime();
        Path recordsFile = folder.resolve(ExperimentOutput.RECORDS);
        List<RunRecord> records;
        int resumed;
        try (RunJournal journal = resume ? RunJournal.resume(recordsFile) : RunJournal.start(recordsFile)) {
            resumed = journal.finished().size();
            if (resume) {
                out.printf(Locale.ROOT, "resuming %s: %d of %d fits done before%n", folder, resumed, plan.runCount());
            }
            out.flush();
            records = new ExperimentRunner(threads, common.progress(err)).run(plan, journal.finished(), journal);
        } catch (UncheckedIOException e) {
            throw new OutputFile.OutputException("Cannot write --out " + recordsFile + ": " + OutputFile.reason(e.getCause())
                    + "; the records written so far are kept: continue with --resume");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> notes = new ArrayList<>(before == null ? List.of() : before.notes());
        if (resume) {
            notes.add(String.format(Locale.ROOT, "resumed %s with %d of %d fits done before; the time is that of the "
                    + "last part", started.truncatedTo(ChronoUnit.SECONDS), resumed, plan.runCount()));
        }
        manifest = manifest.withSeconds(seconds).withNotes(notes).withStatus(ExperimentManifest.FINISHED);
        List<Path> written = ExperimentOutput.write(folder, manifest, records, plotted);
        out.println();
        out.print(ResultTableMarkdown.write(ResultTable.of(records), List.of(Measure.ACCURACY, Measure.NMI, Measure.SECONDS)));
        long failures = records.stream().filter(record -> !record.succeeded()).count();
        if (failures > 0) {
            out.printf(Locale.ROOT, "%d of %d fits failed; their reasons are in the tables.%n", failures, records.size());
        }
        out.printf(Locale.ROOT, "%d fits in %s; wrote %d files to %s (%s)%n", records.size(),
                ConsoleProgress.duration(seconds), written.size(), folder, String.join(", ", written.stream()
                        .map(folder::relativize).map(path -> path.getNameCount() > 1 ? path.getName(0) + "/"
                                : path.toString()).distinct().toList()));
        out.flush();
        if (!records.isEmpty() && failures == records.size()) {
            err.println("csc: every one of the " + records.size() + " fits failed, the first because: "
                    + records.get(0).failure());
            err.flush();
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }

    /**
     * The manifest of the sweep in {@code folder}, checked to hold the fits of {@code asked}.
     *
     * @throws IllegalArgumentException when there is nothing to resume, or the folder's plan differs
     */
    private static ExperimentManifest resumable(Path folder, Path manifestFile, ExperimentManifest asked) {
        if (!Files.isRegularFile(manifestFile)) {
            throw new IllegalArgumentException("Nothing to resume in " + folder + ": it holds no "
                    + ExperimentOutput.MANIFEST + "; run without --resume to start the sweep");
        }
        ExperimentManifest before = ExperimentManifest.read(manifestFile);
        asked.planDifference(before).ifPresent(difference -> {
            throw new IllegalArgumentException("Cannot resume " + folder + ": it was made with another plan ("
                    + difference + "); give the options it was started with, or choose another --out");
        });
        return before;
    }

    /** Whether {@code manifestFile} is that of a sweep that started and did not finish (one it cannot read is not). */
    private static boolean interrupted(Path manifestFile) {
        try {
            return Files.isRegularFile(manifestFile) && ExperimentManifest.read(manifestFile).unfinished();
        } catch (DataException e) {
            return false;
        }
    }

    /** The files and folders of a sweep's output that {@code folder} holds, in the order the output lists them. */
    private static List<String> earlierOutputs(Path folder) {
        return List.of(ExperimentOutput.MANIFEST, ExperimentOutput.RECORDS, ExperimentOutput.CSV, ExperimentOutput.MARKDOWN,
                ExperimentOutput.PLOTS).stream().filter(name -> Files.exists(folder.resolve(name))).toList();
    }

    /** The command as typed (the arguments include the subcommand's name). */
    private String commandLine() {
        return "csc " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }
}
