package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import io.csc.data.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --data -}: every command that takes {@code --data} reads standard input as a data set. */
class StandardInputTest {

    @TempDir
    static Path directory;
    static String irisCsv;

    @BeforeAll
    static void writeData() throws IOException {
        Path iris = directory.resolve("iris.csv");
        CsvWriter.write(BundledData.load("iris"), iris);
        irisCsv = Files.readString(iris);
    }

    @Test
    void clusterReadsCsvFromStandardInputAsFromTheFile() {
        Path file = directory.resolve("iris.csv");
        CliTest.Run fromFile = CliTest.run("cluster", "--data", file.toString(), "-a", "njw", "--json-labels", "-q",
                "--threads", "1");
        CliTest.Run fromInput = CliTest.runWithInput(irisCsv, "cluster", "--data", "-", "-a", "njw", "--json-labels",
                "-q", "--threads", "1");
        assertEquals(0, fromInput.exitCode(), fromInput.err());
        JsonObject json = JsonParser.parseString(fromInput.out()).getAsJsonObject();
        assertEquals("stdin", json.get("data").getAsString());
        assertEquals(150, json.get("n").getAsInt());
        assertEquals(JsonParser.parseString(fromFile.out()).getAsJsonObject().get("labels"), json.get("labels"));
    }

    @Test
    void formatStillAppliesToStandardInput() {
        CliTest.Run run = CliTest.runWithInput("1 1:0.1 2:0.2\n1 1:0.2 2:0.1\n2 1:5 2:5.2\n2 1:5.1 2:4.9\n", "cluster",
                "--data", "-", "--format", "libsvm", "-a", "njw", "--json", "-q", "--threads", "1");
        assertEquals(0, run.exitCode(), run.err());
        JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals(4, json.get("n").getAsInt());
        assertEquals(2, json.get("d").getAsInt());
        assertEquals(1.0, json.getAsJsonObject("metrics").get("acc").getAsDouble());
    }

    @Test
    void errorsNameStandardInput() {
        CliTest.Run ragged = CliTest.runWithInput("a,b,label\n1,2,x\n3,y\n", "cluster", "--data", "-", "-k", "2", "-q");
        assertEquals(ExitCodes.DATA, ragged.exitCode());
        assertEquals("csc: <stdin> line 3 has 2 fields, the header has 3; give every row one value per column, "
                + "separated by ','\n", ragged.err());
        CliTest.Run empty = CliTest.runWithInput("", "cluster", "--data", "-", "-k", "2", "-q");
        assertEquals(ExitCodes.DATA, empty.exitCode());
        assertTrue(empty.err().startsWith("csc: <stdin> is empty"), empty.err());
    }

    @Test
    void experimentReportAndDemoReadStandardInputToo() throws IOException {
        Path out = directory.resolve("experiment");
        CliTest.Run experiment = CliTest.runWithInput(irisCsv, "experiment", "--data", "-", "-a", "njw,cop-kmeans",
                "--known-fraction", "0.1", "--repeats", "1", "--plot", "none", "--out", out.toString(), "-q",
                "--threads", "1");
        assertEquals(0, experiment.exitCode(), experiment.err());
        assertTrue(Files.readString(out.resolve("results.csv")).contains("stdin,"), "the data set is named stdin");

        CliTest.Run twice = CliTest.runWithInput(irisCsv, "experiment", "--data", "-,-", "-a", "njw", "--out",
                directory.resolve("twice").toString(), "-q");
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertTrue(twice.err().contains("standard input can be read only once"), twice.err());

        Path page = directory.resolve("docs/RESULTS.md");
        CliTest.Run report = CliTest.runWithInput(irisCsv, "report", "--data", "-", "-a", "njw", "--repeats", "1",
                "--output", page.toString(), "--work", directory.resolve("work").toString(), "-q", "--threads", "1");
        assertEquals(0, report.exitCode(), report.err());
        assertTrue(Files.readString(page).contains("stdin"), "the page names the data set");

        CliTest.Run demo = CliTest.runWithInput(irisCsv, "demo", "--data", "-", "--repeats", "1", "--threads", "1");
        assertEquals(0, demo.exitCode(), demo.err());
        Dataset iris = BundledData.load("iris");
        assertTrue(demo.out().contains("stdin: " + iris.size() + " points x " + iris.dimension() + " features"),
                demo.out());
    }
}
