package io.csc.benchmark;

import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.LinearAlgebraBackend;

/** The linear-algebra backend a benchmark runs on, by the name of its {@code backend} parameter. */
final class BackendChoice {

    private BackendChoice() {
    }

    /**
     * {@code openblas}: the native backend with {@code threads} BLAS threads; {@code java}: the
     * pure-Java fallback.
     *
     * @throws IllegalStateException when the native backend was asked for and does not load
     */
    static LinearAlgebraBackend of(String name, int threads) {
        LinearAlgebraBackend backend = switch (name) {
            case "openblas" -> {
                if (!LinearAlgebra.nativeAvailable()) {
                    throw new IllegalStateException("the native backend did not load: " + LinearAlgebra.nativeFailure());
                }
                yield LinearAlgebra.nativeBackend();
            }
            case "java" -> LinearAlgebra.javaBackend();
            default -> throw new IllegalArgumentException("unknown backend '" + name + "' (openblas or java)");
        };
        backend.setThreads(threads);
        return backend;
    }
}
