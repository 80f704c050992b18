package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.Parameter;
import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSP-ML and FAST-CSP-ML through the command line. */
class CspMlCliTest {

    @TempDir
    static Path directory;
    static Path iris;

    @BeforeAll
    static void writeData() throws IOException {
        iris = directory.resolve("iris.csv");
        CsvWriter.write(BundledData.load("iris"), iris);
    }

    @Test
    void algorithmsListsEveryOptionOfBothMethods() {
        CliTest.Run run = CliTest.run("algorithms");
        assertEquals(0, run.exitCode(), run.err());
        for (String name : List.of("csp-ml", "fast-csp-ml")) {
            assertTrue(run.out().contains(name + "  "), name);
            for (Parameter<?> parameter : AlgorithmRegistry.byName(name).parameters()) {
                assertTrue(run.out().contains("--param " + parameter.name() + "="), name + " " + parameter.name());
            }
        }
    }

    @Test
    void clusterRunsBothMethodsWithParameters() {
        for (List<String> method : List.of(List.of("csp-ml", "alpha=0.25"), List.of("fast-csp-ml", "samples=60"))) {
            CliTest.Run run = CliTest.run("cluster", "--data", iris.toString(), "-a", method.get(0), "--param",
                    method.get(1), "--known-labels", "30", "--json", "--quiet", "--threads", "1");
            assertEquals(0, run.exitCode(), run.err());
            JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
            assertEquals(method.get(0), json.get("algorithm").getAsString());
            assertTrue(json.getAsJsonObject("metrics").get("ri").getAsDouble() > 0.85, run.out());
        }
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        CliTest.Run run = CliTest.run("cluster", "--data", iris.toString(), "-a", "fast-csp-ml", "--param",
                "bandwidth=self-tuning", "--quiet");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("Invalid bandwidth for fast-csp-ml: self-tuning"), run.err());
    }
}
