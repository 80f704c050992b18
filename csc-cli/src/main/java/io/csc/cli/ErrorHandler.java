package io.csc.cli;

import io.csc.api.UnsuitableInputException;
import io.csc.constraint.InconsistentConstraintsException;
import io.csc.data.DataException;
import io.csc.linalg.NonConvergenceException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns exceptions into one-line messages on standard error and the documented exit codes; the
 * stack trace only with {@code --verbose}.
 */
final class ErrorHandler implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception exception, CommandLine commandLine, ParseResult parseResult) {
        PrintWriter err = commandLine.getErr();
        boolean verbose = parseResult.hasMatchedOption("--verbose")
                || parseResult.subcommands().stream().anyMatch(sub -> sub.hasMatchedOption("--verbose"));
        int code;
        String message;
        if (exception instanceof DataException || exception instanceof InconsistentConstraintsException
                || exception instanceof io.csc.model.ModelFileException) {
            code = ExitCodes.DATA;
            message = exception.getMessage();
        } else if (exception instanceof NonConvergenceException || exception instanceof UnsuitableInputException) {
            code = ExitCodes.FAILED;
            message = exception.getMessage();
        } else if (exception instanceof IllegalArgumentException || exception instanceof IllegalStateException) {
            code = ExitCodes.USAGE;
            message = exception.getMessage();
        } else if (exception instanceof OutputFile.OutputException
                || exception instanceof java.io.UncheckedIOException) {
            code = ExitCodes.DATA;
            message = exception.getMessage();
        } else if (exception instanceof java.io.IOException io) {
            code = ExitCodes.DATA;
            String file = io instanceof java.nio.file.FileSystemException fileSystem ? fileSystem.getFile() : null;
            message = "input/output error" + (file != null ? " on " + file : "") + ": " + OutputFile.reason(io);
        } else if (exception instanceof OutOfMemoryErrorWrapper) {
            code = ExitCodes.FAILED;
            message = exception.getMessage();
        } else {
            code = ExitCodes.INTERNAL;
            message = "internal error, a bug in csc (run again with --verbose for the stack trace, and report it)";
        }
        err.println("csc: " + (message == null ? "failed without a reason (run again with --verbose for the stack trace)"
                : message.strip().replaceAll("\\s*\\R\\s*", "; ")));
        if (verbose) {
            exception.printStackTrace(err);
        }
        err.flush();
        return code;
    }

    /** An out-of-memory error turned into an exception with advice. */
    static final class OutOfMemoryErrorWrapper extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfMemoryErrorWrapper(OutOfMemoryError error) {
            this(error, "give the JVM more with JAVA_OPTS=-Xmx8g, or use a scalable method (lsc-r, lsc-k, nystrom, or a "
                    + "k-NN graph)");
        }

        /** With {@code advice}, what to do instead, after the error's own words. */
        OutOfMemoryErrorWrapper(OutOfMemoryError error, String advice) {
            super("out of memory (" + error.getMessage() + "): " + advice, error);
        }

        /** A run refused before it starts because it would not fit in memory: {@code message} says why. */
        OutOfMemoryErrorWrapper(String message) {
            super(message);
        }
    }
}
