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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code csc cluster --engine spark} runs sc-pc and prints the local engine's JSON and result. */
class CommandLineEngineTest {

    @TempDir
    static Path directory;

    @Test
    void scpcOnSparkGivesTheLocalEnginesResult() throws IOException {
        SharedSpark.session();
        Path data = directory.resolve("mixture.csv");
        CsvWriter.write(LocalAgreementTest.MIXTURE, data);
        JsonObject spark = cluster(data, "--engine", "spark");
        JsonObject local = cluster(data);
        assertEquals("spark", spark.get("engine").getAsString());
        assertEquals("sc-pc", spark.get("algorithm").getAsString());
        assertEquals(local.getAsJsonObject("metrics").get("acc").getAsDouble(),
                spark.getAsJsonObject("metrics").get("acc").getAsDouble(), 0.01);
        for (String field : List.of("landmarks", "nodes", "components")) {
            assertEquals(local.getAsJsonObject("diagnostics").get(field), spark.getAsJsonObject("diagnostics").get(field),
                    field);
        }
    }

    private static JsonObject cluster(Path data, String... engine) {
        List<String> args = new ArrayList<>(List.of("cluster", "--data", data.toString(), "-a", "sc-pc", "-k", "4",
                "--known-labels", "60", "--seed", "5", "--param", LocalAgreementTest.RESTARTS, "--json", "--quiet"));
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
