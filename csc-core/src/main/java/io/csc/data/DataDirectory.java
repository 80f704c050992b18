package io.csc.data;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where named data sets live, so that {@code iris} finds {@code <data directory>/iris.csv} and
 * {@code fashion-mnist} the IDX folder of that name.
 */
public final class DataDirectory {

    /** The system property naming the data directory. */
    public static final String PROPERTY = "csc.data.dir";
    /** The environment variable naming the data directory, read when the property is unset. */
    public static final String ENVIRONMENT_VARIABLE = "CSC_DATA_DIR";

    private static final List<String> DATA_EXTENSIONS = List.of(".csv", ".tsv", ".txt", ".libsvm", ".svm", ".svmlight");

    private DataDirectory() {
    }

    /**
     * The data directory: the system property {@value #PROPERTY} when set, else the environment
     * variable {@value #ENVIRONMENT_VARIABLE}, else {@code ../shared/data} relative to the working
     * directory when it exists (also tried as {@code ../../shared/data}, which is the same folder
     * seen from a module directory, where Maven runs tests), else {@code data}. The directory need
     * not exist.
     */
    public static Path defaultDirectory() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String environment = System.getenv(ENVIRONMENT_VARIABLE);
        if (environment != null && !environment.isBlank()) {
            return Path.of(environment);
        }
        for (Path candidate : List.of(Path.of("..", "shared", "data"), Path.of("..", "..", "shared", "data"))) {
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return Path.of("data");
    }

    /** How a library user chooses the data directory, as {@link #resolve(String, Path)} states it. */
    public static final String DIRECTORY_CHOICE = "the system property " + PROPERTY + " or $" + ENVIRONMENT_VARIABLE;

    /**
     * The file or folder that {@code fileOrName} means: an existing path as it is; otherwise the
     * first that exists of {@code dataDirectory/fileOrName} (a file or a folder) and, for a name
     * without an extension, {@code dataDirectory/fileOrName.csv}.
     *
     * @param dataDirectory where named data sets live; null for {@link #defaultDirectory()}
     * @throws DataException in one line naming the paths tried, the data sets available, and how
     *                       to choose another data directory ({@link #DIRECTORY_CHOICE})
     */
    public static Path resolve(String fileOrName, Path dataDirectory) {
        return resolve(fileOrName, dataDirectory, DIRECTORY_CHOICE);
    }

    /**
     * As {@link #resolve(String, Path)}, with the error saying how the caller's users choose the
     * data directory, such as {@code "--data-dir DIR or $CSC_DATA_DIR"} for a command line.
     */
    public static Path resolve(String fileOrName, Path dataDirectory, String directoryChoice) {
        if (fileOrName == null || fileOrName.isBlank()) {
            throw new IllegalArgumentException("Invalid data set: '" + fileOrName + "' (must be a file, folder or data set name)");
        }
        Path directory = dataDirectory != null ? dataDirectory : defaultDirectory();
        Set<Path> tried = new LinkedHashSet<>();
        for (Path candidate : candidates(fileOrName, directory)) {
            if (Files.exists(candidate)) {
                return candidate;
            }
            tried.add(candidate);
        }
        List<String> triedNames = new ArrayList<>();
        for (Path path : tried) {
            triedNames.add(path.toString());
        }
        String contents = Files.isDirectory(directory)
                ? "the data directory " + directory + " holds " + DataFiles.listNames(available(directory))
                : "the data directory " + directory + " does not exist";
        throw new DataException("No data set " + DataFiles.quote(fileOrName) + ": tried " + String.join(", ", triedNames)
                + "; " + contents + "; give an existing file, or the name of a data set in the data directory (choose it "
                + "with " + directoryChoice + ")");
    }

    /**
     * Where {@code fileOrName} may be, in order: as given, in the data directory, and there with
     * {@code .csv} appended when the name has no extension of its own.
     */
    private static List<Path> candidates(String fileOrName, Path directory) {
        List<Path> candidates = new ArrayList<>(List.of(Path.of(fileOrName), directory.resolve(fileOrName)));
        if (!hasExtension(fileOrName)) {
            candidates.add(directory.resolve(fileOrName + ".csv"));
        }
        return candidates;
    }

    private static boolean hasExtension(String fileOrName) {
        Path fileName = Path.of(fileOrName).getFileName();
        String name = fileName == null ? "" : fileName.toString();
        return name.lastIndexOf('.') > 0;
    }

    /**
     * The data sets in {@code dataDirectory}, sorted, as names {@link #resolve} accepts: CSV files
     * without their {@code .csv} extension, other data files (LIBSVM, gzip) by their file name,
     * and folders by their name. Hidden files and other files (such as a README) are left out; a
     * missing directory has none.
     */
    public static List<String> available(Path dataDirectory) {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dataDirectory)) {
            return names;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dataDirectory)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                String lowerCase = name.toLowerCase(Locale.ROOT);
                if (name.startsWith(".")) {
                    continue;
                }
                if (Files.isDirectory(entry)) {
                    names.add(name);
                } else if (lowerCase.endsWith(".csv")) {
                    names.add(name.substring(0, name.length() - 4));
                } else if (isDataFile(lowerCase)) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw DataFiles.readFailure(dataDirectory, e);
        }
        names.sort(null);
        return names;
    }

    private static boolean isDataFile(String lowerCaseName) {
        String name = lowerCaseName.endsWith(".gz") ? lowerCaseName.substring(0, lowerCaseName.length() - 3) : lowerCaseName;
        return DATA_EXTENSIONS.stream().anyMatch(name::endsWith) || name.endsWith("-ubyte");
    }
}
