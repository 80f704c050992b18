package io.csc.cli;

import io.csc.active.QueryStrategies;
import io.csc.active.QueryStrategy;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintReader;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.TruthClusters;
import io.csc.experiment.AlgorithmConfiguration;
import io.csc.server.ActiveServer;
import io.csc.server.SessionFolder;
import io.csc.server.SessionSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code csc serve}: the interactive page that asks a person for constraints. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve a local page that asks which points belong together: it shows the current clustering "
                + "as a scatter plot and the next question (two points side by side; images for IDX data), takes "
                + "Same / Different / Don't know (keys S, D, K; U undoes), refits after each answer and offers the "
                + "constraints, labels and model for download. Answers are saved in the session folder as they "
                + "arrive; starting again with the same folder resumes.",
                "Example: csc serve --data wine -a scacs --strategy min-max --port 8080"})
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "FILE|NAME", description = DataOptions.DATA_DESCRIPTION)
    String dataName;

    @Mixin
    DataOptions data;

    @Mixin
    CommonOptions common;

    @Option(names = {"-a", "--algorithm"}, defaultValue = "scacs", paramLabel = "ALG",
            description = "The clustering method refitted after each answer (default: ${DEFAULT-VALUE}; scacs, "
                    + "sc-pc, lsc-r and fast-csp-ml scale to large data, scacs with a warm start).")
    String method;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A parameter of the method (repeatable).")
    List<String> parameters = new ArrayList<>();

    @Option(names = "-k", paramLabel = "K", description = "Number of clusters (default: the number of classes of the data).")
    Integer clusters;

    @Option(names = "--strategy", defaultValue = "npu", paramLabel = "NAME",
            description = "How questions are chosen: random, ffqs (Explore-Consolidate), min-max, uncertainty or npu "
                    + "(default: ${DEFAULT-VALUE}, the best in simulation on the shared and on held-back sets; "
                    + "docs/results/95-active.md).")
    String strategy;

    @Option(names = "--session", defaultValue = "csc-session", paramLabel = "DIR",
            description = "Folder of the session's answers, constraints, labels and model (default: ${DEFAULT-VALUE}); "
                    + "answers found there are resumed.")
    Path session;

    @Option(names = "--constraints", paramLabel = "FILE",
            description = "Start from these constraints (i,j,type[,weight] lines, as csc cluster --constraints reads).")
    Path constraints;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 opens it to the network).")
    String host;

    @Option(names = "--port", defaultValue = "8080", paramLabel = "PORT",
            description = "Port to listen on (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("Invalid --port: " + port + " (0 to 65535)");
        }
        QueryStrategy chosen = QueryStrategies.byName(strategy);
        AlgorithmOptions algorithms = new AlgorithmOptions();
        algorithms.names = List.of(method);
        algorithms.parameters = parameters;
        AlgorithmConfiguration configuration = algorithms.configurations().get(0);
        DataOptions.Raw raw = data.loadRaw(dataName);
        Dataset points = raw.data();
        int k = clusters != null ? clusters : points.hasLabels() ? TruthClusters.of(points) : 0;
        if (k < 2) {
            throw new IllegalArgumentException(clusters == null
                    ? points.name() + " has no truth labels to take k from: give -k (at least 2)"
                    : "Invalid -k: " + k + " (an interactive session needs at least 2 clusters)");
        }
        if (k > points.size()) {
            throw new IllegalArgumentException("Invalid -k: " + k + " is more than the " + points.size() + " points");
        }
        requireFreePort(host, port);
        SessionFolder folder = SessionFolder.open(session);
        ConstraintSet initial = constraints == null ? ConstraintSet.empty(points.size())
                : ConstraintReader.read(constraints, points.size(), warning -> err.println("[csc] warning: " + warning));
        int contradictions = ConstraintClosure.of(initial).inconsistencies().size();
        if (contradictions > 0) {
            err.println("[csc] warning: " + contradictions + " cannot-link constraint" + (contradictions == 1 ? " falls"
                    : "s fall") + " inside must-link components of " + constraints + "; the session starts from them "
                    + "as they are (csc cluster --constraints " + constraints + " --on-inconsistent fail lists them)");
        }
        SessionSettings settings = new SessionSettings(points, points.name(),
                raw.images() ? SessionSettings.imageWidthOf(points.dimension()) : 0, configuration.descriptor(),
                configuration.overrides(), data.scalingFor(raw), k, chosen, common.seed, common.threadCount());
        if (!common.quiet) {
            err.println("[csc] preparing " + configuration.descriptor().name() + " on " + points.name() + " ("
                    + points.size() + " points, k = " + k + ")" + (folder.hasAnswers() ? ", resuming " + folder.path() : ""));
            err.flush();
        }
        ActiveServer server = ActiveServer.prepare(settings, folder, initial);
        int bound;
        try {
            bound = server.start(host, port);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "csc-serve-shutdown"));
        PrintWriter out = spec.commandLine().getOut();
        String shownHost = host.contains(":") ? "[" + host + "]" : host;
        out.printf(Locale.ROOT, "Serving %s on http://%s:%d/ (Ctrl+C to stop); %d answers so far, saved in %s%n",
                points.name(), shownHost, bound, server.session().log().size(), folder.path());
        out.flush();
        stopped.await();
        return ExitCodes.OK;
    }

    /**
     * Refuses an address that cannot be bound before the session folder is made and the method
     * fitted (minutes on large data), rather than after. The server binds again when it starts:
     * a port taken in between is still refused then.
     */
    static void requireFreePort(String host, int port) {
        if (port == 0) {
            return;
        }
        try (java.net.ServerSocket socket = new java.net.ServerSocket()) {
            socket.bind(new java.net.InetSocketAddress(host, port));
        } catch (java.io.IOException | RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new IllegalStateException("Cannot serve on " + host + ":" + port + ": " + reason
                    + "; give another --port, or --port 0 for any free one");
        }
    }
}
