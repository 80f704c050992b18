package io.csc.linalg;

import java.util.Locale;

/**
 * Chooses the linear-algebra backend once per JVM: native OpenBLAS when it loads, the pure-Java
 * backend otherwise. The choice can be forced with the system property {@code csc.backend} or the
 * environment variable {@code CSC_BACKEND}: {@code auto} (default), {@code native} (fail if the
 * natives do not load) or {@code java}.
 */
public final class LinearAlgebra {

    /** System property that forces a backend. */
    public static final String BACKEND_PROPERTY = "csc.backend";
    /** Environment variable that forces a backend when the property is not set. */
    public static final String BACKEND_VARIABLE = "CSC_BACKEND";

    private static LinearAlgebraBackend selected;
    private static JavaBackend javaBackend;
    private static LinearAlgebraBackend nativeBackend;
    private static String nativeFailure;
    private static boolean nativeTried;

    private LinearAlgebra() {
    }

    /** The backend chosen for this JVM. */
    public static synchronized LinearAlgebraBackend backend() {
        if (selected == null) {
            String wanted = System.getProperty(BACKEND_PROPERTY);
            if (wanted == null) {
                wanted = System.getenv(BACKEND_VARIABLE);
            }
            wanted = wanted == null ? "auto" : wanted.trim().toLowerCase(Locale.ROOT);
            switch (wanted) {
                case "java" -> selected = javaBackend();
                case "native", "openblas" -> selected = nativeBackend();
                case "auto", "" -> selected = nativeAvailable() ? nativeBackend() : javaBackend();
                default -> throw new IllegalArgumentException("Invalid " + BACKEND_PROPERTY + " '" + wanted
                        + "': expected auto, native or java");
            }
        }
        return selected;
    }

    /** The pure-Java backend, available everywhere. */
    public static synchronized LinearAlgebraBackend javaBackend() {
        if (javaBackend == null) {
            javaBackend = new JavaBackend();
        }
        return javaBackend;
    }

    /** Whether the native backend loads on this machine. */
    public static synchronized boolean nativeAvailable() {
        tryNative();
        return nativeBackend != null;
    }

    /**
     * The native backend.
     *
     * @throws IllegalStateException if it does not load, with the reason
     */
    public static synchronized LinearAlgebraBackend nativeBackend() {
        tryNative();
        if (nativeBackend == null) {
            throw new IllegalStateException("The native OpenBLAS backend does not load on this machine ("
                    + nativeFailure + "); use -D" + BACKEND_PROPERTY + "=java");
        }
        return nativeBackend;
    }

    /** Why the native backend did not load, or null if it did (or was not tried). */
    public static synchronized String nativeFailure() {
        return nativeFailure;
    }

    /** A one-line description of the chosen backend, for reports. */
    public static synchronized String describe() {
        LinearAlgebraBackend backend = backend();
        if (!backend.isNative() && nativeFailure != null) {
            return backend.name() + " (native OpenBLAS unavailable: " + nativeFailure + ")";
        }
        return backend.name();
    }

    private static void tryNative() {
        if (nativeTried) {
            return;
        }
        nativeTried = true;
        try {
            nativeBackend = OpenBlasBackend.load();
        } catch (Throwable failure) {
            nativeFailure = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        }
    }
}
