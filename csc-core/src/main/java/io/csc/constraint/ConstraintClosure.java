package io.csc.constraint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The transitive closure of the must-links of a {@link ConstraintSet}: the points it constrains,
 * grouped into components that any clustering satisfying the must-links keeps together, the
 * component pairs that cannot-links force apart, and the cannot-links that contradict the
 * must-links.
 *
 * <p>Components come from a union-find (path compression, union by size) over the explicit
 * must-link pairs and the classes of each {@link LabelledPoints} block: the members of a class
 * are joined to its first member, linearly, so labels are never expanded into pairs. Every point
 * named by a constraint, a label or a group belongs to a component (possibly of one point);
 * other points belong to none.
 *
 * <p>Cannot-links are propagated to components: an explicit cannot-link separates the components
 * of its two points; a labels block separates every two components that hold different classes of
 * the block: one check per pair of its {@code C} classes, so at most {@code C(C-1)/2} component
 * pairs however many points are labelled. A cannot-link whose two points fall in one component is
 * an {@link Inconsistency}.
 *
 * <p>Weights do not change the closure: a soft must-link joins components like a hard one, and a
 * soft cannot-link inside a component is reported like a hard one. The closure describes what the
 * constraints say, not how much they are trusted; methods that weigh constraints decide what to do
 * with a soft inconsistency.
 *
 * <p>Cost: {@code O(n + p + b)} time for {@code n} points, {@code p} explicit pairs and {@code b}
 * labelled points (times the inverse Ackermann function), plus {@code O(C^2)} per labels block,
 * and {@code O(n)} memory. Immutable and thread-safe.
 */
public final class ConstraintClosure {

    private final ConstraintSet set;
    /** Component id of each point, -1 for points in no constraint. */
    private final int[] componentOfPoint;
    /** Members of component c are {@code members[memberStart[c] .. memberStart[c + 1])}, ascending. */
    private final int[] memberStart;
    private final int[] members;
    /** Separated component pairs a < b as {@code a * componentCount + b}, ascending, distinct. */
    private final long[] cannotLinkedKeys;
    /** The ends of each inconsistent cannot-link, two entries per inconsistency. */
    private final int[] inconsistentEnds;
    private final boolean[] inconsistentImplied;
    /** Breadth-first spanning forest of the must-link graph, built on first use for paths. */
    private volatile SpanningForest forest;

    private ConstraintClosure(ConstraintSet set, int[] componentOfPoint, int[] memberStart, int[] members,
                              long[] cannotLinkedKeys, int[] inconsistentEnds, boolean[] inconsistentImplied) {
        this.set = set;
        this.componentOfPoint = componentOfPoint;
        this.memberStart = memberStart;
        this.members = members;
        this.cannotLinkedKeys = cannotLinkedKeys;
        this.inconsistentEnds = inconsistentEnds;
        this.inconsistentImplied = inconsistentImplied;
    }

    /**
     * The closure of {@code set}. Time {@code O(n + p + b + sum C^2)} as described in the class
     * comment; never enumerates the pairs implied by labels or groups.
     */
    public static ConstraintClosure of(ConstraintSet set) {
        int pointCount = set.pointCount();
        UnionFind unionFind = new UnionFind(pointCount);
        for (Constraint pair : set.pairs()) {
            if (pair.isMustLink()) {
                unionFind.union(pair.first(), pair.second());
            }
        }
        List<int[][]> blockMembers = new ArrayList<>();
        for (LabelledPoints block : set.labelledBlocks()) {
            int[][] classMembers = block.members();
            blockMembers.add(classMembers);
            for (int[] classPoints : classMembers) {
                for (int t = 1; t < classPoints.length; t++) {
                    unionFind.union(classPoints[0], classPoints[t]);
                }
            }
        }

        // Number components by their smallest member: scan the constrained points in ascending order.
        int[] constrained = set.constrainedPoints();
        int[] componentOfPoint = new int[pointCount];
        Arrays.fill(componentOfPoint, -1);
        int[] componentOfRoot = new int[pointCount];
        Arrays.fill(componentOfRoot, -1);
        int componentCount = 0;
        for (int point : constrained) {
            int root = unionFind.find(point);
            if (componentOfRoot[root] < 0) {
                componentOfRoot[root] = componentCount++;
            }
            componentOfPoint[point] = componentOfRoot[root];
        }
        int[] memberStart = new int[componentCount + 1];
        for (int point : constrained) {
            memberStart[componentOfPoint[point] + 1]++;
        }
        for (int c = 0; c < componentCount; c++) {
            memberStart[c + 1] += memberStart[c];
        }
        int[] members = new int[constrained.length];
        int[] fill = Arrays.copyOf(memberStart, componentCount);
        for (int point : constrained) {
            members[fill[componentOfPoint[point]]++] = point;
        }

        Propagation propagation = new Propagation(componentCount);
        for (Constraint pair : set.pairs()) {
            if (!pair.isMustLink()) {
                propagation.separate(componentOfPoint[pair.first()], componentOfPoint[pair.second()],
                        pair.first(), pair.second(), false);
            }
        }
        List<LabelledPoints> blocks = set.labelledBlocks();
        for (int b = 0; b < blocks.size(); b++) {
            if (blocks.get(b).cannotLinkBetweenClasses()) {
                propagation.separateClasses(blockMembers.get(b), componentOfPoint);
            }
        }
        return new ConstraintClosure(set, componentOfPoint, memberStart, members, propagation.sortedKeys(),
                propagation.inconsistentEnds(), propagation.inconsistentImplied());
    }

    /** The constraints this closure was computed from. */
    public ConstraintSet constraints() {
        return set;
    }

    /** The number of must-link components (a point in no must-link is a component of its own). */
    public int componentCount() {
        return memberStart.length - 1;
    }

    /**
     * The component of {@code point}: components are numbered {@code 0..componentCount()-1} in the
     * order of their smallest member; -1 if no constraint, label or group names the point.
     */
    public int componentOf(int point) {
        if (point < 0 || point >= componentOfPoint.length) {
            throw new IllegalArgumentException("Point " + point + " outside [0, " + componentOfPoint.length + ")");
        }
        return componentOfPoint[point];
    }

    /** The members of {@code component}, ascending. */
    public int[] component(int component) {
        checkComponent(component);
        return Arrays.copyOfRange(members, memberStart[component], memberStart[component + 1]);
    }

    /** The number of members of {@code component}. */
    public int componentSize(int component) {
        checkComponent(component);
        return memberStart[component + 1] - memberStart[component];
    }

    /** Every component's members, ascending, components in the order of their smallest member. */
    public int[][] components() {
        int[][] all = new int[componentCount()][];
        for (int c = 0; c < all.length; c++) {
            all[c] = component(c);
        }
        return all;
    }

    /**
     * The component pairs that must be separated, each once with {@code first < second}, in
     * ascending order: from explicit cannot-links and, for labels blocks, between the components
     * holding different classes. Pairs inside one component are {@link #inconsistencies()} instead.
     */
    public List<ComponentPair> cannotLinkedComponentPairs() {
        int count = componentCount();
        List<ComponentPair> pairs = new ArrayList<>(cannotLinkedKeys.length);
        for (long key : cannotLinkedKeys) {
            pairs.add(new ComponentPair((int) (key / count), (int) (key % count)));
        }
        return pairs;
    }

    /** The number of separated component pairs. */
    public int cannotLinkedComponentPairCount() {
        return cannotLinkedKeys.length;
    }

    /** True if a cannot-link separates the two components. {@code O(log P)}. */
    public boolean areCannotLinked(int componentA, int componentB) {
        checkComponent(componentA);
        checkComponent(componentB);
        if (componentA == componentB) {
            return false;
        }
        long key = (long) Math.min(componentA, componentB) * componentCount() + Math.max(componentA, componentB);
        return Arrays.binarySearch(cannotLinkedKeys, key) >= 0;
    }

    /** True if no cannot-link joins two points of one component. */
    public boolean isConsistent() {
        return inconsistentImplied.length == 0;
    }

    /** The number of cannot-links inside a component. */
    public int inconsistencyCount() {
        return inconsistentImplied.length;
    }

    /**
     * Every cannot-link inside a must-link component: the explicit ones in the order of
     * {@link ConstraintSet#pairs()}, then for each labels block the pairs of its classes that fall
     * in one component, each named by the first point of each class. Each comes with a must-link
     * path joining its ends, read from one breadth-first spanning forest of the must-link graph
     * (built once, in {@code O(n + p + b)}, on the first call), so a path is not always the
     * shortest but costs only its length.
     */
    public List<Inconsistency> inconsistencies() {
        List<Inconsistency> list = new ArrayList<>(inconsistentImplied.length);
        for (int t = 0; t < inconsistentImplied.length; t++) {
            int first = inconsistentEnds[2 * t];
            int second = inconsistentEnds[2 * t + 1];
            list.add(new Inconsistency(first, second, inconsistentImplied[t], mustLinkPath(first, second)));
        }
        return list;
    }

    /**
     * A path of must-links from {@code from} to {@code to}, both ends included, through the
     * spanning forest described in {@link #inconsistencies()}; each two consecutive points are
     * joined by an explicit must-link or share a class or group of a block.
     *
     * @throws IllegalArgumentException if the two points are not in one component
     */
    public int[] mustLinkPath(int from, int to) {
        int component = componentOf(from);
        if (component < 0 || component != componentOf(to)) {
            throw new IllegalArgumentException("Points " + from + " and " + to + " are not in one must-link component");
        }
        return spanningForest().path(from, to);
    }

    /** Throws unless the constraints are consistent; the message suggests removing the pairs. */
    public void requireConsistent() {
        requireConsistent("or continue with a method that tolerates inconsistent constraints");
    }

    /**
     * Throws an {@link InconsistentConstraintsException} unless the constraints are consistent. Its
     * one-line message counts the offending cannot-links, lists the first five with their must-link
     * paths, and ends with {@code howToContinue} (for example the command-line flag that accepts
     * inconsistent constraints).
     */
    public void requireConsistent(String howToContinue) {
        if (isConsistent()) {
            return;
        }
        List<Inconsistency> all = inconsistencies();
        int shown = Math.min(5, all.size());
        StringBuilder message = new StringBuilder("Inconsistent constraints: ").append(all.size())
                .append(all.size() == 1 ? " cannot-link joins points" : " cannot-links join points")
                .append(" that must-links put in one cluster: ");
        for (int t = 0; t < shown; t++) {
            message.append(t == 0 ? "" : "; ").append(all.get(t));
        }
        if (all.size() > shown) {
            message.append("; and ").append(all.size() - shown).append(" more");
        }
        message.append(". Remove or correct these cannot-links or the must-links joining them, ")
                .append(howToContinue);
        throw new InconsistentConstraintsException(message.toString(), all);
    }

    @Override
    public String toString() {
        return "ConstraintClosure(" + componentCount() + " components, " + cannotLinkedKeys.length
                + " cannot-linked component pairs, " + inconsistencyCount() + " inconsistencies)";
    }

    private void checkComponent(int component) {
        if (component < 0 || component >= componentCount()) {
            throw new IllegalArgumentException("Component " + component + " outside [0, " + componentCount() + ")");
        }
    }

    private SpanningForest spanningForest() {
        SpanningForest built = forest;
        if (built == null) {
            // Deterministic, so a race only builds the same forest twice.
            built = SpanningForest.build(set, members, memberStart);
            forest = built;
        }
        return built;
    }

    /** Disjoint sets over points {@code 0..n-1}: path compression (halving) and union by size. */
    private static final class UnionFind {
        private final int[] parent;
        private final int[] size;

        UnionFind(int count) {
            parent = new int[count];
            size = new int[count];
            for (int t = 0; t < count; t++) {
                parent[t] = t;
                size[t] = 1;
            }
        }

        int find(int point) {
            int current = point;
            while (parent[current] != current) {
                parent[current] = parent[parent[current]];
                current = parent[current];
            }
            return current;
        }

        void union(int a, int b) {
            int rootA = find(a);
            int rootB = find(b);
            if (rootA == rootB) {
                return;
            }
            if (size[rootA] < size[rootB]) {
                int swap = rootA;
                rootA = rootB;
                rootB = swap;
            }
            parent[rootB] = rootA;
            size[rootA] += size[rootB];
        }
    }

    /** Collects separated component pairs and inconsistencies while the closure is built. */
    private static final class Propagation {
        private final int componentCount;
        private long[] keys = new long[16];
        private int keyCount;
        private int[] ends = new int[16];
        private boolean[] implied = new boolean[8];
        private int inconsistencyCount;

        Propagation(int componentCount) {
            this.componentCount = componentCount;
        }

        void separate(int componentA, int componentB, int pointA, int pointB, boolean byLabels) {
            if (componentA == componentB) {
                if (inconsistencyCount == implied.length) {
                    implied = Arrays.copyOf(implied, 2 * implied.length);
                    ends = Arrays.copyOf(ends, 2 * implied.length);
                }
                ends[2 * inconsistencyCount] = pointA;
                ends[2 * inconsistencyCount + 1] = pointB;
                implied[inconsistencyCount++] = byLabels;
                return;
            }
            if (keyCount == keys.length) {
                keys = Arrays.copyOf(keys, 2 * keys.length);
            }
            keys[keyCount++] = (long) Math.min(componentA, componentB) * componentCount
                    + Math.max(componentA, componentB);
        }

        /**
         * The cannot-links of a labels block between its classes: one per pair of classes, which
         * separates their components or, when they share one, is an inconsistency represented by
         * the first point of each class.
         */
        void separateClasses(int[][] classMembers, int[] componentOfPoint) {
            int[] nonEmpty = new int[classMembers.length];
            int classCount = 0;
            for (int c = 0; c < classMembers.length; c++) {
                if (classMembers[c].length > 0) {
                    nonEmpty[classCount++] = c;
                }
            }
            for (int a = 0; a < classCount; a++) {
                int pointA = classMembers[nonEmpty[a]][0];
                for (int b = a + 1; b < classCount; b++) {
                    int pointB = classMembers[nonEmpty[b]][0];
                    separate(componentOfPoint[pointA], componentOfPoint[pointB], pointA, pointB, true);
                }
            }
        }

        long[] sortedKeys() {
            long[] sorted = Arrays.copyOf(keys, keyCount);
            Arrays.sort(sorted);
            int distinct = 0;
            for (int t = 0; t < sorted.length; t++) {
                if (t == 0 || sorted[t] != sorted[t - 1]) {
                    sorted[distinct++] = sorted[t];
                }
            }
            return Arrays.copyOf(sorted, distinct);
        }

        int[] inconsistentEnds() {
            return Arrays.copyOf(ends, 2 * inconsistencyCount);
        }

        boolean[] inconsistentImplied() {
            return Arrays.copyOf(implied, inconsistencyCount);
        }
    }

    /**
     * Breadth-first spanning forest of the must-link graph, rooted at the smallest member of each
     * component. The graph's edges are the explicit must-links and, for each class or group of a
     * block, a star joining its members: a class is expanded once, when its first member is
     * reached, and all its unreached members hang from that member, so the forest costs
     * {@code O(n + p + b)} and never enumerates pairs of a class.
     */
    private static final class SpanningForest {
        private final int[] parent;
        private final int[] depth;

        private SpanningForest(int[] parent, int[] depth) {
            this.parent = parent;
            this.depth = depth;
        }

        static SpanningForest build(ConstraintSet set, int[] members, int[] memberStart) {
            int pointCount = set.pointCount();
            // Explicit must-link adjacency, CSR.
            int[] degree = new int[pointCount + 1];
            for (Constraint pair : set.pairs()) {
                if (pair.isMustLink()) {
                    degree[pair.first() + 1]++;
                    degree[pair.second() + 1]++;
                }
            }
            for (int point = 0; point < pointCount; point++) {
                degree[point + 1] += degree[point];
            }
            int[] neighbours = new int[degree[pointCount]];
            int[] fill = Arrays.copyOf(degree, pointCount);
            for (Constraint pair : set.pairs()) {
                if (pair.isMustLink()) {
                    neighbours[fill[pair.first()]++] = pair.second();
                    neighbours[fill[pair.second()]++] = pair.first();
                }
            }
            // Classes of all blocks as nodes: class k has members classPoints[k]; each point lists its classes.
            List<int[]> classPoints = new ArrayList<>();
            for (LabelledPoints block : set.labelledBlocks()) {
                for (int[] classMembers : block.members()) {
                    if (classMembers.length > 1) {
                        classPoints.add(classMembers);
                    }
                }
            }
            int[] classStart = new int[pointCount + 1];
            for (int[] classMembers : classPoints) {
                for (int point : classMembers) {
                    classStart[point + 1]++;
                }
            }
            for (int point = 0; point < pointCount; point++) {
                classStart[point + 1] += classStart[point];
            }
            int[] classesOfPoint = new int[classStart[pointCount]];
            int[] classFill = Arrays.copyOf(classStart, pointCount);
            for (int k = 0; k < classPoints.size(); k++) {
                for (int point : classPoints.get(k)) {
                    classesOfPoint[classFill[point]++] = k;
                }
            }

            int[] parent = new int[pointCount];
            int[] depth = new int[pointCount];
            Arrays.fill(depth, -1);
            boolean[] classExpanded = new boolean[classPoints.size()];
            int[] queue = new int[members.length];
            for (int c = 0; c + 1 < memberStart.length; c++) {
                int root = members[memberStart[c]];
                int head = 0;
                int tail = 0;
                parent[root] = root;
                depth[root] = 0;
                queue[tail++] = root;
                while (head < tail) {
                    int point = queue[head++];
                    for (int e = degree[point]; e < degree[point + 1]; e++) {
                        int next = neighbours[e];
                        if (depth[next] < 0) {
                            parent[next] = point;
                            depth[next] = depth[point] + 1;
                            queue[tail++] = next;
                        }
                    }
                    for (int e = classStart[point]; e < classStart[point + 1]; e++) {
                        int k = classesOfPoint[e];
                        if (classExpanded[k]) {
                            continue;
                        }
                        classExpanded[k] = true;
                        for (int next : classPoints.get(k)) {
                            if (depth[next] < 0) {
                                parent[next] = point;
                                depth[next] = depth[point] + 1;
                                queue[tail++] = next;
                            }
                        }
                    }
                }
            }
            return new SpanningForest(parent, depth);
        }

        /** The tree path from {@code from} to {@code to} (same tree) through their lowest common ancestor. */
        int[] path(int from, int to) {
            int[] up = new int[depth[from] + 1];
            int[] down = new int[depth[to] + 1];
            int upCount = 0;
            int downCount = 0;
            int a = from;
            int b = to;
            while (depth[a] > depth[b]) {
                up[upCount++] = a;
                a = parent[a];
            }
            while (depth[b] > depth[a]) {
                down[downCount++] = b;
                b = parent[b];
            }
            while (a != b) {
                up[upCount++] = a;
                a = parent[a];
                down[downCount++] = b;
                b = parent[b];
            }
            int[] path = new int[upCount + 1 + downCount];
            System.arraycopy(up, 0, path, 0, upCount);
            path[upCount] = a;
            for (int t = 0; t < downCount; t++) {
                path[upCount + 1 + t] = down[downCount - 1 - t];
            }
            return path;
        }
    }
}
