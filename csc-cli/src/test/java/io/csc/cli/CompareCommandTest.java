package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csc compare} over two {@code csc experiment} folders, one of them with noisy pairs. */
class CompareCommandTest {

    @TempDir
    static Path folder;
    static Path labels;
    static Path noisyPairs;

    @BeforeAll
    static void runTwoExperiments() {
        labels = folder.resolve("labels");
        noisyPairs = folder.resolve("noisy-pairs");
        CliTest.Run first = CliTest.run("experiment", "--data", "iris,wine", "-a", "njw,cop-kmeans", "--known-fraction",
                "0.1,0.2", "--repeats", "2", "--threads", "1", "-q", "--plot", "none", "--out", labels.toString());
        assertEquals(0, first.exitCode(), first.err());
        CliTest.Run second = CliTest.run("experiment", "--data", "iris", "-a", "njw,cop-kmeans", "--kind", "noisy-pairs:0.1",
                "--known", "100", "--repeats", "2", "--threads", "1", "-q", "--plot", "none", "--out", noisyPairs.toString());
        assertEquals(0, second.exitCode(), second.err());
        assertTrue(second.out().contains("noisy-pairs:0.1 at 100"), second.out());
    }

    @Test
    void printsAndWritesTheWinsTiesAndLossesOfEveryConstrainedMethod() throws IOException {
        Path out = folder.resolve("report").resolve("benefit.md");
        CliTest.Run run = CliTest.run("compare", "--from", labels + "," + noisyPairs, "--baselines", "njw", "--out",
                out.toString());
        assertEquals(0, run.exitCode(), run.err());
        String text = Files.readString(out);
        assertTrue(run.out().startsWith(text), run.out());
        assertTrue(text.contains("over 5 conditions"), text);
        assertTrue(text.contains("| method | conditions | mean ACC | collapsed runs | vs njw W / T / L | worst vs njw |"), text);
        String copKmeans = text.lines().filter(line -> line.startsWith("| cop-kmeans | 5 |")).findFirst().orElseThrow();
        String[] tally = copKmeans.split("\\|")[5].trim().split(" / ");
        assertEquals(5, Integer.parseInt(tally[0]) + Integer.parseInt(tally[1]) + Integer.parseInt(tally[2]), copKmeans);
        assertTrue(text.contains("| iris | noisy-pairs:0.1 | 100 |"), text);
        assertTrue(text.contains("| wine | labels | 20% |"), text);
    }

    @Test
    void aConstrainedBaselineIsNotComparedWithItself() {
        CliTest.Run run = CliTest.run("compare", "--from", labels.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("vs njw W / T / L | vs cop-kmeans W / T / L"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("| cop-kmeans | 4 |") && line.contains("| - |")),
                run.out());
    }

    @Test
    void badInputGivesOneLineNamingTheFlag() {
        assertRefused(ExitCodes.DATA, "csc: Invalid --from '" + folder.resolve("nothing") + "': no such folder; give a "
                + "folder that 'csc experiment' wrote", "--from", folder.resolve("nothing").toString());
        assertRefused(ExitCodes.DATA, "csc: Invalid --from '" + labels.resolve("records.jsonl") + "': compare reads the "
                + "results.csv of an experiment, not records.jsonl; give the folder " + labels + " or its results.csv",
                "--from", labels.resolve("records.jsonl").toString());
        assertRefused(ExitCodes.USAGE, "csc: Invalid --baselines 'lsc-r': no results of lsc-r (methods there: njw, "
                + "cop-kmeans)", "--from", labels.toString(), "--baselines", "lsc-r");
        assertRefused(ExitCodes.USAGE, "csc: Invalid --tie -1.0: must be a finite number >= 0, e.g. 0.01",
                "--from", labels.toString(), "--tie", "-1");
        assertRefused(ExitCodes.USAGE, "csc: Invalid --measure 'speed': expected acc, nmi, ari, ri, dbi, cons or seconds",
                "--from", labels.toString(), "--measure", "speed");
        assertRefused(ExitCodes.USAGE, "csc: Invalid --baselines 'njw,njw': Invalid baselines: njw,njw (a method is "
                + "given twice)", "--from", labels.toString(), "--baselines", "njw,njw");
    }

    @Test
    void aResultsFileWithoutResultsIsNamedAsSuch() throws IOException {
        Path empty = Files.createDirectories(folder.resolve("empty"));
        String header = Files.readAllLines(labels.resolve("results.csv")).get(0);
        Files.writeString(empty.resolve("results.csv"), header + "\n");
        assertRefused(ExitCodes.DATA, "csc: " + empty.resolve("results.csv") + " holds no results: give the folder of "
                + "a finished csc experiment", "--from", empty.toString());
    }

    /** --out naming a results.csv read was written over it, the experiment's results lost; a folder failed after the tables. */
    @Test
    void anOutputThatIsAnInputOrAFolderIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path results = labels.resolve("results.csv");
        byte[] before = Files.readAllBytes(results);
        assertRefused(ExitCodes.DATA, "csc: Cannot write --out " + results + ": it is also an input (" + results
                + ") and would be overwritten; choose another file", "--from", labels.toString(), "--out",
                results.toString());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(results)), "the input is untouched");
        assertRefused(ExitCodes.DATA, "csc: Cannot write --out " + labels + ": it is a folder; give a file name",
                "--from", labels.toString(), "--out", labels.toString());
    }

    private static void assertRefused(int code, String message, String... options) {
        String[] args = new String[options.length + 1];
        args[0] = "compare";
        System.arraycopy(options, 0, args, 1, options.length);
        CliTest.Run run = CliTest.run(args);
        assertEquals(code, run.exitCode(), run.err());
        assertEquals(message, run.err().trim());
    }
}
