package io.csc.algorithm.cspml;

import io.csc.constraint.ConstraintClosure;

/**
 * The eigenvectors of eigenvalue 0 of the must-link layer's normalized Laplacian, in closed form:
 * one vector {@code v_c = D^1/2 1_c / sqrt(vol c)} per connected component c of the must-link
 * graph with at least two points (a connected graph's normalized Laplacian has exactly one such
 * vector). Their supports are disjoint, so they are stored as a component id and a value per
 * point, O(n), however many components there are, and the projector {@code Σ_c v_c v_cᵀ} is
 * applied in O(n).
 *
 * <p>All of them are kept, even more than k: the eigenvalue is shared by all components, so any k
 * of them would be a solver's arbitrary pick, and together they say exactly "constant on each
 * must-link component".
 */
final class ComponentIndicators {

    private final int[] componentOf;
    private final double[] values;
    private final int count;

    private ComponentIndicators(int[] componentOf, double[] values, int count) {
        this.componentOf = componentOf;
        this.values = values;
        this.count = count;
    }

    /** The indicators of the must-link components of {@code closure}, weighted by {@code degrees}. */
    static ComponentIndicators of(ConstraintClosure closure, double[] degrees) {
        int n = degrees.length;
        int[] componentOf = new int[n];
        double[] values = new double[n];
        java.util.Arrays.fill(componentOf, -1);
        int count = 0;
        for (int c = 0; c < closure.componentCount(); c++) {
            int[] members = closure.component(c);
            double volume = 0;
            for (int point : members) {
                volume += degrees[point];
            }
            if (members.length < 2 || !(volume > 0)) {
                continue;
            }
            for (int point : members) {
                componentOf[point] = count;
                values[point] = Math.sqrt(Math.max(degrees[point], 0.0) / volume);
            }
            count++;
        }
        return new ComponentIndicators(componentOf, values, count);
    }

    /** The number of components (vectors). */
    int count() {
        return count;
    }

    /** {@code y += scale · Σ_c v_c v_cᵀ x}. */
    void addProjection(double[] x, double[] y, double scale) {
        double[] coefficients = new double[count];
        for (int i = 0; i < componentOf.length; i++) {
            if (componentOf[i] >= 0) {
                coefficients[componentOf[i]] += values[i] * x[i];
            }
        }
        for (int i = 0; i < componentOf.length; i++) {
            if (componentOf[i] >= 0) {
                y[i] += scale * values[i] * coefficients[componentOf[i]];
            }
        }
    }

    /** {@code y = x - Σ_c v_c v_cᵀ x}: x with the components projected out. */
    void removeFrom(double[] x, double[] y) {
        System.arraycopy(x, 0, y, 0, x.length);
        addProjection(x, y, -1.0);
    }
}
