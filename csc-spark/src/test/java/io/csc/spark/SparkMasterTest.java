package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.csc.cli.CscCommand;
import io.csc.cli.ExitCodes;
import io.csc.data.CsvWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * A master URL Spark cannot start on is a usage error in one line, found before Spark starts (which
 * logs its own stack trace and then fails as an internal error).
 */
class SparkMasterTest {

    @TempDir
    static Path directory;

    @ParameterizedTest
    @ValueSource(strings = {"local", "local[1]", "local[*]", "local[2,3]", "local[*, 4]", "local-cluster[2, 1, 1024]",
            "yarn", "spark://host:7077", "k8s://https://host:443"})
    void theFormsSparkTakesPass(String master) {
        assertEquals(master, SparkMaster.require(master));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bogus", "local[]", "local[two]", "local[ 2]", "local[99999999999]", "Local[2]", "local2"})
    void otherTextIsRefusedWithTheFormsToGive(String master) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SparkMaster.require(master));
        assertEquals("Invalid --spark-master '" + master + "': expected local, local[N], local[*], local[N,F] (N threads, "
                + "F task failures), spark://HOST:PORT, yarn or k8s://HOST:PORT", refused.getMessage());
    }

    @Test
    void aLocalMasterWithoutThreadsIsRefused() {
        assertEquals("Invalid --spark-master 'local[0]': a local master needs at least 1 thread; give local[1] or more, "
                + "or local[*] for one per processor",
                assertThrows(IllegalArgumentException.class, () -> SparkMaster.require("local[0]")).getMessage());
    }

    @Test
    void theCommandLineRefusesItAsAUsageError() {
        SharedSpark.session();
        Path data = directory.resolve("mixture.csv");
        CsvWriter.write(LocalAgreementTest.MIXTURE, data);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = CscCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute("cluster", "--data", data.toString(), "-a", "scacs", "-k", "4", "--engine", "spark",
                "--spark-master", "local[0]", "--quiet");
        assertEquals(ExitCodes.USAGE, code, err.toString());
        assertEquals("", out.toString());
        assertEquals("csc: Invalid --spark-master 'local[0]': a local master needs at least 1 thread; give local[1] or "
                + "more, or local[*] for one per processor", err.toString().strip());
    }

    @Test
    void aStandaloneMasterThatTakesNoConnectionIsRefusedAtOnce() throws java.io.IOException {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + port;
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> SparkMaster.requireReachable(master));
        org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().startsWith("Cannot reach the Spark master " + master
                + " (127.0.0.1:" + port + ": ") && refused.getMessage().endsWith("--spark-master local[N]"),
                refused.getMessage());
        try (java.net.ServerSocket listening = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            SparkMaster.requireReachable("spark://127.0.0.1:" + port + ",127.0.0.1:" + listening.getLocalPort());
        }
        SparkMaster.requireReachable("local[2]");
    }
}
