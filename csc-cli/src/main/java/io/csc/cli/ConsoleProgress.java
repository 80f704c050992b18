package io.csc.cli;

import io.csc.util.ProgressListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress on standard error: one line per stage start, then at most one update every two
 * seconds with the percentage and an estimate of the time left. Silent with {@code --quiet}.
 */
final class ConsoleProgress implements ProgressListener {

    private static final long INTERVAL_NANOS = 2_000_000_000L;

    private final PrintWriter err;
    private String currentStage;
    private long stageStart;
    private long lastPrint;

    ConsoleProgress(PrintWriter err) {
        this.err = err;
    }

    @Override
    public synchronized void progress(String stage, long done, long total) {
        long now = System.nanoTime();
        if (!stage.equals(currentStage)) {
            currentStage = stage;
            stageStart = now;
            lastPrint = now;
            err.println("[csc] " + stage + "...");
            err.flush();
            return;
        }
        if (now - lastPrint < INTERVAL_NANOS || total <= 0) {
            return;
        }
        lastPrint = now;
        double fraction = Math.min(1.0, (double) done / total);
        double elapsed = (now - stageStart) / 1e9;
        String left = fraction > 0 ? String.format(Locale.ROOT, ", about %s left", duration(elapsed * (1 - fraction) / fraction)) : "";
        err.println(String.format(Locale.ROOT, "[csc] %s: %d/%d (%.0f%%)%s", stage, done, total, 100 * fraction, left));
        err.flush();
    }

    /** Seconds as a short human duration, e.g. {@code 42 s} or {@code 3 min 5 s}. */
    static String duration(double seconds) {
        if (seconds < 60) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        long whole = Math.round(seconds);
        if (whole < 3600) {
            return (whole / 60) + " min " + (whole % 60) + " s";
        }
        return (whole / 3600) + " h " + (whole % 3600 / 60) + " min";
    }
}
