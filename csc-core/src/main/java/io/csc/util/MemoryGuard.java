package io.csc.util;

import java.util.Locale;

/**
 * Refuses, before allocating, dense n x n work that the JVM cannot hold, with a message naming
 * the scalable alternatives.
 */
public final class MemoryGuard {

    /** The largest n for which an n x n matrix fits in one Java array. */
    public static final int MAX_DENSE_POINTS = 46_340;

    /** Share of the maximum heap a dense method may plan to use. */
    private static final double HEAP_SHARE = 0.8;

    private MemoryGuard() {
    }

    /**
     * Checks that {@code matrices} dense n x n double matrices fit in the heap.
     *
     * @param method the method's name, for the message
     * @param alternatives what to use instead, e.g. "lsc-r, lsc-k, nystrom, or njw with graph=knn"
     * @throws IllegalArgumentException if they do not fit
     */
    public static void requireDense(String method, int n, int matrices, String alternatives) {
        long bytes = 8L * n * n * matrices;
        long available = (long) (Runtime.getRuntime().maxMemory() * HEAP_SHARE);
        if (n > MAX_DENSE_POINTS || bytes > available) {
            String reason = n > MAX_DENSE_POINTS
                    ? "a dense " + n + " x " + n + " matrix exceeds the 2^31 entries of a Java array"
                    : "it needs about " + gigabytes(bytes) + " for " + matrices + " dense " + n + " x " + n
                    + " matrices but the JVM may use " + gigabytes(available);
            throw new IllegalArgumentException(method + " refuses " + n + " points: " + reason
                    + ". Use a scalable method (" + alternatives + ")"
                    + (n > MAX_DENSE_POINTS ? "" : " or give the JVM more memory (JAVA_OPTS=-Xmx...)"));
        }
    }

    /** Bytes as gigabytes with one decimal, e.g. {@code 3.2 GB}. */
    public static String gigabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }
}
