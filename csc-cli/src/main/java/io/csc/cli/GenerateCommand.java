package io.csc.cli;

import io.csc.data.CsvWriter;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.util.ProgressListener;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc generate}: a Gaussian mixture with its labels, as CSV, for scale tests. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Write a synthetic data set: k isotropic unit Gaussian clusters of balanced size in d dimensions, "
                + "with the ground truth in a last column 'label' (CSV with a header; .gz compresses).")
final class GenerateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--n", required = true, paramLabel = "N", description = "Number of points.")
    int size;

    @Option(names = "--d", required = true, paramLabel = "D", description = "Number of features.")
    int dimension;

    @Option(names = "-k", required = true, paramLabel = "K", description = "Number of clusters.")
    int clusters;

    @Option(names = "--separation", defaultValue = "4", paramLabel = "S",
            description = "Distance between the two closest centres, in within-cluster standard deviations "
                    + "(default: ${DEFAULT-VALUE}; about 2 overlaps, 6 and more separates cleanly).")
    double separation;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the generator (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--output", required = true, paramLabel = "FILE", description = "The CSV file to write.")
    Path output;

    @Option(names = "--decimals", defaultValue = "4", paramLabel = "N",
            description = "Digits after the decimal point (0-15, default: ${DEFAULT-VALUE}), or 'exact' for values "
                    + "that read back bit for bit (slower, larger file).")
    String decimals;

    @Option(names = {"-q", "--quiet"}, description = "No progress on standard error.")
    boolean quiet;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        int digits = decimals();
        PrintWriter err = spec.commandLine().getErr();
        ProgressListener progress = quiet ? ProgressListener.NONE : new ConsoleProgress(err);
        GaussianMixture mixture = new GaussianMixture(size, dimension, clusters, separation, seed);
        long start = System.nanoTime();
        progress.stage("generating " + size + " x " + dimension + ", " + clusters + " clusters");
        Dataset data = mixture.generate();
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        CsvWriter.write(data, output, digits, progress);
        if (!quiet) {
            err.println(String.format(Locale.ROOT, "[csc] wrote %s: %d points x %d features, %d clusters, %.1f MB in %.1f s",
                    output, size, dimension, clusters, Files.size(output) / 1e6, (System.nanoTime() - start) / 1e9));
            err.flush();
        }
        return ExitCodes.OK;
    }

    private int decimals() {
        String text = decimals.trim().toLowerCase(Locale.ROOT);
        if (text.equals("exact")) {
            return CsvWriter.EXACT;
        }
        try {
            int value = Integer.parseInt(text);
            if (value < 0 || value > CsvWriter.MAX_DECIMALS) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid --decimals '" + decimals + "': expected 0 to "
                    + CsvWriter.MAX_DECIMALS + " or 'exact'");
        }
    }
}
