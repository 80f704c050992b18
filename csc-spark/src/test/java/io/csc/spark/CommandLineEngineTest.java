package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.cli.CscCommand;
import io.csc.data.CsvWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code csc cluster --engine spark} prints the local engine's JSON and result (sc-pc and fast-csp-ml). */
class CommandLineEngineTest {

    @TempDir
    static Path directory;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"sc-pc, landmarks nodes components",
            "fast-csp-ml, samples layerDimensions subspaceDimension mustLinkComponents pointsWithoutMustLink"})
    void sparkGivesTheLocalEnginesResult(String method, String fields) throws IOException {
        SharedSpark.session();
        Path data = directory.resolve("mixture.csv");
        CsvWriter.write(LocalAgreementTest.MIXTURE, data);
        JsonObject spark = cluster(data, method, "--engine", "spark");
        JsonObject local = cluster(data, method);
        assertEquals("spark", spark.get("engine").getAsString());
        assertEquals(method, spark.get("algorithm").getAsString());
        java.util.Set<String> sparkKeys = new java.util.TreeSet<>(spark.keySet());
        sparkKeys.remove("engine");
        assertEquals(new java.util.TreeSet<>(local.keySet()), sparkKeys);
        assertEquals(local.getAsJsonObject("metrics").get("acc").getAsDouble(),
                spark.getAsJsonObject("metrics").get("acc").getAsDouble(), 0.01);
        for (String field : fields.split(" ")) {
            assertEquals(local.getAsJsonObject("diagnostics").get(field), spark.getAsJsonObject("diagnostics").get(field),
                    field);
        }
    }

    @org.junit.jupiter.api.Test
    void aParquetLabelColumnIsTheTruthNotSupervision() {
        SharedSpark.session();
        Path csv = directory.resolve("truth.csv");
        CsvWriter.write(LocalAgreementTest.MIXTURE, csv);
        Path parquet = directory.resolve("truth.parquet");
        try (io.csc.api.ClusteringEngine engine = io.csc.api.ClusteringEngine.start("spark", null)) {
            engine.writeParquet(LocalAgreementTest.MIXTURE, parquet);
        }
        JsonObject fromCsv = cluster(csv, "scacs", "--engine", "spark");
        JsonObject fromParquet = cluster(parquet, "scacs", "--engine", "spark");
        assertEquals(60, fromParquet.getAsJsonObject("constraints").get("constrainedPoints").getAsInt());
        // every point labelled would change the constraint spectrum and the clusters
        assertEquals(fromCsv.getAsJsonObject("diagnostics").get("gammaMax").getAsDouble(),
                fromParquet.getAsJsonObject("diagnostics").get("gammaMax").getAsDouble(),
                1e-6 * fromCsv.getAsJsonObject("diagnostics").get("gammaMax").getAsDouble());
        assertEquals(fromCsv.getAsJsonObject("metrics").get("acc").getAsDouble(),
                fromParquet.getAsJsonObject("metrics").get("acc").getAsDouble(), 1e-9);
    }

    @org.junit.jupiter.api.Test
    void labelsOfMoreClassesThanKAreRefusedOnParquetData() throws IOException {
        SharedSpark.session();
        Path parquet = directory.resolve("classes.parquet");
        try (io.csc.api.ClusteringEngine engine = io.csc.api.ClusteringEngine.start("spark", null)) {
            engine.writeParquet(LocalAgreementTest.MIXTURE, parquet);
        }
        Path labels = directory.resolve("four-classes.csv");
        java.nio.file.Files.writeString(labels, "0,0\n1,1\n2,2\n3,3\n");
        StringWriter err = new StringWriter();
        CommandLine commandLine = CscCommand.commandLine();
        commandLine.setOut(new PrintWriter(new StringWriter()));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute("cluster", "--data", parquet.toString(), "--engine", "spark", "-a", "scacs",
                "-k", "2", "--labels", labels.toString(), "--quiet");
        assertEquals(2, code, err.toString());
        org.junit.jupiter.api.Assertions.assertTrue(err.toString().contains(labels + " names 4 classes but k = 2"),
                err.toString());
        // without -k, k is the truth's 4 classes
        Path five = directory.resolve("five-classes.csv");
        java.nio.file.Files.writeString(five, "0,0\n1,1\n2,2\n3,3\n4,4\n");
        StringWriter errFive = new StringWriter();
        commandLine.setErr(new PrintWriter(errFive));
        assertEquals(2, commandLine.execute("cluster", "--data", parquet.toString(), "--engine", "spark", "-a", "scacs",
                "--labels", five.toString(), "--quiet"), errFive.toString());
        org.junit.jupiter.api.Assertions.assertTrue(errFive.toString().contains(five + " names 5 classes but k = 4"),
                errFive.toString());
    }

    private static JsonObject cluster(Path data, String method, String... engine) {
        List<String> args = new ArrayList<>(List.of("cluster", "--data", data.toString(), "-a", method, "-k", "4",
                "--known-labels", "60", "--seed", "5", "--param", LocalAgreementTest.RESTARTS,
                // the Spark engine fits the method as set; locally select=auto would guard 3,000 points
                "--param", "select=none", "--json", "--quiet"));
        args.addAll(List.of(engine));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = CscCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        assertEquals(0, commandLine.execute(args.toArray(String[]::new)), err.toString());
        return JsonParser.parseString(out.toString()).getAsJsonObject();
    }
}
