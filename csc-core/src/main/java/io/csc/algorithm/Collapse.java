package io.csc.algorithm;

import io.csc.constraint.ConstraintSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The localisation collapse of a constrained clustering: the supervision dominates the embedding,
 * so the constrained points are spread over the clusters while the points nobody constrained fall
 * together. Detected from the labels alone, for every method:
 * <ul>
 * <li>the unconstrained points occupy fewer than k clusters while the constrained points occupy
 *     more clusters than they do, and fewer than u points drawn as the constrained points are spread
 *     would be expected to occupy ({@link #expectedClusters}, less three standard deviations and
 *     half a cluster). With u much larger than k that is any cluster left empty, as the rule
 *     reads; with few unconstrained points (74 points and k = 50: about 39 occupied clusters
 *     expected) empty clusters are what chance gives, and the fit is not taken for a collapse;
 *     or</li>
 * <li>one cluster holds more than {@value #LARGEST_SHARE} of the unconstrained points while the
 *     constrained points are spread wider: their own largest cluster share is at least
 *     {@value #SPREAD_MARGIN} lower. The margin keeps a genuinely dominant class (95% of the data,
 *     and so about 95% of a random draw of constrained points) from being taken for a collapse.</li>
 * </ul>
 *
 * @param unconstrainedPoints the number of points without supervision
 * @param unconstrainedClusters the clusters they occupy
 * @param largestShare the share of them in the largest of those clusters
 * @param constrainedPoints the number of points named by the supervision
 * @param constrainedClusters the clusters they occupy
 * @param constrainedLargestShare the share of them in their largest cluster
 * @param expectedClusters the clusters that as many points as the unconstrained ones, drawn as the
 *     constrained points are spread over the clusters, occupy on average
 */
public record Collapse(int unconstrainedPoints, int unconstrainedClusters, double largestShare, int constrainedPoints,
                       int constrainedClusters, double constrainedLargestShare, double expectedClusters) {

    /** The share of the unconstrained points in one cluster above which the second test applies. */
    public static final double LARGEST_SHARE = 0.9;

    /** How much less concentrated the constrained points must be for the second test. */
    public static final double SPREAD_MARGIN = 0.1;

    /** How the warning of a collapse begins. */
    public static final String WARNING_PREFIX = "Collapse:";

    /** The diagnostics key under which a detected collapse is recorded. */
    public static final String KEY = "collapse";

    /**
     * The collapse of {@code labels} (k clusters) under {@code constraints}, if there is one. No
     * supervision, k = 1, or fewer unconstrained points than k: never a collapse.
     */
    public static Optional<Collapse> detect(int[] labels, int k, ConstraintSet constraints) {
        int n = labels.length;
        if (constraints.pointCount() != n) {
            throw new IllegalArgumentException(n + " labels but the constraints are on " + constraints.pointCount()
                    + " points");
        }
        int[] constrainedIndices = constraints.constrainedPoints();
        if (k < 2 || constrainedIndices.length == 0 || n - constrainedIndices.length < k) {
            return Optional.empty();
        }
        int clusters = k;
        for (int label : labels) {
            clusters = Math.max(clusters, label + 1);
        }
        boolean[] constrained = new boolean[n];
        int[] constrainedSizes = new int[clusters];
        for (int point : constrainedIndices) {
            constrained[point] = true;
            constrainedSizes[labels[point]]++;
        }
        int[] unconstrainedSizes = new int[clusters];
        for (int i = 0; i < n; i++) {
            if (!constrained[i]) {
                unconstrainedSizes[labels[i]]++;
            }
        }
        int unconstrainedCount = n - constrainedIndices.length;
        Occupancy free = Occupancy.of(unconstrainedSizes, unconstrainedCount);
        Occupancy supervised = Occupancy.of(constrainedSizes, constrainedIndices.length);
        double[] expected = expectedClusters(constrainedSizes, constrainedIndices.length, unconstrainedCount);
        boolean tooFewClusters = free.clusters() < k && supervised.clusters() > free.clusters()
                && free.clusters() < expected[0] - OCCUPANCY_DEVIATIONS * Math.sqrt(expected[1]) - 0.5;
        boolean oneDominates = free.largestShare() > LARGEST_SHARE
                && supervised.largestShare() <= free.largestShare() - SPREAD_MARGIN;
        if (!tooFewClusters && !oneDominates) {
            return Optional.empty();
        }
        return Optional.of(new Collapse(unconstrainedCount, free.clusters(), free.largestShare(),
                constrainedIndices.length, supervised.clusters(), supervised.largestShare(), expected[0]));
    }

    /** How many standard deviations below the expected occupancy the first test asks for. */
    static final double OCCUPANCY_DEVIATIONS = 3.0;

    /**
     * The mean and variance of the number of clusters that {@code draws} points occupy when each
     * falls in cluster c with the constrained points' share {@code sizes[c] / total}: cluster c is
     * occupied with probability {@code q_c = 1 - (1 - p_c)^draws}; the variance is
     * {@code Σ q_c (1 - q_c)}, the independent approximation (the occupancies are negatively
     * correlated, so it errs towards a wider spread and fewer collapses).
     */
    static double[] expectedClusters(int[] sizes, int total, int draws) {
        double mean = 0;
        double variance = 0;
        for (int size : sizes) {
            if (size == 0) {
                continue;
            }
            double occupied = 1 - Math.pow(1 - (double) size / total, draws);
            mean += occupied;
            variance += occupied * (1 - occupied);
        }
        return new double[] {mean, variance};
    }

    /** The warning a user reads. */
    public String warning() {
        return String.format(Locale.ROOT, WARNING_PREFIX + " the %d unconstrained points fall into %d cluster%s (%.1f%% in the "
                        + "largest) while the %d constrained points span %d; the supervision dominates the embedding. "
                        + "Try --param select=cv, more supervision, or another method (-a auto)",
                unconstrainedPoints, unconstrainedClusters, unconstrainedClusters == 1 ? "" : "s", 100 * largestShare,
                constrainedPoints, constrainedClusters);
    }

    /** The figures as a JSON-friendly map. */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("unconstrainedPoints", unconstrainedPoints);
        map.put("unconstrainedClusters", unconstrainedClusters);
        map.put("largestShare", largestShare);
        map.put("constrainedPoints", constrainedPoints);
        map.put("constrainedClusters", constrainedClusters);
        map.put("constrainedLargestShare", constrainedLargestShare);
        map.put("expectedClusters", expectedClusters);
        return map;
    }

    /** Whether a result's diagnostics record a collapse. */
    public static boolean isRecorded(Diagnostics diagnostics) {
        return diagnostics.value(KEY) != null;
    }

    /** {@code result} with a detected collapse added to its warnings and values; unchanged otherwise. */
    public static ClusteringResult annotate(ClusteringResult result, ConstraintSet constraints) {
        if (Collapse.isRecorded(result.diagnostics())) {
            return result;
        }
        Optional<Collapse> collapse = detect(result.labels(), result.clusterCount(), constraints);
        if (collapse.isEmpty()) {
            return result;
        }
        Diagnostics diagnostics = Diagnostics.builder().merge(result.diagnostics())
                .warn(collapse.get().warning()).put(KEY, collapse.get().asMap()).build();
        return result.withDiagnostics(diagnostics);
    }

    private record Occupancy(int clusters, double largestShare) {
        static Occupancy of(int[] sizes, int total) {
            int occupied = 0;
            int largest = 0;
            for (int size : sizes) {
                occupied += size > 0 ? 1 : 0;
                largest = Math.max(largest, size);
            }
            return new Occupancy(occupied, total == 0 ? 0.0 : (double) largest / total);
        }
    }
}
