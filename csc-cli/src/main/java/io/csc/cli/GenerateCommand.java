package io.csc.cli;

import io.csc.data.BernoulliMixture;
import io.csc.data.ClassProportions;
import io.csc.data.CsvWriter;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.NpyReader;
import io.csc.data.NpyWriter;
import io.csc.data.Precision;
import io.csc.util.ProgressListener;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code csc generate}: a synthetic data set with its labels, as CSV, for scale and robustness
 * tests: a Gaussian mixture ({@link GaussianMixture}) or a mixture of binary features
 * ({@link BernoulliMixture}), with balanced or given class proportions.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Write a synthetic data set with the ground truth in a last column 'label' (CSV with a header; "
                + ".gz compresses), as NumPy arrays (--format npy, the labels beside), or as a directory of Parquet files "
                + "(--format parquet, for --engine spark): k isotropic unit Gaussian "
                + "clusters in d dimensions, or with --features binary k classes of 0/1 features; classes balanced or sized by --weights.",
                "Example: csc generate --n 5000 --d 8 -k 4 --weights 0.8,0.15,0.04,0.01 --output imbalanced.csv"})
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
            description = "Gaussian: distance between the two closest centres, in within-cluster standard deviations "
                    + "(about 2 overlaps, 6 and more separates cleanly). Binary: scale of the class shifts of an "
                    + "informative feature's log-odds (0 makes the classes identical, about 1 overlaps them "
                    + "heavily) (default: ${DEFAULT-VALUE}).")
    double separation;

    @Option(names = "--weights", paramLabel = "W[,W...]",
            description = "Class proportions, one per cluster, summing to 1, such as 0.8,0.15,0.04,0.01 "
                    + "(default: balanced); every class gets at least one point.")
    String weights;

    @Option(names = "--features", defaultValue = "gaussian", paramLabel = "gaussian|binary",
            description = "gaussian: real features from Gaussian clusters; binary: 0/1 features, each 1 with a "
                    + "background probability, and --informative of them with a probability of their own per "
                    + "class, like one-hot coded DNA (default: ${DEFAULT-VALUE}).")
    String features;

    @Option(names = "--informative", paramLabel = "N",
            description = "With --features binary: how many features differ between classes (default: d/6, at least 1).")
    Integer informative;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the generator (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--output", required = true, paramLabel = "FILE", description = "The CSV or .npy file, or the Parquet directory, to write.")
    Path output;

    @Option(names = "--format", defaultValue = "auto", paramLabel = "csv|npy|parquet",
            description = "csv; npy: a NumPy array of the features in FILE and the labels (int32) in "
                    + "FILE.labels.npy beside it, written and read without parsing; or parquet: a directory of Parquet "
                    + "files (columns id, the features and label) written by Spark's writer, for --engine spark "
                    + "--data DIR (needs csc-spark and Spark, which the launcher ./csc adds). Default: ${DEFAULT-VALUE}: npy when --output "
                    + "ends in .npy, else csv.")
    String format;

    @Option(names = "--precision", defaultValue = "double", paramLabel = "double|float",
            description = "With --format npy: float64 (double) or float32 (float, half the size) values "
                    + "(default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(names = "--decimals", defaultValue = "4", paramLabel = "N",
            description = "Digits after the decimal point (0-15, default: ${DEFAULT-VALUE}), or 'exact' for values "
                    + "that read back bit for bit (slower, larger file).")
    String decimals;

    @Option(names = "--spark-master", paramLabel = "URL",
            description = "The Spark master that writes --format parquet (default: local[*]).")
    String sparkMaster;

    @Option(names = {"-q", "--quiet"}, description = "No progress on standard error.")
    boolean quiet;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        int digits = decimals();
        String kind = outputFormat();
        boolean npy = kind.equals("npy");
        boolean parquet = kind.equals("parquet");
        Precision values = DataOptions.parsePrecision(precision);
        if (!npy && values == Precision.FLOAT) {
            throw new IllegalArgumentException("--precision float applies to --format npy (float32 arrays); "
                    + (parquet ? "Parquet columns are written as doubles" : "a CSV holds decimal text, whose digits "
                    + "--decimals sets") + ": drop --precision, or write FILE.npy");
        }
        OutputFile file = OutputFile.of(output, "--output");
        if (!parquet) {
            file.check();
        }
        Path labelsPath = npy ? NpyReader.labelsPathFor(output) : null;
        if (npy && labelsPath == null) {
            throw new IllegalArgumentException("Invalid --output " + output + ": a name ending in "
                    + NpyReader.LABELS_SUFFIX + " is where labels go; name the features file, such as mix.npy");
        }
        OutputFile labelsFile = npy ? OutputFile.of(labelsPath, "--output (labels)") : null;
        if (labelsFile != null) {
            labelsFile.check();
        }
        PrintWriter err = spec.commandLine().getErr();
        ProgressListener progress = quiet ? ProgressListener.NONE : new ConsoleProgress(err);
        boolean binary = binaryFeatures();
        ClassProportions proportions = proportions();
        Supplier<Dataset> generator = binary
                ? new BernoulliMixture(size, dimension, clusters, informativeFeatures(), separation, seed, proportions)::generate
                : new GaussianMixture(size, dimension, clusters, separation, seed, proportions)::generate;
        requireMemory(Runtime.getRuntime().maxMemory());
        long start = System.nanoTime();
        progress.stage("generating " + size + " x " + dimension + (binary ? " binary" : "") + ", " + clusters + " clusters");
        Dataset data = generator.get();
        if (parquet) {
            try (io.csc.api.ClusteringEngine engine = io.csc.api.ClusteringEngine.start("spark", sparkMaster)) {
                engine.writeParquet(data, output);
            }
        } else if (npy) {
            file.write(path -> NpyWriter.writeFeatures(data, path, values, progress));
            labelsFile.write(path -> NpyWriter.writeLabels(data, path));
        } else {
            file.write(path -> CsvWriter.write(data, path, digits, progress, output));
        }
        if (!quiet) {
            err.println(String.format(Locale.ROOT, "[csc] wrote %s%s: %d points x %d features, %d clusters, %.1f MB in %.1f s",
                    output, npy ? " and " + labelsPath : "", size, dimension, clusters, sizeOnDisk(output) / 1e6,
                    (System.nanoTime() - start) / 1e9));
            err.flush();
        }
        return ExitCodes.OK;
    }

    /**
     * Refuses a size whose points (held in memory as doubles, then written) need more than
     * {@code heap} bytes: the allocation would fail at once with an error that names no size.
     */
    void requireMemory(long heap) {
        long needed = (long) size * dimension * Double.BYTES + (long) size * Integer.BYTES;
        if (needed > heap) {
            throw new ErrorHandler.OutOfMemoryErrorWrapper(String.format(Locale.ROOT, "Cannot generate %d x %d: the "
                    + "points take %.1f GB in memory and the JVM may use %.1f GB; give it more with JAVA_OPTS=-Xmx%dg, "
                    + "or generate fewer points and join the files", size, dimension, needed / 1e9, heap / 1e9,
                    (long) Math.ceil(needed * 1.25 / (1L << 30)) + 1));
        }
    }

    /** csv, npy or parquet: {@code --format}, with auto meaning npy for an output ending in {@code .npy}. */
    private String outputFormat() {
        String text = format.trim().toLowerCase(Locale.ROOT);
        boolean npyName = output.getFileName() != null
                && output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".npy");
        String kind = switch (text) {
            case "csv", "npy", "parquet" -> text;
            case "auto" -> npyName ? "npy" : "csv";
            default -> throw new IllegalArgumentException("Invalid --format '" + format
                    + "': expected csv, npy, parquet or auto");
        };
        if (npyName && !kind.equals("npy")) {
            // a .npy file of CSV text is read by nothing: NumPy and csc both refuse it as a NumPy array
            throw new IllegalArgumentException("--output " + output + " names a NumPy file, but --format " + kind
                    + " writes " + (kind.equals("csv") ? "CSV text" : "a Parquet directory") + ": drop --format (a "
                    + ".npy name writes NumPy arrays), or name the output without .npy");
        }
        if (!kind.equals("parquet") && sparkMaster != null) {
            throw new IllegalArgumentException("--spark-master needs --format parquet");
        }
        return kind;
    }

    /** The bytes of a file, or of the files of a directory. */
    private static long sizeOnDisk(Path path) throws java.io.IOException {
        if (!Files.isDirectory(path)) {
            return Files.size(path);
        }
        try (java.util.stream.Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }

    /** True for {@code --features binary}, false for gaussian. */
    private boolean binaryFeatures() {
        String text = features.trim().toLowerCase(Locale.ROOT);
        if (!text.equals("gaussian") && !text.equals("binary")) {
            throw new IllegalArgumentException("Invalid --features '" + features + "': expected gaussian or binary");
        }
        boolean binary = text.equals("binary");
        if (!binary && informative != null) {
            throw new IllegalArgumentException("Invalid --informative " + informative
                    + ": only --features binary has informative features; drop it or add --features binary");
        }
        return binary;
    }

    /** The --informative count, its default d/6 when not given. */
    private int informativeFeatures() {
        int count = informative != null ? informative : BernoulliMixture.defaultInformative(dimension);
        if (dimension >= 1 && (count < 1 || count > dimension)) {
            throw new IllegalArgumentException("Invalid --informative " + count + ": must be between 1 and the "
                    + dimension + " features of --d");
        }
        return count;
    }

    /** The --weights, balanced when not given. */
    private ClassProportions proportions() {
        if (clusters < 1) {
            throw new IllegalArgumentException("Invalid clusters: " + clusters + " (must be between 1 and size " + size + ")");
        }
        if (weights == null) {
            return ClassProportions.balanced(clusters);
        }
        ClassProportions proportions;
        try {
            proportions = ClassProportions.parse(weights);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --weights '" + weights + "': " + e.getMessage());
        }
        if (proportions.classCount() != clusters) {
            throw new IllegalArgumentException("Invalid --weights '" + weights + "': " + proportions.classCount()
                    + " weights for " + clusters + " clusters (-k); give one per cluster");
        }
        return proportions;
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
