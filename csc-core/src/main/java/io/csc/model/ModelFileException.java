package io.csc.model;

/** A model file that cannot be read: the message names the file and what is wrong, in one line. */
public final class ModelFileException extends RuntimeException {

    public ModelFileException(String message) {
        super(message);
    }

    public ModelFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
