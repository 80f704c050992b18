package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csc cluster --neighbour-search}: the k-NN graph's search and its report. */
class NeighbourSearchCommandTest {

    @TempDir
    Path folder;

    @Test
    void approximateSearchReportsItsRecallAndExactSaysSo() {
        Path file = folder.resolve("mix.csv");
        assertEquals(0, CliTest.run("generate", "--n", "1200", "--d", "5", "-k", "3", "--seed", "4", "--quiet",
                "--output", file.toString()).exitCode());
        JsonObject approximate = cluster(file, "approximate");
        JsonObject search = approximate.getAsJsonObject("diagnostics").getAsJsonObject("neighbourSearch");
        assertEquals("nn-descent", search.get("method").getAsString());
        assertTrue(search.get("recall").getAsDouble() > 0.97, search.toString());
        JsonObject exact = cluster(file, "exact");
        assertEquals("exact", exact.getAsJsonObject("diagnostics").getAsJsonObject("neighbourSearch")
                .get("method").getAsString());
        assertEquals(exact.getAsJsonObject("metrics").get("nmi").getAsDouble(),
                approximate.getAsJsonObject("metrics").get("nmi").getAsDouble(), 0.01);
        CliTest.Run bad = CliTest.run("cluster", "--data", "iris", "--neighbour-search", "fast");
        assertEquals(2, bad.exitCode());
        assertEquals("csc: Invalid --neighbour-search 'fast': expected auto, exact or approximate", bad.err().trim());
    }

    private static JsonObject cluster(Path data, String search) {
        CliTest.Run run = CliTest.run("cluster", "--data", data.toString(), "-a", "njw", "--param", "graph=knn",
                "--neighbour-search", search, "--threads", "2", "--json", "--quiet");
        assertEquals(0, run.exitCode(), run.err());
        return JsonParser.parseString(run.out()).getAsJsonObject();
    }
}
