package io.csc.algorithm.scpc;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SymmetricOperator;
import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.List;

/**
 * SC-PC's p x n affinity Ẑ after Eq. 3 and Eq. 6, kept in structured form. Both equations set
 * whole blocks of Ẑ to values that depend on the point only: for a component {@code T_a} of the
 * constrained points, {@code Ẑ(p_j, x) = h_a(x)} for every landmark {@code p_j ∈ T_a}, where
 * {@code h_a = 1} on the points of {@code T_a} (Eq. 3; 0 on the other constrained points) and
 * {@code h_a = lookup(freq_x)} on the propagated neighbours {@code U_a} (Eq. 6). So
 * <pre>
 *   Ẑ = Ẑ_s + Σ_a 1_{T_a} h_aᵀ
 * </pre>
 * with {@code Ẑ_s} the sparse-coding affinity {@code D^-1/2 Z} with the overwritten entries
 * removed: the columns of the constrained points, and the entries {@code (T_a, U_a)}. Products cost
 * O(n r + p + Σ |U_a|); the p x p block of Eq. 3 (49 million entries for 7,000 labels) and the
 * blocks {@code T_a x U_a} are never stored.
 *
 * <p>Stored with points as rows ({@code Ẑᵀ}, n x p), like the landmark codes.
 */
final class PropagatedAffinity {

    private final int pointCount;
    private final int landmarkCount;
    private final SparseMatrix sparse;
    private final SparseMatrix sparseTransposed;
    private final int[][] componentLandmarks;
    private final int[][] termPoints;
    private final double[][] termValues;

    private PropagatedAffinity(SparseMatrix sparse, int[][] componentLandmarks, int[][] termPoints,
                               double[][] termValues) {
        this.pointCount = sparse.rows();
        this.landmarkCount = sparse.columns();
        this.sparse = sparse;
        this.sparseTransposed = sparse.transpose();
        this.componentLandmarks = componentLandmarks;
        this.termPoints = termPoints;
        this.termValues = termValues;
    }

    /**
     * The affinity after Eq. 3 and Eq. 6.
     *
     * @param normalizedCodes {@code Ẑᵀ = Zᵀ D^-1/2}, n x p
     * @param landmarkPoints the point of each landmark (the constrained points)
     * @param componentOfLandmark the component of each landmark, {@code 0..H-1}
     * @param propagation the propagated neighbourhood of each component
     */
    static PropagatedAffinity of(SparseMatrix normalizedCodes, int[] landmarkPoints, int[] componentOfLandmark,
                                 List<NeighbourhoodPropagation.Component> propagation) {
        int n = normalizedCodes.rows();
        int p = normalizedCodes.columns();
        int components = propagation.size();
        int[][] componentLandmarks = groupLandmarks(componentOfLandmark, components);
        boolean[] constrained = new boolean[n];
        for (int point : landmarkPoints) {
            constrained[point] = true;
        }
        // The components whose propagated neighbourhood holds each point, as CSR.
        int[] start = new int[n + 1];
        for (NeighbourhoodPropagation.Component component : propagation) {
            for (int point : component.neighbours()) {
                start[point + 1]++;
            }
        }
        for (int i = 0; i < n; i++) {
            start[i + 1] += start[i];
        }
        int[] componentsOfPoint = new int[start[n]];
        int[] fill = Arrays.copyOf(start, n);
        for (int a = 0; a < components; a++) {
            for (int point : propagation.get(a).neighbours()) {
                componentsOfPoint[fill[point]++] = a;
            }
        }
        int[] rowPointers = normalizedCodes.rowPointers();
        int[] columns = normalizedCodes.columnIndices();
        double[] values = normalizedCodes.values();
        int[] keptPointers = new int[n + 1];
        int[] keptColumns = new int[normalizedCodes.nonZeros()];
        double[] keptValues = new double[normalizedCodes.nonZeros()];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!constrained[i]) {
                for (int q = rowPointers[i]; q < rowPointers[i + 1]; q++) {
                    if (!contains(componentsOfPoint, start[i], start[i + 1], componentOfLandmark[columns[q]])) {
                        keptColumns[kept] = columns[q];
                        keptValues[kept++] = values[q];
                    }
                }
            }
            keptPointers[i + 1] = kept;
        }
        SparseMatrix sparse = new SparseMatrix(n, p, keptPointers, Arrays.copyOf(keptColumns, kept),
                Arrays.copyOf(keptValues, kept));
        int[][] termPoints = new int[components][];
        double[][] termValues = new double[components][];
        for (int a = 0; a < components; a++) {
            int[] members = componentLandmarks[a];
            NeighbourhoodPropagation.Component component = propagation.get(a);
            int size = members.length + component.neighbours().length;
            termPoints[a] = new int[size];
            termValues[a] = new double[size];
            for (int t = 0; t < members.length; t++) {
                termPoints[a][t] = landmarkPoints[members[t]];
                termValues[a][t] = 1.0;
            }
            System.arraycopy(component.neighbours(), 0, termPoints[a], members.length, component.neighbours().length);
            System.arraycopy(component.values(), 0, termValues[a], members.length, component.values().length);
        }
        return new PropagatedAffinity(sparse, componentLandmarks, termPoints, termValues);
    }

    private static int[][] groupLandmarks(int[] componentOfLandmark, int components) {
        int[] sizes = new int[components];
        for (int component : componentOfLandmark) {
            sizes[component]++;
        }
        int[][] groups = new int[components][];
        for (int a = 0; a < components; a++) {
            groups[a] = new int[sizes[a]];
        }
        int[] fill = new int[components];
        for (int j = 0; j < componentOfLandmark.length; j++) {
            groups[componentOfLandmark[j]][fill[componentOfLandmark[j]]++] = j;
        }
        return groups;
    }

    private static boolean contains(int[] array, int from, int to, int value) {
        for (int t = from; t < to; t++) {
            if (array[t] == value) {
                return true;
            }
        }
        return false;
    }

    /** n. */
    int pointCount() {
        return pointCount;
    }

    /** p. */
    int landmarkCount() {
        return landmarkCount;
    }

    /**
     * The p x p operator {@code x ↦ Ẑ Ẑᵀ x}, whose eigenvectors are the left singular vectors of Ẑ.
     * It keeps two work vectors: apply it from one thread at a time (as the Lanczos solver does).
     */
    SymmetricOperator gram(Parallel parallel) {
        double[] pointVector = new double[pointCount];
        double[] partial = new double[landmarkCount];
        return SymmetricOperator.of(landmarkCount, (x, y) -> {
            transposeApply(x, pointVector, parallel);
            sparseTransposed.multiply(pointVector, partial, parallel);
            System.arraycopy(partial, 0, y, 0, landmarkCount);
            for (int a = 0; a < termPoints.length; a++) {
                double dot = 0;
                int[] points = termPoints[a];
                double[] values = termValues[a];
                for (int t = 0; t < points.length; t++) {
                    dot += values[t] * pointVector[points[t]];
                }
                for (int landmark : componentLandmarks[a]) {
                    y[landmark] += dot;
                }
            }
        });
    }

    /** {@code t = Ẑᵀ x} for a landmark vector x (length p) into t (length n). */
    private void transposeApply(double[] x, double[] t, Parallel parallel) {
        sparse.multiply(x, t, parallel);
        for (int a = 0; a < termPoints.length; a++) {
            double sum = 0;
            for (int landmark : componentLandmarks[a]) {
                sum += x[landmark];
            }
            if (sum != 0.0) {
                int[] points = termPoints[a];
                double[] values = termValues[a];
                for (int t2 = 0; t2 < points.length; t2++) {
                    t[points[t2]] += values[t2] * sum;
                }
            }
        }
    }

    /** The new n x m matrix {@code Ẑᵀ X} for a p x m matrix X. */
    DenseMatrix transposeTimes(DenseMatrix x, Parallel parallel) {
        DenseMatrix result = sparse.multiply(x, parallel);
        int m = x.columns();
        double[] out = result.data();
        for (int a = 0; a < termPoints.length; a++) {
            double[] sums = new double[m];
            for (int landmark : componentLandmarks[a]) {
                for (int c = 0; c < m; c++) {
                    sums[c] += x.get(landmark, c);
                }
            }
            int[] points = termPoints[a];
            double[] values = termValues[a];
            for (int t = 0; t < points.length; t++) {
                int base = points[t] * m;
                for (int c = 0; c < m; c++) {
                    out[base + c] += values[t] * sums[c];
                }
            }
        }
        return result;
    }

    /** Ẑ as a dense p x n matrix, for tests on tiny problems. */
    DenseMatrix toDense() {
        DenseMatrix dense = sparseTransposed.toDense();
        for (int a = 0; a < termPoints.length; a++) {
            for (int landmark : componentLandmarks[a]) {
                for (int t = 0; t < termPoints[a].length; t++) {
                    dense.set(landmark, termPoints[a][t], dense.get(landmark, termPoints[a][t]) + termValues[a][t]);
                }
            }
        }
        return dense;
    }
}
