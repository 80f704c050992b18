package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import io.csc.data.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** csc cluster --save-model, csc predict and csc model, as a user runs them. */
class PredictCommandTest {

    @TempDir
    Path directory;

    @Test
    void aSavedModelLabelsNewPointsAsTheFitLabelledThem() throws IOException {
        Dataset wine = BundledData.load("wine");
        Path training = directory.resolve("training.csv");
        Path fresh = directory.resolve("fresh.csv");
        CsvWriter.write(wine.subset(IntStream.range(0, wine.size()).filter(i -> i % 5 != 0).toArray()), training);
        CsvWriter.write(wine.subset(IntStream.range(0, wine.size()).filter(i -> i % 5 == 0).toArray()), fresh);
        Path model = directory.resolve("models/sc-pc.csc");
        CliTest.Run fit = CliTest.run("cluster", "--data", training.toString(), "-a", "sc-pc", "--known-fraction", "0.2",
                "--param", "select=none", "--save-model", model.toString(), "-q", "--threads", "1");
        assertEquals(0, fit.exitCode(), fit.err());
        assertTrue(fit.out().contains("model saved to " + model), fit.out());

        Path labels = directory.resolve("labels.txt");
        CliTest.Run predict = CliTest.run("predict", "--model", model.toString(), "--data", fresh.toString(), "--json",
                "--json-labels", "--output", labels.toString(), "-q", "--threads", "1");
        assertEquals(0, predict.exitCode(), predict.err());
        JsonObject json = JsonParser.parseString(predict.out()).getAsJsonObject();
        assertEquals("sc-pc", json.get("algorithm").getAsString());
        assertEquals(36, json.get("n").getAsInt());
        assertTrue(json.get("seconds").getAsDouble() >= 0);
        assertTrue(json.getAsJsonObject("metrics").get("acc").getAsDouble() > 0.85, predict.out());
        assertEquals(36, json.getAsJsonArray("labels").size());
        List<String> written = Files.readAllLines(labels);
        assertEquals(36, written.size());
        assertEquals(json.getAsJsonArray("labels").get(0).getAsString(), written.get(0));

        CliTest.Run provenance = CliTest.run("model", model.toString(), "--json");
        assertEquals(0, provenance.exitCode(), provenance.err());
        JsonObject description = JsonParser.parseString(provenance.out()).getAsJsonObject();
        assertEquals("sc-pc", description.get("method").getAsString());
        assertEquals(142, description.get("n").getAsInt());
        assertEquals("robust", description.getAsJsonObject("parameters").get("variant").getAsString());
    }

    @Test
    void aGuardedFitSavesTheModelOfTheCandidateItsSelectionChose() {
        Path model = directory.resolve("guarded.csc");
        CliTest.Run fit = CliTest.run("cluster", "--data", "wine", "-a", "sc-pc", "--known-fraction", "0.2", "--seed", "3",
                "--save-model", model.toString(), "--json", "-q", "--threads", "1");
        assertEquals(0, fit.exitCode(), fit.err());
        JsonObject selection = JsonParser.parseString(fit.out()).getAsJsonObject().getAsJsonObject("diagnostics")
                .getAsJsonObject("selection");
        CliTest.Run provenance = CliTest.run("model", model.toString(), "--json");
        assertEquals(0, provenance.exitCode(), provenance.err());
        assertEquals(selection.get("method").getAsString(),
                JsonParser.parseString(provenance.out()).getAsJsonObject().get("method").getAsString(), fit.out());
    }

    @Test
    void aDamagedOrForeignModelIsRefusedInOneLine() throws IOException {
        Path notAModel = directory.resolve("points.csv");
        Files.writeString(notAModel, "a,b\n1,2\n");
        CliTest.Run run = CliTest.run("predict", "--model", notAModel.toString(), "--data", "wine", "-q");
        assertEquals(ExitCodes.DATA, run.exitCode());
        assertTrue(run.err().startsWith("csc: Model file " + notAModel + " is not a csc model"), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(run.err().contains("Exception"), run.err());

        CliTest.Run missing = CliTest.run("model", directory.resolve("none.csc").toString());
        assertEquals(ExitCodes.DATA, missing.exitCode());
        assertTrue(missing.err().contains("does not exist"), missing.err());
    }

    @Test
    void pointsFarOutsideTheTrainingDataAreLabelledWithAWarning() throws IOException {
        Path model = directory.resolve("nystrom.csc");
        assertEquals(0, CliTest.run("cluster", "--data", "iris", "-a", "nystrom", "--save-model", model.toString(), "-q")
                .exitCode());
        Path far = directory.resolve("far.csv");
        Files.writeString(far, "x1,x2,x3,x4\n5.1,3.5,1.4,0.2\n100,3,5,1.8\n");
        CliTest.Run json = CliTest.run("predict", "--model", model.toString(), "--data", far.toString(), "--json", "-q");
        assertEquals(0, json.exitCode(), json.err());
        String warnings = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("warnings").toString();
        assertTrue(warnings.contains("1 of the 2 points of far lie outside the training data's range")
                && warnings.contains("feature 'x1' is 100.0"), warnings);
        CliTest.Run summary = CliTest.run("predict", "--model", model.toString(), "--data", far.toString(), "-q");
        assertTrue(summary.out().contains("warning: 1 of the 2 points of far lie outside"), summary.out());
    }

    @Test
    void pointsWithOtherFeaturesAreRefusedNamingBothCounts() {
        Path model = directory.resolve("njw.csc");
        assertEquals(0, CliTest.run("cluster", "--data", "iris", "--save-model", model.toString(), "-q").exitCode());
        CliTest.Run run = CliTest.run("predict", "--model", model.toString(), "--data", "wine", "-q");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("wine has 13 features; the njw model was fitted on 4"), run.err());
    }

    /**
     * A table with an identifier and a name column: skipped with --ignore-columns when fitting;
     * then the same points with the columns shuffled and the identifier kept, skipped again when
     * predicting, are labelled as the fit labelled them (the columns matched by name).
     */
    @Test
    void columnsAreSkippedByNameAndMatchedByNameWhenPredicting() throws IOException {
        Dataset wine = BundledData.load("wine");
        StringBuilder table = new StringBuilder("id,name," + String.join(",", wine.featureNames()) + ",label\n");
        StringBuilder shuffled = new StringBuilder("x3,id,x13,x1,x2,x4,x5,x6,x7,x8,x9,x10,x11,x12\n");
        for (int i = 0; i < wine.size(); i++) {
            double[] point = wine.point(i);
            StringBuilder row = new StringBuilder(1000 + i + ",wine" + i);
            for (double value : point) {
                row.append(',').append(value);
            }
            table.append(row).append(',').append(wine.classNames().get(wine.label(i))).append('\n');
            shuffled.append(point[2]).append(',').append(1000 + i).append(',').append(point[12]).append(',')
                    .append(point[0]).append(',').append(point[1]);
            for (int j = 3; j < 12; j++) {
                shuffled.append(',').append(point[j]);
            }
            shuffled.append('\n');
        }
        Path training = Files.writeString(directory.resolve("table.csv"), table);
        Path fresh = Files.writeString(directory.resolve("shuffled.csv"), shuffled);
        CliTest.Run refused = CliTest.run("cluster", "--data", training.toString(), "-q");
        assertEquals(ExitCodes.DATA, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("skip the column (--ignore-columns 'name')"), refused.err());

        Path model = directory.resolve("lsc.csc");
        CliTest.Run fit = CliTest.run("cluster", "--data", training.toString(), "--ignore-columns", "id,name", "-a",
                "lsc-r", "--save-model", model.toString(), "--json", "--json-labels", "-q", "--threads", "1");
        assertEquals(0, fit.exitCode(), fit.err());
        JsonObject fitted = JsonParser.parseString(fit.out()).getAsJsonObject();
        assertEquals(13, fitted.get("d").getAsInt(), fit.out());

        CliTest.Run wider = CliTest.run("predict", "--model", model.toString(), "--data", fresh.toString(), "-q");
        assertEquals(ExitCodes.USAGE, wider.exitCode());
        assertTrue(wider.err().contains("skip them: --ignore-columns id"), wider.err());
        CliTest.Run predict = CliTest.run("predict", "--model", model.toString(), "--data", fresh.toString(),
                "--ignore-columns", "id", "--json-labels", "-q", "--threads", "1");
        assertEquals(0, predict.exitCode(), predict.err());
        assertEquals(fitted.getAsJsonArray("labels"),
                JsonParser.parseString(predict.out()).getAsJsonObject().getAsJsonArray("labels"));
        assertTrue(JsonParser.parseString(predict.out()).getAsJsonObject().get("warnings") == null, predict.out());

        // the columns renamed: read by position, with a warning in the summary and in the JSON
        String renamedHeader = "c3,id,c13,c1,c2,c4,c5,c6,c7,c8,c9,c10,c11,c12\n";
        Path renamed = Files.writeString(directory.resolve("renamed.csv"),
                renamedHeader + Files.readString(fresh).substring(Files.readString(fresh).indexOf('\n') + 1));
        CliTest.Run positional = CliTest.run("predict", "--model", model.toString(), "--data", renamed.toString(),
                "--ignore-columns", "id", "-q", "--threads", "1");
        assertEquals(0, positional.exitCode(), positional.err());
        assertTrue(positional.out().contains("warning: no column of renamed is named as the model's features (x1, x2, x3, "
                + "x4, x5, ...): its columns (c3, c13, c1, c2, c4, ...) are read by position"), positional.out());
        CliTest.Run positionalJson = CliTest.run("predict", "--model", model.toString(), "--data", renamed.toString(),
                "--ignore-columns", "id", "--json", "-q", "--threads", "1");
        // the shuffled columns, read by position, put every point far outside the training range: said too
        com.google.gson.JsonArray warnings = JsonParser.parseString(positionalJson.out()).getAsJsonObject()
                .getAsJsonArray("warnings");
        assertEquals(2, warnings.size(), positionalJson.out());
        assertTrue(warnings.get(1).getAsString().startsWith("178 of the 178 points of renamed lie outside"),
                positionalJson.out());
    }
}
