package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.BundledData;
import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentOutputTest {

    private static ExperimentPlan plan;
    private static List<RunRecord> records;

    @TempDir
    Path folder;

    @BeforeAll
    static void runSmallExperiment() {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        Dataset wine = Scaling.ZSCORE.apply(BundledData.load("wine"));
        plan = new ExperimentPlan(List.of(iris, wine), List.of(AlgorithmConfiguration.of("njw"),
                AlgorithmConfiguration.of("cop-kmeans"),
                new AlgorithmConfiguration(TestAlgorithms.recorder("small-only", true, 160, TestAlgorithms.newCalls()),
                        io.csc.algorithm.ParameterValues.EMPTY)),
                List.of(SupervisionAmount.fractionOf(0.05), SupervisionAmount.fractionOf(0.1), SupervisionAmount.fractionOf(0.2)),
                SupervisionKind.labels(), 2, 42, null);
        records = new ExperimentRunner(2, null).run(plan);
    }

    @Test
    void jsonLinesParseBackToTheSameRecords() throws IOException {
        Path file = folder.resolve("records.jsonl");
        RunRecordJson.write(file, records);
        assertEquals(records.size(), Files.readAllLines(file).size());
        assertEquals(records, RunRecordJson.read(file));
        String failure = Files.readAllLines(file).stream().filter(line -> line.contains("refuses")).findFirst().orElseThrow();
        assertTrue(failure.contains("\"acc\":null"), failure);
        assertTrue(failure.contains("\"failure\":\"small-only refuses 178 points: at most 160\""), failure);

        Files.writeString(file, RunRecordJson.toJson(records.get(0)) + "\n{\"dataset\":\"x\"}\n");
        assertEquals(file + " line 2: not a run record: field 'points' missing; give the records.jsonl that "
                + "'csc experiment' wrote", assertThrows(DataException.class, () -> RunRecordJson.read(file)).getMessage());
    }

    @Test
    void aGuardedFitRecordsWhatItsSelectionDecided() throws IOException {
        Dataset iris = Scaling.ZSCORE.apply(BundledData.load("iris"));
        ExperimentPlan guarded = new ExperimentPlan(List.of(iris), List.of(AlgorithmConfiguration.of("scacs"),
                AlgorithmConfiguration.of("sc-pc", io.csc.algorithm.ParameterValues.of(java.util.Map.of("select", "none")))),
                List.of(SupervisionAmount.fractionOf(0.2)), SupervisionKind.labels(), 1, 42, null);
        List<RunRecord> run = new ExperimentRunner(1, null).run(guarded);
        RunRecord selected = run.stream().filter(record -> record.selection() != null).findFirst().orElseThrow();
        com.google.gson.JsonObject selection = com.google.gson.JsonParser.parseString(selected.selection()).getAsJsonObject();
        assertEquals(4, selection.getAsJsonArray("candidates").size(), "the method and its three references: " + selected.selection());
        assertEquals(io.csc.selection.CrossValidation.FOLDS, selection.getAsJsonArray("candidates").get(0).getAsJsonObject()
                .getAsJsonArray("heldOut").size());
        assertEquals(1, run.stream().filter(record -> record.selection() == null).count(), "select=none makes no selection");
        Path file = folder.resolve("guarded.jsonl");
        RunRecordJson.write(file, run);
        assertEquals(run, RunRecordJson.read(file));
    }

    @Test
    void csvParsesBackToTheSameTable() throws IOException {
        ResultTable table = ResultTable.of(records);
        Path file = folder.resolve("results.csv");
        ResultTableCsv.write(file, table);
        List<String> lines = Files.readAllLines(file);
        assertEquals(String.join(",", ResultTableCsv.header()), lines.get(0));
        assertEquals(1 + 2 * (1 + 2 * 3), lines.size());
        assertEquals(table, ResultTableCsv.read(file));
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("iris,njw,false,labels,,0,2,2,0,")), lines.toString());
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("wine,small-only,true,labels,0.1,18,2,0,2,,,")
                && line.endsWith(",small-only refuses 178 points: at most 160")), lines.toString());

        Files.writeString(file, lines.get(0) + "\n" + lines.get(1).replaceFirst(",2,2,0,", ",2,two,0,") + "\n");
        assertEquals(file + " line 2, column successes: 'two' is not a whole number; give a results.csv that "
                + "'csc experiment' wrote", assertThrows(DataException.class, () -> ResultTableCsv.read(file)).getMessage());
    }

    @Test
    void markdownParsesBackToTheTableCells() {
        ResultTable table = ResultTable.of(records);
        String markdown = ResultTableMarkdown.write(table, List.of(Measure.values()));
        List<ResultTableMarkdown.Table> tables = ResultTableMarkdown.read(markdown);
        assertEquals(List.of("iris", "wine"), tables.stream().map(ResultTableMarkdown.Table::heading).toList());
        ResultTableMarkdown.Table wine = tables.get(1);
        assertEquals(List.of("algorithm", "supervision", "runs", "ACC", "NMI", "ARI", "RI", "DBI", "CONS", "fit s",
                "failures"), wine.header());
        assertEquals(7, wine.rows().size());
        assertEquals("njw (unconstrained)", wine.cell(0, "algorithm"));
        assertEquals("none", wine.cell(0, "supervision"));
        assertEquals("-", wine.cell(0, "CONS"));
        ResultRow copKMeans = table.row("wine", "cop-kmeans", SupervisionAmount.fractionOf(0.1)).orElseThrow();
        int row = wine.rows().indexOf(wine.rows().stream().filter(cells -> cells.get(0).equals("cop-kmeans")
                && cells.get(1).equals("10% (18)")).findFirst().orElseThrow());
        Summary accuracy = copKMeans.summary(Measure.ACCURACY);
        assertEquals(String.format(Locale.ROOT, "%.3f ± %.3f", accuracy.mean(), accuracy.standardDeviation()),
                wine.cell(row, "ACC"));
        String[] parts = wine.cell(row, "NMI").split(" ± ");
        assertEquals(copKMeans.summary(Measure.NMI).mean(), Double.parseDouble(parts[0]), 5e-4);
        assertEquals("0 of 2", wine.cell(wine.rows().size() - 1, "runs"));
        assertEquals("2 failed: small-only refuses 178 points: at most 160", wine.cell(wine.rows().size() - 1, "failures"));
        List<ResultTableMarkdown.Table> escaped = ResultTableMarkdown.read("## x\n\n| a | b |\n|---|---:|\n| p \\| q | 2 |\n");
        assertEquals(List.of(List.of("p | q", "2")), escaped.get(0).rows());
    }

    @Test
    void plotsAreNonEmptyImagesOfTheExpectedSize() throws IOException {
        ResultTable table = ResultTable.of(records);
        Path file = folder.resolve("plots/wine.png");
        QualityPlot.write(file, table, "wine", List.of(Measure.ACCURACY, Measure.NMI));
        BufferedImage image = ImageIO.read(file.toFile());
        assertNotNull(image, "a PNG that ImageIO reads");
        int[] size = QualityPlot.imageSize(2);
        assertEquals(size[0], image.getWidth());
        assertEquals(size[1], image.getHeight());
        Set<Integer> colours = new HashSet<>();
        long dark = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                int brightness = ((rgb >> 16) & 0xFF) + ((rgb >> 8) & 0xFF) + (rgb & 0xFF);
                dark += brightness < 3 * 128 ? 1 : 0;
            }
        }
        assertTrue(colours.size() > 20, "lines, markers and text in several colours, not a blank image: " + colours.size());
        assertTrue(dark > 500, "text and axes drawn: " + dark);

        Path single = folder.resolve("single.png");
        QualityPlot.write(single, table.at(SupervisionAmount.fractionOf(0.1)), "iris", List.of(Measure.ACCURACY));
        assertEquals(QualityPlot.imageSize(1)[0], ImageIO.read(single.toFile()).getWidth(), "one amount plots too");
        assertThrows(IllegalArgumentException.class, () -> QualityPlot.write(single, table, "glass", List.of(Measure.ACCURACY)));
    }

    @Test
    void anExperimentFolderHoldsEveryOutput() throws IOException {
        ExperimentManifest manifest = ExperimentManifest.of(plan, "csc experiment --data iris,wine", 2, "zscore",
                Instant.parse("2025-01-02T03:04:05Z"), 12.5);
        List<Path> written = ExperimentOutput.write(folder, manifest, records, List.of(Measure.ACCURACY, Measure.NMI));
        assertEquals(List.of("experiment.json", "records.jsonl", "results.csv", "plots/iris.png", "plots/wine.png",
                "results.md"), written.stream().map(path -> folder.relativize(path).toString().replace('\\', '/')).toList());
        assertEquals(records, ExperimentOutput.readRecords(folder));
        ExperimentManifest read = ExperimentOutput.readManifest(folder);
        assertEquals(manifest, read);
        assertEquals(List.of("0.05", "0.1", "0.2"), read.amounts());
        assertEquals("auto", read.algorithm("njw").orElseThrow().parameters().get("sigma"));
        String markdown = Files.readString(folder.resolve("results.md"), StandardCharsets.UTF_8);
        assertTrue(markdown.contains("![wine](plots/wine.png)"), markdown);
        assertTrue(markdown.contains("- command: `csc experiment --data iris,wine`"), markdown);
        assertEquals(3, ResultTableMarkdown.read(markdown).size(), "two result tables and the parameters");
    }

    @Test
    void theResultsPageIncludesTablesPlotsParametersAndFragments() throws IOException {
        Path docs = folder.resolve("docs");
        Files.createDirectories(docs.resolve("results/plots"));
        Files.writeString(docs.resolve("results/plots/stale.png"), "old");
        Files.writeString(docs.resolve("results/plots/shown.png"), "a fragment's own plot");
        Files.writeString(docs.resolve("results/10-second.md"), "## Second\n\nsecond fragment\n\n![a plot](results/plots/shown.png)\n");
        Files.writeString(docs.resolve("results/00-first.md"), "## First\n\nfirst fragment\n");
        ExperimentManifest manifest = ExperimentManifest.of(plan, "csc report", 2, "zscore", Instant.now(), 3);
        Path page = docs.resolve("RESULTS.md");
        ResultsReport.write(page, manifest, records, SupervisionAmount.fractionOf(0.1), List.of("left out: letter"));
        String text = Files.readString(page);
        assertTrue(text.indexOf("## First") > text.indexOf("## Parameters"), "fragments after the generated part");
        assertTrue(text.indexOf("## First") < text.indexOf("## Second"), "fragments sorted by file name");
        assertTrue(text.contains("- left out: letter"));
        assertTrue(text.contains("![wine: ACC and NMI against the amount of supervision](results/plots/wine.png)"));
        assertTrue(Files.exists(docs.resolve("results/plots/iris.png")));
        assertTrue(Files.notExists(docs.resolve("results/plots/stale.png")), "old plots are removed");
        assertTrue(Files.exists(docs.resolve("results/plots/shown.png")), "a fragment's plot is kept");
        List<ResultTableMarkdown.Table> tables = ResultTableMarkdown.read(text);
        ResultTableMarkdown.Table overview = tables.get(0);
        assertEquals(List.of("data set", "njw°", "cop-kmeans", "small-only"), overview.header());
        assertEquals("failed", overview.cell(1, "small-only"));
        ResultTableMarkdown.Table iris = tables.get(1);
        assertEquals("iris (150 points, 4 features, 3 classes)", iris.heading());
        assertEquals(List.of("algorithm", "supervision", "runs", "ACC", "NMI", "fit s", "failures"), iris.header());
        assertEquals(List.of("njw (unconstrained)", "cop-kmeans", "small-only"), iris.rows().stream().map(row -> row.get(0)).toList());
        assertEquals("10% (15)", iris.cell(1, "supervision"));
        ResultTableMarkdown.Table parameters = tables.get(3);
        assertEquals("njw", parameters.cell(0, "method"));
        assertTrue(parameters.cell(0, "parameters").contains("sigma=auto"));
        assertThrows(IllegalArgumentException.class, () -> ResultsReport.markdown(manifest, ResultTable.of(records),
                SupervisionAmount.fractionOf(0.3), List.of(), List.of()));
    }

    @Test
    void manifestErrorsNameTheFile() throws IOException {
        Path file = folder.resolve("experiment.json");
        Files.writeString(file, "{\"command\": 3");
        DataException error = assertThrows(DataException.class, () -> ExperimentManifest.read(file));
        assertTrue(error.getMessage().startsWith(file + " is not an experiment manifest"), error.getMessage());
    }
}
