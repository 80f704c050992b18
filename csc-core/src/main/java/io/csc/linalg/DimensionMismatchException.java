package io.csc.linalg;

/** Thrown when the shapes of matrices or vectors do not fit the operation. */
public class DimensionMismatchException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public DimensionMismatchException(String message) {
        super(message);
    }
}
