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
        return new CommandLine(new CscCommand())
                .setExecutionExceptionHandler(new ErrorHandler())
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
