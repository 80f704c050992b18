package io.csc.algorithm.apjcsc;

import io.csc.linalg.SymmetricOperator;

/**
 * The penalty matrix P1 or P2 of APJCSC (Theorems 1 and 2) in structured form:
 * {@code P = diag(g) - a M - b Q} with the must-link matrix M, the signed matrix Q and
 * {@code a = 1/n_M - 1/n_C}, {@code b = 1/n_C}, which is both
 * <ul>
 *   <li>{@code P1 = diag(S1 1) - S1} with {@code S1 = M/n_M - C/n_C = a M + b Q}, so {@code g = S1 1};</li>
 *   <li>{@code P2 = diag(M 1)/n_M - M/n_M + C/n_C}, so {@code g = M 1 / n_M},</li>
 * </ul>
 * since {@code C = M - Q}. A count of zero drops its term ({@code 1/0} read as 0). P vanishes
 * outside the constrained points; applying it costs O(n + explicit pairs + labelled points).
 */
final class Penalty implements SymmetricOperator {

    private final Supervision supervision;
    private final double mustLinkScale;
    private final double signedScale;
    private final double[] diagonal;
    private final ThreadLocal<double[]> scratch;

    Penalty(Supervision supervision, PenaltyType type) {
        this.supervision = supervision;
        int n = supervision.size();
        double inverseMustLinks = supervision.mustLinkCount() > 0 ? 1.0 / supervision.mustLinkCount() : 0.0;
        double inverseCannotLinks = supervision.cannotLinkCount() > 0 ? 1.0 / supervision.cannotLinkCount() : 0.0;
        mustLinkScale = inverseMustLinks - inverseCannotLinks;
        signedScale = inverseCannotLinks;
        double[] ones = new double[n];
        java.util.Arrays.fill(ones, 1.0);
        double[] mustLinkSums = new double[n];
        double[] signedSums = new double[n];
        supervision.mustLinks().apply(ones, mustLinkSums);
        supervision.signed().apply(ones, signedSums);
        diagonal = new double[n];
        for (int i = 0; i < n; i++) {
            diagonal[i] = type == PenaltyType.TYPE_I
                    ? mustLinkScale * mustLinkSums[i] + signedScale * signedSums[i]
                    : inverseMustLinks * mustLinkSums[i];
        }
        scratch = ThreadLocal.withInitial(() -> new double[n]);
    }

    @Override
    public int size() {
        return diagonal.length;
    }

    /** {@code P_ii}. */
    double diagonal(int i) {
        return diagonal[i];
    }

    /** {@code P_ij} for {@code i != j}. */
    double offDiagonal(int i, int j) {
        return -mustLinkScale * supervision.mustLink(i, j) - signedScale * supervision.signed(i, j);
    }

    /** {@code y = P x}. */
    @Override
    public void apply(double[] x, double[] y) {
        double[] term = scratch.get();
        supervision.mustLinks().apply(x, y);
        supervision.signed().apply(x, term);
        for (int i = 0; i < y.length; i++) {
            y[i] = diagonal[i] * x[i] - mustLinkScale * y[i] - signedScale * term[i];
        }
    }
}
