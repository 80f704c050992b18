package io.csc.cli;

import io.csc.data.BundledData;
import io.csc.data.DataDirectory;
import io.csc.data.DataException;
import io.csc.data.DataFormat;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * Where named data sets live and how data is read and prepared. The commands declare their own
 * {@code --data} (one data set for {@code cluster}, a list for {@code experiment}) and load each
 * with {@link #load(String)}.
 */
final class DataOptions {

    /** The description of a {@code --data} option naming one data set. */
    static final String DATA_DESCRIPTION = "A data file (CSV with header, LIBSVM, or IDX images with their labels file "
            + "beside), a folder of IDX pairs, or the name of a data set in the data directory (e.g. iris, fashion-mnist).";

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where named data sets live (default: $CSC_DATA_DIR, else ../shared/data when present, else ./data).")
    Path dataDirectory;

    @Option(names = "--format", defaultValue = "auto", description = "auto, csv, libsvm or idx (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--label-column", paramLabel = "NAME",
            description = "CSV column holding the ground truth (default: 'label' when present).")
    String labelColumn;

    @Option(names = "--scale", defaultValue = "auto", description = "Feature scaling: auto, none, zscore or minmax "
            + "(default: ${DEFAULT-VALUE} = minmax for IDX images, i.e. pixels to [0,1], zscore otherwise).")
    String scale;

    Path directory() {
        return dataDirectory != null ? dataDirectory : DataDirectory.defaultDirectory();
    }

    /**
     * Loads and scales one data set given by file or name. The names of the bundled data sets
     * ({@code iris}, {@code wine}) fall back to the copies inside the library when the data
     * directory does not have them, so that the README's examples work on a fresh machine.
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
        FittedScaling fitted = scaling(raw.path(), parseFormat(format)).fit(raw.data());
        return new Scaled(fitted.apply(raw.data()), fitted);
    }

    /** A data set as read, and where it was read from (for the choice of scaling). */
    record Raw(Dataset data, Path path) {
    }

    /** Loads one data set given by file or name, unscaled. */
    Raw loadRaw(String fileOrName) {
        DataFormat dataFormat = parseFormat(format);
        Path path;
        try {
            path = DataDirectory.resolve(fileOrName, directory());
        } catch (DataException notFound) {
            String name = fileOrName.strip().toLowerCase(Locale.ROOT);
            if (!BundledData.names().contains(name)) {
                throw notFound;
            }
            return new Raw(BundledData.load(name), Path.of(name + ".csv"));
        }
        return new Raw(DataLoader.load(path, dataFormat, labelColumn), path);
    }

    /** The scaling asked for, {@code auto} resolved for the data read from {@code path}. */
    Scaling scalingFor(Path path) {
        return scaling(path == null ? Path.of("data.csv") : path, parseFormat(format));
    }

    /** Whether the user asked for a scaling other than the default. */
    boolean scalingGiven() {
        return !scale.trim().equalsIgnoreCase("auto");
    }

    /** The scaling asked for, as reports state it. */
    String describeScaling() {
        String wanted = scale.trim().toLowerCase(Locale.ROOT);
        return wanted.equals("auto") ? "auto (z-scores; pixels of IDX images to [0, 1])" : wanted;
    }

    private Scaling scaling(Path path, DataFormat dataFormat) {
        String wanted = scale.trim().toLowerCase(Locale.ROOT);
        return switch (wanted) {
            case "none" -> Scaling.NONE;
            case "zscore", "z-score" -> Scaling.ZSCORE;
            case "minmax", "min-max" -> Scaling.MINMAX;
            case "auto" -> isImages(path, dataFormat) ? Scaling.MINMAX : Scaling.ZSCORE;
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
            throw new IllegalArgumentException("Invalid --format '" + text + "': expected auto, csv, libsvm or idx");
        }
    }
}
