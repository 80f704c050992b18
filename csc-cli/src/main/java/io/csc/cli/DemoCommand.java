package io.csc.cli;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.data.BundledData;
import io.csc.data.CsvOptions;
import io.csc.data.DataFormat;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.experiment.AlgorithmConfiguration;
import io.csc.experiment.ExperimentPlan;
import io.csc.experiment.ExperimentRunner;
import io.csc.experiment.Measure;
import io.csc.experiment.ResultRow;
import io.csc.experiment.ResultTable;
import io.csc.experiment.ResultTableMarkdown;
import io.csc.experiment.SupervisionAmount;
import io.csc.experiment.SupervisionKind;
import io.csc.linalg.LinearAlgebra;
import io.csc.util.ProgressListener;
import java.io.PrintWriter;
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
 * {@code csc demo}: every method on the bundled UCI data (z-scored), unconstrained against
 * constrained, with a fraction of points labelled at random; mean ± standard deviation over a few
 * draws. A small run of the experiment harness ({@code csc experiment}) printed as a summary.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run every method on bundled data (Wine and Iris, z-scored) with 10%% of the points labelled "
                + "and compare unconstrained and constrained quality.")
final class DemoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(names = "--fraction", defaultValue = "0.1", description = "Fraction of labelled points (default: ${DEFAULT-VALUE}).")
    double fraction;

    @Option(names = "--repeats", defaultValue = "5", description = "Supervision draws per method (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--data", split = ",", defaultValue = "wine,iris", paramLabel = "NAME",
            description = "Bundled data sets, or - for a CSV with a header and a label column on standard input "
                    + "(default: ${DEFAULT-VALUE}).")
    List<String> names = new ArrayList<>();

    private final StandardInputData standardInput = new StandardInputData();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        SweepOptions.requireRepeats(repeats);
        List<Dataset> datasets = new ArrayList<>();
        for (String name : names) {
            Dataset dataset = StandardInputData.means(name)
                    ? standardInput.read(DataFormat.CSV, CsvOptions.defaults()) : BundledData.load(name);
            datasets.add(Scaling.ZSCORE.apply(dataset));
        }
        List<AlgorithmConfiguration> algorithms = AlgorithmRegistry.all().stream()
                .map(descriptor -> AlgorithmConfiguration.of(descriptor.name())).toList();
        SupervisionAmount amount = SupervisionAmount.fractionOf(fraction);
        ExperimentPlan plan = new ExperimentPlan(datasets, algorithms, List.of(amount), SupervisionKind.labels(), repeats,
                common.seed, null);
        out.printf(Locale.ROOT, "csc demo: %s labelled points, %d draw%s, backend %s%n%n", amount.label(), repeats,
                repeats == 1 ? "" : "s", LinearAlgebra.describe(LinearAlgebra.defaultBackend()));
        out.flush();
        ResultTable table = ResultTable.of(new ExperimentRunner(common.threadCount(), ProgressListener.NONE).run(plan));
        int width = algorithms.stream().mapToInt(algorithm -> algorithm.name().length()).max().orElse(6);
        String method = "  %-" + width + "s ";
        for (Dataset data : datasets) {
            out.printf(Locale.ROOT, "%s: %d points x %d features, %d classes%n", data.name(), data.size(),
                    data.dimension(), data.classCount());
            out.printf(Locale.ROOT, method + "%-13s %-17s %-17s %s%n", "method", "supervision", "ACC", "NMI", "fit s");
            for (ResultRow row : table.rowsOf(data.name())) {
                String supervision = row.constrained() ? amount.label() + " labels" : "none";
                if (row.successes() == 0) {
                    out.printf(Locale.ROOT, method + "%-13s %s%n", row.algorithm(), supervision,
                            ResultTableMarkdown.failures(row));
                } else {
                    out.printf(Locale.ROOT, method + "%-13s %-17s %-17s %.3f%s%n", row.algorithm(), supervision,
                            row.summary(Measure.ACCURACY).format(3), row.summary(Measure.NMI).format(3),
                            row.summary(Measure.SECONDS).mean(),
                            row.failures() == 0 ? "" : "  (" + ResultTableMarkdown.failures(row) + ")");
                }
            }
            out.println();
        }
        out.flush();
        return ExitCodes.OK;
    }
}
