package io.csc.algorithm.e2cp;

import io.csc.algorithm.SolverStatus;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LinearAlgebraBackend;

/**
 * The exhaustively propagated constraints {@code F* = (1-α)² G C Gᵀ} of the E2CP paper (Eq. 3) in
 * factored form, where {@code G = (I - αL̄)^-1 V} and {@code Z = V C Vᵀ} ({@link ConstraintSources}):
 * n x q factors instead of an n x n matrix. An entry costs O(q), a block of rows one matrix product.
 * F* is symmetric; its entries are not yet normalized to [-1, 1].
 *
 * @param solved the n x q matrix G
 * @param weighted the n x q matrix {@code H = (1-α)² G C}, so that {@code F* = H Gᵀ}
 * @param solver how the q conjugate-gradient solves ended
 */
record PropagatedConstraints(DenseMatrix solved, DenseMatrix weighted, SolverStatus solver) {

    /** n. */
    int size() {
        return solved.rows();
    }

    /** q, the rank of the factorization (0 without supervision, then F* = 0). */
    int rank() {
        return solved.columns();
    }

    /** {@code F*_ij}. */
    double entry(int i, int j) {
        int q = rank();
        double[] h = weighted.data();
        double[] g = solved.data();
        double sum = 0;
        for (int t = 0; t < q; t++) {
            sum += h[i * q + t] * g[j * q + t];
        }
        return sum;
    }

    /**
     * Rows {@code [from, to)} of F* into {@code out} (row-major, n columns), by one product on the
     * backend: O((to - from) n q).
     */
    void rows(int from, int to, double[] out, LinearAlgebraBackend backend) {
        int n = size();
        int q = rank();
        if (q == 0) {
            java.util.Arrays.fill(out, 0, (to - from) * n, 0.0);
            return;
        }
        backend.gemm(false, true, to - from, n, q, 1.0, weighted.data(), from * q, q, solved.data(), 0, q, 0.0,
                out, 0, n);
    }

    /** F* as a dense n x n matrix: O(n² q) time, n² memory. */
    DenseMatrix dense(LinearAlgebraBackend backend) {
        DenseMatrix f = DenseMatrix.zeros(size(), size());
        rows(0, size(), f.data(), backend);
        return f;
    }
}
