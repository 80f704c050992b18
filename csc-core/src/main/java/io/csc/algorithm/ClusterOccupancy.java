package io.csc.algorithm;

import java.util.Locale;

/**
 * How the points fill the clusters, and the warnings a user must see about it: clusters left
 * empty (fewer than k found), or one cluster holding more than {@value #DOMINANT_SHARE} of the
 * points, which on most data means that the method failed rather than that the classes are that
 * unbalanced. A {@link Collapse}, when recorded, already says the latter and more.
 */
public final class ClusterOccupancy {

    /** The share of all points in one cluster above which the result is called lopsided. */
    public static final double DOMINANT_SHARE = 0.9;

    /** Below this many points per cluster, a lopsided result says little and is not reported. */
    public static final int POINTS_PER_CLUSTER = 10;

    private ClusterOccupancy() {
    }

    /** {@code result} with a warning for empty clusters or a dominant one; unchanged otherwise. */
    public static ClusteringResult annotate(ClusteringResult result) {
        int k = result.clusterCount();
        int[] labels = result.labels();
        int n = labels.length;
        int[] sizes = new int[k];
        for (int label : labels) {
            sizes[label]++;
        }
        int occupied = 0;
        int largest = 0;
        for (int size : sizes) {
            occupied += size > 0 ? 1 : 0;
            largest = Math.max(largest, size);
        }
        Diagnostics.Builder diagnostics = Diagnostics.builder().merge(result.diagnostics());
        boolean changed = false;
        if (occupied < k) {
            diagnostics.warn("Only " + occupied + " of the k = " + k + " clusters hold points; the others are empty. "
                    + "Lower k, or try another method");
            changed = true;
        }
        double share = (double) largest / n;
        if (k >= 2 && n >= POINTS_PER_CLUSTER * k && share > DOMINANT_SHARE && !Collapse.isRecorded(result.diagnostics())) {
            diagnostics.warn(String.format(Locale.ROOT, "Lopsided: one cluster holds %d of the %d points (%.1f%%) for "
                    + "k = %d. Unless the classes are that unbalanced, the method failed on this data: try another "
                    + "method (-a auto), another bandwidth (--param sigma=...) or --param select=cv", largest, n,
                    100 * share, k));
            diagnostics.put("largestClusterShare", share);
            changed = true;
        }
        return changed ? result.withDiagnostics(diagnostics.build()) : result;
    }
}
