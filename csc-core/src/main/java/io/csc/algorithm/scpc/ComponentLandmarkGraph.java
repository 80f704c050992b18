package io.csc.algorithm.scpc;

import io.csc.api.RunContext;
import io.csc.api.UnsuitableInputException;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.LandmarkGram;
import io.csc.algorithm.spectral.LandmarkGraph;
import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.Inconsistency;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LanczosOptions;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.Spectrum;
import io.csc.linalg.SymmetricOperator;
import io.csc.util.Parallel;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The landmark graph of the robust SC-PC: the bipartite graph between the points and the
 * <em>nodes</em>, where every must-link component of the constrained landmarks is one node and every
 * other landmark (a constrained point in no must-link, or a random landmark) is its own node.
 *
 * <p>From the sparse codes Z (each point's weights on its r nearest landmarks, summing to one):
 * <ol>
 * <li><b>Nodes.</b> The constrained landmarks of one must-link component share a node, unless a
 *     cannot-link contradicts the component (noisy supervision): then each keeps its own. A random
 *     landmark joins a component when at least {@value #JOIN_AGREEMENT} of its r nearest other
 *     landmarks are in that component and none in another; rounds repeat until none joins, so a
 *     component spreads over the region it dominates and stops where another begins or where no
 *     constrained point is near (the regions of classes with no label keep free landmarks).
 *     Measured on the imbalanced look-alike (1000 labels, seeds 1-3): a single round 0.978 / 0.989
 *     / 0.988, repeated rounds 0.997 / 0.998 / 0.995; on 4,000 points with 5% labels (the ratio of
 *     labelled to random landmarks 1:4) a single round split the large class (0.62 / 0.54 / 0.56)
 *     and repeated rounds did not (1.0 / 1.0 / 0.98).</li>
 * <li><b>Propagation by component frequency</b> (the robust form of Eq. 4-6): a point's weight on a
 *     landmark is multiplied by the share of its r landmarks that lie in that landmark's node, so a
 *     neighbourhood dominated by one component is drawn to it.</li>
 * <li><b>Cannot-links</b> (the robust form of Eq. 3's zeros): where a point's landmarks fall in two
 *     components that an explicit cannot-link separates (for labels: two classes), the lighter
 *     component is cut from its code. Components with no cannot-link between them are left to the
 *     data, as any two landmarks are. A constrained point's own code first loses every component
 *     that a cannot-link separates from its own, heavier or not: the point is known not to belong
 *     there. When nothing is left (every landmark around it lies in such a component), it is coded
 *     by its own node alone. Why: a labelled point of a class whose few points sit inside a larger
 *     class was coded by the larger class's component alone (the lighter, its own, cut), so the
 *     embedding put it on top of that class; its cluster and the larger class's labelled points'
 *     cluster then had the same centre, and the constrained k-means gave the larger class's
 *     unlabelled points to the one with a single label. On Shuttle (58,000 points, a class of 78%
 *     beside classes of 50, 13 and 10; 1,000 labels, seed 1) the 772 labelled points of the large
 *     class formed a cluster of their own, apart from its 44,000 unlabelled points (ACC 0.982,
 *     the neighbourhood check failing at 0.39, the guard taking 60 times the fit); without that one
 *     label the fit agreed with its labels (0.98). See docs/results/99f-held-out-sets.md.</li>
 * <li><b>Must-links</b> (the robust form of Eq. 3's ones): the weights on the landmarks of one
 *     component are summed onto its node, so all points near any landmark of a component share one
 *     node, however large the component.</li>
 * </ol>
 * Rows are renormalized to sum one, so the codes stay row-stochastic, {@code Ẑ = D^-1/2 Z} has the
 * trivial singular pair (σ = 1, {@code a₀ ∝ D^1/2 1}, constant on the points) exactly, and the
 * graph keeps the scale of the data graph: nothing is set to 1 against codes of order
 * {@code sqrt(p/n)}, which is what localises the paper's embedding on the constrained points.
 *
 * <p>The embedding is the m = min(k, q - 1) leading singular vectors after the trivial one, found
 * on the q x q matrix {@code ẐẐᵀ - a₀a₀ᵀ} (dense up to {@value #DENSE_LIMIT} nodes, else
 * Lanczos on the operator), {@code Bᵀ = Ẑᵀ A Σ^-1} with unit rows, as LSC does.
 *
 * <p>Time O(p r) per propagation round, O(n r² + n r · (the cannot-link test)) for the codes, O(q³)
 * or Lanczos products of O(n r) for the eigenvectors; memory O(n r + q²) on the dense path, O(n r)
 * on Lanczos.
 */
public final class ComponentLandmarkGraph {

    /** Above this many nodes the eigenvectors come from Lanczos on the implicit operator. */
    static final int DENSE_LIMIT = 2000;

    /** A random landmark joins a component when at least this many of its nearest landmarks are in it. */
    static final int JOIN_AGREEMENT = 2;

    private final SparseMatrix codes;
    private final int[] nodeOfLandmark;
    private final int cutPoints;
    private final int joinedLandmarks;

    private ComponentLandmarkGraph(SparseMatrix codes, int[] nodeOfLandmark, int cutPoints, int joinedLandmarks) {
        this.codes = codes;
        this.nodeOfLandmark = nodeOfLandmark;
        this.cutPoints = cutPoints;
        this.joinedLandmarks = joinedLandmarks;
    }

    /**
     * The graph of the n x p codes on the landmarks {@code landmarkPoints}, whose first
     * {@code constrainedCount} are the constrained points and the rest random unconstrained ones;
     * a landmark point's own code must not contain itself ({@link SelfExcludingCoding}).
     */
    static ComponentLandmarkGraph of(SparseMatrix landmarkCodes, int[] landmarkPoints, int constrainedCount,
                                     ConstraintClosure closure) {
        int[] componentOfConstrained = new int[constrainedCount];
        for (int t = 0; t < constrainedCount; t++) {
            componentOfConstrained[t] = closure.componentOf(landmarkPoints[t]);
        }
        Nodes nodes = Nodes.of(landmarkCodes, landmarkPoints, componentOfConstrained,
                Arrays.copyOf(landmarkPoints, constrainedCount), closure);
        NodeCodes merged = nodes.merge(landmarkCodes);
        return new ComponentLandmarkGraph(merged.codes(), nodes.nodeOfLandmark(), merged.cutPoints(),
                nodes.joinedLandmarks());
    }

    /**
     * The node of every landmark (step 1 of the class description), and what the per-row merge of
     * the codes onto the nodes needs: small (O(p) plus the cannot-linked component pairs), so that
     * it can be shipped to where the codes are.
     *
     * @param nodeOfLandmark the node of each landmark
     * @param nodeCount q, the nodes
     * @param components the must-link components (nodes {@code 0..components-1})
     * @param cannotLinkedKeys the component pairs an explicit cannot-link separates, as sorted keys
     *     {@code smaller * components + larger}
     * @param joinedLandmarks the random landmarks that joined the component around them
     * @param constrainedPoints the constrained points (row indices of the codes {@link #merge}
     *     reads), ascending
     * @param constrainedNodes the node of each of {@code constrainedPoints}
     */
    public record Nodes(int[] nodeOfLandmark, int nodeCount, int components, long[] cannotLinkedKeys,
                        int joinedLandmarks, int[] constrainedPoints, int[] constrainedNodes)
            implements java.io.Serializable {

        /**
         * The nodes of the landmarks, whose first {@code componentOfConstrained.length} are the
         * constrained points (of the given must-link components of {@code closure}; the points
         * themselves, as rows of the codes {@link #merge} reads, are {@code pointOfConstrained}) and
         * the rest random unconstrained ones; landmark t's own code is row {@code rowOfLandmark[t]}
         * of {@code codes} and must not contain itself ({@link SelfExcludingCoding}).
         */
        public static Nodes of(SparseMatrix codes, int[] rowOfLandmark, int[] componentOfConstrained,
                               int[] pointOfConstrained, ConstraintClosure closure) {
            int p = rowOfLandmark.length;
            int constrainedCount = componentOfConstrained.length;
            int components = closure.componentCount();
            int[] nodeOfLandmark = new int[p];
            int nodes = components;
            boolean[] contradicted = new boolean[components];
            for (Inconsistency inconsistency : closure.inconsistencies()) {
                contradicted[closure.componentOf(inconsistency.first())] = true;
            }
            for (int t = 0; t < constrainedCount; t++) {
                int component = componentOfConstrained[t];
                nodeOfLandmark[t] = contradicted[component] ? nodes++ : component;
            }
            int joined = 0;
            Arrays.fill(nodeOfLandmark, constrainedCount, p, -1);
            for (boolean changed = true; changed; ) {
                changed = false;
                int[] next = nodeOfLandmark.clone();
                for (int t = constrainedCount; t < p; t++) {
                    int component = nodeOfLandmark[t] >= 0 ? -1
                            : surroundingComponent(codes, rowOfLandmark[t], t, nodeOfLandmark, components);
                    if (component >= 0) {
                        next[t] = component;
                        joined++;
                        changed = true;
                    }
                }
                nodeOfLandmark = next;
            }
            for (int t = constrainedCount; t < p; t++) {
                if (nodeOfLandmark[t] < 0) {
                    nodeOfLandmark[t] = nodes++;
                }
            }
            long[] keys = closure.cannotLinkedComponentPairs().stream()
                    .mapToLong(pair -> (long) pair.first() * components + pair.second()).sorted().toArray();
            Integer[] order = new Integer[constrainedCount];
            for (int t = 0; t < constrainedCount; t++) {
                order[t] = t;
            }
            Arrays.sort(order, (a, b) -> Integer.compare(pointOfConstrained[a], pointOfConstrained[b]));
            int[] points = new int[constrainedCount];
            int[] pointNodes = new int[constrainedCount];
            for (int t = 0; t < constrainedCount; t++) {
                points[t] = pointOfConstrained[order[t]];
                pointNodes[t] = nodeOfLandmark[order[t]];
            }
            return new Nodes(nodeOfLandmark, nodes, components, keys, joined, points, pointNodes);
        }

        /** The node of point {@code row} when it is a constrained point of a component, else -1. */
        private int ownComponent(int row) {
            int position = Arrays.binarySearch(constrainedPoints, row);
            int node = position >= 0 ? constrainedNodes[position] : -1;
            return node < components ? node : -1;
        }

        /** Whether an explicit cannot-link separates components {@code a} and {@code b}. */
        private boolean cannotLinked(int a, int b) {
            return a != b && Arrays.binarySearch(cannotLinkedKeys,
                    (long) Math.min(a, b) * components + Math.max(a, b)) >= 0;
        }

        /** {@link #merge(SparseMatrix, int)} of codes whose first row is point 0. */
        public NodeCodes merge(SparseMatrix landmarkCodes) {
            return merge(landmarkCodes, 0);
        }

        /**
         * Steps 2 to 4 of the class description on any rows of codes (each row on its own), the
         * first of them point {@code firstPoint}: the rows x q row-stochastic codes on the nodes, and
         * how many rows lost a component to a cannot-link.
         */
        public NodeCodes merge(SparseMatrix landmarkCodes, int firstPoint) {
            int n = landmarkCodes.rows();
            int[] rowPointers = landmarkCodes.rowPointers();
            int[] columns = landmarkCodes.columnIndices();
            double[] values = landmarkCodes.values();
            int[] rows = new int[landmarkCodes.nonZeros()];
            int[] nodeColumns = new int[rows.length];
            double[] weights = new double[rows.length];
            int count = 0;
            int cutPoints = 0;
            int widest = 0;
            for (int i = 0; i < n; i++) {
                widest = Math.max(widest, rowPointers[i + 1] - rowPointers[i]);
            }
            int[] rowNodes = new int[widest];
            double[] rowWeights = new double[widest];
            double[] nodeTotals = new double[widest];
            for (int i = 0; i < n; i++) {
                int from = rowPointers[i];
                int size = rowPointers[i + 1] - from;
                for (int t = 0; t < size; t++) {
                    rowNodes[t] = nodeOfLandmark[columns[from + t]];
                }
                for (int t = 0; t < size; t++) {
                    int share = 0;
                    for (int u = 0; u < size; u++) {
                        share += rowNodes[u] == rowNodes[t] ? 1 : 0;
                    }
                    rowWeights[t] = values[from + t] * share / size;
                }
                for (int t = 0; t < size; t++) {
                    double total = 0;
                    for (int u = 0; u < size; u++) {
                        total += rowNodes[u] == rowNodes[t] ? rowWeights[u] : 0.0;
                    }
                    nodeTotals[t] = total;
                }
                boolean cut = false;
                int own = constrainedPoints.length == 0 ? -1 : ownComponent(firstPoint + i);
                if (own >= 0) {
                    for (int t = 0; t < size; t++) {
                        if (rowNodes[t] < components && cannotLinked(own, rowNodes[t])) {
                            rowWeights[t] = 0;
                            nodeTotals[t] = 0;
                            cut = true;
                        }
                    }
                }
                double sum = 0;
                for (int t = 0; t < size; t++) {
                    if (rowWeights[t] > 0 && separatedFromHeavier(t, size, rowNodes, nodeTotals)) {
                        rowWeights[t] = 0;
                        cut = true;
                    }
                    sum += rowWeights[t];
                }
                cutPoints += cut ? 1 : 0;
                if (sum == 0 && own >= 0) {
                    // every landmark around the point lies across its own cannot-links
                    rows[count] = i;
                    nodeColumns[count] = own;
                    weights[count++] = 1.0;
                    continue;
                }
                for (int t = 0; t < size; t++) {
                    if (rowWeights[t] > 0) {
                        rows[count] = i;
                        nodeColumns[count] = rowNodes[t];
                        weights[count++] = rowWeights[t] / sum;
                    }
                }
            }
            SparseMatrix merged = SparseMatrix.fromTriplets(n, nodeCount, rows, nodeColumns, weights, count,
                    SparseMatrix.Duplicates.SUM);
            return new NodeCodes(merged, cutPoints);
        }

        /**
         * Whether entry t of a code lies in a component that an explicit cannot-link separates from a
         * heavier component of the same code (ties: the component of larger index is cut).
         */
        private boolean separatedFromHeavier(int t, int size, int[] rowNodes, double[] nodeTotals) {
            int node = rowNodes[t];
            if (node >= components) {
                return false;
            }
            for (int u = 0; u < size; u++) {
                int other = rowNodes[u];
                if (other < components && nodeTotals[u] > 0
                        && (nodeTotals[u] > nodeTotals[t] || (nodeTotals[u] == nodeTotals[t] && other < node))
                        && cannotLinked(node, other)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Codes on the nodes and the rows that lost a component to a cannot-link. */
    public record NodeCodes(SparseMatrix codes, int cutPoints) {
    }

    /**
     * The component that surrounds a random landmark, or -1: the component of the landmarks already
     * in a component among its nearest other landmarks (its own code) when there are at least
     * {@value #JOIN_AGREEMENT} and all are of one component.
     */
    private static int surroundingComponent(SparseMatrix landmarkCodes, int point, int landmark, int[] nodeOfLandmark,
                                            int components) {
        int[] rowPointers = landmarkCodes.rowPointers();
        int[] columns = landmarkCodes.columnIndices();
        int component = -1;
        int inside = 0;
        for (int q = rowPointers[point]; q < rowPointers[point + 1]; q++) {
            int neighbour = columns[q];
            if (neighbour != landmark && nodeOfLandmark[neighbour] >= 0 && nodeOfLandmark[neighbour] < components) {
                int other = nodeOfLandmark[neighbour];
                if (component >= 0 && other != component) {
                    return -1;
                }
                component = other;
                inside++;
            }
        }
        return inside >= JOIN_AGREEMENT ? component : -1;
    }

    /** The n x q row-stochastic codes on the nodes. */
    SparseMatrix codes() {
        return codes;
    }

    /** q, the nodes. */
    int nodeCount() {
        return codes.columns();
    }

    /** The node of each landmark. */
    int[] nodeOfLandmark() {
        return nodeOfLandmark.clone();
    }

    /** The random landmarks that joined the component around them. */
    int joinedLandmarks() {
        return joinedLandmarks;
    }

    /** The points whose code lost a component to a cannot-link. */
    int cutPoints() {
        return cutPoints;
    }

    /** The spectral embedding and the maps that place points. */
    record Spectral(DenseMatrix embedding, DenseMatrix landmarkMap, double[] singularValues,
                    Eigensolvers.Solution solution) {
    }

    /**
     * The m = min(k, q - 1) leading non-trivial singular vectors: the embedding (n x m, unit rows) and
     * the p x m map taking codes on the landmarks to it (for new points).
     */
    Spectral embed(int k, LanczosOptions lanczos, SplittableRandom random, RunContext context) {
        int q = nodeCount();
        int m = embeddingSize(k, q);
        LandmarkGraph graph = LandmarkGraph.of(codes);
        NodeSpectrum spectrum;
        if (q <= DENSE_LIMIT) {
            spectrum = denseSpectrum(graph.gram(), m, context);
        } else {
            double[] trivial = trivialVector(graph.degrees());
            Eigensolvers.Solution solution = Eigensolvers.lanczos(deflatedGram(graph.normalizedCodes(), trivial,
                    context.parallel()), m, Spectrum.LARGEST, lanczos, random);
            double[] singular = singularValues(solution, m);
            spectrum = new NodeSpectrum(graph.rightSingularMap(solution.pairs().vectors(), singular), singular,
                    solution);
        }
        DenseMatrix embedding = LandmarkGraph.embed(codes, spectrum.nodeMap(), context.parallel());
        embedding.normalizeRows();
        return new Spectral(embedding, landmarkMap(spectrum.nodeMap(), nodeOfLandmark), spectrum.singularValues(),
                spectrum.solution());
    }

    /**
     * m = min(k, q - 1), the coordinates of the embedding; refused when the graph has a single node:
     * every landmark then lies in one must-link component (labels of a single class, or must-links
     * that chain through the data, with every random landmark drawn into the component around it),
     * and a graph of one node has no cut.
     */
    public static int embeddingSize(int k, int q) {
        int m = Math.min(k, q - 1);
        if (m < 1) {
            throw new UnsuitableInputException(PairwiseConstraintSpectralClustering.NAME + " cannot split the data into "
                    + k + " clusters: every landmark joined one must-link component (labels of a single class, or "
                    + "must-links that chain through the data), so its landmark graph has a single node; give "
                    + "supervision of at least two classes or with cannot-links, or use another method (-a auto)");
        }
        return m;
    }

    /**
     * The leading non-trivial singular vectors of the node graph, as the q x m map taking node codes
     * to coordinates (before the rows are scaled to unit length).
     *
     * @param nodeMap q x m, {@code D^-1/2 A Σ^-1}
     * @param singularValues the m singular values
     * @param solution how they were found
     */
    public record NodeSpectrum(DenseMatrix nodeMap, double[] singularValues, Eigensolvers.Solution solution) {
    }

    /**
     * The m leading non-trivial singular vectors from the q x q Gram matrix and degrees of the node
     * codes, solved densely ({@code ẐẐᵀ - a₀a₀ᵀ}).
     */
    public static NodeSpectrum denseSpectrum(LandmarkGram gram, int m, RunContext context) {
        int q = gram.size();
        double[] trivial = trivialVector(gram.degrees());
        DenseMatrix normalized = gram.normalizedGram();
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                normalized.set(a, b, normalized.get(a, b) - trivial[a] * trivial[b]);
            }
        }
        Eigensolvers.Solution solution = Eigensolvers.largestDense(normalized, m, context);
        double[] singular = singularValues(solution, m);
        return new NodeSpectrum(gram.rightSingularMap(solution.pairs().vectors(), singular), singular, solution);
    }

    private static double[] singularValues(Eigensolvers.Solution solution, int m) {
        double[] eigenvalues = solution.pairs().values();
        double[] singular = new double[m];
        for (int j = 0; j < m; j++) {
            singular[j] = Math.sqrt(Math.max(0.0, eigenvalues[j]));
        }
        return singular;
    }

    /** The p x m map taking codes on the landmarks to coordinates: each landmark takes its node's row. */
    public static DenseMatrix landmarkMap(DenseMatrix nodeMap, int[] nodeOfLandmark) {
        int m = nodeMap.columns();
        DenseMatrix landmarkMap = DenseMatrix.zeros(nodeOfLandmark.length, m);
        for (int t = 0; t < nodeOfLandmark.length; t++) {
            for (int j = 0; j < m; j++) {
                landmarkMap.set(t, j, nodeMap.get(nodeOfLandmark[t], j));
            }
        }
        return landmarkMap;
    }

    /** {@code a₀ = D^1/2 1 / ||D^1/2 1||}, the left singular vector of σ = 1 of row-stochastic codes. */
    static double[] trivialVector(double[] degrees) {
        double[] vector = new double[degrees.length];
        double norm = 0;
        for (int a = 0; a < degrees.length; a++) {
            vector[a] = Math.sqrt(Math.max(0.0, degrees[a]));
            norm += degrees[a];
        }
        norm = Math.sqrt(norm);
        for (int a = 0; a < degrees.length; a++) {
            vector[a] /= norm;
        }
        return vector;
    }

    /** {@code x ↦ ẐẐᵀx - a₀(a₀ᵀx)} with {@code Ẑᵀ} the n x q normalized codes; one thread at a time. */
    private static SymmetricOperator deflatedGram(SparseMatrix normalizedCodes, double[] trivial, Parallel parallel) {
        SparseMatrix transposed = normalizedCodes.transpose();
        double[] pointVector = new double[normalizedCodes.rows()];
        return SymmetricOperator.of(trivial.length, (x, y) -> {
            normalizedCodes.multiply(x, pointVector, parallel);
            transposed.multiply(pointVector, y, parallel);
            double dot = 0;
            for (int a = 0; a < x.length; a++) {
                dot += trivial[a] * x[a];
            }
            for (int a = 0; a < y.length; a++) {
                y[a] -= trivial[a] * dot;
            }
        });
    }
}
