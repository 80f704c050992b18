package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.linalg.LinearAlgebra;
import io.csc.metric.ClusteringMetrics;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code csc demo}: every method on the bundled UCI data (z-scored), unconstrained against
 * constrained, with a fraction of points labelled at random; mean ± standard deviation over a few
 * draws.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run every method on bundled data (Wine and Iris, z-scored) with 10% of the points labelled "
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
            description = "Bundled data sets (default: ${DEFAULT-VALUE}).")
    List<String> names = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (repeats < 1) {
            throw new IllegalArgumentException("Invalid --repeats: " + repeats + " (must be >= 1)");
        }
        out.printf(Locale.ROOT, "csc demo: %.0f%% labelled points, %d draws, backend %s%n%n", 100 * fraction, repeats,
                LinearAlgebra.describe());
        for (String name : names) {
            Dataset data = Scaling.ZSCORE.apply(BundledData.load(name));
            int k = data.classCount();
            out.printf(Locale.ROOT, "%s: %d points x %d features, %d classes%n", data.name(), data.size(),
                    data.dimension(), k);
            out.printf(Locale.ROOT, "  %-12s %-13s %-17s %-17s %s%n", "method", "supervision", "ACC", "NMI", "fit s");
            List<ConstraintSet> draws = new ArrayList<>();
            SplittableRandom random = new SplittableRandom(common.seed);
            for (int r = 0; r < repeats; r++) {
                draws.add(ConstraintGenerator.labelledFraction(data.labels(), fraction, random.split()));
            }
            for (AlgorithmDescriptor descriptor : AlgorithmRegistry.all()) {
                double[] accuracy = new double[repeats];
                double[] nmi = new double[repeats];
                double seconds = 0;
                String failure = null;
                try (RunContext context = common.context(err).withProgress(io.csc.util.ProgressListener.NONE)) {
                    for (int r = 0; r < repeats; r++) {
                        ConstraintSet constraints = descriptor.constrained() ? draws.get(r) : ConstraintSet.empty(data.size());
                        ClusteringResult result = descriptor.create().fit(data, constraints, k, context.withSeed(common.seed + r));
                        accuracy[r] = ClusteringMetrics.accuracy(data.labels(), result.labels());
                        nmi[r] = ClusteringMetrics.normalizedMutualInformation(data.labels(), result.labels());
                        seconds += result.seconds();
                    }
                } catch (RuntimeException e) {
                    failure = e.getMessage();
                }
                String supervision = descriptor.constrained() ? String.format(Locale.ROOT, "%.0f%% labels", 100 * fraction) : "none";
                if (failure != null) {
                    out.printf(Locale.ROOT, "  %-12s %-13s failed: %s%n", descriptor.name(), supervision, failure);
                } else {
                    out.printf(Locale.ROOT, "  %-12s %-13s %-17s %-17s %.3f%n", descriptor.name(), supervision,
                            meanStd(accuracy), meanStd(nmi), seconds / repeats);
                }
                out.flush();
            }
            out.println();
        }
        out.flush();
        return ExitCodes.OK;
    }

    static String meanStd(double[] values) {
        double mean = 0;
        for (double value : values) {
            mean += value;
        }
        mean /= values.length;
        double variance = 0;
        for (double value : values) {
            variance += (value - mean) * (value - mean);
        }
        double std = values.length > 1 ? Math.sqrt(variance / (values.length - 1)) : 0.0;
        return String.format(Locale.ROOT, "%.3f ± %.3f", mean, std);
    }
}
