package io.csc.algorithm.apjcsc;

import io.csc.algorithm.spectral.NormalizedAffinity;
import io.csc.algorithm.spectrallearning.EditLimit.Share;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintMatrix;
import io.csc.data.Dataset;
import io.csc.graph.AffinityGraph;
import io.csc.graph.DenseBudget;
import io.csc.graph.DenseGraph;
import io.csc.graph.GraphConstruction;
import io.csc.graph.SparseGraph;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SparseMatrixBuilder;
import io.csc.linalg.SymmetricOperator;
import io.csc.util.Parallel;
import java.util.SplittableRandom;

/**
 * The affinity graph with the must-links and cannot-links written into it (Eq. 5, Algorithm 2
 * step 2), normalized as {@code N = D^-1/2 W' D^-1/2}.
 *
 * <p>Dense: the Gaussian affinity of Eq. 1 on all pairs, its constrained entries overwritten, then
 * normalized in place. k-NN: the symmetric k-NN graph, whose edges between constrained points are
 * scaled by {@code 1 - min(1, m + c)}, plus the must-link matrix M itself, kept structured (explicit
 * pairs sparse, each class or group a rank-one block), so that {@code W' = W ∘ (1 - min(1, M + C)) + M}
 * holds entry by entry as on the dense path while labels are never expanded into pairs.
 */
final class ConstrainedGraph {

    /** n x n matrices the dense path holds at once: N and the copy that checks its symmetry. */
    static final int DENSE_MATRICES = 2;

    /** Asks for Eq. 5's edit limited as in the robust Spectral Learning, for K clusters. */
    record EditLimit(int clusters, SplittableRandom random) {
    }

    private final DenseMatrix dense;
    private final SymmetricOperator operator;
    private final double[] degrees;
    private final double sigma;
    private final int components;
    private final Share editShare;

    private ConstrainedGraph(DenseMatrix dense, SymmetricOperator operator, double[] degrees, double sigma,
                             int components, Share editShare) {
        this.editShare = editShare;
        this.dense = dense;
        this.operator = operator;
        this.degrees = degrees;
        this.sigma = sigma;
        this.components = components;
    }

    /**
     * The graph {@code construction} builds for {@code data}, with the supervision written into it:
     * dense, O(n² d) time and O(n²) memory, refused (naming {@code alternatives}) above what the heap
     * holds; or k-NN, O(n² d) for exact neighbours and O(n k + explicit pairs + labelled points) memory.
     */
    static ConstrainedGraph build(Dataset data, GraphConstruction construction, Supervision supervision, String method,
                                  String alternatives, EditLimit limit, RunContext context) {
        AffinityGraph graph = construction.build(data, new DenseBudget(method, DENSE_MATRICES, alternatives), context);
        return graph.isDense() ? dense(graph.dense(), supervision, limit, context)
                : knn(graph.sparse(), supervision, limit, context);
    }

    /** The dense path on the Gaussian affinity {@code graph}, whose weights become N. */
    private static ConstrainedGraph dense(DenseGraph graph, Supervision supervision, EditLimit limit,
                                          RunContext context) {
        DenseMatrix weights = graph.weights();
        int n = weights.rows();
        double[] w = weights.data();
        int[] constrained = supervision.constrainedPoints();
        Share share = null;
        if (limit != null) {
            double[] unedited = NormalizedAffinity.rowSums(weights);
            double[] scale = NormalizedAffinity.inverseSquareRootDegrees(unedited);
            SparseMatrixBuilder edit = new SparseMatrixBuilder(2L * constrained.length * constrained.length);
            for (int a = 0; a < constrained.length; a++) {
                int i = constrained[a];
                for (int b = a + 1; b < constrained.length; b++) {
                    int j = constrained[b];
                    double change = supervision.constrainedAffinity(i, j, w[i * n + j]) - w[i * n + j];
                    edit.addSymmetric(i, j, change * scale[i] * scale[j]);
                }
            }
            share = io.csc.algorithm.spectrallearning.EditLimit.share(
                    NormalizedAffinity.normalize(Operators.of(weights, context.parallel()), unedited),
                    Operators.of(edit.build(n, n, SparseMatrix.Duplicates.SUM), Parallel.sequential()),
                    constrained.length, limit.clusters(), limit.random(), context.progress());
        }
        double fraction = share == null ? 1.0 : share.share();
        for (int a = 0; a < constrained.length; a++) {
            int i = constrained[a];
            for (int b = a + 1; b < constrained.length; b++) {
                int j = constrained[b];
                double before = w[i * n + j];
                double value = fraction == 1.0 ? supervision.constrainedAffinity(i, j, before)
                        : before + fraction * (supervision.constrainedAffinity(i, j, before) - before);
                w[i * n + j] = value;
                w[j * n + i] = value;
            }
        }
        double[] degrees = NormalizedAffinity.normalizeInPlace(weights);
        return new ConstrainedGraph(weights, null, degrees, graph.bandwidth().sigma(), graph.components(), share);
    }

    /** The k-NN path on {@code graph}: the must-links kept structured beside its edges. */
    private static ConstrainedGraph knn(SparseGraph graph, Supervision supervision, EditLimit limit,
                                        RunContext context) {
        SparseMatrix weights = graph.weights();
        int n = weights.rows();
        boolean[] isConstrained = new boolean[n];
        for (int point : supervision.constrainedPoints()) {
            isConstrained[point] = true;
        }
        int[] rowPointers = weights.rowPointers();
        int[] columns = weights.columnIndices();
        double[] values = weights.values().clone();
        for (int i = 0; i < n; i++) {
            if (!isConstrained[i]) {
                continue;
            }
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                int j = columns[p];
                if (isConstrained[j]) {
                    // W' = W (1 - min(1, m + c)) + m, the m coming from M below.
                    values[p] = supervision.constrainedAffinity(i, j, values[p]) - supervision.mustLink(i, j);
                }
            }
        }
        ConstraintMatrix mustLinks = supervision.mustLinks();
        double[] ones = new double[n];
        java.util.Arrays.fill(ones, 1.0);
        double[] mustLinkSums = new double[n];
        mustLinks.apply(ones, mustLinkSums);
        Share share = null;
        double fraction = 1.0;
        if (limit != null) {
            // The full edit E = (W' - W) on the edges plus M, normalized by the unedited degrees.
            double[] unedited = weights.rowSums();
            double[] changes = values.clone();
            for (int p = 0; p < changes.length; p++) {
                changes[p] -= weights.values()[p];
            }
            SymmetricOperator edit = Operators.sum(
                    Operators.of(NormalizedAffinity.normalize(new SparseMatrix(n, n, rowPointers, columns, changes),
                            unedited), Parallel.sequential()),
                    NormalizedAffinity.normalize(mustLinks.operator(), unedited));
            share = io.csc.algorithm.spectrallearning.EditLimit.share(
                    Operators.of(NormalizedAffinity.normalize(weights, unedited), context.parallel()), edit,
                    supervision.constrainedPoints().length, limit.clusters(), limit.random(), context.progress());
            fraction = share.share();
            for (int p = 0; p < values.length; p++) {
                values[p] = weights.values()[p] + fraction * changes[p];
            }
        }
        SparseMatrix scaled = new SparseMatrix(n, n, rowPointers, columns, values);
        double[] degrees = scaled.rowSums();
        for (int i = 0; i < n; i++) {
            degrees[i] += fraction * mustLinkSums[i];
        }
        SymmetricOperator mustLinkPart = NormalizedAffinity.normalize(mustLinks.operator(), degrees);
        SymmetricOperator normalized = Operators.sum(
                Operators.of(NormalizedAffinity.normalize(scaled, degrees), context.parallel()),
                fraction == 1.0 ? mustLinkPart : Operators.shifted(mustLinkPart, fraction, 0.0));
        return new ConstrainedGraph(null, normalized, degrees, graph.bandwidth().sigma(), graph.components(), share);
    }

    /** The eigenproblem of Eq. 13 on this graph for {@code penalty}. */
    JointProblem problem(Penalty penalty, int[] constrained, LanczosOptions options, Parallel parallel,
                         SplittableRandom random) {
        return dense != null
                ? JointProblem.dense(dense, degrees, penalty, constrained, options, parallel, random)
                : JointProblem.sparse(operator, degrees, penalty, constrained, options, random);
    }

    /** The degrees of the constrained graph W'. */
    double[] degrees() {
        return degrees.clone();
    }

    /** The share of Eq. 5's edit applied, with the gap and the edit's eigenvalue (null: the full edit). */
    Share editShare() {
        return editShare;
    }

    /** The kernel width used. */
    double sigma() {
        return sigma;
    }

    /** Connected components of the graph before the constraints were written in. */
    int components() {
        return components;
    }

    /** Points of degree 0 in W'. */
    int isolatedPoints() {
        return NormalizedAffinity.isolatedCount(degrees);
    }
}
