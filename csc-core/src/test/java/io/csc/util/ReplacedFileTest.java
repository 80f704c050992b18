package io.csc.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplacedFileTest {

    @TempDir
    Path directory;

    @Test
    void aFileIsReplacedWholeAndNoPartialFileIsLeft() throws IOException {
        Path file = directory.resolve("model.csc");
        Files.writeString(file, "the previous content, longer than the new one");
        ReplacedFile.writeText(file, writer -> writer.write("new"));
        assertEquals("new", Files.readString(file));
        try (var files = Files.list(directory)) {
            assertEquals(List.of(file), files.toList());
        }
    }

    @Test
    void aPipeIsWrittenThroughNotReplacedByAFile() throws Exception {
        Path pipe = directory.resolve("pipe");
        assumeTrue(run(List.of("mkfifo", pipe.toString()), null) == 0, "mkfifo is not available");
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(pipe);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        ReplacedFile.writeText(pipe, writer -> writer.write("through the pipe"));
        assertFalse(Files.isRegularFile(pipe), "the pipe was replaced by a file");
        assertEquals("through the pipe", read.get(30, TimeUnit.SECONDS));
    }

    /**
     * /dev/stdout is a link to /proc/self/fd/1: with standard output redirected to a file, a file
     * renamed over it took the link's place, and the redirected output never got what was written.
     */
    @Test
    void aLinkToStandardOutputRedirectedToAFileWritesToIt() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/self/fd/1")), "no /proc/self/fd");
        Path link = directory.resolve("stdout");
        Files.createSymbolicLink(link, Path.of("/proc/self/fd/1"));
        Path redirected = directory.resolve("printed.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        int exit = run(List.of(java, "-cp", System.getProperty("java.class.path"), WriteAndPrint.class.getName(),
                link.toString()), redirected);
        assertEquals(0, exit, Files.readString(redirected));
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertEquals("before\nwritten\nafter\n", Files.readString(redirected, StandardCharsets.UTF_8));
    }

    /** Prints a line, writes a line to the file of its argument, prints another line. */
    static final class WriteAndPrint {
        public static void main(String[] args) throws IOException {
            System.out.println("before");
            ReplacedFile.writeText(Path.of(args[0]), writer -> writer.write("written\n"));
            System.out.println("after");
        }
    }

    private static int run(List<String> command, Path output) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (output != null) {
            builder.redirectOutput(output.toFile());
        } else {
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        try {
            Process process = builder.start();
            return process.waitFor(60, TimeUnit.SECONDS) ? process.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
