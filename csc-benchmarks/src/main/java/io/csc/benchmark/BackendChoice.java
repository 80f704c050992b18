package io.csc.benchmark;

import io.csc.api.RunContext;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.LinearAlgebraBackend;

/** The linear-algebra backend a benchmark runs on, by the name of its {@code backend} parameter. */
final class BackendChoice {

    private BackendChoice() {
    }

    /**
     * A context whose backend is {@code openblas} (native) or {@code java} (the pure-Java fallback),
     * with its products on {@code threads} threads; the caller closes it.
     *
     * @throws IllegalStateException when the native backend was asked for and does not load
     */
    static RunContext of(String name, int threads) {
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
        return RunContext.of(0, threads, backend);
    }
}
