package io.csc.server;

/** A request the page cannot serve: its HTTP status and a one-line message for the person. */
final class ApiException extends RuntimeException {

    private final int status;

    ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
