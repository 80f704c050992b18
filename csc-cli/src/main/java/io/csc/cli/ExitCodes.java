package io.csc.cli;

/**
 * The exit codes of {@code csc}, as the README's table states them:
 * <ul>
 * <li>0 success;</li>
 * <li>1 a run that failed: the method could not cluster this input although every option was
 *     valid (fewer distinct points than k, all points identical, constraints no assignment
 *     satisfies, too few points for the landmarks), did not converge, ran out of memory, or every
 *     fit of an experiment failed;</li>
 * <li>2 a usage error: an unknown option, a bad value, options that contradict each other;</li>
 * <li>3 a file problem: data, constraints, labels or a model that cannot be read or is malformed,
 *     or an output that cannot be written;</li>
 * <li>4 an internal error, a bug: {@code --verbose} prints the stack trace.</li>
 * </ul>
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
