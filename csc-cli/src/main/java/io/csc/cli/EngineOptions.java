package io.csc.cli;

import io.csc.api.ClusteringEngine;
import io.csc.data.DataException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/** Where a command runs: in this JVM (local), or on Spark ({@code --engine spark --spark-master URL}). */
final class EngineOptions {

    @Option(names = "--engine", defaultValue = "local", paramLabel = "local|spark",
            description = "Where the method runs: local (this JVM, default) or spark (lsc-r, lsc-k, scacs, sc-pc and fast-csp-ml on a Spark "
                    + "master; needs csc-spark and Spark's jars on the class path, which ./csc adds).")
    String engine;

    @Option(names = "--spark-master", paramLabel = "URL",
            description = "The Spark master of --engine spark, e.g. local[2] or spark://host:7077 (default: the session's, "
                    + "else local[*]).")
    String sparkMaster;

    /** Whether the Spark engine was asked for. */
    boolean spark() {
        String name = engine.trim().toLowerCase(Locale.ROOT);
        if (!name.equals("local") && !name.equals("spark")) {
            throw new IllegalArgumentException("Invalid --engine '" + engine + "': expected local or spark");
        }
        if (!name.equals("spark") && sparkMaster != null) {
            throw new IllegalArgumentException("--spark-master needs --engine spark");
        }
        return name.equals("spark");
    }

    /** The Spark engine on the chosen master. */
    ClusteringEngine start() {
        return ClusteringEngine.start("spark", sparkMaster);
    }

    /**
     * Refuses a Parquet directory holding a file that is not Parquet (its first bytes are not
     * {@code PAR1}), such as labels written into it or a note: Spark reads every file whose name does
     * not start with {@code _} or {@code .}, and fails on such a file inside a task, with its stack
     * trace, after it has started.
     *
     * @throws DataException naming the directory and the file
     */
    static void requireOnlyParquet(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            Optional<Path> foreign = files.filter(Files::isRegularFile)
                    .filter(file -> readByName(directory.relativize(file)))
                    .filter(file -> !startsWithParquetMagic(file)).findFirst();
            if (foreign.isPresent()) {
                throw new DataException(directory + " holds " + directory.relativize(foreign.get()) + ", which is not a "
                        + "Parquet file: Spark reads every file of the directory but those whose names start with _ or ., "
                        + "so move it out (or rename it so)");
            }
        } catch (java.io.IOException e) {
            throw new DataException("Cannot read the directory " + directory + ": " + OutputFile.reason(e), e);
        }
    }

    /** Whether Spark reads the file at {@code relative}: no part of its path starts with _ or . (Spark's hidden files). */
    private static boolean readByName(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.startsWith("_") || name.startsWith(".")) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWithParquetMagic(Path file) {
        byte[] magic = new byte[4];
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(magic, 0, 4) == 4 && new String(magic, java.nio.charset.StandardCharsets.US_ASCII)
                    .equals("PAR1");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Whether {@code name} is a directory of Parquet files, which only the Spark engine reads. */
    static boolean isParquetDirectory(String name) {
        Path path = Path.of(name);
        if (!Files.isDirectory(path)) {
            return false;
        }
        try (Stream<Path> files = Files.list(path)) {
            return files.anyMatch(file -> file.getFileName().toString().endsWith(".parquet"));
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
