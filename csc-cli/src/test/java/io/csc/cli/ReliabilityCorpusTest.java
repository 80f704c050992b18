package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reliability corpus ({@link ReliabilityCorpus}) through the command line as a user runs it,
 * each case asserting: the exit code; on failure exactly one line of error, naming the file, line
 * and value where they apply, with no Java exception's name; the input files and the guarded
 * output untouched by a failure, and no temporary file left behind.
 */
class ReliabilityCorpusTest {

    /** A Java type name in a message: a class ending in Exception or Error, or a package path. */
    private static final Pattern JAVA_NAMES = Pattern.compile(
            "\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\b(java|javax|io\\.csc|org\\.[a-z]+|com\\.[a-z]+)\\.[a-z]|\\tat ");

    @TempDir
    static Path root;

    @Test
    void theCorpusIsLargeAndCoversEveryCategory() {
        List<CorpusCase> cases = ReliabilityCorpus.all();
        assertTrue(cases.size() >= 150, "only " + cases.size() + " cases");
        Map<String, Integer> perCategory = new HashMap<>();
        cases.forEach(entry -> perCategory.merge(entry.category(), 1, Integer::sum));
        assertTrue(perCategory.size() >= 8, perCategory.toString());
        assertEquals(cases.size(), cases.stream().map(CorpusCase::toString).distinct().count(), "names are unique");
    }

    @TestFactory
    Stream<DynamicTest> corpus() {
        List<CorpusCase> cases = ReliabilityCorpus.all();
        List<DynamicTest> tests = new ArrayList<>();
        for (int index = 0; index < cases.size(); index++) {
            CorpusCase entry = cases.get(index);
            Path folder = root.resolve("case-" + index);
            tests.add(DynamicTest.dynamicTest(entry.toString(), () -> check(entry, folder)));
        }
        return tests.stream();
    }

    private static void check(CorpusCase entry, Path folder) throws IOException {
        Files.createDirectories(folder);
        Map<Path, byte[]> inputs = new HashMap<>();
        for (Map.Entry<String, byte[]> file : entry.files().entrySet()) {
            Path path = folder.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, file.getValue());
            inputs.put(path, file.getValue());
        }
        Path guarded = folder.resolve(CorpusCase.GUARDED_OUTPUT);
        Files.writeString(guarded, CorpusCase.SENTINEL);
        List<String> arguments = new ArrayList<>();
        for (String argument : entry.arguments()) {
            arguments.add(argument.startsWith("@") ? folder.resolve(argument.substring(1)).toString() : argument);
        }
        if (entry.guarded()) {
            arguments.add("--output");
            arguments.add(guarded.toString());
        }
        if (entry.guarded() || (!arguments.contains("-q") && arguments.get(0).equals("cluster"))) {
            arguments.add("-q");
        }
        CliTest.Run run = runCapturingPicocliWarnings(arguments.toArray(String[]::new));
        String context = String.join(" ", arguments) + "\nstdout: " + run.out() + "\nstderr: " + run.err();

        assertEquals(entry.exitCode(), run.exitCode(), context);
        assertFalse(run.err().contains("picocli WARN"), context);
        List<String> errors = run.err().lines().filter(line -> !line.startsWith("[csc]") && !line.isBlank()).toList();
        if (entry.exitCode() != ExitCodes.OK) {
            assertEquals(1, errors.size(), "exactly one line of error\n" + context);
            String error = errors.get(0);
            assertTrue(error.startsWith("csc: "), context);
            assertFalse(JAVA_NAMES.matcher(error).find(), "a Java name in the message\n" + context);
            for (String mention : entry.mentions()) {
                assertTrue(error.contains(mention), "the error should mention '" + mention + "'\n" + context);
            }
            assertEquals(CorpusCase.SENTINEL, Files.readString(guarded), "the previous output survives\n" + context);
        } else {
            assertEquals(0, errors.size(), "no error line\n" + context);
            for (String mention : entry.mentions()) {
                assertTrue(run.err().contains(mention) || run.out().contains(mention),
                        "the run should mention '" + mention + "'\n" + context);
            }
            if (entry.guarded()) {
                assertFalse(Files.readString(guarded).equals(CorpusCase.SENTINEL), "labels written\n" + context);
            }
        }
        for (Map.Entry<Path, byte[]> input : inputs.entrySet()) {
            assertArrayEquals(input.getValue(), Files.readAllBytes(input.getKey()),
                    "input " + input.getKey().getFileName() + " untouched\n" + context);
        }
        try (Stream<Path> files = Files.walk(folder)) {
            assertTrue(files.noneMatch(path -> path.getFileName().toString().startsWith(".partial-")
                    || path.getFileName().toString().endsWith(".probe")), "no temporary file left\n" + context);
        }
    }

    /**
     * {@link CliTest#run} with an empty standard input, and standard error also captured, where
     * picocli writes its own warnings.
     */
    private static CliTest.Run runCapturingPicocliWarnings(String... arguments) {
        PrintStream before = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            CliTest.Run run = CliTest.runWithInput("", arguments);
            return new CliTest.Run(run.exitCode(), run.out(), run.err() + captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(before);
        }
    }
}
