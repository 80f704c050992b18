package io.csc.cli;

import io.csc.util.ProgressListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress on standard error: one line per stage start, then updates with the percentage and an
 * estimate of the time left, at least two seconds apart, and after the first ten seconds only
 * every ten seconds or every 5% of progress, so that long runs (an experiment sweep) stay
 * readable. Silent with {@code --quiet}.
 */
final class ConsoleProgress implements ProgressListener {

    private static final long INTERVAL_NANOS = 2_000_000_000L;
    private static final long QUIET_AFTER_NANOS = 10_000_000_000L;
    private static final long SLOW_INTERVAL_NANOS = 10_000_000_000L;
    private static final double STEP = 0.05;

    private final PrintWriter err;
    private String currentStage;
    private long stageStart;
    private long lastPrint;
    private double lastFraction;

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
            lastFraction = 0;
            err.println("[csc] " + stage + "...");
            err.flush();
            return;
        }
        if (now - lastPrint < INTERVAL_NANOS || total <= 0) {
            return;
        }
        double fraction = Math.min(1.0, (double) done / total);
        if (now - stageStart > QUIET_AFTER_NANOS && now - lastPrint < SLOW_INTERVAL_NANOS && fraction - lastFraction < STEP) {
            return;
        }
        lastPrint = now;
        lastFraction = fraction;
        double elapsed = (now - stageStart) / 1e9;
        String left = fraction > 0 ? String.format(Locale.ROOT, ", about %s left", duration(elapsed * (1 - fraction) / fraction)) : "";
        err.println(String.format(Locale.ROOT, "[csc] %s: %d/%d (%.0f%%)%s", stage, done, total, 100 * fraction, left));
        err.flush();
    }

    /** Seconds as a short human duration, e.g. {@code 0.4 s}, {@code 42 s} or {@code 3 min 5 s}. */
    static String duration(double seconds) {
        if (seconds < 9.95) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
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
