package io.csc.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Loads a data set from a file or folder in any supported {@link DataFormat}. The data set is
 * named after the file without its extension, or after the folder.
 */
public final class DataLoader {

    private DataLoader() {
    }

    /** Loads {@code path}, detecting its format, with a CSV column named {@code label} as truth. */
    public static Dataset load(Path path) {
        return load(path, DataFormat.AUTO, CsvOptions.defaults());
    }

    /**
     * Loads {@code path} in {@code format}.
     *
     * @param labelColumn the CSV column holding the ground truth; null uses a column named
     *                    {@code label} when there is one. Only CSV files have named columns: for
     *                    the other formats it must be null.
     * @throws DataException for any problem with the data, or a label column given for a format
     *                       without columns
     */
    public static Dataset load(Path path, DataFormat format, String labelColumn) {
        return load(path, format, CsvOptions.defaults().withLabelColumn(labelColumn));
    }

    /**
     * Loads {@code path} in {@code format} ({@link DataFormat#AUTO} detects it). For LIBSVM and
     * IDX data the label column of {@code csvOptions} must be null and the delimiter is unused;
     * {@link CsvOptions#noLabels()} drops the labels of every format.
     *
     * @throws DataException for any problem with the data, or a label column given for a format
     *                       without columns
     */
    public static Dataset load(Path path, DataFormat format, CsvOptions csvOptions) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(csvOptions, "csvOptions");
        DataFormat resolved = format == DataFormat.AUTO ? DataFormat.detect(path) : format;
        if (resolved != DataFormat.CSV && csvOptions.labelColumn() != null) {
            throw new DataException(path + " is read as " + resolved + ", which has no named columns, so the label column "
                    + DataFiles.quote(csvOptions.labelColumn()) + " does not apply; leave the label column unset");
        }
        Dataset data = switch (resolved) {
            case CSV -> CsvReader.read(path, csvOptions);
            case LIBSVM -> LibsvmReader.read(path);
            case IDX -> Files.isDirectory(path) ? IdxReader.readFolder(path) : IdxReader.readImages(path);
            case AUTO -> throw new AssertionError("detect never answers AUTO");
        };
        if (csvOptions.noLabels() && data.hasLabels()) {
            return Dataset.unlabelled(data.name(), data.size(), data.dimension(), data.features());
        }
        return data;
    }
}
