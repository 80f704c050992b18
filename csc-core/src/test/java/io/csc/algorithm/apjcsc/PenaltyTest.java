package io.csc.algorithm.apjcsc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.linalg.DenseMatrix;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PenaltyTest {

    /** P as a dense matrix, read entry by entry. */
    static DenseMatrix dense(Penalty penalty) {
        int n = penalty.size();
        DenseMatrix p = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                p.set(i, j, i == j ? penalty.diagonal(i) : penalty.offDiagonal(i, j));
            }
        }
        return p;
    }

    /** P as a dense matrix, from its products with unit vectors. */
    static DenseMatrix applied(Penalty penalty) {
        int n = penalty.size();
        DenseMatrix p = DenseMatrix.zeros(n, n);
        for (int j = 0; j < n; j++) {
            double[] unit = new double[n];
            unit[j] = 1;
            double[] column = new double[n];
            penalty.apply(unit, column);
            p.setColumn(j, column);
        }
        return p;
    }

    private static DenseMatrix penalty(ConstraintSet set, PenaltyType type) {
        Penalty penalty = Supervision.of(set).penalty(type);
        DenseMatrix byEntries = dense(penalty);
        assertEquals(0.0, byEntries.maxAbsoluteDifference(applied(penalty)), 1e-14, "entries and products agree");
        return byEntries;
    }

    // Points 0 and 1 in class a, point 2 in class b, point 3 unlabelled: ML(0,1), CL(0,2), CL(1,2),
    // so n_M = 1 and n_C = 2.
    private static final ConstraintSet LABELS = ConstraintSet.fromLabels(4, new int[] {0, 1, 2}, new int[] {0, 0, 1});
    private static final ConstraintSet PAIRS = ConstraintSet.ofPairs(4, List.of(Constraint.mustLink(0, 1),
            Constraint.cannotLink(0, 2), Constraint.cannotLink(2, 1)));

    @Test
    void typeOneIsTheSignedLaplacianOfTheoremOne() {
        // S1 = ML/n_M + CL^T1/n_C: S1(0,1) = 1, S1(0,2) = S1(1,2) = -1/2; P1 = diag(S1 1) - S1.
        double[][] expected = {
            {0.5, -1, 0.5, 0},
            {-1, 0.5, 0.5, 0},
            {0.5, 0.5, -1, 0},
            {0, 0, 0, 0}};
        assertEquals(0.0, penalty(LABELS, PenaltyType.TYPE_I).maxAbsoluteDifference(DenseMatrix.of(expected)), 1e-14);
    }

    @Test
    void typeTwoIsTheMustLinkLaplacianPlusTheCannotLinkAdjacencyOfTheoremTwo() {
        // P2 = diag(ML 1) - ML + CL^T2 with CL^T2(0,2) = CL^T2(1,2) = 1/2.
        double[][] expected = {
            {1, -1, 0.5, 0},
            {-1, 1, 0.5, 0},
            {0.5, 0.5, 0, 0},
            {0, 0, 0, 0}};
        assertEquals(0.0, penalty(LABELS, PenaltyType.TYPE_II).maxAbsoluteDifference(DenseMatrix.of(expected)), 1e-14);
    }

    @Test
    void labelsPairsAndGroupsGiveTheSameMatrixForTheSameSupervision() {
        SplittableRandom random = new SplittableRandom(3);
        int n = 30;
        int[] points = {2, 5, 7, 11, 12, 19, 23, 28};
        int[] classes = {0, 1, 0, 2, 1, 0, 2, 2};
        ConstraintSet labels = ConstraintSet.fromLabels(n, points, classes);
        ConstraintSet pairs = ConstraintSet.ofPairs(n, labels.allPairs(1000));
        int[] groupPoints = {2, 7, 19, 5, 12, 11, 23, 28};
        List<int[]> groups = List.of(new int[] {2, 7, 19}, new int[] {5, 12}, new int[] {11, 23, 28});
        ConstraintSet grouped = ConstraintSet.fromGroups(n, groups);
        ConstraintSet mustLinkPairs = ConstraintSet.ofPairs(n, labels.allPairs(1000).stream()
                .filter(Constraint::isMustLink).toList());
        for (PenaltyType type : PenaltyType.values()) {
            assertEquals(0.0, penalty(labels, type).maxAbsoluteDifference(penalty(pairs, type)), 1e-14, type + " labels");
            assertEquals(0.0, penalty(grouped, type).maxAbsoluteDifference(penalty(mustLinkPairs, type)), 1e-14,
                    type + " groups");
        }
        assertEquals(groupPoints.length, grouped.constrainedPoints().length);
        // Labels and pairs also agree with weights (soft labels give pair weights sqrt(c_a c_b)).
        double[] confidences = new double[points.length];
        for (int t = 0; t < confidences.length; t++) {
            confidences[t] = 0.2 + 0.8 * random.nextDouble();
        }
        ConstraintSet soft = ConstraintSet.of(n, List.of(), List.of(new LabelledPoints(points, classes, true, confidences)));
        ConstraintSet softPairs = ConstraintSet.ofPairs(n, soft.allPairs(1000));
        for (PenaltyType type : PenaltyType.values()) {
            assertEquals(0.0, penalty(soft, type).maxAbsoluteDifference(penalty(softPairs, type)), 1e-14, type + " soft");
        }
    }

    @Test
    void quadraticFormsAreTheObjectivesOfEquationsSixAndTen() {
        SplittableRandom random = new SplittableRandom(11);
        double[] y = new double[4];
        for (int i = 0; i < 4; i++) {
            y[i] = random.nextDouble() * 2 - 1;
        }
        // Θ_T1 = (y0 - y1)²/1 - ((y0 - y2)² + (y1 - y2)²)/2; Θ_T2 = (y0 - y1)² + (2 y0 y2 + 2 y1 y2)/2.
        double thetaOne = sq(y[0] - y[1]) - (sq(y[0] - y[2]) + sq(y[1] - y[2])) / 2;
        double thetaTwo = sq(y[0] - y[1]) + (2 * y[0] * y[2] + 2 * y[1] * y[2]) / 2;
        assertEquals(thetaOne, form(penalty(PAIRS, PenaltyType.TYPE_I), y), 1e-14);
        assertEquals(thetaTwo, form(penalty(PAIRS, PenaltyType.TYPE_II), y), 1e-14);
    }

    @Test
    void constrainedAffinityFollowsEquationFiveAndInterpolatesSoftWeights() {
        Supervision hard = Supervision.of(PAIRS);
        assertEquals(1.0, hard.constrainedAffinity(0, 1, 0.3), 1e-15);
        assertEquals(0.0, hard.constrainedAffinity(0, 2, 0.3), 1e-15);
        assertEquals(0.3, hard.constrainedAffinity(0, 3, 0.3), 1e-15);
        Supervision soft = Supervision.of(ConstraintSet.ofPairs(4, List.of(Constraint.mustLink(0, 1).withWeight(0.5),
                Constraint.cannotLink(0, 2).withWeight(0.25))));
        assertEquals(0.3 * 0.5 + 0.5, soft.constrainedAffinity(0, 1, 0.3), 1e-15);
        assertEquals(0.3 * 0.75, soft.constrainedAffinity(2, 0, 0.3), 1e-15);
    }

    @Test
    void countsAreThePairsOfEachKindAndNoSupervisionGivesAZeroPenalty() {
        Supervision supervision = Supervision.of(LABELS);
        assertEquals(1, supervision.mustLinkCount());
        assertEquals(2, supervision.cannotLinkCount());
        DenseMatrix zero = penalty(ConstraintSet.empty(4), PenaltyType.TYPE_I);
        assertEquals(0.0, zero.frobeniusNorm(), 0.0);
    }

    private static double sq(double value) {
        return value * value;
    }

    private static double form(DenseMatrix a, double[] y) {
        double sum = 0;
        for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y.length; j++) {
                sum += y[i] * a.get(i, j) * y[j];
            }
        }
        return sum;
    }
}
