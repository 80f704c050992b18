package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFileTest {

    @TempDir
    Path folder;

    private void assumePosix() {
        assumeTrue(Files.getFileAttributeView(folder, PosixFileAttributeView.class) != null, "POSIX permissions");
    }

    @Test
    void aDashIsRefusedInsteadOfWrittenAsAFileNamedDash() {
        OutputFile.OutputException error = assertThrows(OutputFile.OutputException.class,
                () -> OutputFile.of(Path.of("-"), "--output").check());
        assertEquals("Cannot write --output -: '-' is standard input for --data, not standard output, which carries "
                + "the run's summary; give a file name", error.getMessage());
    }

    @Test
    void aNewFileGetsThePermissionsOfAnyNewFileInItsFolder() throws IOException {
        assumePosix();
        Path reference = Files.createFile(folder.resolve("reference.txt")); // the umask's permissions
        Path labels = folder.resolve("labels.csv");
        OutputFile.of(labels, "--output").write(file -> Files.writeString(file, "0\n1\n"));
        assertEquals("0\n1\n", Files.readString(labels));
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(labels));
        try (Stream<Path> files = Files.list(folder)) {
            assertTrue(files.noneMatch(path -> path.getFileName().toString().startsWith(".partial-")), "no temporary left");
        }
    }

    @Test
    void aFileWrittenOverAnotherKeepsItsPermissions() throws IOException {
        assumePosix();
        Path labels = Files.writeString(folder.resolve("labels.csv"), "old\n");
        Files.setPosixFilePermissions(labels, PosixFilePermissions.fromString("rw-r-----"));
        OutputFile.of(labels, "--output").write(file -> Files.writeString(file, "new\n"));
        assertEquals("new\n", Files.readString(labels));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(labels)));
    }

    @Test
    void aFailedWriteLeavesThePreviousFileAndNoTemporary() throws IOException {
        Path labels = Files.writeString(folder.resolve("labels.csv"), "old\n");
        OutputFile.OutputException error = assertThrows(OutputFile.OutputException.class,
                () -> OutputFile.of(labels, "--output").write(file -> {
                    Files.writeString(file, "partial");
                    throw new IOException("disk full");
                }));
        assertTrue(error.getMessage().contains("the previous file, if any, is unchanged"), error.getMessage());
        assertEquals("old\n", Files.readString(labels));
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(1, files.count(), "only the previous file");
        }
    }

    /**
     * {@code --output /dev/stdout > file}: /dev/stdout is a link to /proc/self/fd/1, and a file
     * renamed over it took the link's place, so that the labels never reached the redirected output.
     */
    @Test
    void aLinkToStandardOutputRedirectedToAFileGetsTheOutputInItsPlace() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/self/fd/1")), "no /proc/self/fd");
        Path link = Files.createSymbolicLink(folder.resolve("stdout"), Path.of("/proc/self/fd/1"));
        Path redirected = folder.resolve("printed.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                WriteAndPrint.class.getName(), link.toString())
                .redirectErrorStream(true).redirectOutput(redirected.toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the writer finished");
        assertEquals(0, process.exitValue(), Files.readString(redirected));
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertEquals("before\n0\n1\nafter\n", Files.readString(redirected));
    }

    /** Prints a line, writes labels to {@code --output} its argument, prints another line. */
    static final class WriteAndPrint {
        public static void main(String[] args) {
            System.out.println("before");
            OutputFile.of(Path.of(args[0]), "--output").write(file -> Files.writeString(file, "0\n1\n"));
            System.out.println("after");
        }
    }
}
