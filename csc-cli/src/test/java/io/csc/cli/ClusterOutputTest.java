package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import io.csc.metric.Evaluation;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code csc cluster} promises on its output: the effective parameters and the labels in
 * {@code --json}, the two forms of {@code --output}, and a warning wherever the supervision goes
 * unused.
 */
class ClusterOutputTest {

    @TempDir
    static Path directory;
    static Path wine;

    @BeforeAll
    static void writeData() throws IOException {
        wine = directory.resolve("wine.csv");
        CsvWriter.write(BundledData.load("wine"), wine);
    }

    @Test
    void jsonReportsEveryParameterWithTheValueGivenOrItsDefault() {
        CliTest.Run run = CliTest.run("cluster", "--data", wine.toString(), "-a", "lsc-r", "--param", "landmarks=50",
                "--json", "-q", "--threads", "1");
        assertEquals(0, run.exitCode(), run.err());
        JsonObject parameters = json(run).getAsJsonObject("parameters");
        List<Parameter<?>> declared = AlgorithmRegistry.byName("lsc-r").parameters();
        assertEquals(declared.size(), parameters.size(), parameters.toString());
        for (Parameter<?> parameter : declared) {
            String expected = parameter.name().equals("landmarks") ? "50" : parameter.defaultText();
            assertEquals(expected, parameters.get(parameter.name()).getAsString(), parameter.name());
        }
        assertFalse(json(run).has("labels"), "labels only with --json-labels");
    }

    @Test
    void withSelectionTheParametersAreThoseOfTheFittedCandidateAndTheSummaryNamesIt() {
        String[] arguments = {"cluster", "--data", wine.toString(), "-a", "e2cp", "--param", "select=cv",
            "--known-fraction", "0.1", "-q", "--threads", "1"};
        CliTest.Run run = CliTest.run(concat(arguments, "--json"));
        assertEquals(0, run.exitCode(), run.err());
        JsonObject parameters = json(run).getAsJsonObject("parameters");
        JsonObject selection = json(run).getAsJsonObject("diagnostics").getAsJsonObject("selection");
        assertEquals("e2cp", selection.get("method").getAsString());
        JsonObject chosen = selection.getAsJsonObject("parameters");
        assertFalse(chosen.keySet().isEmpty(), "this draw fits a setting other than the defaults: " + selection);
        for (String name : chosen.keySet()) {
            assertEquals(chosen.get(name).getAsString(), parameters.get(name).getAsString(), name);
        }
        assertEquals("cv", parameters.get("select").getAsString());
        CliTest.Run summary = CliTest.run(arguments);
        assertTrue(summary.out().contains("selection: e2cp " + chosen.keySet().iterator().next() + "="), summary.out());
        assertTrue(summary.out().contains("held-out score"), summary.out());
    }

    @Test
    void aFeatureNamedAsATruthColumnIsWarnedAboutWithTheTwoWaysOut() throws IOException {
        Path file = directory.resolve("classes.csv");
        StringBuilder rows = new StringBuilder("x1,x2,Class\n");
        for (int i = 0; i < 30; i++) {
            rows.append(i % 3 * 5 + i * 0.01).append(',').append(i % 3 * 3 - i * 0.02).append(',').append(i % 3).append('\n');
        }
        Files.writeString(file, rows);
        CliTest.Run run = CliTest.run("cluster", "--data", file.toString(), "-k", "3", "-a", "njw", "--json", "-q");
        assertEquals(0, run.exitCode(), run.err());
        String warnings = json(run).getAsJsonObject("diagnostics").getAsJsonArray("warnings").toString();
        assertTrue(warnings.contains("The column 'Class' was clustered as a feature"), warnings);
        assertTrue(warnings.contains("--label-column 'Class'") && warnings.contains("--ignore-columns 'Class'"), warnings);
        CliTest.Run scored = CliTest.run("cluster", "--data", file.toString(), "--label-column", "Class", "-a", "njw",
                "--json", "-q");
        assertEquals(0, scored.exitCode(), scored.err());
        assertFalse(json(scored).getAsJsonObject("diagnostics").getAsJsonArray("warnings").toString().contains("Class"));
    }

    private static String[] concat(String[] arguments, String... more) {
        String[] all = java.util.Arrays.copyOf(arguments, arguments.length + more.length);
        System.arraycopy(more, 0, all, arguments.length, more.length);
        return all;
    }

    @Test
    void jsonLabelsAddsTheClusterOfEveryPointAndImpliesJson() throws IOException {
        Path written = directory.resolve("labels.txt");
        CliTest.Run run = CliTest.run("cluster", "--data", wine.toString(), "-a", "njw", "--json-labels", "-q",
                "--threads", "1", "--output", written.toString());
        assertEquals(0, run.exitCode(), run.err());
        JsonObject json = json(run);
        assertEquals("njw", json.get("algorithm").getAsString());
        assertTrue(json.has("metrics") && json.has("diagnostics"), json.keySet().toString());
        JsonArray labels = json.getAsJsonArray("labels");
        List<String> lines = Files.readAllLines(written);
        assertEquals(178, labels.size());
        for (int point = 0; point < labels.size(); point++) {
            assertEquals(lines.get(point), labels.get(point).getAsString(), "point " + point);
        }
    }

    @Test
    void outputFormatCsvWritesTheIndexAndTheLabelAndEvaluateReadsIt() throws IOException {
        Path bare = directory.resolve("bare.txt");
        Path table = directory.resolve("out/labels.csv");
        CliTest.Run labels = CliTest.run("cluster", "--data", wine.toString(), "-a", "njw", "-q", "--output",
                bare.toString());
        CliTest.Run csv = CliTest.run("cluster", "--data", wine.toString(), "-a", "njw", "-q", "--output",
                table.toString(), "--output-format", "csv");
        assertEquals(0, labels.exitCode(), labels.err());
        assertEquals(0, csv.exitCode(), csv.err());
        assertTrue(csv.out().contains("labels written to " + table + " (csv)"), csv.out());
        List<String> bareLines = Files.readAllLines(bare);
        List<String> rows = Files.readAllLines(table);
        assertEquals(178, bareLines.size());
        assertEquals(179, rows.size());
        assertEquals("index,label", rows.get(0));
        for (int point = 0; point < bareLines.size(); point++) {
            assertEquals(point + "," + bareLines.get(point), rows.get(point + 1));
        }
        CliTest.Run evaluate = CliTest.run("evaluate", "--truth", bare.toString(), "--pred", table.toString());
        assertEquals(0, evaluate.exitCode(), evaluate.err());
        assertTrue(evaluate.out().contains("ACC  1.0000"), evaluate.out());

        Files.writeString(directory.resolve("shuffled.csv"), "index,label\n1,0\n0,1\n");
        CliTest.Run shuffled = CliTest.run("evaluate", "--truth", bare.toString(), "--pred",
                directory.resolve("shuffled.csv").toString());
        assertEquals(ExitCodes.DATA, shuffled.exitCode());
        assertTrue(shuffled.err().contains("shuffled.csv line 2: '1,0' where 0,<label> belongs"), shuffled.err());

        CliTest.Run unknown = CliTest.run("cluster", "--data", wine.toString(), "--output", bare.toString(),
                "--output-format", "json");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("'json' is not an output format; expected labels or csv"), unknown.err());
    }

    @Test
    void anUnconstrainedMethodGivenSupervisionSaysSoOnStandardOutputAndInTheJson() {
        CliTest.Run summary = CliTest.run("cluster", "--data", wine.toString(), "-a", "lsc-r", "--known-fraction", "0.1",
                "-q", "--threads", "1");
        assertEquals(0, summary.exitCode(), summary.err());
        assertEquals("", summary.err());
        assertTrue(summary.out().contains("warning: lsc-r is unconstrained: it ignored the supervision"), summary.out());
        assertTrue(summary.out().contains(" points (ignored by lsc-r, see the warning)\n"), summary.out());
        assertTrue(summary.out().contains("-a scacs"), summary.out());

        CliTest.Run json = CliTest.run("cluster", "--data", wine.toString(), "-a", "lsc-r", "--known-fraction", "0.1",
                "--json", "-q", "--threads", "1");
        assertEquals(0, json.exitCode(), json.err());
        JsonArray warnings = json(json).getAsJsonObject("diagnostics").getAsJsonArray("warnings");
        assertTrue(warnings.size() >= 1, warnings.toString());
        assertTrue(warnings.get(0).getAsString().startsWith("lsc-r is unconstrained: it ignored the supervision"),
                warnings.toString());

        CliTest.Run withoutSupervision = CliTest.run("cluster", "--data", wine.toString(), "-a", "lsc-r", "--json", "-q",
                "--threads", "1");
        assertFalse(warnings(withoutSupervision).contains("ignored the supervision"), withoutSupervision.out());
        CliTest.Run constrained = CliTest.run("cluster", "--data", wine.toString(), "-a", "scacs", "--known-fraction",
                "0.1", "--json", "-q", "--threads", "1");
        assertEquals(0, constrained.exitCode(), constrained.err());
        assertFalse(warnings(constrained).contains("ignored the supervision"), constrained.out());
    }

    @Test
    void anUndefinedDaviesBouldinIndexIsPrintedAsADashAndWrittenAsNull() {
        CliTest.Run oneCluster = CliTest.run("cluster", "--data", wine.toString(), "-k", "1", "-a", "njw", "-q",
                "--threads", "1");
        assertEquals(0, oneCluster.exitCode(), oneCluster.err());
        assertTrue(oneCluster.out().contains("  DBI -  CONS -\n"), oneCluster.out());

        // Two clusters with the same centre: DBI is infinite.
        Evaluation evaluation = new Evaluation(1, 1, 1, 1, Double.POSITIVE_INFINITY, 1);
        ClusteringResult result = new ClusteringResult("njw", new int[] {0, 1}, 2, null, 0.1, Diagnostics.empty(), null);
        StringWriter summary = new StringWriter();
        RunReport.human(new PrintWriter(summary, true), "njw", "twins", 2, 1, 2, ConstraintSet.empty(2), false, result,
                evaluation, "java", 1, 42);
        assertTrue(summary.toString().contains("  DBI -  CONS 1.0000\n"), summary.toString());
        JsonObject metrics = JsonParser.parseString(Json.write(RunReport.metrics(evaluation))).getAsJsonObject();
        assertTrue(metrics.get("dbi").isJsonNull(), metrics.toString());
    }

    @Test
    void theSameFileForTheLabelsAndTheModelIsRefusedAsTwoOutputs() {
        Path same = directory.resolve("same.out");
        CliTest.Run run = CliTest.run("cluster", "--data", wine.toString(), "--output", same.toString(), "--save-model",
                same.toString(), "-q");
        assertEquals(ExitCodes.DATA, run.exitCode());
        assertEquals("csc: Cannot write --save-model " + same + ": it is also the --output file, and one would replace "
                + "the other; give the two outputs different files", run.err().strip());
        assertFalse(Files.exists(same));
    }

    private static String warnings(CliTest.Run run) {
        StringBuilder text = new StringBuilder();
        for (JsonElement warning : json(run).getAsJsonObject("diagnostics").getAsJsonArray("warnings")) {
            text.append(warning.getAsString()).append('\n');
        }
        return text.toString();
    }

    private static JsonObject json(CliTest.Run run) {
        return JsonParser.parseString(run.out()).getAsJsonObject();
    }

    /** --known-pairs draws that many random pairs from the truth, the same ones for the same seed. */
    @Test
    void knownPairsDrawsRandomPairsFromTheTruth() {
        String[] arguments = {"cluster", "--data", wine.toString(), "-a", "scacs", "--known-pairs", "50", "--seed", "2",
                "--param", "select=none", "--json-labels", "-q", "--threads", "1"};
        CliTest.Run run = CliTest.run(arguments);
        assertEquals(0, run.exitCode(), run.err());
        JsonObject constraints = json(run).getAsJsonObject("constraints");
        assertEquals(50, constraints.get("mustLink").getAsInt() + constraints.get("cannotLink").getAsInt(),
                constraints.toString());
        JsonObject again = json(CliTest.run(arguments));
        assertEquals(constraints, again.getAsJsonObject("constraints"), "the same seed draws the same pairs");
        assertEquals(json(run).getAsJsonArray("labels"), again.getAsJsonArray("labels"));
        CliTest.Run tooMany = CliTest.run("cluster", "--data", wine.toString(), "--known-pairs", "20000", "-q");
        assertEquals(ExitCodes.USAGE, tooMany.exitCode());
        assertTrue(tooMany.err().contains("must be in [0, 15753]"), tooMany.err());
    }
}
