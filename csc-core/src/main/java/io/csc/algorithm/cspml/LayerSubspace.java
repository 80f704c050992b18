package io.csc.algorithm.cspml;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;

/**
 * The subspace {@code span(U_i)} one layer contributes to {@code L_mod = Σ L_i - α Σ U_i U_iᵀ}
 * (Dong et al. 2014, Eq. 5 of the CSP-ML paper): orthonormal columns, applied as the projector
 * {@code U Uᵀ}, never formed as n x n.
 *
 * <h2>Which eigenvectors (a choice the paper leaves open)</h2>
 * The paper takes "the first k eigenvectors" of each normalized Laplacian {@code L_i}. The
 * constraint layers make this ill-defined: most of their spectrum is one multiple eigenvalue, and
 * a solver returns an arbitrary basis of it, so the result would depend on the solver. We take the
 * eigenvectors of the k smallest eigenvalues of {@code L_i} (largest of
 * {@code D^-1/2 W D^-1/2}) with two rules, both independent of the solver's basis:
 * <ol>
 *   <li><b>Only eigenvalues of {@code L_i} below 1</b> (positive eigenvalues of the normalized
 *       adjacency, relative tolerance {@value #TOLERANCE}). An eigenvalue of 1 or more belongs to
 *       directions no smoother than a vertex without edges: the degree-0 points of the must-link
 *       layer ({@code L e_i = e_i}), the flat bulk of the cannot-link layer's spectrum, the
 *       alternating vectors inside a must-link clique. They carry no information about the
 *       clustering.</li>
 *   <li><b>No tie across the cut.</b> If the k-th kept eigenvalue equals the next one (same
 *       tolerance), the eigenvalues tied with it are dropped too: part of an eigenspace is a
 *       solver-dependent choice, the whole of it or none of it is not. A layer may therefore
 *       contribute fewer than k columns.</li>
 * </ol>
 * The must-link layer's eigenvalue 1 (of the normalized adjacency) is known in closed form: one
 * vector {@code D^1/2 1_c / sqrt(vol c)} per connected component c with positive degree; all of
 * them are kept, however many (see {@link ComponentIndicators}).
 */
final class LayerSubspace {

    /** Relative tolerance for "positive" and for "tied", against the largest |eigenvalue|. */
    static final double TOLERANCE = 1e-8;

    private final DenseMatrix vectors;
    private final double[] values;
    private final ComponentIndicators components;

    LayerSubspace(DenseMatrix vectors, double[] values, ComponentIndicators components) {
        this.vectors = vectors;
        this.values = values.clone();
        this.components = components;
    }

    /** No direction at all (a layer without edges). */
    static LayerSubspace empty(int n) {
        return new LayerSubspace(DenseMatrix.zeros(n, 0), new double[0], null);
    }

    /**
     * The columns of {@code pairs} (descending eigenvalues of a normalized adjacency, whose spectrum
     * lies in [-1, 1]) that the two rules of the class comment keep, at most {@code k}. {@code pairs}
     * should hold k + 1 pairs when the matrix is larger than k, so that a tie at the cut can be seen.
     */
    static LayerSubspace select(EigenDecomposition pairs, int k) {
        int count = keptCount(pairs.values(), k, 1.0);
        return new LayerSubspace(pairs.vectors().columns(0, count), java.util.Arrays.copyOf(pairs.values(), count), null);
    }

    /**
     * How many leading values of {@code descending} the rules keep, at most {@code k}. The tolerance
     * is {@value #TOLERANCE} times the larger of {@code scale} (the size of the matrix's spectrum,
     * so that rounding noise around 0 never counts as positive) and the largest |value|.
     */
    static int keptCount(double[] descending, int k, double scale) {
        double largest = scale;
        for (double value : descending) {
            largest = Math.max(largest, Math.abs(value));
        }
        double tolerance = TOLERANCE * largest;
        int count = 0;
        while (count < Math.min(k, descending.length) && descending[count] > tolerance) {
            count++;
        }
        if (count == k && descending.length > k && descending[k - 1] - descending[k] <= tolerance) {
            double cut = descending[k - 1];
            while (count > 0 && descending[count - 1] - cut <= tolerance) {
                count--;
            }
        }
        return count;
    }

    /** The same subspace extended by the must-link components (kept before the other vectors). */
    LayerSubspace withComponents(ComponentIndicators indicators) {
        return new LayerSubspace(vectors, values, indicators);
    }

    /** The number of directions: components plus vectors. */
    int dimension() {
        return vectors.columns() + (components == null ? 0 : components.count());
    }

    /** The explicit vectors (n x r), not counting the component indicators. Shared: do not modify. */
    DenseMatrix vectors() {
        return vectors;
    }

    /** The eigenvalues (of the normalized adjacency) of the explicit vectors. */
    double[] values() {
        return values.clone();
    }

    /** The component indicators, or null. */
    ComponentIndicators components() {
        return components;
    }

    /** {@code y += scale · U Uᵀ x}. Time {@code O(n r)}. */
    void addProjection(double[] x, double[] y, double scale) {
        int n = vectors.rows();
        int r = vectors.columns();
        double[] u = vectors.data();
        if (r > 0) {
            double[] coefficients = new double[r];
            for (int i = 0; i < n; i++) {
                double xi = x[i];
                int base = i * r;
                for (int j = 0; j < r; j++) {
                    coefficients[j] += u[base + j] * xi;
                }
            }
            for (int i = 0; i < n; i++) {
                int base = i * r;
                double sum = 0;
                for (int j = 0; j < r; j++) {
                    sum += u[base + j] * coefficients[j];
                }
                y[i] += scale * sum;
            }
        }
        if (components != null) {
            components.addProjection(x, y, scale);
        }
    }
}
