package io.csc.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code csc} command: constrained spectral clustering from the shell. */
@Command(name = "csc", mixinStandardHelpOptions = true, version = "csc 0.1.0",
        description = "Constrained spectral clustering: clustering guided by must-link / cannot-link pairs, "
                + "partial labels or groups.",
        subcommands = {ClusterCommand.class, PredictCommand.class, ModelCommand.class, HoldoutCommand.class, EvaluateCommand.class, AlgorithmsCommand.class, DemoCommand.class,
                ExperimentCommand.class, CompareCommand.class, ReportCommand.class, ServeCommand.class,
                GenerateCommand.class,
                CommandLine.HelpCommand.class})
public final class CscCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, for tests and for {@link #main}. */
    public static CommandLine commandLine() {
        ErrorHandler errors = new ErrorHandler();
        return new CommandLine(new CscCommand())
                .setExecutionExceptionHandler(errors)
                .setExecutionStrategy(parseResult -> {
                    // picocli hands exceptions to the handler but lets errors through: without this, a command
                    // that runs out of memory (cluster and predict catch it themselves) ends in a stack trace
                    try {
                        return new CommandLine.RunLast().execute(parseResult);
                    } catch (OutOfMemoryError error) {
                        CommandLine command = parseResult.subcommands().isEmpty() ? parseResult.commandSpec().commandLine()
                                : parseResult.subcommands().get(0).commandSpec().commandLine();
                        return errors.handleExecutionException(new ErrorHandler.OutOfMemoryErrorWrapper(error,
                                "give the JVM more with JAVA_OPTS=-Xmx8g"), command, parseResult);
                    }
                })
                .setParameterExceptionHandler((exception, args) -> {
                    CommandLine command = exception.getCommandLine();
                    String message = String.valueOf(exception.getMessage()).strip().replaceAll("\\s*\\R\\s*", "; ");
                    command.getErr().println("csc: " + message + " (run '" + command.getCommandSpec().qualifiedName()
                            + " --help' for the options)");
                    command.getErr().flush();
                    return ExitCodes.USAGE;
                });
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
