package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csc serve} refuses what it cannot serve in one line, before binding anything. */
class ServeCommandTest {

    @TempDir
    Path folder;

    @Test
    void refusesBadOptionsInOneLine() throws IOException {
        String session = folder.resolve("session").toString();
        assertRefused(2, "Invalid --port: 70000", "serve", "--data", "wine", "--port", "70000", "--session", session);
        assertRefused(2, "Unknown query strategy: 'best'", "serve", "--data", "wine", "--strategy", "best",
                "--session", session);
        assertRefused(2, "Invalid -k: 1", "serve", "--data", "wine", "-k", "1", "--session", session);
        assertRefused(2, "Unknown algorithm", "serve", "--data", "wine", "-a", "nosuch", "--session", session);
        Path file = Files.writeString(folder.resolve("a-file"), "not a folder");
        assertRefused(3, "not a folder", "serve", "--data", "wine", "--session", file.toString());
        Path constraints = Files.writeString(folder.resolve("pairs.csv"), "0,1,ML\n0,500,CL\n");
        assertRefused(3, "pairs.csv", "serve", "--data", "wine", "--constraints", constraints.toString(),
                "--session", session);
        Path answered = Files.createDirectories(folder.resolve("answered"));
        Files.writeString(answered.resolve("answers.csv"), "i,j,answer,predicted\n0,1,same,\n");
        Path good = Files.writeString(folder.resolve("good.csv"), "0,2,ML\n");
        assertRefused(2, "holds an earlier session (answers.csv, 1 answer)", "serve", "--data", "wine",
                "--constraints", good.toString(), "--session", answered.toString(), "--port", "0");
        // a session stopped before its first answer: its file has the header alone
        Path unanswered = Files.createDirectories(folder.resolve("unanswered"));
        Files.writeString(unanswered.resolve("answers.csv"), "i,j,answer,predicted\n");
        assertRefused(2, "holds an earlier session (answers.csv, 0 answers)", "serve", "--data", "wine",
                "--constraints", good.toString(), "--session", unanswered.toString(), "--port", "0");
    }

    @Test
    void contradictoryStartingConstraintsAreWarnedAbout() throws IOException {
        Path answered = Files.createDirectories(folder.resolve("answered-too"));
        Files.writeString(answered.resolve("answers.csv"), "i,j,answer,predicted\n0,1,same,\n");
        Path contradictory = Files.writeString(folder.resolve("contradictory.csv"), "0,1,ML\n1,2,ML\n0,2,CL\n");
        // the session folder's refusal comes after the constraints are read: the warning is printed first
        CliTest.Run run = CliTest.run("serve", "--data", "wine", "--constraints", contradictory.toString(), "--session",
                answered.toString(), "--port", "0");
        assertTrue(run.err().contains("[csc] warning: 1 cannot-link constraint falls inside must-link components of "
                + contradictory), run.err());
    }

    @Test
    void aPortInUseIsRefusedBeforeTheSessionIsMade() throws IOException {
        Path session = folder.resolve("busy-session");
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            CliTest.Run run = CliTest.run("serve", "--data", "wine", "--host", "127.0.0.1", "--port",
                    String.valueOf(port), "--session", session.toString());
            assertTrue(run.exitCode() != 0, run.err());
            assertTrue(run.err().contains("Cannot serve on 127.0.0.1:" + port + ": ") && run.err().contains("--port 0"),
                    run.err());
            assertTrue(!run.err().contains("ERROR") && !run.err().contains("preparing"), run.err());
        }
        assertTrue(Files.notExists(session), "the session folder was made for a server that could not start");
    }

    private static void assertRefused(int code, String message, String... args) {
        CliTest.Run run = CliTest.run(args);
        assertEquals(code, run.exitCode(), run.err());
        assertTrue(run.err().contains(message), run.err());
        assertEquals(1, run.err().strip().lines().filter(line -> !line.startsWith("[csc]")).count(), run.err());
        assertTrue(!run.err().contains("Exception") && !run.err().contains("\tat "), run.err());
    }
}
