package io.csc.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.BundledData;
import io.csc.data.CsvWriter;
import io.csc.data.Dataset;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's "Use it from Java" example compiles (it is this module's test source) and runs. */
class UseFromJavaTest {

    @TempDir
    Path directory;

    @Test
    void theReadmeExampleIsThisFileAndRuns() throws IOException {
        Path source = Path.of("src/test/java/io/csc/example/UseFromJava.java");
        String code = Files.readString(source, StandardCharsets.UTF_8);
        String example = code.substring(code.indexOf("// README: begin\n") + "// README: begin\n".length(),
                code.indexOf("// README: end"));
        String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
        assertTrue(readme.contains("```java\n" + example + "```"),
                "README.md's Java example differs from " + source + ": copy the part between the README markers");

        Dataset wine = BundledData.load("wine");
        Path training = directory.resolve("wine.csv");
        Path fresh = directory.resolve("fresh.csv");
        CsvWriter.write(wine, training);
        CsvWriter.write(wine.subset(IntStream.range(0, 5).toArray()), fresh);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            UseFromJava.main(new String[] {training.toString(), fresh.toString(),
                    directory.resolve("wine.csc").toString()});
        } finally {
            System.setOut(original);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("seeded-njw labels ["), printed);
        assertTrue(printed.strip().endsWith("(same after loading)"), printed);
        assertEquals(1, printed.strip().lines().count());
    }
}
