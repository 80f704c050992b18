package io.csc.cli;

/**
 * The exit codes of {@code csc}, documented in the README:
 * 0 success, 1 a run that failed (a method refused the input or did not converge), 2 a usage
 * error (unknown option or bad value), 3 bad input data (file, constraints), 4 an unexpected
 * internal error.
 */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int DATA = 3;
    public static final int INTERNAL = 4;

    private ExitCodes() {
    }
}
