package io.csc.linalg;

import java.util.Locale;

/**
 * The linear-algebra backends of this JVM: native OpenBLAS when it loads, the pure-Java backend
 * everywhere. The default can be forced with the system property {@code csc.backend} or the
 * environment variable {@code CSC_BACKEND}: {@code auto} (default), {@code native} (fail if the
 * natives do not load) or {@code java}.
 *
 * <p>Nothing here changes once set: the natives are loaded at most once, on first use, with
 * OpenBLAS's own threads switched off, and each run takes its backend from its
 * {@link io.csc.api.RunContext}, which brings the run's threads
 * ({@link ParallelBackend}).
 */
public final class LinearAlgebra {

    /** System property that forces a backend. */
    public static final String BACKEND_PROPERTY = "csc.backend";
    /** Environment variable that forces a backend when the property is not set. */
    public static final String BACKEND_VARIABLE = "CSC_BACKEND";

    private static final LinearAlgebraBackend JAVA = new JavaBackend();

    /** The native backend, loaded when this class is first used, or why it did not load. */
    private static final class Natives {
        static final LinearAlgebraBackend BACKEND;
        static final String FAILURE;

        static {
            LinearAlgebraBackend loaded = null;
            String failure = null;
            try {
                loaded = OpenBlasBackend.load();
            } catch (Throwable cause) {
                failure = cause.getClass().getSimpleName() + ": " + cause.getMessage();
            }
            BACKEND = loaded;
            FAILURE = failure;
        }

        private Natives() {
        }
    }

    private LinearAlgebra() {
    }

    /**
     * The backend that {@code csc.backend} (else {@code CSC_BACKEND}) asks for: native OpenBLAS
     * when it loads and nothing else is asked, the pure-Java backend otherwise. Single-threaded:
     * a {@link io.csc.api.RunContext} runs its products on its own threads.
     *
     * @throws IllegalArgumentException when the property names no backend
     * @throws IllegalStateException when the native backend is asked for and does not load
     */
    public static LinearAlgebraBackend defaultBackend() {
        String wanted = requested();
        return switch (wanted) {
            case "java" -> JAVA;
            case "native", "openblas" -> nativeBackend();
            case "auto", "" -> nativeAvailable() ? nativeBackend() : JAVA;
            default -> throw new IllegalArgumentException("Invalid " + BACKEND_PROPERTY + " '" + wanted
                    + "': expected auto, native or java");
        };
    }

    /** The backend asked for by the property, else the environment variable: {@code auto} when neither is set. */
    private static String requested() {
        String wanted = System.getProperty(BACKEND_PROPERTY);
        if (wanted == null) {
            wanted = System.getenv(BACKEND_VARIABLE);
        }
        return wanted == null ? "auto" : wanted.trim().toLowerCase(Locale.ROOT);
    }

    /** The pure-Java backend, available everywhere. */
    public static LinearAlgebraBackend javaBackend() {
        return JAVA;
    }

    /** Whether the native backend loads on this machine. */
    public static boolean nativeAvailable() {
        return Natives.BACKEND != null;
    }

    /**
     * The native backend.
     *
     * @throws IllegalStateException if it does not load, with the reason
     */
    public static LinearAlgebraBackend nativeBackend() {
        if (Natives.BACKEND == null) {
            throw new IllegalStateException("The native OpenBLAS backend does not load on this machine ("
                    + Natives.FAILURE + "); use -D" + BACKEND_PROPERTY + "=java");
        }
        return Natives.BACKEND;
    }

    /** Why the native backend did not load, or null if it did. */
    public static String nativeFailure() {
        return Natives.FAILURE;
    }

    /**
     * A one-line description of {@code backend} for reports: its name, and why the natives did not
     * load when the pure-Java backend runs without being asked for (the natives are then not loaded).
     */
    public static String describe(LinearAlgebraBackend backend) {
        if (!backend.isNative() && !requested().equals("java") && !nativeAvailable()) {
            return backend.name() + " (native OpenBLAS unavailable: " + Natives.FAILURE + ")";
        }
        return backend.name();
    }
}
