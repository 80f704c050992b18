package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line through picocli with captured output, as a user runs it. */
class CliTest {

    @TempDir
    static Path directory;
    static Path wine;

    record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    static void writeData() throws IOException {
        wine = directory.resolve("wine.csv");
        CsvWriter.write(BundledData.load("wine"), wine);
    }

    /** Runs with {@code input} as standard input (restored afterwards), for {@code --data -}. */
    static Run runWithInput(String input, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        try {
            return run(args);
        } finally {
            System.setIn(before);
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = CscCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void clusterPrintsOneJsonObjectWithTheDocumentedFields() {
        Run run = run("cluster", "--data", wine.toString(), "-a", "cop-kmeans", "--known-fraction", "0.1", "--json", "--quiet",
                "--threads", "1");
        assertEquals(0, run.exitCode(), run.err());
        JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals("cop-kmeans", json.get("algorithm").getAsString());
        assertEquals(178, json.get("n").getAsInt());
        assertEquals(13, json.get("d").getAsInt());
        assertEquals(3, json.get("k").getAsInt());
        assertTrue(json.get("seconds").getAsDouble() >= 0);
        assertTrue(json.get("backend").getAsString().length() > 0);
        JsonObject constraints = json.getAsJsonObject("constraints");
        assertTrue(constraints.get("mustLink").getAsLong() > 0 && constraints.get("cannotLink").getAsLong() > 0);
        JsonObject metrics = json.getAsJsonObject("metrics");
        for (String metric : List.of("acc", "nmi", "ari", "ri", "cons")) {
            assertTrue(metrics.has(metric), metric);
        }
        assertEquals(1.0, metrics.get("cons").getAsDouble());
        assertTrue(metrics.get("acc").getAsDouble() > 0.9);
        assertTrue(json.has("diagnostics"));
    }

    @Test
    void bundledNamesWorkWithoutADataDirectory() {
        Path empty = directory.resolve("no-data-here");
        Run run = run("cluster", "--data", "iris", "--data-dir", empty.toString(), "-a", "njw", "--json", "--quiet",
                "--threads", "1");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(150, JsonParser.parseString(run.out()).getAsJsonObject().get("n").getAsInt());
        Run missing = run("cluster", "--data", "glass", "--data-dir", empty.toString(), "-a", "njw", "--quiet");
        assertEquals(ExitCodes.DATA, missing.exitCode());
        assertTrue(missing.err().contains("No data set 'glass'"), missing.err());
    }

    @Test
    void anUnknownDataSetSaysWhatWasTriedAndHowToChooseTheDataDirectory(@TempDir Path dataDirectory) throws IOException {
        Files.copy(wine, dataDirectory.resolve("wine.csv"));
        Run missing = run("cluster", "--data", "my.csv", "--data-dir", dataDirectory.toString(), "-q");
        assertEquals(ExitCodes.DATA, missing.exitCode());
        assertEquals("csc: No data set 'my.csv': tried my.csv, " + dataDirectory.resolve("my.csv") + "; the data directory "
                + dataDirectory + " holds wine; give an existing file, or the name of a data set in the data directory "
                + "(choose it with --data-dir DIR or $CSC_DATA_DIR)\n", missing.err());
        Path nowhere = dataDirectory.resolve("nowhere");
        Run named = run("cluster", "--data", "glass", "--data-dir", nowhere.toString(), "-q");
        assertTrue(named.err().contains("tried glass, " + nowhere.resolve("glass") + ", " + nowhere.resolve("glass.csv")
                + "; the data directory " + nowhere + " does not exist;"), named.err());
    }

    @Test
    void clusterWritesOneLabelPerPointAndEvaluateScoresIt() throws IOException {
        Path labels = directory.resolve("out/labels.txt");
        Run cluster = run("cluster", "--data", wine.toString(), "-a", "njw", "--output", labels.toString(), "-q");
        assertEquals(0, cluster.exitCode(), cluster.err());
        assertTrue(cluster.out().contains("ACC"), cluster.out());
        assertEquals(178, Files.readAllLines(labels).size());
        Path truth = directory.resolve("truth.txt");
        Files.write(truth, java.util.Arrays.stream(BundledData.load("wine").labels()).mapToObj(Integer::toString).toList());
        Run evaluate = run("evaluate", "--truth", truth.toString(), "--pred", labels.toString(), "--json");
        assertEquals(0, evaluate.exitCode(), evaluate.err());
        JsonObject metrics = JsonParser.parseString(evaluate.out()).getAsJsonObject();
        assertTrue(metrics.get("acc").getAsDouble() > 0.9);
        Run self = run("evaluate", "--truth", truth.toString(), "--pred", truth.toString());
        assertTrue(self.out().contains("ACC  1.0000"), self.out());
    }

    @Test
    void badInputGivesOneLineAndTheDocumentedExitCode() throws IOException {
        Run missing = run("cluster", "--data", directory.resolve("nope.csv").toString());
        assertEquals(ExitCodes.DATA, missing.exitCode());
        assertTrue(missing.err().startsWith("csc: ") && missing.err().contains("nope"), missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());

        Run unknown = run("cluster", "--data", wine.toString(), "-a", "kmeanz");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("Unknown algorithm 'kmeanz'"), unknown.err());

        Run parameter = run("cluster", "--data", wine.toString(), "--param", "sigma=-2");
        assertEquals(ExitCodes.USAGE, parameter.exitCode());
        assertTrue(parameter.err().contains("Invalid sigma"), parameter.err());

        for (String supervision : List.of("--known-labels=0", "--known-fraction=0.1")) {
            Run noClusters = run("cluster", "--data", wine.toString(), "-k", "0", supervision, "-q");
            assertEquals(ExitCodes.USAGE, noClusters.exitCode());
            assertEquals("csc: Invalid -k: 0 (must be >= 1)", noClusters.err().strip(), supervision);
        }

        Run twice = run("cluster", "--data", wine.toString(), "--param", "sigma=0.5", "--param", "sigma=2", "-q");
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertEquals("csc: Invalid --param: sigma is given twice, as 0.5 and 2; give it once", twice.err().strip());

        Run tooMany = run("cluster", "--data", wine.toString(), "-k", "500", "-q");
        assertEquals(ExitCodes.FAILED, tooMany.exitCode());
        assertTrue(tooMany.err().contains("k must not exceed the number of points"), tooMany.err());

        Path ragged = directory.resolve("ragged.csv");
        Files.writeString(ragged, "a,b,label\n1,2,x\n3,y\n");
        Run data = run("cluster", "--data", ragged.toString(), "-k", "2");
        assertEquals(ExitCodes.DATA, data.exitCode());
        assertTrue(data.err().contains("line 3"), data.err());

        Run option = run("cluster", "--data", wine.toString(), "--no-such-flag");
        assertEquals(ExitCodes.USAGE, option.exitCode());
    }

    @Test
    void algorithmsListsEveryMethodWithItsOptions() {
        Run run = run("algorithms");
        assertEquals(0, run.exitCode());
        for (String name : List.of("njw", "lsc-r", "lsc-k", "nystrom", "cop-kmeans")) {
            assertTrue(run.out().contains(name + "  "), name);
        }
        assertTrue(run.out().contains("--param landmarks=auto"), run.out());
        Run json = run("algorithms", "--json");
        assertTrue(JsonParser.parseString(json.out()).getAsJsonArray().size() >= 5);
    }

    @Test
    void demoComparesMethodsOnBundledData() {
        Run run = run("demo", "--data", "iris", "--repeats", "1", "--threads", "1");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("iris: 150 points x 4 features, 3 classes"), run.out());
        assertTrue(run.out().contains("cop-kmeans"), run.out());
    }

    /** The Spark engine never reads --threads: given with it, it is refused rather than reported as the fit's threads. */
    @Test
    void threadsBesideTheSparkEngineAreRefused() {
        Run run = run("cluster", "--data", wine.toString(), "-a", "scacs", "--engine", "spark", "--threads", "1", "--json",
                "--quiet");
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals("csc: --threads sets the local engine's threads; the Spark engine runs as many tasks at once as its "
                + "master's slots: drop --threads, and give --spark-master local[N] for N threads on this machine",
                run.err().strip());
    }

    /**
     * Spark reads every file of a Parquet directory but the hidden ones: labels or a model written
     * into it made it unreadable (each later run failed inside a Spark task as an internal error),
     * so such an output is refused, and a directory holding such a file is named with the file.
     */
    @Test
    void aParquetDirectoryTakesNoOutputAndIsRefusedHoldingAFileThatIsNotParquet() throws IOException {
        Path parquet = Files.createDirectories(directory.resolve("points.parquet"));
        Files.write(parquet.resolve("part-00000-c000.snappy.parquet"), "PAR1 and the rest".getBytes(
                StandardCharsets.US_ASCII));
        Files.writeString(parquet.resolve("_SUCCESS"), "");
        Files.writeString(parquet.resolve(".part-00000-c000.snappy.parquet.crc"), "crc");
        for (String option : List.of("--output", "--save-model")) {
            Path inside = parquet.resolve("labels.txt");
            Run run = run("cluster", "--data", parquet.toString(), "-a", "scacs", "--engine", "spark", option,
                    inside.toString(), "--quiet");
            assertEquals(ExitCodes.DATA, run.exitCode(), run.err());
            assertEquals("csc: Cannot write " + option + " " + inside + ": it is inside the Parquet directory " + parquet
                    + ", every file of which Spark reads as data, so that the directory could no longer be read; choose "
                    + "a file outside it", run.err().strip());
        }
        Files.writeString(parquet.resolve("notes.txt"), "where the points come from");
        Run run = run("cluster", "--data", parquet.toString(), "-a", "scacs", "--engine", "spark", "--quiet");
        assertEquals(ExitCodes.DATA, run.exitCode(), run.err());
        assertEquals("csc: " + parquet + " holds notes.txt, which is not a Parquet file: Spark reads every file of the "
                + "directory but those whose names start with _ or ., so move it out (or rename it so)", run.err().strip());
    }
}
