package io.csc.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Small real data sets shipped inside the library, for tests, examples and {@code csc demo}:
 * {@code iris} (150 x 4, 3 classes) and {@code wine} (178 x 13, 3 classes), both from the UCI
 * Machine Learning Repository under CC BY 4.0; citations are in
 * {@code io/csc/data/bundled/ATTRIBUTION.md} next to the files.
 */
public final class BundledData {

    private static final String RESOURCE_FOLDER = "bundled/";
    private static final List<String> NAMES = List.of("iris", "wine");

    private BundledData() {
    }

    /** The names {@link #load} accepts, sorted. */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * Loads a bundled data set with its ground-truth labels (a fresh copy on every call).
     *
     * @param name {@code iris} or {@code wine}, in any letter case
     * @throws DataException for another name, listing the bundled ones
     */
    public static Dataset load(String name) {
        return load(name, CsvOptions.defaults());
    }

    /** The bundled data set {@code name}, read with {@code options} (its label column, ignored columns). */
    public static Dataset load(String name, CsvOptions options) {
        String key = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        if (!NAMES.contains(key)) {
            throw new DataException("No bundled data set " + DataFiles.quote(String.valueOf(name)) + "; the bundled data sets are "
                    + String.join(", ", NAMES));
        }
        String resource = RESOURCE_FOLDER + key + ".csv";
        try (InputStream in = BundledData.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new DataException("The bundled data set " + key + " is missing from the library (resource "
                        + resource + "); the jar is damaged, reinstall it");
            }
            return CsvReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), "bundled " + key + ".csv", key,
                    options);
        } catch (IOException e) {
            throw DataFiles.readFailure("bundled " + key + ".csv", e);
        }
    }
}
