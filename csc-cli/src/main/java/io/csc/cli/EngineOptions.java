package io.csc.cli;

import io.csc.api.ClusteringEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/** Where a command runs: in this JVM (local), or on Spark ({@code --engine spark --spark-master URL}). */
final class EngineOptions {

    @Option(names = "--engine", defaultValue = "local", paramLabel = "local|spark",
            description = "Where the method runs: local (this JVM, default) or spark (lsc-r, lsc-k, scacs and sc-pc on a Spark "
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
