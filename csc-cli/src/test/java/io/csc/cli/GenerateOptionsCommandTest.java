package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.DataFormat;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csc generate} with --weights, --features binary and --informative. */
class GenerateOptionsCommandTest {

    @TempDir
    Path folder;

    private CliTest.Run generate(String file, String... options) {
        String[] base = {"generate", "--n", "1000", "--d", "12", "-k", "4", "--seed", "5", "-q",
                "--output", folder.resolve(file).toString()};
        String[] args = Arrays.copyOf(base, base.length + options.length);
        System.arraycopy(options, 0, args, base.length, options.length);
        return CliTest.run(args);
    }

    private Dataset load(String file) {
        return DataLoader.load(folder.resolve(file), DataFormat.AUTO, (String) null);
    }

    @Test
    void weightsGiveImbalancedClasses() {
        CliTest.Run run = generate("imbalanced.csv", "--weights", "0.8,0.15,0.04,0.01");
        assertEquals(0, run.exitCode(), run.err());
        int[] sizes = new int[4];
        Arrays.stream(load("imbalanced.csv").labels()).forEach(label -> sizes[label]++);
        Arrays.sort(sizes);
        assertArrayEquals(new int[] {10, 40, 150, 800}, sizes);
    }

    @Test
    void binaryFeaturesAreZerosAndOnesAndTheSameSeedWritesTheSameFile() throws IOException {
        assertEquals(0, generate("binary.csv", "--features", "binary", "--informative", "3").exitCode());
        assertEquals(0, generate("again.csv", "--features", "binary", "--informative", "3").exitCode());
        assertEquals(0, generate("other.csv", "--features", "binary").exitCode());
        Dataset data = load("binary.csv");
        assertEquals(12, data.dimension());
        assertTrue(Arrays.stream(data.features()).allMatch(value -> value == 0 || value == 1));
        String row = Files.readAllLines(folder.resolve("binary.csv")).get(1);
        assertTrue(row.matches("([01],){12}\\d+"), row);
        assertArrayEquals(Files.readAllBytes(folder.resolve("binary.csv")), Files.readAllBytes(folder.resolve("again.csv")));
        assertTrue(!Arrays.equals(Files.readAllBytes(folder.resolve("binary.csv")),
                Files.readAllBytes(folder.resolve("other.csv"))), "--informative 2 (d/6) differs from 3");
    }

    @Test
    void badOptionsAreRefusedWithOneLineNamingTheFlagAndValue() {
        assertRefused("csc: Invalid --weights '0.5,0.4,0.05,0.01': the weights sum to 0.96, not 1 (within 0.01); "
                + "give shares such as 0.8,0.15,0.04,0.01", "--weights", "0.5,0.4,0.05,0.01");
        assertRefused("csc: Invalid --weights '0.5,0.5': 2 weights for 4 clusters (-k); give one per cluster",
                "--weights", "0.5,0.5");
        assertRefused("csc: Invalid --weights '0.5,a,0.25,0.25': 'a' is not a number; give comma-separated shares "
                + "such as 0.8,0.15,0.04,0.01", "--weights", "0.5,a,0.25,0.25");
        assertRefused("csc: Invalid --features 'ternary': expected gaussian or binary", "--features", "ternary");
        assertRefused("csc: Invalid --informative 13: must be between 1 and the 12 features of --d",
                "--features", "binary", "--informative", "13");
        assertRefused("csc: Invalid --informative 3: only --features binary has informative features; drop it or add "
                + "--features binary", "--informative", "3");
    }

    private void assertRefused(String message, String... options) {
        CliTest.Run run = generate("refused.csv", options);
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertEquals(message, run.err().trim());
        assertTrue(!Files.exists(folder.resolve("refused.csv")));
    }

    /** A size beyond the heap is refused in one line with what it needs, not with the allocation's stack trace. */
    @Test
    void aSizeBeyondTheHeapIsRefusedWithWhatItNeeds() {
        long needed = 2_000_000_000L * (Double.BYTES + Integer.BYTES);
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < needed);
        CliTest.Run run = CliTest.run("generate", "--n", "2000000000", "--d", "1", "-k", "2", "-q", "--output",
                folder.resolve("huge.csv").toString());
        assertEquals(ExitCodes.FAILED, run.exitCode(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        org.junit.jupiter.api.Assertions.assertTrue(run.err().startsWith("csc: Cannot generate 2000000000 x 1: the points "
                + "take 24.0 GB in memory and the JVM may use "), run.err());
        org.junit.jupiter.api.Assertions.assertTrue(run.err().contains("JAVA_OPTS=-Xmx29g"), run.err());
        org.junit.jupiter.api.Assertions.assertTrue(!java.nio.file.Files.exists(folder.resolve("huge.csv")));
    }

    @Test
    void aNumPyNameWithAnotherFormatIsRefusedBeforeWriting() {
        CliTest.Run run = generate("mix.npy", "--format", "csv");
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("names a NumPy file, but --format csv writes CSV text"), run.err());
        assertTrue(Files.notExists(folder.resolve("mix.npy")), "nothing is written");
        assertEquals(0, generate("mix.npy", "--format", "npy").exitCode());
    }
}
