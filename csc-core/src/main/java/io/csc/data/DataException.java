package io.csc.data;

/**
 * Bad input data: the message is one line naming the file, and where known the line, column and
 * value, and says what to do instead. The command line prints it as it is.
 */
public class DataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DataException(String message) {
        super(message);
    }

    public DataException(String message, Throwable cause) {
        super(message, cause);
    }
}
