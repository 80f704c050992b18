package io.csc.api;

/**
 * A method cannot cluster this input, although every parameter is valid: fewer distinct points
 * than clusters, all points identical, constraints no assignment satisfies, too few points for
 * the method's landmarks. The message says what to change. The command line reports it as a run
 * that failed, not as a usage error.
 */
public class UnsuitableInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnsuitableInputException(String message) {
        super(message);
    }
}
