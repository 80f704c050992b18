package io.csc.cluster;

import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import java.util.SplittableRandom;

/**
 * The supervised step of {@link ConstrainedKMeans} on the supervised points alone, for an engine
 * that runs the nearest-centre step and the centre sums of all other points elsewhere (on a
 * cluster) and keeps only the supervised points in memory. Every penalty, clamp and seed of
 * constrained k-means involves supervised points only, so a run over all points is: the others to
 * their nearest centre, then {@link #settle} here, then the centres from both.
 *
 * <p>One run at a time: it keeps the group counts and a cost vector.
 */
public final class SupervisedAssignment {

    private final SupervisionPenalties supervision;
    private final DenseMatrix points;
    private final double[] costs;

    private SupervisedAssignment(SupervisionPenalties supervision, DenseMatrix points, int k) {
        this.supervision = supervision;
        this.points = points;
        this.costs = new double[k];
    }

    /**
     * The supervision over the rows of {@code points} (one per point of {@code constraints}), with
     * the penalty unit of the whole data set ({@link #totalVariance} of all points).
     */
    public static SupervisedAssignment of(ConstraintSet constraints, int k, DenseMatrix points, double unit) {
        if (constraints.pointCount() != points.rows()) {
            throw new IllegalArgumentException("Supervision over " + constraints.pointCount() + " points for "
                    + points.rows() + " rows");
        }
        return new SupervisedAssignment(SupervisionPenalties.of(constraints, k, points, unit), points, k);
    }

    /** The mean squared distance of the rows of {@code points} to their mean (1 when 0 or not finite). */
    public static double totalVariance(DenseMatrix points) {
        return SupervisionPenalties.totalVariance(points);
    }

    /** How many clusters have a first centre from the labelled classes. */
    public int seedCount() {
        return supervision.seedCount();
    }

    /** Those first centres, {@link #seedCount()} x d. */
    public DenseMatrix seedCentres() {
        return new DenseMatrix(seedCount(), points.columns(), supervision.seedCentres().clone());
    }

    /** The runs: one when every cluster is seeded, else the options' restarts. */
    public int restarts(KMeansOptions options) {
        return supervision.restarts(options);
    }

    /** The points visited one by one, ascending: to keep across iterations and pass to {@link #settle}. */
    public int[] softPoints() {
        return supervision.softPoints();
    }

    /** Whether a point is clamped to its class's cluster (a hard label). */
    public boolean isClamped(int point) {
        return supervision.isClamped(point);
    }

    /**
     * Given each supervised point's nearest centre in {@code labels}, clamps the hard labels and
     * moves the soft points, in {@code order} shuffled anew, to their cheapest clusters, each
     * starting from its cluster in {@code previous} where it had one and leaving it only for a
     * strictly cheaper one, so that the iterations end.
     *
     * @param previous each supervised point's cluster of the previous iteration, -1 for none
     * @param centroids k x d row-major
     */
    public void settle(int[] labels, int[] previous, int[] order, double[] centroids, SplittableRandom random) {
        supervision.settle(labels, previous, order, points.data(), points.columns(), centroids, costs, random);
    }

    /** The penalties of a labelling of the supervised points. */
    public double totalPenalty(int[] labels) {
        return supervision.totalPenalty(labels);
    }

    /** The penalty of one violated constraint of weight 1. */
    public double unit() {
        return supervision.unit();
    }
}
