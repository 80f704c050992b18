package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.Parameter;
import io.csc.data.DataFormat;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csc generate}, and {@code csc cluster} / {@code csc algorithms} with scacs and sc-pc. */
class GenerateAndLandmarkMethodsCommandTest {

    @TempDir
    Path folder;

    private static CliTest.Run run(String... args) {
        return CliTest.run(args);
    }

    @Test
    void generateWritesAMixtureWithLabelsThatReadsBack() {
        Path file = folder.resolve("mixture.csv");
        CliTest.Run outcome = run("generate", "--n", "500", "--d", "4", "-k", "3", "--seed", "7", "--output", file.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("[csc] writing mixture.csv"), outcome.err());
        Dataset data = DataLoader.load(file, DataFormat.AUTO, (String) null);
        assertEquals(500, data.size());
        assertEquals(4, data.dimension());
        assertEquals(3, data.classCount());
        String firstRow = readLine(file, 1);
        for (String value : firstRow.split(",")) {
            int dot = value.indexOf('.');
            assertTrue(dot < 0 || value.length() - dot - 1 <= 4, "at most 4 decimals by default: " + firstRow);
        }
        CliTest.Run again = run("generate", "--n", "500", "--d", "4", "-k", "3", "--seed", "7", "--quiet",
                "--output", folder.resolve("again.csv").toString());
        assertEquals("", again.err());
        assertEquals(readLine(file, 1), readLine(folder.resolve("again.csv"), 1), "same seed, same data");
    }

    @Test
    void generateRefusesBadArgumentsWithOneLine() {
        CliTest.Run clusters = run("generate", "--n", "10", "--d", "2", "-k", "11", "--output", folder.resolve("x.csv").toString());
        assertEquals(2, clusters.exitCode());
        assertEquals("csc: Invalid clusters: 11 (must be between 1 and size 10)", clusters.err().trim());
        CliTest.Run decimals = run("generate", "--n", "10", "--d", "2", "-k", "2", "--decimals", "x",
                "--output", folder.resolve("x.csv").toString());
        assertEquals(2, decimals.exitCode());
        assertEquals("csc: Invalid --decimals 'x': expected 0 to 15 or 'exact'", decimals.err().trim());
        CliTest.Run missing = run("generate", "--n", "10", "--d", "2", "-k", "2");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("Missing required option: '--output=FILE'"), missing.err());
    }

    @Test
    void bothMethodsClusterTheGeneratedDataWithParametersAndReportTheirDiagnostics() {
        Path file = folder.resolve("mixture.csv");
        assertEquals(0, run("generate", "--n", "2000", "--d", "5", "-k", "4", "--seed", "3", "--separation", "6",
                "--quiet", "--output", file.toString()).exitCode());
        CliTest.Run scacs = run("cluster", "--data", file.toString(), "-a", "scacs", "--known-labels", "100", "--json",
                "--quiet", "--threads", "1", "--param", "landmarks=200", "--param", "beta0=0.3");
        assertEquals(0, scacs.exitCode(), scacs.err());
        JsonObject report = JsonParser.parseString(scacs.out()).getAsJsonObject();
        assertTrue(report.getAsJsonObject("metrics").get("acc").getAsDouble() > 0.95, scacs.out());
        JsonObject diagnostics = report.getAsJsonObject("diagnostics");
        assertEquals(200, diagnostics.get("landmarks").getAsInt());
        assertEquals(0.3, diagnostics.get("beta0").getAsDouble());
        assertTrue(diagnostics.has("gammaMax") && diagnostics.has("constantCosines"), scacs.out());

        CliTest.Run scpc = run("cluster", "--data", file.toString(), "-a", "sc-pc", "--known-labels", "100", "--json",
                "--quiet", "--threads", "1", "--param", "neighbours=3", "--param", "variant=paper");
        assertEquals(0, scpc.exitCode(), scpc.err());
        JsonObject scpcReport = JsonParser.parseString(scpc.out()).getAsJsonObject();
        assertTrue(scpcReport.getAsJsonObject("metrics").get("acc").getAsDouble() > 0.95, scpc.out());
        assertEquals(100, scpcReport.getAsJsonObject("diagnostics").get("landmarks").getAsInt());

        CliTest.Run unknown = run("cluster", "--data", file.toString(), "-a", "scacs", "--known-labels", "100",
                "--quiet", "--param", "beta=0.3");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().startsWith("csc: Unknown parameter 'beta' for scacs"), unknown.err());
    }

    @Test
    void algorithmsListsEveryOptionOfBothMethods() {
        CliTest.Run outcome = run("algorithms");
        assertEquals(0, outcome.exitCode());
        for (String name : new String[] {"scacs", "sc-pc"}) {
            assertTrue(outcome.out().contains(name + "  "), outcome.out());
            for (Parameter<?> parameter : AlgorithmRegistry.byName(name).parameters()) {
                assertTrue(outcome.out().contains("--param " + parameter.name() + "="), parameter.name());
            }
        }
        assertTrue(outcome.out().contains("--param beta0=auto"));
        assertTrue(outcome.out().contains("--param neighbours=5"));
    }

    private static String readLine(Path file, int index) {
        try (var lines = Files.lines(file)) {
            return lines.skip(index).findFirst().orElseThrow();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
