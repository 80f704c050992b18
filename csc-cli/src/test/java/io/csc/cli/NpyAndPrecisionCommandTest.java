package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.data.CsvOptions;
import io.csc.data.DataFormat;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csc generate --format npy}, .npy data and {@code --precision float} through the command line. */
class NpyAndPrecisionCommandTest {

    @TempDir
    Path folder;

    @Test
    void generateWritesNpyArraysThatClusterAsTheCsvDoes() throws Exception {
        Path npy = folder.resolve("mix.npy");
        CliTest.Run generate = CliTest.run("generate", "--n", "3000", "--d", "6", "-k", "4", "--seed", "5",
                "--separation", "5", "--precision", "float", "--output", npy.toString());
        assertEquals(0, generate.exitCode(), generate.err());
        assertTrue(generate.err().contains("mix.labels.npy"), generate.err());
        assertEquals(128 + 3000 * 6 * 4, Files.size(npy), "float32 values after a 128-byte header");
        assertEquals(128 + 3000 * 4, Files.size(folder.resolve("mix.labels.npy")));
        Path csv = folder.resolve("mix.csv");
        assertEquals(0, CliTest.run("generate", "--n", "3000", "--d", "6", "-k", "4", "--seed", "5", "--separation", "5",
                "--decimals", "exact", "--quiet", "--output", csv.toString()).exitCode());
        Dataset fromNpy = DataLoader.load(npy);
        Dataset fromCsv = DataLoader.load(csv, DataFormat.AUTO, CsvOptions.defaults(), Precision.FLOAT);
        assertEquals(fromCsv.classNames(), fromNpy.classNames());
        for (int i = 0; i < 3000; i += 97) {
            assertEquals(fromCsv.label(i), fromNpy.label(i));
            assertEquals(fromCsv.feature(i, 3), fromNpy.feature(i, 3));
        }

        // select=none: scacs's own fit, which keeps single precision (a guard's reference may widen)
        JsonObject single = cluster(npy, "scacs", "--precision", "float", "--param", "select=none");
        JsonObject widened = cluster(npy, "scacs", "--param", "select=none");
        assertEquals("float", single.get("precision").getAsString());
        assertEquals("double", widened.get("precision").getAsString());
        double singleAccuracy = single.getAsJsonObject("metrics").get("acc").getAsDouble();
        double doubleAccuracy = widened.getAsJsonObject("metrics").get("acc").getAsDouble();
        assertTrue(singleAccuracy > 0.9, single.toString());
        assertEquals(doubleAccuracy, singleAccuracy, 0.005);
        assertFalse(single.getAsJsonObject("diagnostics").get("warnings").toString().contains("widened"),
                single.toString());

        JsonObject njw = cluster(npy, "njw", "--precision", "float", "--param", "graph=knn");
        assertTrue(njw.getAsJsonObject("diagnostics").get("warnings").toString().contains("widened"), njw.toString());
    }

    private JsonObject cluster(Path data, String method, String... extra) {
        String[] base = {"cluster", "--data", data.toString(), "-a", method, "--known-labels", "60", "--seed", "2",
                "--threads", "1", "--json", "--quiet"};
        String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        CliTest.Run run = CliTest.run(args);
        assertEquals(0, run.exitCode(), run.err());
        return JsonParser.parseString(run.out()).getAsJsonObject();
    }

    @Test
    void badChoicesAreOneLineUsageErrors() {
        CliTest.Run precision = CliTest.run("cluster", "--data", "iris", "--precision", "half");
        assertEquals(2, precision.exitCode());
        assertEquals("csc: Invalid --precision 'half': expected double or float", precision.err().trim());
        CliTest.Run format = CliTest.run("generate", "--n", "10", "--d", "2", "-k", "2", "--format", "arrow",
                "--output", folder.resolve("x.npy").toString());
        assertEquals(2, format.exitCode());
        assertEquals("csc: Invalid --format 'arrow': expected csv, npy, parquet or auto", format.err().trim());
        CliTest.Run labels = CliTest.run("generate", "--n", "10", "--d", "2", "-k", "2",
                "--output", folder.resolve("x.labels.npy").toString());
        assertEquals(2, labels.exitCode());
        assertTrue(labels.err().contains("is where labels go"), labels.err());
        CliTest.Run floatCsv = CliTest.run("generate", "--n", "10", "--d", "2", "-k", "2", "--precision", "float",
                "--output", folder.resolve("x.csv").toString());
        assertEquals(2, floatCsv.exitCode());
        assertTrue(floatCsv.err().contains("--precision float applies to --format npy"), floatCsv.err());
        assertTrue(Files.notExists(folder.resolve("x.csv")));
        CliTest.Run stdin = CliTest.run("cluster", "--data", "-", "--format", "npy", "-k", "2");
        assertEquals(3, stdin.exitCode(), stdin.err());
        assertTrue(stdin.err().contains("give the .npy file"), stdin.err());
    }
}
