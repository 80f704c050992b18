package io.csc.constraint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;

/**
 * The supervision given to a constrained method: explicit must-link / cannot-link pairs with
 * weights, and supervision kept in compact form as {@link LabelledPoints} (partial labels, or
 * groups of points known to belong together).
 *
 * <p>Supervision given as labels stays labels: {@link #forEachPair} enumerates the implied pairs
 * lazily for methods that need pairs, and methods that can use the class structure read
 * {@link #labelledBlocks()} directly. Counts of implied pairs are computed, never enumerated.
 *
 * <p>Immutable. Indices refer to the points of a data set of {@link #pointCount()} points.
 */
public final class ConstraintSet {

    /**
     * Class ids of labelled points must be below the larger of the point count and this: the
     * methods size per-class arrays by the largest id, so an id such as 300,000,000 for a few points
     * would exhaust the heap; data sets never have more classes than points.
     */
    public static final int MINIMUM_CLASS_LIMIT = 1 << 16;

    private final int pointCount;
    private final List<Constraint> pairs;
    private final List<LabelledPoints> blocks;

    private ConstraintSet(int pointCount, List<Constraint> pairs, List<LabelledPoints> blocks) {
        if (pointCount < 0) {
            throw new IllegalArgumentException("Invalid point count: " + pointCount);
        }
        for (Constraint pair : pairs) {
            if (pair.first() >= pointCount || pair.second() >= pointCount) {
                throw new IllegalArgumentException("Constraint " + pair + " refers to a point outside [0, "
                        + pointCount + "): the data has " + pointCount + " points (indices are 0-based)");
            }
        }
        int classLimit = Math.max(pointCount, MINIMUM_CLASS_LIMIT);
        for (LabelledPoints block : blocks) {
            for (int point : block.points()) {
                if (point >= pointCount) {
                    throw new IllegalArgumentException("Labelled point " + point + " outside [0, " + pointCount
                            + "): the data has " + pointCount + " points (indices are 0-based)");
                }
            }
            for (int t = 0; t < block.size(); t++) {
                if (block.classes()[t] >= classLimit) {
                    throw new IllegalArgumentException("Class id " + block.classes()[t] + " of labelled point "
                            + block.points()[t] + " is not below " + classLimit + " (the larger of the " + pointCount
                            + " points and " + MINIMUM_CLASS_LIMIT + "): number the classes 0, 1, 2, ...");
                }
            }
        }
        this.pointCount = pointCount;
        this.pairs = List.copyOf(pairs);
        this.blocks = List.copyOf(blocks);
    }

    /** No supervision, for a data set of {@code pointCount} points. */
    public static ConstraintSet empty(int pointCount) {
        return new ConstraintSet(pointCount, List.of(), List.of());
    }

    /** Explicit pairs. */
    public static ConstraintSet ofPairs(int pointCount, Collection<Constraint> pairs) {
        return new ConstraintSet(pointCount, new ArrayList<>(pairs), List.of());
    }

    /** Hard partial labels: all pairs among the labelled points, kept in compact form. */
    public static ConstraintSet fromLabels(int pointCount, int[] points, int[] classes) {
        return fromLabels(pointCount, points, classes, null);
    }

    /**
     * Soft partial labels: the pair of labelled points a, b has weight
     * {@code sqrt(confidences[a] * confidences[b])} (null confidences: hard labels).
     */
    public static ConstraintSet fromLabels(int pointCount, int[] points, int[] classes, double[] confidences) {
        return new ConstraintSet(pointCount, List.of(), List.of(new LabelledPoints(points, classes, true, confidences)));
    }

    /** A set holding the given explicit pairs and compact blocks. */
    public static ConstraintSet of(int pointCount, Collection<Constraint> pairs, Collection<LabelledPoints> blocks) {
        return new ConstraintSet(pointCount, new ArrayList<>(pairs), new ArrayList<>(blocks));
    }

    /**
     * Groups of points known to belong together: every pair inside a group is a must-link; nothing
     * is said about points of different groups. A point may appear in one group only.
     */
    public static ConstraintSet fromGroups(int pointCount, List<int[]> groups) {
        int total = groups.stream().mapToInt(group -> group.length).sum();
        int[] points = new int[total];
        int[] ids = new int[total];
        int t = 0;
        for (int g = 0; g < groups.size(); g++) {
            for (int point : groups.get(g)) {
                points[t] = point;
                ids[t++] = g;
            }
        }
        return new ConstraintSet(pointCount, List.of(), List.of(LabelledPoints.hard(points, ids, false)));
    }

    /** Everything in this set and in {@code other}. */
    public ConstraintSet plus(ConstraintSet other) {
        if (other.pointCount != pointCount) {
            throw new IllegalArgumentException("Cannot combine constraints on " + pointCount + " and on "
                    + other.pointCount + " points");
        }
        List<Constraint> allPairs = new ArrayList<>(pairs);
        allPairs.addAll(other.pairs);
        List<LabelledPoints> allBlocks = new ArrayList<>(blocks);
        allBlocks.addAll(other.blocks);
        return new ConstraintSet(pointCount, allPairs, allBlocks);
    }

    /** The number of points of the data set the indices refer to. */
    public int pointCount() {
        return pointCount;
    }

    /** The explicit pairs (not those implied by labels or groups). */
    public List<Constraint> pairs() {
        return pairs;
    }

    /** The supervision kept in compact form (labels and groups). */
    public List<LabelledPoints> labelledBlocks() {
        return blocks;
    }

    public boolean isEmpty() {
        return pairs.isEmpty() && blocks.stream().allMatch(block -> block.size() < 2);
    }

    /** True if all supervision is labels (no explicit pairs, no groups). */
    public boolean isLabelsOnly() {
        return pairs.isEmpty() && !blocks.isEmpty() && blocks.stream().allMatch(LabelledPoints::cannotLinkBetweenClasses);
    }

    /** True if every constraint has weight 1. */
    public boolean isHard() {
        return pairs.stream().allMatch(pair -> pair.weight() == 1.0)
                && blocks.stream().allMatch(LabelledPoints::isHard);
    }

    /** The number of must-link pairs, explicit and implied, counted without enumerating them. */
    public long mustLinkCount() {
        long count = pairs.stream().filter(Constraint::isMustLink).count();
        for (LabelledPoints block : blocks) {
            count += block.mustLinkCount();
        }
        return count;
    }

    /** The number of cannot-link pairs, explicit and implied, counted without enumerating them. */
    public long cannotLinkCount() {
        long count = pairs.stream().filter(pair -> !pair.isMustLink()).count();
        for (LabelledPoints block : blocks) {
            count += block.cannotLinkCount();
        }
        return count;
    }

    /** The total number of pairs, explicit and implied. */
    public long pairCount() {
        return mustLinkCount() + cannotLinkCount();
    }

    /**
     * Visits every pair: the explicit ones in order, then those implied by each block (each
     * unordered pair once, with {@code first < second} in the block's input order). Nothing is stored.
     */
    public void forEachPair(PairVisitor visitor) {
        for (Constraint pair : pairs) {
            visitor.visit(pair.first(), pair.second(), pair.type().sign(), pair.weight());
        }
        for (LabelledPoints block : blocks) {
            int[] points = block.points();
            int[] classes = block.classes();
            boolean cannotLinks = block.cannotLinkBetweenClasses();
            for (int a = 0; a < points.length; a++) {
                for (int b = a + 1; b < points.length; b++) {
                    if (classes[a] == classes[b]) {
                        visitor.visit(points[a], points[b], 1, block.pairWeight(a, b));
                    } else if (cannotLinks) {
                        visitor.visit(points[a], points[b], -1, block.pairWeight(a, b));
                    }
                }
            }
        }
    }

    /**
     * The explicit pairs and, for blocks, every implied pair, as a list. Only for small sets:
     * refuses to build more than {@code limit} pairs.
     */
    public List<Constraint> allPairs(long limit) {
        long total = pairCount();
        if (total > limit) {
            throw new IllegalArgumentException("The supervision implies " + total + " pairs, more than the limit of "
                    + limit + " for listing them");
        }
        List<Constraint> all = new ArrayList<>((int) total);
        forEachPair((first, second, sign, weight) -> all.add(new Constraint(first, second,
                sign > 0 ? ConstraintType.MUST_LINK : ConstraintType.CANNOT_LINK, weight)));
        return all;
    }

    /** The points that appear in any constraint, labelled block or group, ascending. */
    public int[] constrainedPoints() {
        BitSet marked = new BitSet(pointCount);
        for (Constraint pair : pairs) {
            marked.set(pair.first());
            marked.set(pair.second());
        }
        for (LabelledPoints block : blocks) {
            for (int point : block.points()) {
                marked.set(point);
            }
        }
        return marked.stream().toArray();
    }

    /** The points that appear in no constraint, labelled block or group, ascending. */
    public int[] unconstrainedPoints() {
        BitSet marked = new BitSet(pointCount);
        for (int point : constrainedPoints()) {
            marked.set(point);
        }
        int[] free = new int[pointCount - marked.cardinality()];
        int filled = 0;
        for (int i = marked.nextClearBit(0); i < pointCount; i = marked.nextClearBit(i + 1)) {
            free[filled++] = i;
        }
        return free;
    }

    /**
     * The supervision among the points {@code rows} (distinct, ascending), renumbered to their
     * positions in {@code rows}: pairs with both ends kept, labelled points that are kept.
     */
    public ConstraintSet restrictedTo(int[] rows) {
        int[] position = new int[pointCount];
        Arrays.fill(position, -1);
        for (int t = 0; t < rows.length; t++) {
            position[rows[t]] = t;
        }
        List<Constraint> kept = new ArrayList<>();
        for (Constraint pair : pairs) {
            int a = position[pair.first()];
            int b = position[pair.second()];
            if (a >= 0 && b >= 0) {
                kept.add(new Constraint(a, b, pair.type(), pair.weight()));
            }
        }
        List<LabelledPoints> keptBlocks = new ArrayList<>();
        for (LabelledPoints block : blocks) {
            keptBlocks.add(block.restricted(position));
        }
        return of(rows.length, kept, keptBlocks);
    }

    /** A short description for logs and reports. */
    @Override
    public String toString() {
        return "ConstraintSet(" + pointCount + " points, " + pairs.size() + " explicit pairs, blocks "
                + blocks + ", " + mustLinkCount() + " must-link, " + cannotLinkCount() + " cannot-link)";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ConstraintSet that && pointCount == that.pointCount && pairs.equals(that.pairs)
                && blocks.equals(that.blocks);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new int[] {pointCount, pairs.hashCode(), blocks.hashCode()});
    }
}
