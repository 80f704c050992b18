package io.csc.algorithm.cspml;

import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
import java.util.SplittableRandom;

/**
 * The two constraint layers of the robust variant with their projectors,
 * {@code K_c = Ŵ₂ + α U₂U₂ᵀ + Ŵ₃ + α U₃U₃ᵀ}, known from the c supervised points alone: an operator on
 * c + 1 coordinates, one per supervised point and one for the u = n - c others taken together
 * (their unit-norm indicator {@code 1_U / sqrt(u)}). For an engine that never holds n values.
 *
 * <h2>Why c + 1 coordinates are exact</h2>
 * The must-link layer is 0 outside the supervised points. The cannot-link layer
 * {@code W₃ = 11ᵀ - C} has C supported on them, so every other point has degree n and the same
 * row; its normalized adjacency is {@code s sᵀ - S C S} with {@code s = D^-1/2 1} equal to
 * {@code 1/sqrt(n)} off the supervised points. Its range lies in the span of the supervised unit
 * vectors and {@code 1_U}; with the isometry J from these c + 1 coordinates to the n points,
 * {@code Ŵ₃ = J A Jᵀ} for {@code A = w wᵀ - diag(S_P C S_P, 0)}, {@code w = (s_P, sqrt(u/n))}, and the
 * eigenvectors of nonzero eigenvalue are J times those of A. So for any n x m basis V,
 * {@code Vᵀ K_c V = Ṽᵀ K̃ Ṽ} with {@code Ṽ = Jᵀ V}: V's rows at the supervised points and the sum of
 * its other rows over sqrt(u). The layers' subspaces are chosen by {@link LayerSubspace}'s rules
 * from Lanczos on these c + 1 coordinates instead of n (the same eigenpairs, to the solver's
 * tolerance).
 *
 * @param operator {@code K̃} on the c + 1 coordinates (c when u = 0)
 * @param mustLinkDimension the must-link layer's directions
 * @param cannotLinkDimension the cannot-link layer's directions
 */
record CompressedConstraintLayers(SymmetricOperator operator, int mustLinkDimension, int cannotLinkDimension) {

    /**
     * The layers of {@code supervision} (over its c points) among {@code n} points, their subspaces
     * drawn from {@code random} in the local engine's order (must-link, then cannot-link).
     */
    static CompressedConstraintLayers of(ConstraintSet supervision, long n, int k, double alpha,
                                         Diagnostics.Builder diagnostics, SplittableRandom random) {
        int c = supervision.pointCount();
        long others = n - c;
        int size = others > 0 ? c + 1 : c;
        MultiLayerConstrainedClustering.Layer mustLink = diagnostics.time("mustLinkLayer", () ->
                MultiLayerConstrainedClustering.mustLinkLayer(supervision, k,
                        MultiLayerConstrainedClustering.LayerSolver.onCallingThread(LanczosOptions.DEFAULTS), diagnostics,
                        random.split()));
        diagnostics.put("pointsWithoutMustLink", NormalizedAffinity.isolatedCount(
                ConstraintLayer.mustLinks(supervision).degrees()) + others);
        ConstraintLayer cannotLinks = ConstraintLayer.cannotLinks(supervision);
        double[] degrees = cannotLinks.degrees();
        for (int i = 0; i < c; i++) {
            degrees[i] += others;
        }
        double[] scale = NormalizedAffinity.inverseSquareRootDegrees(degrees);
        double lumped = Math.sqrt(others / (double) n);
        SymmetricOperator cannotLinkLayer = SymmetricOperator.of(size, (x, y) -> {
            double[] scaled = new double[c];
            double sum = 0;
            for (int i = 0; i < c; i++) {
                scaled[i] = scale[i] * x[i];
                sum += scaled[i];
            }
            double[] product = new double[c];
            cannotLinks.apply(scaled, product);
            double shift = others > 0 ? lumped * x[c] : 0.0;
            for (int i = 0; i < c; i++) {
                y[i] = scale[i] * (product[i] + shift);
            }
            if (others > 0) {
                y[c] = lumped * sum + (others / (double) n) * x[c];
            }
        });
        Eigensolvers.Solution solution = diagnostics.time("cannotLinkLayer", () -> Eigensolvers.lanczos(cannotLinkLayer,
                Math.min(k + 1, size), Spectrum.LARGEST, LanczosOptions.DEFAULTS, random.split()));
        diagnostics.solver("cannotLink", solution.status());
        LayerSubspace cannotLink = LayerSubspace.select(solution.pairs(), k);
        SymmetricOperator combined = SymmetricOperator.of(size, (x, y) -> {
            double[] head = java.util.Arrays.copyOf(x, c);
            double[] mustLinkPart = new double[c];
            mustLink.normalized().apply(head, mustLinkPart);
            mustLink.subspace().addProjection(head, mustLinkPart, alpha);
            cannotLinkLayer.apply(x, y);
            cannotLink.addProjection(x, y, alpha);
            for (int i = 0; i < c; i++) {
                y[i] += mustLinkPart[i];
            }
        });
        return new CompressedConstraintLayers(combined, mustLink.subspace().dimension(), cannotLink.dimension());
    }

    /**
     * {@code Jᵀ V} for an n x m {@code basis} V held whole: its rows at the {@code supervised} points
     * (ascending), then, when other points exist, the sum of its other rows over sqrt(n - c). Time
     * O(n m).
     */
    static DenseMatrix lumpedRows(DenseMatrix basis, int[] supervised) {
        int n = basis.rows();
        int m = basis.columns();
        int c = supervised.length;
        int others = n - c;
        DenseMatrix lumped = DenseMatrix.zeros(others > 0 ? c + 1 : c, m);
        double[] rows = basis.data();
        double[] out = lumped.data();
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (next < c && supervised[next] == i) {
                System.arraycopy(rows, i * m, out, next * m, m);
                next++;
            } else {
                for (int j = 0; j < m; j++) {
                    out[c * m + j] += rows[i * m + j];
                }
            }
        }
        if (others > 0) {
            double inverseRoot = 1.0 / Math.sqrt(others);
            for (int j = 0; j < m; j++) {
                out[c * m + j] *= inverseRoot;
            }
        }
        return lumped;
    }
}
