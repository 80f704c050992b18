package io.csc.cli;

import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.experiment.HoldoutPrediction;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc holdout}: how well fitted models label points they have not seen. */
@Command(name = "holdout", mixinStandardHelpOptions = true,
        description = {"How well each method's model labels new points: fit on a share of each data set, predict the "
                + "held-out points, and compare with clustering the whole set at once (ACC of both against the "
                + "truth, agreement of the two labellings after matching). Beside it, where a disagreement comes "
                + "from: the two fits compared on the training points (training agreement), and the whole-set fit "
                + "against one of another seed (seed agreement). Markdown on standard output.",
                "Example: csc holdout --data iris,wine -a lsc-r,scacs,njw --repeats 3"})
final class HoldoutCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, split = ",", paramLabel = "FILE|NAME",
            description = "Data sets with truth labels, comma-separated or repeated: " + DataOptions.DATA_DESCRIPTION)
    List<String> dataNames = new ArrayList<>();

    @Mixin
    DataOptions data;

    @Mixin
    AlgorithmOptions algorithms;

    @Mixin
    CommonOptions common;

    @Option(names = "--held-out", defaultValue = "0.2", paramLabel = "F",
            description = "Share of each data set held out and predicted (default: ${DEFAULT-VALUE}).")
    double heldOut;

    @Option(names = "--known-fraction", defaultValue = "0.1", paramLabel = "F",
            description = "Share of the training points labelled for the constrained methods (default: ${DEFAULT-VALUE}).")
    double labelled;

    @Option(names = "--repeats", defaultValue = "3", paramLabel = "R", description = "Splits per data set (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--out", paramLabel = "FILE.md", description = "Also write the tables to this file.")
    Path outputFile;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        requireValidOptions();
        // checked before the fits, which may take hours, rather than when the tables are written
        OutputFile tables = outputFile == null ? null : OutputFile.of(outputFile, "--out");
        if (tables != null) {
            tables.check(dataNames.stream().map(data::inputFile).toArray(Path[]::new));
        }
        List<Dataset> sets = new ArrayList<>();
        Scaling scaling = null;
        for (String name : dataNames) {
            DataOptions.Raw raw = data.loadRaw(name);
            requireSplittable(raw.data());
            sets.add(raw.data());
            scaling = scaling == null ? data.scalingFor(raw) : scaling;
        }
        String markdown = HoldoutPrediction.markdown(HoldoutPrediction.run(sets, algorithms.configurations(), heldOut,
                labelled, repeats, common.seed, scaling, common.threadCount(), common.progress(spec.commandLine().getErr())));
        out.print(markdown);
        if (tables != null) {
            tables.write(file -> Files.writeString(file, markdown, StandardCharsets.UTF_8));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** Refuses option values out of range before any data is read, naming the option, the value and the range. */
    private void requireValidOptions() {
        SweepOptions.requireRepeats(repeats);
        if (!(labelled >= 0 && labelled <= 1)) {
            throw new IllegalArgumentException("Invalid --known-fraction: " + labelled
                    + " (must be in [0, 1], the share of the training points labelled)");
        }
        if (!(heldOut > 0 && heldOut < 1)) {
            throw new IllegalArgumentException("Invalid --held-out: " + heldOut
                    + " (must be in (0, 1), the share of each data set held out)");
        }
    }

    /**
     * Refuses a {@code --held-out} share that holds out no point of {@code set}, or leaves fewer
     * training points than its classes (and than 2, the fewest a clustering takes).
     */
    private void requireSplittable(Dataset set) {
        int n = set.size();
        int heldPoints = (int) Math.round(heldOut * n);
        int leastTraining = Math.max(2, set.hasLabels() ? set.classCount() : 0);
        if (heldPoints >= 1 && n - heldPoints >= leastTraining) {
            return;
        }
        String split = "Invalid --held-out: " + heldOut + " holds out " + heldPoints + " of the " + n + " points of "
                + set.name() + " and leaves " + (n - heldPoints) + " for training (it must hold out at least 1 and leave "
                + "at least " + leastTraining + ", as many as the classes and at least 2)";
        if (n < leastTraining + 1) {
            throw new IllegalArgumentException(split + "; holding out a point needs at least " + (leastTraining + 1)
                    + " points: give a larger data set");
        }
        double least = Math.ceil(500.0 / n) / 1000;
        double most = Math.floor(1000.0 * (n - leastTraining) / n) / 1000;
        throw new IllegalArgumentException(split + "; give a share that holds out 1 to " + (n - leastTraining)
                + " points" + (least <= most ? String.format(Locale.ROOT, " (%s to %s)", least, most) : ""));
    }
}
