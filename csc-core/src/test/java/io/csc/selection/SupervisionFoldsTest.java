package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.metric.ConstraintCounts;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SupervisionFoldsTest {

    @Test
    void labelledPointsAreDealtStratifiedAndEachHeldOutOnce() {
        int[] points = new int[30];
        int[] classes = new int[30];
        for (int t = 0; t < 30; t++) {
            points[t] = 2 * t;
            classes[t] = t % 3;
        }
        ConstraintSet labels = ConstraintSet.fromLabels(60, points, classes);
        List<SupervisionFold> folds = SupervisionFolds.split(labels, 3, new SplittableRandom(1)).orElseThrow();
        assertEquals(3, folds.size());
        Set<Integer> heldOut = new HashSet<>();
        for (SupervisionFold fold : folds) {
            LabelledPoints training = fold.training().labelledBlocks().get(0);
            assertEquals(20, training.size());
            int[] perClass = new int[3];
            for (int c : training.classes()) {
                perClass[c]++;
            }
            for (int count : perClass) {
                assertTrue(count >= 6 && count <= 7, "stratified: " + count);
            }
            Set<Integer> kept = new HashSet<>();
            for (int point : training.points()) {
                kept.add(point);
            }
            for (int point : points) {
                if (!kept.contains(point)) {
                    assertTrue(heldOut.add(point), "held out twice: " + point);
                }
            }
        }
        assertEquals(30, heldOut.size());
    }

    @Test
    void pairsAreSplitByMustLinkComponentSoThatNoHeldOutPairIsImpliedByTraining() {
        SplittableRandom random = new SplittableRandom(4);
        List<Constraint> pairs = new java.util.ArrayList<>();
        for (int t = 0; t < 60; t++) {
            int a = random.nextInt(100);
            int b = random.nextInt(100);
            if (a != b) {
                pairs.add(a % 4 == b % 4 ? Constraint.mustLink(a, b) : Constraint.cannotLink(a, b));
            }
        }
        ConstraintSet all = ConstraintSet.ofPairs(100, pairs);
        for (SupervisionFold fold : SupervisionFolds.split(all, 3, new SplittableRandom(2)).orElseThrow()) {
            ConstraintClosure training = ConstraintClosure.of(fold.training());
            Set<Integer> named = new HashSet<>();
            for (int point : fold.training().constrainedPoints()) {
                named.add(point);
            }
            Set<Constraint> trainingPairs = new HashSet<>(fold.training().pairs());
            for (Constraint pair : pairs) {
                if (trainingPairs.contains(pair)) {
                    continue;
                }
                // a held-out pair involves a point the training pairs never name, so closure cannot imply it
                assertTrue(!named.contains(pair.first()) || !named.contains(pair.second()), pair.toString());
                assertFalse(training.componentOf(pair.first()) == training.componentOf(pair.second())
                        && named.contains(pair.first()), pair.toString());
            }
        }
    }

    @Test
    void heldOutCountsAreAllMinusTraining() {
        ConstraintSet all = ConstraintSet.fromLabels(12, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
                new int[] {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2});
        int[] clusters = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
        for (SupervisionFold fold : SupervisionFolds.split(all, 3, new SplittableRandom(3)).orElseThrow()) {
            ConstraintCounts heldOut = fold.heldOut(clusters);
            // 8 training points keep C(8,2) = 28 of the 66 pairs
            assertEquals(66 - 28, heldOut.mustLinks() + heldOut.cannotLinks());
            assertEquals(1.0, new HeldOutScore(heldOut).fMeasure(), 1e-12);
        }
    }

    @Test
    void tooLittleSupervisionGivesNoSplit() {
        ConstraintSet two = ConstraintSet.ofPairs(10, List.of(Constraint.mustLink(1, 2), Constraint.cannotLink(3, 4)));
        assertTrue(SupervisionFolds.split(two, 3, new SplittableRandom(1)).isEmpty());
    }
}
