package io.csc.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the master URL of {@code --spark-master} before Spark starts on it. Spark refuses a URL it
 * cannot parse, or {@code local[0]}, only while it builds its context: it logs the error with its
 * stack trace first, and the exception that follows is no usage error. The forms are Spark's own
 * (its {@code SparkMasterRegex}): {@code local}, {@code local[N]} and {@code local[*]} with
 * optionally {@code ,F} task failures, {@code local-cluster[N,C,M]}; any other URL with a scheme
 * ({@code spark://}, {@code k8s://}) and {@code yarn} go to the cluster managers, which check them.
 */
final class SparkMaster {

    private static final Pattern LOCAL = Pattern.compile("local\\[([0-9]{1,9}|\\*)(?:\\s*,\\s*([0-9]{1,9}))?]");
    private static final Pattern LOCAL_CLUSTER = Pattern.compile(
            "local-cluster\\[\\s*([0-9]{1,9})\\s*,\\s*([0-9]{1,9})\\s*,\\s*([0-9]{1,9})\\s*]");
    private static final String FORMS = "local, local[N], local[*], local[N,F] (N threads, F task failures), "
            + "spark://HOST:PORT, yarn or k8s://HOST:PORT";

    private SparkMaster() {
    }

    /**
     * {@code master} when Spark can start on it (null, the session's or Spark's default, passes).
     *
     * @throws IllegalArgumentException naming the value and the forms Spark takes
     */
    static String require(String master) {
        if (master == null || master.equals("local") || master.equals("yarn") || master.contains("://")) {
            return master;
        }
        Matcher local = LOCAL.matcher(master);
        if (local.matches()) {
            if (!local.group(1).equals("*") && Integer.parseInt(local.group(1)) < 1) {
                throw new IllegalArgumentException("Invalid --spark-master '" + master + "': a local master needs at "
                        + "least 1 thread; give local[1] or more, or local[*] for one per processor");
            }
            return master;
        }
        Matcher cluster = LOCAL_CLUSTER.matcher(master);
        if (cluster.matches() && Integer.parseInt(cluster.group(1)) >= 1 && Integer.parseInt(cluster.group(2)) >= 1) {
            return master;
        }
        throw new IllegalArgumentException("Invalid --spark-master '" + master + "': expected " + FORMS);
    }

    /** How long {@link #requireReachable} waits for each master of a {@code spark://} URL. */
    static final int CONNECT_MILLISECONDS = 5_000;

    /**
     * Refuses a standalone master ({@code spark://HOST:PORT}, or {@code spark://H1:P1,H2:P2} for
     * masters in standby) none of whose addresses takes a connection, before Spark starts on it.
     * Spark itself retries its registration for about a minute, logging each attempt's stack trace,
     * and then stops its context, which csc could report only as a failure of the first job. Other
     * URLs pass: their cluster managers check them.
     *
     * @throws IllegalStateException naming the master, each address's failure and what to do
     */
    static void requireReachable(String master) {
        if (master == null || !master.startsWith("spark://")) {
            return;
        }
        List<String> failures = new ArrayList<>();
        for (String address : master.substring("spark://".length()).split(",")) {
            int colon = address.lastIndexOf(':');
            String host = colon > 0 ? address.substring(0, colon) : address;
            int port;
            try {
                port = colon > 0 ? Integer.parseInt(address.substring(colon + 1)) : 7077;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Invalid --spark-master '" + master + "': the port of " + address
                        + " is not a number; give spark://HOST:PORT");
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), CONNECT_MILLISECONDS);
                return;
            } catch (IOException | IllegalArgumentException e) {
                failures.add(address + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            }
        }
        throw new IllegalStateException("Cannot reach the Spark master " + master + " (" + String.join("; ", failures)
                + "): start it or check its address, or run on this machine with --spark-master local[N]");
    }
}
