package io.csc.cluster;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The supervision as {@link ConstrainedKMeans} uses it: the seeded clusters with their first
 * centres, the clamped points, and the penalties of the pairs, groups and soft labels, in arrays
 * indexed by point. Built once per fit; the group counts are the only state a run changes, so a
 * run uses it from one thread, and runs on other threads take their own ({@link #forAnotherThread}).
 */
final class SupervisionPenalties {

    private final int n;
    private final int k;
    private final int d;
    /** The penalty of one violated constraint of weight 1. */
    private final double unit;
    /** The cluster of each point's label, -1 when it has none among the seeded classes. */
    private final int[] slot;
    /** The confidence of that label; 1 means clamped. */
    private final double[] slotWeight;
    /** Explicit pairs of point i: partners[pairStart[i] .. pairStart[i + 1]), signed weights (+ must-link). */
    private final int[] pairStart;
    private final int[] partners;
    private final double[] pairWeights;
    /** Group of each point (-1 none), its weight, the group sizes and the members per group and cluster. */
    private final int[] group;
    private final double[] groupWeight;
    private final int[] groupSizes;
    private final int[] groupCounts;
    /** Points visited one at a time: those with pairs, a group or a soft label, ascending. */
    private final int[] softPoints;
    private final double[] seedCentres;
    private final int seedCount;

    private SupervisionPenalties(int n, int k, int d, double unit, int[] slot, double[] slotWeight, int[] pairStart,
                                 int[] partners, double[] pairWeights, int[] group, double[] groupWeight,
                                 int[] groupSizes, int[] softPoints, double[] seedCentres, int seedCount) {
        this.n = n;
        this.k = k;
        this.d = d;
        this.unit = unit;
        this.slot = slot;
        this.slotWeight = slotWeight;
        this.pairStart = pairStart;
        this.partners = partners;
        this.pairWeights = pairWeights;
        this.group = group;
        this.groupWeight = groupWeight;
        this.groupSizes = groupSizes;
        this.groupCounts = new int[groupSizes.length * k];
        this.softPoints = softPoints;
        this.seedCentres = seedCentres;
        this.seedCount = seedCount;
    }

    /**
     * The same supervision with group counts of its own, for runs on another thread: everything else
     * is read only and shared.
     */
    SupervisionPenalties forAnotherThread() {
        return new SupervisionPenalties(n, k, d, unit, slot, slotWeight, pairStart, partners, pairWeights, group,
                groupWeight, groupSizes, softPoints, seedCentres, seedCount);
    }

    /** The supervision of {@code constraints} for k clusters of the rows of {@code points}. */
    static SupervisionPenalties of(ConstraintSet constraints, int k, DenseMatrix points) {
        return of(constraints, k, points, totalVariance(points));
    }

    /**
     * As above with a given penalty unit: a distributed engine passes the constrained points' rows
     * only (the supervision re-indexed onto them) and the total variance of all its points.
     */
    static SupervisionPenalties of(ConstraintSet constraints, int k, DenseMatrix points, double unit) {
        int n = points.rows();
        int d = points.columns();
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        double[] slotWeight = new double[n];
        int[] group = new int[n];
        Arrays.fill(group, -1);
        double[] groupWeight = new double[n];
        List<Integer> groupSizeList = new ArrayList<>();
        List<int[]> seedMembers = new ArrayList<>();
        int[] positionInBlock = new int[n];
        for (LabelledPoints block : constraints.labelledBlocks()) {
            int[][] members = block.members();
            int[] blockPoints = block.points();
            for (int t = 0; t < blockPoints.length; t++) {
                positionInBlock[blockPoints[t]] = t;
            }
            if (block.cannotLinkBetweenClasses()) {
                // The largest classes get a cluster each, while clusters remain.
                Integer[] classes = new Integer[members.length];
                for (int c = 0; c < classes.length; c++) {
                    classes[c] = c;
                }
                Arrays.sort(classes, Comparator.comparingInt((Integer c) -> -members[c].length).thenComparingInt(c -> c));
                int[] slotOfClass = new int[members.length];
                Arrays.fill(slotOfClass, -1);
                for (Integer c : classes) {
                    if (members[c].length > 0 && seedMembers.size() < k) {
                        slotOfClass[c] = seedMembers.size();
                        seedMembers.add(members[c]);
                    }
                }
                int[] blockClasses = block.classes();
                for (int t = 0; t < blockPoints.length; t++) {
                    int cluster = slotOfClass[blockClasses[t]];
                    if (cluster >= 0) {
                        slot[blockPoints[t]] = cluster;
                        slotWeight[blockPoints[t]] = block.confidence(t);
                    }
                }
                // Classes left without a cluster (more classes than k) still hold together as groups.
                for (int c = 0; c < members.length; c++) {
                    if (slotOfClass[c] < 0 && members[c].length > 1) {
                        addGroup(members[c], block, positionInBlock, group, groupWeight, groupSizeList);
                    }
                }
            } else {
                for (int[] classMembers : members) {
                    if (classMembers.length > 1) {
                        addGroup(classMembers, block, positionInBlock, group, groupWeight, groupSizeList);
                    }
                }
            }
        }
        // Explicit pairs: adjacency by point.
        List<Constraint> pairs = constraints.pairs();
        int[] pairStart = new int[n + 1];
        for (Constraint pair : pairs) {
            pairStart[pair.first() + 1]++;
            pairStart[pair.second() + 1]++;
        }
        for (int i = 0; i < n; i++) {
            pairStart[i + 1] += pairStart[i];
        }
        int[] partners = new int[pairStart[n]];
        double[] pairWeights = new double[pairStart[n]];
        int[] fill = Arrays.copyOf(pairStart, n);
        for (Constraint pair : pairs) {
            double weight = pair.signedWeight();
            partners[fill[pair.first()]] = pair.second();
            pairWeights[fill[pair.first()]++] = weight;
            partners[fill[pair.second()]] = pair.first();
            pairWeights[fill[pair.second()]++] = weight;
        }
        double[] seedCentres = new double[seedMembers.size() * d];
        double[] x = points.data();
        for (int s = 0; s < seedMembers.size(); s++) {
            int[] members = seedMembers.get(s);
            for (int point : members) {
                for (int t = 0; t < d; t++) {
                    seedCentres[s * d + t] += x[point * d + t];
                }
            }
            for (int t = 0; t < d; t++) {
                seedCentres[s * d + t] /= members.length;
            }
        }
        int[] groupSizes = groupSizeList.stream().mapToInt(Integer::intValue).toArray();
        int softCount = 0;
        boolean[] soft = new boolean[n];
        for (int i = 0; i < n; i++) {
            soft[i] = pairStart[i + 1] > pairStart[i] || group[i] >= 0 || (slot[i] >= 0 && slotWeight[i] < 1);
            softCount += soft[i] && !(slot[i] >= 0 && slotWeight[i] >= 1) ? 1 : 0;
        }
        int[] softPoints = new int[softCount];
        int filled = 0;
        for (int i = 0; i < n; i++) {
            if (soft[i] && !(slot[i] >= 0 && slotWeight[i] >= 1)) {
                softPoints[filled++] = i;
            }
        }
        return new SupervisionPenalties(n, k, d, unit, slot, slotWeight, pairStart, partners, pairWeights, group,
                groupWeight, groupSizes, softPoints, seedCentres, seedMembers.size());
    }

    /** The members become a group; {@code positionInBlock} maps a point to its position in the block. */
    private static void addGroup(int[] members, LabelledPoints block, int[] positionInBlock, int[] group,
                                 double[] groupWeight, List<Integer> groupSizes) {
        int id = groupSizes.size();
        groupSizes.add(members.length);
        for (int point : members) {
            group[point] = id;
            groupWeight[point] = block.confidence(positionInBlock[point]);
        }
    }

    static double totalVariance(DenseMatrix points) {
        int n = points.rows();
        int d = points.columns();
        double[] x = points.data();
        double[] mean = new double[d];
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < d; t++) {
                mean[t] += x[i * d + t];
            }
        }
        for (int t = 0; t < d; t++) {
            mean[t] /= n;
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < d; t++) {
                double difference = x[i * d + t] - mean[t];
                sum += difference * difference;
            }
        }
        double variance = sum / n;
        return variance > 0 && Double.isFinite(variance) ? variance : 1.0;
    }

    /** The runs of a constrained k-means: one when every cluster is seeded, else the options' restarts. */
    int restarts(KMeansOptions options) {
        return seedCount >= k ? 1 : options.restarts();
    }

    /**
     * The supervised part of an iteration, after every other point went to its nearest centre: the
     * clamped points to their class's cluster, then the soft points, in {@code order} shuffled anew,
     * each to the cluster of least cost given the others' (iterated conditional modes).
     *
     * <p>A soft point starts from its cluster of the previous iteration ({@code previous}, where it
     * had one) and leaves it only for a strictly cheaper one. Every move then lowers the objective
     * (squared distances plus penalties), and so does the centre update, so the iterations end
     * when no point changes. Restarting the soft points from their nearest centres each iteration
     * instead let a shuffled visiting order carry pairs of points back and forth forever: with 100
     * random pairs on 3,000 binary points every run used all of its 300 iterations.
     *
     * @param labels the cluster of each point (of the n rows of {@code x}), updated
     * @param previous each point's cluster before this iteration, -1 for none; null for none at all
     * @param order the soft points, kept by the caller from one iteration to the next
     * @param x the points, n x d row-major
     * @param centroids k x d row-major
     * @param costs work space of length k
     */
    void settle(int[] labels, int[] previous, int[] order, double[] x, int d, double[] centroids, double[] costs,
                SplittableRandom random) {
        if (previous != null) {
            for (int point : softPoints) {
                if (previous[point] >= 0) {
                    labels[point] = previous[point];
                }
            }
        }
        clamp(labels);
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        resetGroupCounts();
        for (int i = 0; i < n; i++) {
            countGroup(i, labels[i], 1);
        }
        for (int point : order) {
            countGroup(point, labels[point], -1);
            labels[point] = cheapest(point, labels, x, d, centroids, costs);
            countGroup(point, labels[point], 1);
        }
    }

    /** The cluster of least cost for a point under penalties, given the others' clusters. */
    private int cheapest(int point, int[] labels, double[] x, int d, double[] centroids, double[] costs) {
        for (int j = 0; j < k; j++) {
            costs[j] = DistanceKernels.squaredDistance(x, point * d, centroids, j * d, d);
        }
        addPenalties(point, labels, costs);
        int best = labels[point] >= 0 && labels[point] < k ? labels[point] : 0;
        for (int j = 0; j < k; j++) {
            if (costs[j] < costs[best]) {
                best = j;
            }
        }
        return best;
    }

    /** The penalty of one violated constraint of weight 1: the total variance per point. */
    double unit() {
        return unit;
    }

    int seedCount() {
        return seedCount;
    }

    /** The first centres of the seeded clusters, row-major, {@link #seedCount()} rows. */
    double[] seedCentres() {
        return seedCentres;
    }

    /** The points whose cluster depends on penalties, ascending (a copy, to be shuffled). */
    int[] softPoints() {
        return softPoints.clone();
    }

    boolean isClamped(int point) {
        return slot[point] >= 0 && slotWeight[point] >= 1;
    }

    /** The cluster a clamped point is held in, -1 for a point that is not clamped. */
    int clampedCluster(int point) {
        return isClamped(point) ? slot[point] : -1;
    }

    /** Puts every clamped point in its class's cluster. */
    void clamp(int[] labels) {
        for (int i = 0; i < n; i++) {
            if (isClamped(i)) {
                labels[i] = slot[i];
            }
        }
    }

    void resetGroupCounts() {
        Arrays.fill(groupCounts, 0);
    }

    /** Adds {@code change} to the count of the point's group in {@code cluster}. */
    void countGroup(int point, int cluster, int change) {
        if (group[point] >= 0) {
            groupCounts[group[point] * k + cluster] += change;
        }
    }

    /**
     * Adds the point's penalties for each cluster to {@code costs}, given the others' clusters (a
     * partner not yet placed, label -1, counts for nothing). Group counts must exclude the point.
     */
    void addPenalties(int point, int[] labels, double[] costs) {
        for (int a = pairStart[point]; a < pairStart[point + 1]; a++) {
            int partner = labels[partners[a]];
            if (partner < 0) {
                continue;
            }
            double weight = pairWeights[a];
            if (weight > 0) {
                for (int j = 0; j < k; j++) {
                    if (j != partner) {
                        costs[j] += unit * weight;
                    }
                }
            } else {
                costs[partner] -= unit * weight;
            }
        }
        if (slot[point] >= 0) {
            for (int j = 0; j < k; j++) {
                if (j != slot[point]) {
                    costs[j] += unit * slotWeight[point];
                }
            }
        }
        int g = group[point];
        if (g >= 0 && groupSizes[g] > 1) {
            double others = groupSizes[g] - 1;
            for (int j = 0; j < k; j++) {
                costs[j] += unit * groupWeight[point] * (others - groupCounts[g * k + j]) / others;
            }
        }
    }

    /** The penalties of a labelling: each violated pair once, each soft label and group member once. */
    double totalPenalty(int[] labels) {
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int a = pairStart[i]; a < pairStart[i + 1]; a++) {
                int j = partners[a];
                if (j <= i) {
                    continue;
                }
                double weight = pairWeights[a];
                boolean together = labels[i] == labels[j];
                if (weight > 0 ? !together : together) {
                    total += Math.abs(weight);
                }
            }
            if (slot[i] >= 0 && labels[i] != slot[i]) {
                total += slotWeight[i];
            }
        }
        if (groupSizes.length > 0) {
            int[] counts = new int[groupSizes.length * k];
            for (int i = 0; i < n; i++) {
                if (group[i] >= 0) {
                    counts[group[i] * k + labels[i]]++;
                }
            }
            for (int i = 0; i < n; i++) {
                int g = group[i];
                if (g >= 0 && groupSizes[g] > 1) {
                    total += groupWeight[i] * (groupSizes[g] - counts[g * k + labels[i]]) / (groupSizes[g] - 1.0);
                }
            }
        }
        return unit * total;
    }
}
