package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstraintClosureTest {

    @Test
    void chainsFormComponentsOrderedBySmallestMember() {
        ConstraintSet set = ConstraintSet.ofPairs(12, List.of(
                Constraint.mustLink(3, 2), Constraint.mustLink(1, 2), Constraint.mustLink(0, 1),
                Constraint.mustLink(9, 5), Constraint.mustLink(4, 7),
                Constraint.cannotLink(3, 5), Constraint.cannotLink(11, 10)));
        ConstraintClosure closure = ConstraintClosure.of(set);

        assertEquals(5, closure.componentCount());
        int[][] components = closure.components();
        assertArrayEquals(new int[] {0, 1, 2, 3}, components[0]);
        assertArrayEquals(new int[] {4, 7}, components[1]);
        assertArrayEquals(new int[] {5, 9}, components[2]);
        assertArrayEquals(new int[] {10}, components[3]);
        assertArrayEquals(new int[] {11}, components[4]);
        assertEquals(0, closure.componentOf(3));
        assertEquals(2, closure.componentOf(9));
        assertEquals(3, closure.componentOf(10));
        assertEquals(-1, closure.componentOf(6));
        assertEquals(-1, closure.componentOf(8));
        assertEquals(2, closure.componentSize(1));
        assertArrayEquals(new int[] {0, 1, 2, 3}, closure.mustLinkPath(0, 3));
        assertArrayEquals(new int[] {3, 2, 1, 0}, closure.mustLinkPath(3, 0));
        assertThrows(IllegalArgumentException.class, () -> closure.mustLinkPath(0, 4));
        assertThrows(IllegalArgumentException.class, () -> closure.componentOf(12));
    }

    @Test
    void cannotLinksPropagateToComponentPairs() {
        ConstraintSet set = ConstraintSet.ofPairs(12, List.of(
                Constraint.mustLink(0, 1), Constraint.mustLink(1, 2), Constraint.mustLink(5, 9),
                Constraint.cannotLink(2, 9), Constraint.cannotLink(0, 5), Constraint.cannotLink(11, 10),
                Constraint.cannotLink(1, 11)));
        ConstraintClosure closure = ConstraintClosure.of(set);

        // Components: {0,1,2} -> 0, {5,9} -> 1, {10} -> 2, {11} -> 3; CL(2,9) and CL(0,5) give one pair.
        assertEquals(List.of(new ComponentPair(0, 1), new ComponentPair(0, 3), new ComponentPair(2, 3)),
                closure.cannotLinkedComponentPairs());
        assertEquals(3, closure.cannotLinkedComponentPairCount());
        assertTrue(closure.areCannotLinked(1, 0));
        assertFalse(closure.areCannotLinked(1, 2));
        assertFalse(closure.areCannotLinked(0, 0));
        assertTrue(closure.isConsistent());
        closure.requireConsistent();
        assertEquals(List.of(), closure.inconsistencies());
    }

    @Test
    void labelsMergeEachClassAndSeparateClasses() {
        ConstraintSet set = ConstraintSet.fromLabels(20, new int[] {7, 3, 15, 1, 9, 4}, new int[] {2, 0, 2, 1, 0, 1});
        ConstraintClosure closure = ConstraintClosure.of(set);

        assertEquals(3, closure.componentCount());
        assertArrayEquals(new int[] {1, 4}, closure.component(0));
        assertArrayEquals(new int[] {3, 9}, closure.component(1));
        assertArrayEquals(new int[] {7, 15}, closure.component(2));
        assertEquals(List.of(new ComponentPair(0, 1), new ComponentPair(0, 2), new ComponentPair(1, 2)),
                closure.cannotLinkedComponentPairs());
        assertTrue(closure.isConsistent());
    }

    @Test
    void groupsMergeWithoutCannotLinks() {
        ConstraintSet set = ConstraintSet.fromGroups(10, List.of(new int[] {0, 2}, new int[] {5, 8}, new int[] {6}));
        ConstraintClosure closure = ConstraintClosure.of(set);

        assertEquals(3, closure.componentCount());
        assertEquals(List.of(), closure.cannotLinkedComponentPairs());
        assertEquals(2, closure.componentOf(6));
    }

    @Test
    void groupJoiningTwoLabelClassesIsReportedWithAPath() {
        LabelledPoints labels = LabelledPoints.hard(new int[] {0, 1, 2, 3, 4, 5}, new int[] {0, 0, 1, 1, 2, 2}, true);
        LabelledPoints groups = LabelledPoints.hard(new int[] {1, 2}, new int[] {0, 0}, false);
        ConstraintSet set = ConstraintSet.of(6, List.of(), List.of(labels, groups));
        ConstraintClosure closure = ConstraintClosure.of(set);

        assertEquals(2, closure.componentCount());
        assertArrayEquals(new int[] {0, 1, 2, 3}, closure.component(0));
        assertEquals(List.of(new ComponentPair(0, 1)), closure.cannotLinkedComponentPairs());
        assertFalse(closure.isConsistent());
        assertEquals(List.of(new Inconsistency(0, 2, true, new int[] {0, 1, 2})), closure.inconsistencies());
    }

    @Test
    void explicitMustLinkJoiningTwoLabelClassesIsReported() {
        ConstraintSet labels = ConstraintSet.fromLabels(30, new int[] {10, 11, 12, 20, 21}, new int[] {0, 0, 0, 1, 1});
        ConstraintSet set = labels.plus(ConstraintSet.ofPairs(30, List.of(Constraint.mustLink(12, 21))));
        ConstraintClosure closure = ConstraintClosure.of(set);

        assertEquals(1, closure.componentCount());
        assertEquals(List.of(), closure.cannotLinkedComponentPairs());
        List<Inconsistency> inconsistencies = closure.inconsistencies();
        assertEquals(1, inconsistencies.size());
        Inconsistency inconsistency = inconsistencies.get(0);
        assertEquals(10, inconsistency.first());
        assertEquals(20, inconsistency.second());
        assertTrue(inconsistency.impliedByLabels());
        assertArrayEquals(new int[] {10, 12, 21, 20}, inconsistency.mustLinkPath());
        assertValidPath(set, inconsistency);

        InconsistentConstraintsException thrown = assertThrows(InconsistentConstraintsException.class,
                closure::requireConsistent);
        assertEquals("Inconsistent constraints: 1 cannot-link joins points that must-links put in one cluster: "
                + "CL(10, 20) (implied by labels) against must-links 10 - 12 - 21 - 20. Remove or correct these "
                + "cannot-links or the must-links joining them, or continue with a method that tolerates "
                + "inconsistent constraints", thrown.getMessage());
        assertEquals(inconsistencies, thrown.inconsistencies());
        InconsistentConstraintsException withHint = assertThrows(InconsistentConstraintsException.class,
                () -> closure.requireConsistent("or rerun with --allow-inconsistent"));
        assertTrue(withHint.getMessage().endsWith("joining them, or rerun with --allow-inconsistent"));
    }

    @Test
    void explicitCannotLinkInsideAChainIsReported() {
        ConstraintSet set = ConstraintSet.ofPairs(5, List.of(
                Constraint.mustLink(0, 1), Constraint.mustLink(1, 2), Constraint.mustLink(2, 3),
                Constraint.cannotLink(3, 1), Constraint.cannotLink(0, 4)));
        ConstraintClosure closure = ConstraintClosure.of(set);

        assertEquals(List.of(new Inconsistency(3, 1, false, new int[] {3, 2, 1})), closure.inconsistencies());
        assertEquals(List.of(new ComponentPair(0, 1)), closure.cannotLinkedComponentPairs());
        assertEquals(1, closure.inconsistencyCount());
    }

    @Test
    void messageListsTheFirstFiveAndCountsTheRest() {
        List<Constraint> pairs = new ArrayList<>();
        for (int t = 1; t < 9; t++) {
            pairs.add(Constraint.mustLink(t - 1, t));
        }
        for (int t = 2; t < 9; t++) {
            pairs.add(Constraint.cannotLink(0, t));
        }
        ConstraintClosure closure = ConstraintClosure.of(ConstraintSet.ofPairs(9, pairs));

        String message = assertThrows(InconsistentConstraintsException.class, closure::requireConsistent).getMessage();
        assertTrue(message.startsWith("Inconsistent constraints: 7 cannot-links join points"), message);
        assertTrue(message.contains("CL(0, 6) against must-links 0 - 1 - 2 - 3 - 4 - 5 - 6; and 2 more."), message);
        assertFalse(message.contains("CL(0, 7)"), message);
        assertFalse(message.contains("\n"));
        assertEquals("CL(0, 8) against must-links 0 - 1 - 2 - 3 - ... (1 more) - 5 - 6 - 7 - 8",
                closure.inconsistencies().get(6).toString());
    }

    @Test
    void softWeightsDoNotChangeTheClosure() {
        ConstraintSet hard = ConstraintSet.of(8, List.of(Constraint.mustLink(0, 5), Constraint.cannotLink(5, 1)),
                List.of(LabelledPoints.hard(new int[] {1, 0, 2, 6}, new int[] {0, 0, 1, 1}, true)));
        ConstraintSet soft = ConstraintSet.of(8,
                List.of(Constraint.mustLink(0, 5).withWeight(0.1), Constraint.cannotLink(5, 1).withWeight(0.2)),
                List.of(new LabelledPoints(new int[] {1, 0, 2, 6}, new int[] {0, 0, 1, 1}, true,
                        new double[] {0.5, 0.6, 0.7, 0.8})));
        ConstraintClosure hardClosure = ConstraintClosure.of(hard);
        ConstraintClosure softClosure = ConstraintClosure.of(soft);

        assertArrayEquals(hardClosure.components(), softClosure.components());
        assertEquals(hardClosure.cannotLinkedComponentPairs(), softClosure.cannotLinkedComponentPairs());
        assertEquals(hardClosure.inconsistencies(), softClosure.inconsistencies());
        assertEquals(1, softClosure.inconsistencyCount());
    }

    @Test
    void blocksThatDisagreeAreInconsistent() {
        LabelledPoints first = LabelledPoints.hard(new int[] {0, 1}, new int[] {0, 0}, true);
        LabelledPoints second = LabelledPoints.hard(new int[] {1, 0}, new int[] {0, 1}, true);
        ConstraintClosure closure = ConstraintClosure.of(ConstraintSet.of(2, List.of(), List.of(first, second)));

        assertEquals(List.of(new Inconsistency(1, 0, true, new int[] {1, 0})), closure.inconsistencies());
    }

    @Test
    void emptySetHasNoComponents() {
        ConstraintClosure closure = ConstraintClosure.of(ConstraintSet.empty(4));

        assertEquals(0, closure.componentCount());
        assertEquals(0, closure.components().length);
        assertTrue(closure.isConsistent());
        assertEquals(-1, closure.componentOf(3));
    }

    @Test
    void largeLabelBlockIsHandledFromItsClasses() {
        int pointCount = 70_000;
        int classCount = 10;
        int[] points = new int[7_000];
        int[] classes = new int[points.length];
        for (int t = 0; t < points.length; t++) {
            points[t] = 10 * t + 3;
            classes[t] = t % classCount;
        }
        ConstraintSet labels = ConstraintSet.fromLabels(pointCount, points, classes);
        assertEquals(24_496_500L, labels.pairCount());
        ConstraintClosure closure = ConstraintClosure.of(labels);

        assertEquals(classCount, closure.componentCount());
        for (int c = 0; c < classCount; c++) {
            assertEquals(700, closure.componentSize(c));
            assertEquals(c, closure.componentOf(points[c]));
        }
        assertEquals(classCount * (classCount - 1) / 2, closure.cannotLinkedComponentPairCount());
        assertEquals(-1, closure.componentOf(0));
        assertTrue(closure.isConsistent());

        // A must-link between a point of class 1 and one of class 2 makes that class pair inconsistent.
        ConstraintSet joined = labels.plus(ConstraintSet.ofPairs(pointCount, List.of(Constraint.mustLink(points[11], points[22]))));
        ConstraintClosure joinedClosure = ConstraintClosure.of(joined);
        assertEquals(classCount - 1, joinedClosure.componentCount());
        List<Inconsistency> inconsistencies = joinedClosure.inconsistencies();
        assertEquals(1, inconsistencies.size());
        assertEquals(points[1], inconsistencies.get(0).first());
        assertEquals(points[2], inconsistencies.get(0).second());
        assertTrue(inconsistencies.get(0).pathLength() <= 3);
        assertValidPath(joined, inconsistencies.get(0));
    }

    @Test
    void agreesWithABruteForceClosureOnRandomSets() {
        SplittableRandom random = new SplittableRandom(17);
        for (int trial = 0; trial < 200; trial++) {
            int pointCount = 2 + random.nextInt(14);
            List<Constraint> pairs = new ArrayList<>();
            int pairCount = random.nextInt(12);
            for (int t = 0; t < pairCount; t++) {
                int first = random.nextInt(pointCount);
                int second = random.nextInt(pointCount);
                if (first != second) {
                    pairs.add(random.nextBoolean() ? Constraint.mustLink(first, second) : Constraint.cannotLink(first, second));
                }
            }
            List<LabelledPoints> blocks = new ArrayList<>();
            if (random.nextBoolean()) {
                int[] labelled = toInts(ConstraintGenerator.sampleDistinct(pointCount, 1 + random.nextInt(pointCount), random));
                int[] classes = new int[labelled.length];
                for (int t = 0; t < classes.length; t++) {
                    classes[t] = random.nextInt(3);
                }
                blocks.add(LabelledPoints.hard(labelled, classes, random.nextBoolean()));
            }
            ConstraintSet set = ConstraintSet.of(pointCount, pairs, blocks);
            checkAgainstBruteForce(set);
        }
    }

    private static int[] toInts(long[] values) {
        int[] ints = new int[values.length];
        for (int t = 0; t < values.length; t++) {
            ints[t] = (int) values[t];
        }
        return ints;
    }

    /** Compares with a closure computed from every enumerated pair by repeated relaxation. */
    private static void checkAgainstBruteForce(ConstraintSet set) {
        int n = set.pointCount();
        List<Constraint> all = set.allPairs(10_000);
        boolean[][] together = new boolean[n][n];
        boolean[] constrained = new boolean[n];
        for (Constraint pair : all) {
            constrained[pair.first()] = true;
            constrained[pair.second()] = true;
            if (pair.isMustLink()) {
                together[pair.first()][pair.second()] = true;
                together[pair.second()][pair.first()] = true;
            }
        }
        for (int point : set.constrainedPoints()) {
            constrained[point] = true;
        }
        for (int k = 0; k < n; k++) {
            together[k][k] = true;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    together[i][j] |= together[i][k] && together[k][j];
                }
            }
        }
        ConstraintClosure closure = ConstraintClosure.of(set);
        for (int i = 0; i < n; i++) {
            assertEquals(constrained[i], closure.componentOf(i) >= 0);
            for (int j = 0; j < n; j++) {
                if (constrained[i] && constrained[j]) {
                    assertEquals(together[i][j], closure.componentOf(i) == closure.componentOf(j), set.toString());
                }
            }
        }
        Set<ComponentPair> expectedPairs = new HashSet<>();
        Set<String> inconsistentPairs = new HashSet<>();
        for (Constraint pair : all) {
            if (!pair.isMustLink()) {
                int a = closure.componentOf(pair.first());
                int b = closure.componentOf(pair.second());
                if (a == b) {
                    inconsistentPairs.add(Math.min(pair.first(), pair.second()) + "," + Math.max(pair.first(), pair.second()));
                } else {
                    expectedPairs.add(new ComponentPair(Math.min(a, b), Math.max(a, b)));
                }
            }
        }
        assertEquals(expectedPairs, new HashSet<>(closure.cannotLinkedComponentPairs()));
        assertEquals(inconsistentPairs.isEmpty(), closure.isConsistent());
        for (Inconsistency inconsistency : closure.inconsistencies()) {
            assertTrue(inconsistentPairs.contains(Math.min(inconsistency.first(), inconsistency.second()) + ","
                    + Math.max(inconsistency.first(), inconsistency.second())), inconsistency.toString());
            assertValidPath(set, inconsistency);
        }
    }

    /** Each two consecutive points of the path are must-linked, explicitly or by a block. */
    static void assertValidPath(ConstraintSet set, Inconsistency inconsistency) {
        int[] path = inconsistency.mustLinkPath();
        for (int t = 1; t < path.length; t++) {
            assertTrue(mustLinked(set, path[t - 1], path[t]), "no must-link " + path[t - 1] + " - " + path[t]
                    + " in " + inconsistency);
        }
    }

    private static boolean mustLinked(ConstraintSet set, int a, int b) {
        for (Constraint pair : set.pairs()) {
            if (pair.isMustLink() && (pair.first() == a && pair.second() == b || pair.first() == b && pair.second() == a)) {
                return true;
            }
        }
        for (LabelledPoints block : set.labelledBlocks()) {
            int[] points = block.points();
            int[] classes = block.classes();
            int classA = -1;
            int classB = -1;
            for (int t = 0; t < points.length; t++) {
                classA = points[t] == a ? classes[t] : classA;
                classB = points[t] == b ? classes[t] : classB;
            }
            if (classA >= 0 && classA == classB) {
                return true;
            }
        }
        return false;
    }
}
