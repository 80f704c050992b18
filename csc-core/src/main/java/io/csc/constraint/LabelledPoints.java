package io.csc.constraint;

import java.util.Arrays;

/**
 * Supervision kept in its compact form: points with class ids. It implies a must-link between
 * every two points of the same class and, when {@code cannotLinkBetweenClasses}, a cannot-link
 * between every two points of different classes (partial labels). Groups of points known to
 * belong together (the APJCSC paper's grouping information) are the same structure without the
 * cannot-links: different groups may still share a cluster.
 *
 * <p>The implied pairs grow quadratically (7,000 labels imply 24.5 million pairs); methods that can
 * work on the class structure use {@link #classes()} directly instead of enumerating them.
 *
 * <p>Soft labels carry a confidence per point in (0, 1]. The pair of points a and b then has weight
 * {@code sqrt(confidence[a] * confidence[b])}: this stays in the range of the confidences (a
 * uniform confidence t gives every pair weight t) and keeps the implied weighted constraint matrix
 * of rank one per class, so methods can still use the class structure.
 *
 * @param points distinct point indices
 * @param classes class (or group) id of each point, {@code >= 0}
 * @param cannotLinkBetweenClasses true for labels, false for groups
 * @param confidences confidence of each point in (0, 1], or null for hard supervision (all 1)
 */
public record LabelledPoints(int[] points, int[] classes, boolean cannotLinkBetweenClasses, double[] confidences) {

    public LabelledPoints {
        if (points.length != classes.length) {
            throw new IllegalArgumentException(points.length + " labelled points but " + classes.length + " class ids");
        }
        if (confidences != null) {
            if (confidences.length != points.length) {
                throw new IllegalArgumentException(confidences.length + " confidences for " + points.length + " labelled points");
            }
            for (double confidence : confidences) {
                if (!(confidence > 0 && confidence <= 1)) {
                    throw new IllegalArgumentException("Invalid label confidence: " + confidence + " (must be in (0, 1])");
                }
            }
            confidences = confidences.clone();
        }
        int[] sorted = points.clone();
        Arrays.sort(sorted);
        for (int t = 0; t < sorted.length; t++) {
            if (sorted[t] < 0) {
                throw new IllegalArgumentException("Invalid labelled point index: " + sorted[t]);
            }
            if (t > 0 && sorted[t] == sorted[t - 1]) {
                throw new IllegalArgumentException("Point " + sorted[t] + " is labelled twice");
            }
        }
        for (int label : classes) {
            if (label < 0) {
                throw new IllegalArgumentException("Invalid class id: " + label + " (must be >= 0)");
            }
        }
        points = points.clone();
        classes = classes.clone();
    }

    /** Hard labels or groups (every implied pair has weight 1). */
    public static LabelledPoints hard(int[] points, int[] classes, boolean cannotLinkBetweenClasses) {
        return new LabelledPoints(points, classes, cannotLinkBetweenClasses, null);
    }

    /** The confidence of the point at position {@code index} of {@link #points()}. */
    public double confidence(int index) {
        return confidences == null ? 1.0 : confidences[index];
    }

    /** The weight of the implied pair between the points at positions {@code a} and {@code b}. */
    public double pairWeight(int a, int b) {
        return confidences == null ? 1.0 : Math.sqrt(confidences[a] * confidences[b]);
    }

    /** True if every implied pair has weight 1. */
    public boolean isHard() {
        if (confidences == null) {
            return true;
        }
        for (double confidence : confidences) {
            if (confidence != 1.0) {
                return false;
            }
        }
        return true;
    }

    /** Number of labelled points. */
    public int size() {
        return points.length;
    }

    /** One more than the largest class id. */
    public int classCount() {
        int max = -1;
        for (int label : classes) {
            max = Math.max(max, label);
        }
        return max + 1;
    }

    /** How many labelled points each class id has. */
    public long[] classSizes() {
        long[] sizes = new long[classCount()];
        for (int label : classes) {
            sizes[label]++;
        }
        return sizes;
    }

    /** The number of implied must-link pairs. */
    public long mustLinkCount() {
        long count = 0;
        for (long size : classSizes()) {
            count += size * (size - 1) / 2;
        }
        return count;
    }

    /** The number of implied cannot-link pairs (0 for groups). */
    public long cannotLinkCount() {
        if (!cannotLinkBetweenClasses) {
            return 0;
        }
        long total = (long) points.length * (points.length - 1) / 2;
        return total - mustLinkCount();
    }

    /**
     * The labelled points that {@code newIndex} keeps, renumbered: point p becomes
     * {@code newIndex[p]}, and is dropped when that is negative; classes, confidences and the kind of
     * supervision stay. Time O(size) (the arrays are read in place, not through their copying
     * accessors: with 100,000 labels a copy per point took 14 s).
     */
    public LabelledPoints restricted(int[] newIndex) {
        int count = 0;
        for (int point : points) {
            count += newIndex[point] >= 0 ? 1 : 0;
        }
        int[] keptPoints = new int[count];
        int[] keptClasses = new int[count];
        double[] keptConfidences = confidences == null ? null : new double[count];
        int t = 0;
        for (int a = 0; a < points.length; a++) {
            int at = newIndex[points[a]];
            if (at >= 0) {
                keptPoints[t] = at;
                keptClasses[t] = classes[a];
                if (keptConfidences != null) {
                    keptConfidences[t] = confidences[a];
                }
                t++;
            }
        }
        return new LabelledPoints(keptPoints, keptClasses, cannotLinkBetweenClasses, keptConfidences);
    }

    /** The points of each class id, in input order. */
    public int[][] members() {
        long[] sizes = classSizes();
        int[][] members = new int[sizes.length][];
        int[] fill = new int[sizes.length];
        for (int c = 0; c < sizes.length; c++) {
            members[c] = new int[(int) sizes[c]];
        }
        for (int t = 0; t < points.length; t++) {
            members[classes[t]][fill[classes[t]]++] = points[t];
        }
        return members;
    }

    @Override
    public int[] points() {
        return points.clone();
    }

    @Override
    public int[] classes() {
        return classes.clone();
    }

    @Override
    public double[] confidences() {
        return confidences == null ? null : confidences.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LabelledPoints that && Arrays.equals(points, that.points)
                && Arrays.equals(classes, that.classes)
                && cannotLinkBetweenClasses == that.cannotLinkBetweenClasses
                && Arrays.equals(confidences, that.confidences);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(points) + Arrays.hashCode(classes);
    }

    @Override
    public String toString() {
        return (cannotLinkBetweenClasses ? "labels" : "groups") + "(" + points.length + " points, "
                + classCount() + (cannotLinkBetweenClasses ? " classes" : " groups") + (isHard() ? "" : ", soft") + ")";
    }
}
