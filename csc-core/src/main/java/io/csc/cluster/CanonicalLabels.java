package io.csc.cluster;

import java.util.Arrays;

/**
 * Cluster ids in a canonical order: cluster 0 is the cluster of point 0, cluster 1 the cluster of
 * the first point not in cluster 0, and so on; clusters without points come last, in their old
 * order. The same partition then has the same ids however the method numbered its clusters, so
 * runs whose partitions agree give identical labels (on any number of threads, for instance).
 */
public final class CanonicalLabels {

    private CanonicalLabels() {
    }

    /** The new id of each old id {@code 0..clusterCount-1}. */
    public static int[] renumbering(int[] labels, int clusterCount) {
        int[] newId = new int[clusterCount];
        Arrays.fill(newId, -1);
        int next = 0;
        for (int label : labels) {
            if (newId[label] < 0) {
                newId[label] = next++;
            }
        }
        for (int old = 0; old < clusterCount; old++) {
            if (newId[old] < 0) {
                newId[old] = next++;
            }
        }
        return newId;
    }

    /** {@code labels} renumbered canonically. */
    public static int[] of(int[] labels, int clusterCount) {
        return apply(labels, renumbering(labels, clusterCount));
    }

    /** Whether {@code labels} are already in canonical order. */
    public static boolean isCanonical(int[] labels, int clusterCount) {
        int[] newId = renumbering(labels, clusterCount);
        for (int old = 0; old < clusterCount; old++) {
            if (newId[old] != old) {
                return false;
            }
        }
        return true;
    }

    /** Every label replaced by its new id. */
    public static int[] apply(int[] labels, int[] newId) {
        int[] renumbered = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            renumbered[i] = newId[labels[i]];
        }
        return renumbered;
    }
}
