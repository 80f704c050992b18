package io.csc.cli;

import io.csc.data.BundledData;
import io.csc.data.CsvOptions;
import io.csc.data.DataDirectory;
import io.csc.data.DataException;
import io.csc.data.DataFormat;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.FittedScaling;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * Where named data sets live and how data is read and prepared. The commands declare their own
 * {@code --data} (one data set for {@code cluster}, a list for {@code experiment}) and load each
 * with {@link #load(String)}.
 */
final class DataOptions {

    /** The description of a {@code --data} option naming one data set. */
    static final String DATA_DESCRIPTION = "A data file (CSV with header, LIBSVM, IDX images with their labels file "
            + "beside, or a NumPy .npy array, its labels in X.labels.npy beside), a folder of IDX pairs, the name of a "
            + "data set in the data directory (e.g. iris, fashion-mnist), or - for standard input (CSV with header; "
            + "--format libsvm for LIBSVM).";

    /** How users of the command line choose the data directory, as errors state it. */
    static final String DIRECTORY_CHOICE = "--data-dir DIR or $" + DataDirectory.ENVIRONMENT_VARIABLE;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where named data sets live (default: $CSC_DATA_DIR, else ../shared/data when present, else ./data).")
    Path dataDirectory;

    @Option(names = "--format", defaultValue = "auto", description = "auto, csv, libsvm, idx or npy (default: "
            + "${DEFAULT-VALUE}: by the file's extension, .npy for NumPy arrays).")
    String format;

    @Option(names = "--precision", defaultValue = "double", paramLabel = "double|float",
            description = "How the features are held: double, or float to halve their memory (the landmark methods "
                    + "lsc-r, scacs and sc-pc compute on them as they are; the others widen them to double) "
                    + "(default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(names = "--label-column", paramLabel = "NAME",
            description = "CSV column holding the ground truth (default: 'label' when present).")
    String labelColumn;

    @Option(names = "--ignore-columns", split = ",", paramLabel = "NAME",
            description = "CSV columns to skip, comma-separated or repeated: neither features nor labels (an "
                    + "identifier, a name, a category).")
    List<String> ignoredColumns = new ArrayList<>();

    @Option(names = "--scale", defaultValue = "auto", description = "Feature scaling: auto, none, zscore or minmax "
            + "(default: ${DEFAULT-VALUE} = minmax for IDX images, i.e. pixels to [0,1], zscore otherwise).")
    String scale;

    private final StandardInputData standardInput = new StandardInputData();

    Path directory() {
        return dataDirectory != null ? dataDirectory : DataDirectory.defaultDirectory();
    }

    /**
     * Loads and scales one data set given by file, by name, or as {@code -} for standard input.
     * The names of the bundled data sets ({@code iris}, {@code wine}) fall back to the copies
     * inside the library when the data directory does not have them, so that the README's
     * examples work on a fresh machine.
     */
    Dataset load(String fileOrName) {
        return loadScaled(fileOrName).data();
    }

    /** A data set as scaled, and the scaling's statistics (what a saved model keeps). */
    record Scaled(Dataset data, FittedScaling scaling) {
    }

    /** Loads one data set and scales it, keeping the scaling's statistics. */
    Scaled loadScaled(String fileOrName) {
        Raw raw = loadRaw(fileOrName);
        FittedScaling fitted = scaling(raw.images()).fit(raw.data());
        return new Scaled(fitted.apply(raw.data()), fitted);
    }

    /** A data set as read, and whether it is images (for the choice of scaling). */
    record Raw(Dataset data, boolean images) {
    }

    /** Loads one data set given by file, by name, or as {@code -} for standard input, unscaled. */
    Raw loadRaw(String fileOrName) {
        DataFormat dataFormat = parseFormat(format);
        Precision held = precision();
        if (StandardInputData.means(fileOrName)) {
            return new Raw(standardInput.read(dataFormat, csvOptions()).inPrecision(held), false);
        }
        Path path;
        try {
            path = resolve(fileOrName);
        } catch (DataException notFound) {
            String name = fileOrName.strip().toLowerCase(Locale.ROOT);
            if (!BundledData.names().contains(name)) {
                throw notFound;
            }
            return new Raw(BundledData.load(name, csvOptions()).inPrecision(held), false);
        }
        return new Raw(DataLoader.load(path, dataFormat, csvOptions(), held), isImages(path, dataFormat));
    }

    /** How CSV files are read: the label column and the ignored columns asked for. */
    private CsvOptions csvOptions() {
        try {
            return CsvOptions.defaults().withLabelColumn(labelColumn).withIgnoredColumns(ignoredColumns);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --ignore-columns " + String.join(",", ignoredColumns)
                    + ": give the names of CSV columns other than the label column");
        }
    }

    /** The {@code --precision} asked for. */
    Precision precision() {
        return parsePrecision(precision);
    }

    /** The precision a {@code --precision} value names. */
    static Precision parsePrecision(String text) {
        try {
            return Precision.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --precision '" + text + "': expected double or float");
        }
    }

    /**
     * The file {@code fileOrName} reads, to keep outputs from overwriting it; null for standard
     * input, a bundled data set, or a name that resolves to nothing (loading says why).
     */
    Path inputFile(String fileOrName) {
        if (StandardInputData.means(fileOrName)) {
            return null;
        }
        try {
            return resolve(fileOrName);
        } catch (DataException notFound) {
            return null;
        }
    }

    /** The scaling asked for, {@code auto} resolved for {@code raw}. */
    Scaling scalingFor(Raw raw) {
        return scaling(raw.images());
    }

    /** Whether the user asked for a scaling other than the default. */
    boolean scalingGiven() {
        return !scale.trim().equalsIgnoreCase("auto");
    }

    /** The file or folder a data set's name means, in the data directory of these options. */
    Path resolve(String fileOrName) {
        return DataDirectory.resolve(fileOrName, directory(), DIRECTORY_CHOICE);
    }

    /** The scaling asked for, as reports state it. */
    String describeScaling() {
        String wanted = scale.trim().toLowerCase(Locale.ROOT);
        return wanted.equals("auto") ? "auto (z-scores; pixels of IDX images to [0, 1])" : wanted;
    }

    /** The scaling asked for; {@code auto} scales {@code images} to [0, 1] and z-scores anything else. */
    private Scaling scaling(boolean images) {
        String wanted = scale.trim().toLowerCase(Locale.ROOT);
        return switch (wanted) {
            case "none" -> Scaling.NONE;
            case "zscore", "z-score" -> Scaling.ZSCORE;
            case "minmax", "min-max" -> Scaling.MINMAX;
            case "auto" -> images ? Scaling.MINMAX : Scaling.ZSCORE;
            default -> throw new IllegalArgumentException("Invalid --scale '" + scale + "': expected auto, none, zscore or minmax");
        };
    }

    private static boolean isImages(Path path, DataFormat dataFormat) {
        if (dataFormat == DataFormat.IDX) {
            return true;
        }
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        return dataFormat == DataFormat.AUTO && (Files.isDirectory(path) || name.contains("idx") || name.contains("-ubyte"));
    }

    static DataFormat parseFormat(String text) {
        try {
            return DataFormat.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --format '" + text + "': expected auto, csv, libsvm, idx or npy");
        }
    }
}
