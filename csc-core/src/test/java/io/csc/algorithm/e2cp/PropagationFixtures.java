package io.csc.algorithm.e2cp;

import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintType;
import io.csc.constraint.LabelledPoints;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import java.util.List;
import java.util.SplittableRandom;

/** Small graphs, supervision and dense reference computations for the E2CP tests. */
final class PropagationFixtures {

    private PropagationFixtures() {
    }

    /** A connected weighted graph: a ring of n nodes plus random chords, weights in (0, 1]. */
    static SparseMatrix ring(int n, int chords, SplittableRandom random) {
        int[] rows = new int[2 * n * (chords + 1)];
        int[] columns = new int[rows.length];
        double[] values = new double[rows.length];
        int t = 0;
        for (int i = 0; i < n; i++) {
            int[] others = new int[chords + 1];
            others[0] = (i + 1) % n;
            for (int c = 1; c <= chords; c++) {
                others[c] = random.nextInt(n);
            }
            for (int j : others) {
                if (j != i) {
                    double w = random.nextDouble(0.1, 1.0);
                    rows[t] = i;
                    columns[t] = j;
                    values[t++] = w;
                    rows[t] = j;
                    columns[t] = i;
                    values[t++] = w;
                }
            }
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.MAX);
    }

    /**
     * A graph of {@code clusters} groups of {@code size} nodes: a ring plus random chords inside
     * each group, weights in (0.1, 1], and one weak edge (0.05) from each group to the next.
     */
    static SparseMatrix clustered(int clusters, int size, int chords, SplittableRandom random) {
        int n = clusters * size;
        int[] rows = new int[2 * n * (chords + 1) + 2 * clusters];
        int[] columns = new int[rows.length];
        double[] values = new double[rows.length];
        int t = 0;
        for (int c = 0; c < clusters; c++) {
            int offset = c * size;
            for (int i = 0; i < size; i++) {
                for (int e = 0; e <= chords; e++) {
                    int j = e == 0 ? (i + 1) % size : random.nextInt(size);
                    if (j != i) {
                        double w = random.nextDouble(0.1, 1.0);
                        rows[t] = offset + i;
                        columns[t] = offset + j;
                        values[t++] = w;
                        rows[t] = offset + j;
                        columns[t] = offset + i;
                        values[t++] = w;
                    }
                }
            }
            int next = ((c + 1) % clusters) * size;
            rows[t] = offset;
            columns[t] = next + 1;
            values[t++] = 0.05;
            rows[t] = next + 1;
            columns[t] = offset;
            values[t++] = 0.05;
        }
        return SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.MAX);
    }

    /** {@code D^-1/2 W D^-1/2}. */
    static SparseMatrix normalized(SparseMatrix graph) {
        return NormalizedAffinity.normalize(graph, graph.rowSums());
    }

    /**
     * Soft labels on 0, 2, 4, 6 (classes 0, 1, 0, 1), a group {7, 8}, and explicit pairs ML(1, 3, 0.5),
     * CL(3, 5), ML(2, 9): every kind of supervision, with a labelled point also in an explicit pair.
     */
    static ConstraintSet mixedSupervision(int n) {
        LabelledPoints labels = new LabelledPoints(new int[] {0, 2, 4, 6}, new int[] {0, 1, 0, 1}, true,
                new double[] {1.0, 0.8, 0.5, 1.0});
        LabelledPoints groups = LabelledPoints.hard(new int[] {7, 8}, new int[] {0, 0}, false);
        List<Constraint> pairs = List.of(new Constraint(1, 3, ConstraintType.MUST_LINK, 0.5),
                new Constraint(3, 5, ConstraintType.CANNOT_LINK, 1.0),
                new Constraint(2, 9, ConstraintType.MUST_LINK, 1.0));
        return ConstraintSet.of(n, pairs, List.of(labels, groups));
    }

    /**
     * Z by its definition: the signed weights of the pairs, summed over repeats, and the diagonal
     * chosen in {@link ConstraintSources}: the confidence of a labelled or grouped point, 1 for a
     * point in explicit pairs only.
     */
    static DenseMatrix definitionOfZ(ConstraintSet set) {
        int n = set.pointCount();
        DenseMatrix z = DenseMatrix.zeros(n, n);
        set.forEachPair((first, second, sign, weight) -> {
            z.set(first, second, z.get(first, second) + sign * weight);
            z.set(second, first, z.get(second, first) + sign * weight);
        });
        boolean[] inBlock = new boolean[n];
        for (LabelledPoints block : set.labelledBlocks()) {
            int[] points = block.points();
            for (int a = 0; a < points.length; a++) {
                z.set(points[a], points[a], z.get(points[a], points[a]) + block.confidence(a));
                inBlock[points[a]] = true;
            }
        }
        for (Constraint pair : set.pairs()) {
            for (int point : new int[] {pair.first(), pair.second()}) {
                if (!inBlock[point]) {
                    z.set(point, point, 1.0);
                }
            }
        }
        return z;
    }

    /** {@code I - α L̄} as a dense matrix. */
    static DenseMatrix system(SparseMatrix normalized, double alpha) {
        DenseMatrix a = normalized.toDense();
        int n = a.rows();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a.set(i, j, (i == j ? 1.0 : 0.0) - alpha * a.get(i, j));
            }
        }
        return a;
    }
}
