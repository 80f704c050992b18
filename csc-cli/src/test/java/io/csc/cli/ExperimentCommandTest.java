package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import io.csc.experiment.ExperimentManifest;
import io.csc.experiment.ExperimentOutput;
import io.csc.experiment.ResultTable;
import io.csc.experiment.ResultTableCsv;
import io.csc.experiment.ResultTableMarkdown;
import io.csc.experiment.RunRecord;
import io.csc.experiment.SupervisionAmount;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ExperimentCommandTest {

    @TempDir
    Path folder;

    private Path dataDirectory;

    /** What one command printed and returned. */
    private record Run(int exitCode, String out, String err) {
    }

    @BeforeEach
    void writeData() throws IOException {
        dataDirectory = Files.createDirectories(folder.resolve("data"));
        CsvWriter.write(BundledData.load("iris"), dataDirectory.resolve("iris.csv"));
        CsvWriter.write(BundledData.load("wine"), dataDirectory.resolve("wine.csv"));
        Files.writeString(dataDirectory.resolve("README.md"), "not data");
    }

    private static Run run(String... args) {
        CommandLine command = CscCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        int code = command.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void anExperimentWritesTablesRecordsAndPlots() {
        Path output = folder.resolve("run");
        Run run = run("experiment", "--data", "iris,wine", "--data-dir", dataDirectory.toString(), "-a", "njw,cop-kmeans",
                "--known-fraction", "0.1,0.2", "--repeats", "2", "--threads", "2", "--out", output.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("csc experiment: 2 data sets, 2 methods, labels at 10%, 20%, 2 repetitions, seed 42, 12 fits"),
                run.out());
        List<ResultTableMarkdown.Table> printed = ResultTableMarkdown.read(run.out());
        assertEquals(List.of("iris", "wine"), printed.stream().map(ResultTableMarkdown.Table::heading).toList());
        assertEquals(List.of("njw (unconstrained)", "cop-kmeans", "cop-kmeans"),
                printed.get(0).rows().stream().map(row -> row.get(0)).toList());
        assertTrue(run.err().contains("[csc] experiment: 12 fits on 2 data sets with 2 threads"), run.err());

        List<RunRecord> records = ExperimentOutput.readRecords(output);
        assertEquals(12, records.size());
        ResultTable table = ResultTableCsv.read(output.resolve(ExperimentOutput.CSV));
        assertEquals(ResultTable.of(records), table);
        assertTrue(table.row("wine", "cop-kmeans", SupervisionAmount.fractionOf(0.2)).orElseThrow().summary(
                io.csc.experiment.Measure.ACCURACY).mean() > 0.8);
        ExperimentManifest manifest = ExperimentOutput.readManifest(output);
        assertEquals("csc experiment --data iris,wine --data-dir " + dataDirectory + " -a njw,cop-kmeans --known-fraction "
                + "0.1,0.2 --repeats 2 --threads 2 --out " + output, manifest.command());
        assertEquals(2, manifest.threads());
        assertTrue(Files.exists(output.resolve("plots/iris.png")));
        assertTrue(Files.exists(output.resolve("results.md")));
    }

    @Test
    void theSameSeedGivesTheSameTableWithOneOrTwoThreads() {
        Path one = folder.resolve("one");
        Path two = folder.resolve("two");
        String[] common = {"experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "cop-kmeans,lsc-k",
                "--param", "landmarks=30", "--known", "10,20", "--repeats", "2", "--seed", "5", "--plot", "none", "-q"};
        Run first1 = run(concat(common, "--threads", "1", "--out", one.toString()));
        assertEquals(0, first1.exitCode());
        assertTrue(first1.out().contains("wrote 4 files to " + one + " (experiment.json, records.jsonl, results.csv, "
                + "results.md)"), first1.out());
        assertEquals(0, run(concat(common, "--threads", "2", "--out", two.toString())).exitCode());
        List<RunRecord> first = ExperimentOutput.readRecords(one);
        List<RunRecord> second = ExperimentOutput.readRecords(two);
        assertEquals(first.size(), second.size());
        for (int index = 0; index < first.size(); index++) {
            assertEquals(first.get(index).evaluation(), second.get(index).evaluation());
            assertEquals(first.get(index).runSeed(), second.get(index).runSeed());
        }
        assertEquals("30", ExperimentOutput.readManifest(one).algorithm("lsc-k").orElseThrow().parameters().get("landmarks"));
        assertTrue(Files.notExists(one.resolve("plots")), "--plot none draws nothing");
    }

    @Test
    void badInputGivesOneLineAndTheUsageExitCode() {
        Run kind = run("experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "--kind", "noisy:2",
                "--out", folder.resolve("x").toString());
        assertEquals(ExitCodes.USAGE, kind.exitCode());
        assertEquals("csc: Invalid noise fraction: 2.0 (must be in [0, 1])\n", kind.err());
        Run parameter = run("experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw",
                "--param", "lsc-r:landmarks=20");
        assertEquals(ExitCodes.USAGE, parameter.exitCode());
        assertEquals("csc: Invalid --param 'lsc-r:landmarks=20': lsc-r is not among the selected methods (njw)\n",
                parameter.err());
        Path file = dataDirectory.resolve("iris.csv");
        Run fileOut = run("experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw", "--out",
                file.toString());
        assertEquals(ExitCodes.DATA, fileOut.exitCode());
        assertEquals("csc: Cannot write --out " + file + ": it is a file, not a folder; give --out a folder (one that "
                + "does not exist is made)", fileOut.err().strip());
        Run underFile = run("experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw", "--out",
                file.resolve("run").toString());
        assertEquals("csc: Cannot write --out " + file.resolve("run") + ": " + file + " is a file, not a folder; give "
                + "--out a folder (one that does not exist is made)", underFile.err().strip());
        Run twice = run("experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "lsc-r,nystrom",
                "--param", "landmarks=20", "--param", "lsc-r:landmarks=30", "--param", "lsc-r:landmarks=40");
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertEquals("csc: Invalid --param: lsc-r:landmarks is given twice, as 30 and 40; give it once",
                twice.err().strip());
        Run data = run("experiment", "--data", "iris,missing", "--data-dir", dataDirectory.toString());
        assertEquals(ExitCodes.DATA, data.exitCode());
        assertTrue(data.err().startsWith("csc: No data set 'missing': tried missing"), data.err());
        assertEquals(1, data.err().lines().count());
    }

    @Test
    void holdoutRefusesOptionsOutOfRangeWithOneLineNamingTheOption() {
        String[] holdout = {"holdout", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw", "-q"};
        assertEquals("csc: Invalid --repeats: 0 (must be >= 1)", usageError(with(holdout, "--repeats", "0")));
        assertEquals("csc: Invalid --repeats: -2 (must be >= 1)", usageError(with(holdout, "--repeats", "-2")));
        for (String fraction : List.of("-1", "1.5", "NaN")) {
            assertEquals("csc: Invalid --known-fraction: " + Double.parseDouble(fraction) + " (must be in [0, 1], the "
                    + "share of the training points labelled)", usageError(with(holdout, "--known-fraction", fraction)));
        }
        assertEquals("csc: Invalid --held-out: 1.0 (must be in (0, 1), the share of each data set held out)",
                usageError(with(holdout, "--held-out", "1")));
        assertEquals("csc: Invalid --held-out: 0.99 holds out 149 of the 150 points of iris and leaves 1 for training "
                + "(it must hold out at least 1 and leave at least 3, as many as the classes and at least 2); give a "
                + "share that holds out 1 to 147 points (0.004 to 0.98)", usageError(with(holdout, "--held-out", "0.99")));
        assertTrue(usageError(with(holdout, "--held-out", "0.001")).startsWith(
                "csc: Invalid --held-out: 0.001 holds out 0 of the 150 points of iris and leaves 150"));
    }

    /** An --out that cannot be written is refused before the fits, not after them with the tables lost. */
    @Test
    void holdoutChecksItsOutputBeforeFitting() throws IOException {
        Path taken = Files.createDirectories(folder.resolve("a-folder"));
        Run run = run("holdout", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw", "-q", "--out",
                taken.toString());
        assertEquals(ExitCodes.DATA, run.exitCode(), run.err());
        assertEquals("", run.out(), "no fit ran");
        assertEquals("csc: Cannot write --out " + taken + ": it is a folder; give a file name", run.err().strip());
        Path tables = folder.resolve("new/holdout.md");
        Run written = run("holdout", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw", "-q",
                "--repeats", "1", "--out", tables.toString());
        assertEquals(0, written.exitCode(), written.err());
        assertEquals(written.out(), Files.readString(tables));
    }

    /** The one line of standard error of a run that must fail with the usage exit code. */
    private static String usageError(String... arguments) {
        Run run = run(arguments);
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.out() + run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        return run.err().strip();
    }

    @Test
    void theReportRunsTheProtocolAndKeepsTheHandWrittenSections() throws IOException {
        Path docs = Files.createDirectories(folder.resolve("docs/results"));
        Files.writeString(docs.resolve("00-protocol.md"), "## Protocol\n\nhand-written\n");
        Path page = folder.resolve("docs/RESULTS.md");
        Path work = folder.resolve("work");
        Run run = run("report", "--data-dir", dataDirectory.toString(), "-a", "njw,cop-kmeans", "--repeats", "2",
                "--max-points", "160", "--output", page.toString(), "--work", work.toString(), "-q");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        String text = Files.readString(page);
        assertTrue(text.startsWith("# Results\n"), text);
        assertTrue(text.contains("- left out as larger than 160 points: wine (178 points)"), text);
        assertTrue(text.contains("- command: `csc report --data-dir " + dataDirectory), text);
        assertTrue(text.endsWith("## Protocol\n\nhand-written\n"), text);
        List<ResultTableMarkdown.Table> tables = ResultTableMarkdown.read(text);
        assertEquals("iris (150 points, 4 features, 3 classes)", tables.get(1).heading());
        assertEquals("10% (15)", tables.get(1).cell(1, "supervision"));
        assertEquals(List.of(io.csc.experiment.QualityPlot.imageSize(2)[0], io.csc.experiment.QualityPlot.PANEL_HEIGHT), imageSize(folder.resolve("docs/results/plots/iris.png")));

        Files.delete(page);
        Run rebuilt = run("report", "--from", work.toString(), "--output", page.toString(), "-q");
        assertEquals(0, rebuilt.exitCode(), rebuilt.err());
        String again = Files.readString(page);
        assertTrue(again.contains("page rebuilt from the experiment folder " + work), again);
        assertEquals(tables.get(1), ResultTableMarkdown.read(again).get(1));

        for (String read : List.of(ExperimentOutput.RECORDS, ExperimentOutput.MANIFEST)) {
            byte[] before = Files.readAllBytes(work.resolve(read));
            Run overInput = run("report", "--from", work.toString(), "--output", work.resolve(read).toString(), "-q");
            assertEquals(ExitCodes.DATA, overInput.exitCode(), overInput.err());
            assertEquals("csc: Cannot write --output " + work.resolve(read) + ": it is also an input (" + work.resolve(read)
                    + ") and would be overwritten; choose another file", overInput.err().strip());
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(work.resolve(read))), read + " untouched");
        }

        Run wrongAmount = run("report", "--from", work.toString(), "--output", page.toString(), "--table-fraction", "0.3");
        assertEquals(ExitCodes.USAGE, wrongAmount.exitCode());
        assertEquals("csc: Invalid --table-fraction 0.3: the sweep in " + work + " ran the fractions 0.05, 0.1, 0.2; "
                + "give one of them", wrongAmount.err().strip());
    }

    private static List<Integer> imageSize(Path png) throws IOException {
        var image = ImageIO.read(png.toFile());
        return List.of(image.getWidth(), image.getHeight());
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @Test
    void anInterruptedSweepIsResumedWithoutRepeatingItsFinishedFits() throws IOException {
        String[] sweep = {"experiment", "--data", "iris,wine", "--data-dir", dataDirectory.toString(), "-a",
                "njw,cop-kmeans,scacs", "--known-fraction", "0.1,0.2", "--repeats", "2", "--plot", "none", "-q"};
        Path whole = folder.resolve("whole");
        assertEquals(0, run(with(sweep, "--out", whole.toString())).exitCode());
        Path interrupted = folder.resolve("interrupted");
        assertEquals(0, run(with(sweep, "--out", interrupted.toString())).exitCode());
        // As a kill leaves it: the first records, a line cut short, the manifest of a running sweep.
        Path records = interrupted.resolve(ExperimentOutput.RECORDS);
        List<String> kept = Files.readAllLines(records).subList(0, 7);
        Files.writeString(records, String.join("\n", kept) + "\n" + "{\"dataset\":\"wi");
        Path manifest = interrupted.resolve(ExperimentOutput.MANIFEST);
        ExperimentManifest.read(manifest).withStatus(ExperimentManifest.RUNNING).write(manifest);
        Files.delete(interrupted.resolve(ExperimentOutput.CSV));

        Run fresh = run(with(sweep, "--out", interrupted.toString()));
        assertEquals(ExitCodes.USAGE, fresh.exitCode());
        assertEquals("csc: " + interrupted + " holds an interrupted sweep (experiment.json says running): add --resume "
                + "to continue it, or choose another --out", fresh.err().strip());
        Run otherPlan = run(with(sweep, "--out", interrupted.toString(), "--resume", "--seed", "7"));
        assertEquals(ExitCodes.USAGE, otherPlan.exitCode());
        assertEquals("csc: Cannot resume " + interrupted + ": it was made with another plan (seed 7 (the folder's: 42)); "
                + "give the options it was started with, or choose another --out", otherPlan.err().strip());

        Run resumed = run(with(sweep, "--out", interrupted.toString(), "--resume", "--threads", "2"));
        assertEquals(0, resumed.exitCode(), resumed.err());
        assertTrue(resumed.out().contains("resuming " + interrupted + ": 7 of 20 fits done before"), resumed.out());
        List<String> lines = Files.readAllLines(records);
        assertEquals(20, lines.size());
        assertTrue(lines.containsAll(kept), "the finished fits' records are kept as they were, times included");
        assertEquals(withoutTimes(ResultTableCsv.read(whole.resolve(ExperimentOutput.CSV))),
                withoutTimes(ResultTableCsv.read(interrupted.resolve(ExperimentOutput.CSV))));
        ExperimentManifest finished = ExperimentOutput.readManifest(interrupted);
        assertTrue(!finished.unfinished() && finished.notes().get(0).contains("with 7 of 20 fits done before"),
                finished.toString());
        assertEquals("csc: --resume needs --out DIR, the folder of the sweep to continue",
                run(with(sweep, "--resume")).err().strip());
    }

    /**
     * A page from the finished fits of an interrupted sweep would leave out data sets and methods and
     * state repetitions it does not average: refused with the way to finish the sweep, as is a folder
     * that holds no sweep at all.
     */
    @Test
    void reportFromAnInterruptedSweepOrAFolderWithoutOneIsRefused() throws IOException {
        Path interrupted = folder.resolve("interrupted");
        assertEquals(0, run("experiment", "--data", "iris,wine", "--data-dir", dataDirectory.toString(), "-a", "njw,scacs",
                "--known-fraction", "0.1", "--repeats", "2", "--plot", "none", "-q", "--out", interrupted.toString())
                .exitCode());
        // As a kill between two fits leaves it: whole lines only, the manifest of a running sweep.
        Path records = interrupted.resolve(ExperimentOutput.RECORDS);
        Files.write(records, Files.readAllLines(records).subList(0, 3));
        Path manifest = interrupted.resolve(ExperimentOutput.MANIFEST);
        ExperimentManifest.read(manifest).withStatus(ExperimentManifest.RUNNING).write(manifest);
        Path page = folder.resolve("RESULTS.md");

        Run report = run("report", "--from", interrupted.toString(), "--output", page.toString(), "-q");
        assertEquals(ExitCodes.DATA, report.exitCode(), report.err());
        assertEquals("csc: Invalid --from '" + interrupted + "': its sweep was interrupted (experiment.json says "
                + "running); finish it with '" + ExperimentManifest.read(manifest).command() + " --resume', then build "
                + "the page", report.err().strip());
        assertTrue(!Files.exists(page), "no page from a part of the sweep");

        Path counts = folder.resolve("counts");
        assertEquals(0, run("experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw,scacs",
                "--known", "10,20", "--repeats", "1", "--plot", "none", "-q", "--out", counts.toString()).exitCode());
        Run fractionOfCounts = run("report", "--from", counts.toString(), "--output", page.toString(), "-q");
        assertEquals(ExitCodes.USAGE, fractionOfCounts.exitCode(), fractionOfCounts.err());
        assertEquals("csc: Invalid --table-fraction 0.1: the sweep in " + counts + " drew counts, not fractions, of "
                + "labelled points (10, 20); build the page from a sweep of --known-fraction", fractionOfCounts.err().strip());

        Path empty = Files.createDirectories(folder.resolve("empty"));
        Run none = run("report", "--from", empty.toString(), "--output", page.toString(), "-q");
        assertEquals(ExitCodes.DATA, none.exitCode(), none.err());
        assertEquals("csc: Invalid --from '" + empty + "': no experiment.json in it; give a folder that 'csc experiment' "
                + "or 'csc report' wrote", none.err().strip());
    }

    @Test
    void aFolderHoldingAnEarlierSweepIsNotOverwrittenWithoutResume() throws IOException {
        String[] sweep = {"experiment", "--data", "iris", "--data-dir", dataDirectory.toString(), "-a", "njw",
                "--known-fraction", "0.1", "--repeats", "1", "--plot", "none", "-q"};
        Path earlier = folder.resolve("earlier");
        assertEquals(0, run(with(sweep, "--out", earlier.toString())).exitCode());
        byte[] records = Files.readAllBytes(earlier.resolve(ExperimentOutput.RECORDS));

        Run again = run(with(sweep, "--out", earlier.toString(), "--seed", "7"));
        assertEquals(ExitCodes.USAGE, again.exitCode());
        assertEquals("csc: " + earlier + " holds the output of an earlier sweep (experiment.json, records.jsonl, "
                + "results.csv, results.md), which this one would replace: add --resume to continue it, or choose "
                + "another --out (a new or empty folder)", again.err().strip());
        assertTrue(java.util.Arrays.equals(records, Files.readAllBytes(earlier.resolve(ExperimentOutput.RECORDS))));
        assertEquals(0, run(with(sweep, "--out", earlier.toString(), "--resume")).exitCode());

        Path empty = Files.createDirectories(folder.resolve("empty"));
        assertEquals(0, run(with(sweep, "--out", empty.toString())).exitCode());
    }

    private static String[] with(String[] arguments, String... more) {
        String[] all = java.util.Arrays.copyOf(arguments, arguments.length + more.length);
        System.arraycopy(more, 0, all, arguments.length, more.length);
        return all;
    }

    /** The table without its times, which differ from run to run. */
    private static List<String> withoutTimes(ResultTable table) {
        return table.rows().stream().map(row -> row.dataset() + " " + row.algorithm() + " " + row.amount() + " "
                + row.runs() + " " + row.failures() + " " + row.summary(io.csc.experiment.Measure.ACCURACY) + " "
                + row.summary(io.csc.experiment.Measure.NMI) + " " + row.summary(io.csc.experiment.Measure.ARI) + " "
                + row.summary(io.csc.experiment.Measure.CONSTRAINT_SATISFACTION)).toList();
    }
}
