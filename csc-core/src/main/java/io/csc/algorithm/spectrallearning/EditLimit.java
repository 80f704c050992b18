package io.csc.algorithm.spectrallearning;

import io.csc.algorithm.spectral.AffinityAdjustment;
import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.LanczosSolver;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.SplittableRandom;

/**
 * The share of Kamvar et al.'s affinity edit the robust variant of {@link SpectralLearning} applies:
 * the largest {@code s <= 1} with
 * <pre>
 *   s λ_max(D^-1/2 E D^-1/2) &lt;= GAP_SHARE λ_K / (1 - c/n),
 * </pre>
 * E the full edit (must-link affinities raised to 1, cannot-links lowered to 0), D the degrees of
 * the unedited graph, λ_K the K-th largest eigenvalue of its {@code D^-1/2 W D^-1/2} (the trivial
 * one counted: the level of the weakest cluster direction, the graph's spectral gap
 * {@code 1 - λ_K(L)} in the notation of {@code csp}) and c the number of constrained points.
 *
 * <p>Why λ_K: a vector localized on the constrained points of a cluster, a share f of it, has a
 * graph Rayleigh quotient of about f λ_K, and the edit adds up to e = s λ_max to it, while the
 * cluster's own direction gains only about f e; the localized vector takes the embedding once
 * {@code (1 - f) e > (1 - f) λ_K}, that is once the edit exceeds λ_K. A quarter of λ_K keeps the
 * constraints well below that and still lets them choose among near-degenerate cluster directions
 * (λ_K near 1); the factor {@code 1/(1 - c/n)} lifts the limit as the constrained points cover the
 * data (every point labelled: no limit, the paper's edit). Eq. 4 of the E2CP paper is linear in
 * the confidence, so scaling every confidence by s scales the edit by s.
 *
 * <p>Cost: one Lanczos run for the K largest eigenvalues of the normalized graph (products with W,
 * O(n²) dense or O(nnz) sparse) and one for the largest eigenvalue of the sparse normalized edit
 * (O(stored pairs) per product).
 */
public final class EditLimit {

    /** The edit's largest normalized eigenvalue is kept at or below this share of λ_K. */
    public static final double GAP_SHARE = 0.25;

    /** The smallest λ_K used (a graph without K-cluster structure still lets the constraints act a little). */
    static final double MINIMUM_GAP = 1e-6;

    private EditLimit() {
    }

    /** The share s in (0, 1], the gap λ_K and the edit's largest normalized eigenvalue. */
    public record Share(double share, double gap, double editEigenvalue) {
    }

    /**
     * What the limit takes from the unedited graph, whatever the supervision: its degrees and its
     * gap λ_K (at least {@link #MINIMUM_GAP}).
     */
    record Graph(double[] degrees, double gap) {
    }

    /**
     * The unedited part for a dense affinity (zero diagonal).
     *
     * @param random the generator of the Lanczos start for λ_K, used as it is
     */
    static Graph graph(DenseMatrix weights, int k, Parallel parallel, SplittableRandom random,
                       ProgressListener progress) {
        double[] degrees = NormalizedAffinity.rowSums(weights);
        SymmetricOperator graph = NormalizedAffinity.normalize(Operators.of(weights, parallel), degrees);
        return new Graph(degrees, gap(graph, k, random, progress));
    }

    /** The unedited part for a sparse affinity (zero diagonal); {@code random} as for the dense one. */
    static Graph graph(SparseMatrix weights, int k, Parallel parallel, SplittableRandom random,
                       ProgressListener progress) {
        double[] degrees = weights.rowSums();
        SymmetricOperator graph = NormalizedAffinity.normalize(Operators.of(weights, parallel), degrees);
        return new Graph(degrees, gap(graph, k, random, progress));
    }

    /**
     * The share for a dense affinity (zero diagonal) whose unedited part is {@code graph}.
     *
     * @param random the generator the edit's Lanczos start is split from
     */
    static Share dense(DenseMatrix weights, Graph graph, SparseMatrix confidences, SplittableRandom random,
                       ProgressListener progress) {
        int n = weights.rows();
        double[] w = weights.data();
        return share(graph, confidences, (i, j) -> w[i * n + j], random, progress);
    }

    /** The share for a sparse affinity (zero diagonal) whose unedited part is {@code graph}; as for the dense one. */
    static Share sparse(SparseMatrix weights, Graph graph, SparseMatrix confidences, SplittableRandom random,
                        ProgressListener progress) {
        return share(graph, confidences, weights::get, random, progress);
    }

    @FunctionalInterface
    private interface Weight {
        double at(int i, int j);
    }

    private static Share share(Graph graph, SparseMatrix confidences, Weight weight, SplittableRandom random,
                               ProgressListener progress) {
        double[] scale = NormalizedAffinity.inverseSquareRootDegrees(graph.degrees());
        int n = graph.degrees().length;
        SparseMatrixBuilder entries = new SparseMatrixBuilder(confidences.nonZeros());
        int constrained = 0;
        for (int i = 0; i < n; i++) {
            constrained += confidences.rowPointers()[i + 1] > confidences.rowPointers()[i] ? 1 : 0;
            for (int p = confidences.rowPointers()[i]; p < confidences.rowPointers()[i + 1]; p++) {
                int j = confidences.columnIndices()[p];
                if (j != i) {
                    double before = weight.at(i, j);
                    double change = AffinityAdjustment.adjust(before, confidences.values()[p]) - before;
                    entries.add(i, j, change * scale[i] * scale[j]);
                }
            }
        }
        SparseMatrix edit = entries.build(n, n, SparseMatrix.Duplicates.SUM);
        return share(graph.gap(), edit.nonZeros() == 0 ? null : Operators.of(edit, Parallel.sequential()),
                constrained, n, random, progress);
    }

    /**
     * The share for a normalized graph {@code D^-1/2 W D^-1/2} and the normalized full edit
     * {@code D^-1/2 E D^-1/2} (null: no edit), as operators, with {@code constrained} points named
     * by the constraints. Shared with APJCSC, whose Eq. 5 is the same edit. The Lanczos starts of
     * λ_K and of the edit are split from {@code random} in that order.
     */
    public static Share share(SymmetricOperator normalizedGraph, SymmetricOperator normalizedEdit, int constrained,
                              int k, SplittableRandom random, ProgressListener progress) {
        double gap = gap(normalizedGraph, k, random.split(), progress);
        return share(gap, normalizedEdit, constrained, normalizedGraph.size(), random, progress);
    }

    /** λ_K of a normalized graph, at least {@link #MINIMUM_GAP}, from a Lanczos start drawn from {@code random}. */
    private static double gap(SymmetricOperator normalizedGraph, int k, SplittableRandom random,
                              ProgressListener progress) {
        return Math.max(solver(progress).solve(normalizedGraph, k, Spectrum.LARGEST, random).values()[k - 1],
                MINIMUM_GAP);
    }

    /** The share for the gap λ_K of n points; the edit's Lanczos start is split from {@code random}. */
    private static Share share(double gap, SymmetricOperator normalizedEdit, int constrained, int n,
                               SplittableRandom random, ProgressListener progress) {
        double editEigenvalue = normalizedEdit == null ? 0.0
                : solver(progress).solve(normalizedEdit, 1, Spectrum.LARGEST, random.split()).values()[0];
        double limit = GAP_SHARE * gap / Math.max(1.0 - (double) constrained / n, Double.MIN_NORMAL);
        double share = editEigenvalue > limit ? limit / editEigenvalue : 1.0;
        return new Share(share, gap, editEigenvalue);
    }

    private static LanczosSolver solver(ProgressListener progress) {
        return new LanczosSolver(LanczosOptions.DEFAULTS).withProgress(progress);
    }

    /** The confidences scaled by {@code share}. */
    static SparseMatrix scaled(SparseMatrix confidences, double share) {
        double[] values = confidences.values().clone();
        for (int p = 0; p < values.length; p++) {
            values[p] *= share;
        }
        return new SparseMatrix(confidences.rows(), confidences.columns(), confidences.rowPointers(),
                confidences.columnIndices(), values);
    }
}
