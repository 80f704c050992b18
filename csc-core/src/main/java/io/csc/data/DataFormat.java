package io.csc.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The file formats {@link DataLoader} reads. */
public enum DataFormat {
    /** Decide from the path, see {@link #detect(Path)}. */
    AUTO,
    /** Comma-, semicolon- or tab-separated values with a header row: {@link CsvReader}. */
    CSV,
    /** Sparse {@code label index:value ...} lines: {@link LibsvmReader}. */
    LIBSVM,
    /** MNIST-style IDX images with their labels, one file or a folder: {@link IdxReader}. */
    IDX,
    /** A NumPy {@code .npy} array of points x features, memory-mapped, labels beside: {@link NpyReader}. */
    NPY;

    /**
     * The format of {@code path} judged from its name, after dropping a {@code .gz} suffix: a
     * directory is an IDX folder; {@code .csv}, {@code .tsv} and {@code .txt} are CSV;
     * {@code .libsvm}, {@code .svm} and {@code .svmlight} are LIBSVM; {@code .npy} is NPY; a name
     * containing {@code idx} or ending in {@code -ubyte} is IDX; anything else is read as CSV. Never returns
     * {@link #AUTO}.
     */
    public static DataFormat detect(Path path) {
        if (Files.isDirectory(path)) {
            return IDX;
        }
        Path fileName = path.getFileName();
        String name = fileName == null ? "" : fileName.toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        if (name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt")) {
            return CSV;
        }
        if (name.endsWith(".libsvm") || name.endsWith(".svm") || name.endsWith(".svmlight")) {
            return LIBSVM;
        }
        if (name.endsWith(".npy")) {
            return NPY;
        }
        if (name.contains("idx") || name.endsWith("-ubyte")) {
            return IDX;
        }
        return CSV;
    }
}
