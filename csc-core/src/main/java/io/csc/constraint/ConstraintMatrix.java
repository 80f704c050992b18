package io.csc.constraint;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DimensionMismatchException;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SymmetricOperator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The n x n symmetric constraint matrix Q of the constrained spectral methods:
 * {@code Q_ij = +w} for a must-link of weight w, {@code -w} for a cannot-link, 0 for no
 * information, and a chosen value on the diagonal of constrained points (SCACS, Eq. 20, puts 1
 * there; most methods put 0).
 *
 * <p>Q is kept in structured form, never as n x n: {@code Q = E + Σ_t c_t v_t v_tᵀ + diag(δ)}, where
 * E is sparse and holds the explicit pairs, and each {@link LabelledPoints} block contributes rank-one
 * terms. For labels with per-point square-root confidences s, {@code Q = 2 Σ_classes (s∘1_c)(s∘1_c)ᵀ
 * - s sᵀ} off the diagonal (same class: {@code +s_a s_b}, different classes: {@code -s_a s_b});
 * for groups, one term {@code (s∘1_g)(s∘1_g)ᵀ} per group; δ fixes the diagonal. Applying Q costs
 * O(explicit pairs + labelled points), and products such as {@code Z Q Zᵀ} follow the same
 * structure, so 7,000 labels (24.5 million implied pairs) cost no more than 7,000 points.
 *
 * <p>A pair given twice adds up: explicit duplicates are summed and clamped to [-1, 1]; an explicit
 * pair that repeats a block-implied one adds to it. {@link #toSparse} expands everything, for the
 * dense and pair-based methods, refusing beyond a limit.
 */
public final class ConstraintMatrix {

    /**
     * One rank-one term {@code coefficient · v vᵀ}, with v zero except {@code values} at {@code points}.
     */
    public record RankOneTerm(int[] points, double[] values, double coefficient) {
        public RankOneTerm {
            if (points.length != values.length) {
                throw new IllegalArgumentException(points.length + " points but " + values.length + " values");
            }
        }

        /** {@code vᵀ x}. */
        public double dot(double[] x) {
            double sum = 0;
            for (int t = 0; t < points.length; t++) {
                sum += values[t] * x[points[t]];
            }
            return sum;
        }
    }

    private final int size;
    private final SparseMatrix explicit;
    private final List<RankOneTerm> terms;
    private final double[] diagonal;

    private ConstraintMatrix(int size, SparseMatrix explicit, List<RankOneTerm> terms, double[] diagonal) {
        this.size = size;
        this.explicit = explicit;
        this.terms = List.copyOf(terms);
        this.diagonal = diagonal;
    }

    /**
     * The constraint matrix of {@code set}, with {@code diagonal} on the diagonal of every point that
     * appears in a constraint, a labels block or a group (0 elsewhere).
     */
    public static ConstraintMatrix of(ConstraintSet set, double diagonal) {
        int n = set.pointCount();
        List<Constraint> pairs = set.pairs();
        int[] rows = new int[2 * pairs.size()];
        int[] columns = new int[2 * pairs.size()];
        double[] values = new double[2 * pairs.size()];
        int t = 0;
        for (Constraint pair : pairs) {
            double value = pair.signedWeight();
            rows[t] = pair.first();
            columns[t] = pair.second();
            values[t++] = value;
            rows[t] = pair.second();
            columns[t] = pair.first();
            values[t++] = value;
        }
        SparseMatrix summed = SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.SUM);
        double[] clamped = summed.values().clone();
        for (int p = 0; p < clamped.length; p++) {
            clamped[p] = Math.max(-1.0, Math.min(1.0, clamped[p]));
        }
        SparseMatrix explicit = new SparseMatrix(n, n, summed.rowPointers(), summed.columnIndices(), clamped);

        double[] diagonalValues = new double[n];
        for (int point : set.constrainedPoints()) {
            diagonalValues[point] = diagonal;
        }
        List<RankOneTerm> terms = new ArrayList<>();
        for (LabelledPoints block : set.labelledBlocks()) {
            int[] points = block.points();
            double[] roots = new double[points.length];
            for (int a = 0; a < points.length; a++) {
                roots[a] = Math.sqrt(block.confidence(a));
                diagonalValues[points[a]] -= roots[a] * roots[a];
            }
            terms.addAll(classTerms(block, roots, block.cannotLinkBetweenClasses() ? 2.0 : 1.0));
            if (block.cannotLinkBetweenClasses()) {
                terms.add(new RankOneTerm(points, roots, -1.0));
            }
        }
        return new ConstraintMatrix(n, explicit, terms, diagonalValues);
    }

    /**
     * The must-link weights alone: {@code W_ij} is the weight of the must-link between i and j, 0
     * without one, and the diagonal is 0 (the must-link layer of CSP-ML). Labels and groups keep their
     * structure: one term {@code (s∘1_c)(s∘1_c)ᵀ} per class or group, with square-root confidences s,
     * and the diagonal correction {@code -s_i²}.
     *
     * <p>Unlike {@link #of}, statements about one pair combine by their maximum, so every weight stays
     * in [0, 1] for a single block: duplicated explicit pairs keep the largest weight, and an explicit
     * must-link that repeats one implied by a block adds only what exceeds the implied weight.
     */
    public static ConstraintMatrix mustLinkWeights(ConstraintSet set) {
        return weights(set, ConstraintType.MUST_LINK);
    }

    /**
     * The cannot-link weights alone: {@code C_ij} is the weight of the cannot-link between i and j, 0
     * without one, zero diagonal (CSP-ML's cannot-link layer is {@code 11ᵀ - C}). A labels block
     * contributes {@code s sᵀ - Σ_c (s∘1_c)(s∘1_c)ᵀ}, whose diagonal is already 0; groups say nothing
     * about cannot-links. Pairs combine by their maximum as in {@link #mustLinkWeights}, so every weight
     * is at most 1 and {@code 11ᵀ - C} has no negative entry.
     *
     * @throws IllegalArgumentException if a point is labelled in two labels blocks (their implied
     *         cannot-links would add up beyond 1)
     */
    public static ConstraintMatrix cannotLinkWeights(ConstraintSet set) {
        return weights(set, ConstraintType.CANNOT_LINK);
    }

    private static ConstraintMatrix weights(ConstraintSet set, ConstraintType type) {
        int n = set.pointCount();
        boolean mustLinks = type == ConstraintType.MUST_LINK;
        List<LabelledPoints> blocks = new ArrayList<>();
        for (LabelledPoints block : set.labelledBlocks()) {
            if (mustLinks || block.cannotLinkBetweenClasses()) {
                blocks.add(block);
            }
        }
        if (!mustLinks) {
            requireDisjoint(n, blocks);
        }
        double[] diagonalValues = new double[n];
        List<RankOneTerm> terms = new ArrayList<>();
        for (LabelledPoints block : blocks) {
            int[] points = block.points();
            double[] roots = new double[points.length];
            for (int a = 0; a < points.length; a++) {
                roots[a] = Math.sqrt(block.confidence(a));
            }
            double classCoefficient = mustLinks ? 1.0 : -1.0;
            terms.addAll(classTerms(block, roots, classCoefficient));
            if (mustLinks) {
                for (int a = 0; a < points.length; a++) {
                    diagonalValues[points[a]] -= roots[a] * roots[a];
                }
            } else {
                terms.add(new RankOneTerm(points, roots, 1.0));
            }
        }
        SparseMatrix explicit = explicitWeights(set, type, blocks);
        return new ConstraintMatrix(n, explicit, terms, diagonalValues);
    }

    /** One term {@code coefficient (s∘1_c)(s∘1_c)ᵀ} per non-empty class of the block. */
    private static List<RankOneTerm> classTerms(LabelledPoints block, double[] roots, double coefficient) {
        int[] classes = block.classes();
        int[][] members = block.members();
        int[] position = new int[members.length];
        double[][] classValues = new double[members.length][];
        for (int c = 0; c < members.length; c++) {
            classValues[c] = new double[members[c].length];
        }
        for (int a = 0; a < classes.length; a++) {
            classValues[classes[a]][position[classes[a]]++] = roots[a];
        }
        List<RankOneTerm> terms = new ArrayList<>();
        for (int c = 0; c < members.length; c++) {
            if (members[c].length > 0) {
                terms.add(new RankOneTerm(members[c], classValues[c], coefficient));
            }
        }
        return terms;
    }

    private static void requireDisjoint(int n, List<LabelledPoints> blocks) {
        if (blocks.size() < 2) {
            return;
        }
        boolean[] seen = new boolean[n];
        for (LabelledPoints block : blocks) {
            for (int point : block.points()) {
                if (seen[point]) {
                    throw new IllegalArgumentException("Point " + point + " is labelled in two labels blocks: merge "
                            + "the labels into one block (each point with one class)");
                }
                seen[point] = true;
            }
        }
    }

    /**
     * The explicit pairs of one type, duplicates combined by maximum, less the weight the blocks
     * already imply for the same pair (entries that drop to 0 are removed).
     */
    private static SparseMatrix explicitWeights(ConstraintSet set, ConstraintType type, List<LabelledPoints> blocks) {
        int n = set.pointCount();
        List<Constraint> pairs = new ArrayList<>();
        for (Constraint pair : set.pairs()) {
            if (pair.type() == type) {
                pairs.add(pair);
            }
        }
        int[] rows = new int[2 * pairs.size()];
        int[] columns = new int[2 * pairs.size()];
        double[] values = new double[2 * pairs.size()];
        int t = 0;
        for (Constraint pair : pairs) {
            rows[t] = pair.first();
            columns[t] = pair.second();
            values[t++] = pair.weight();
            rows[t] = pair.second();
            columns[t] = pair.first();
            values[t++] = pair.weight();
        }
        SparseMatrix combined = SparseMatrix.fromTriplets(n, n, rows, columns, values, t, SparseMatrix.Duplicates.MAX);
        if (pairs.isEmpty() || blocks.isEmpty()) {
            return combined;
        }
        List<int[]> positions = new ArrayList<>();
        List<int[]> blockClasses = new ArrayList<>();
        for (LabelledPoints block : blocks) {
            blockClasses.add(block.classes());
            int[] position = new int[n];
            Arrays.fill(position, -1);
            int[] points = block.points();
            for (int a = 0; a < points.length; a++) {
                position[points[a]] = a;
            }
            positions.add(position);
        }
        double[] reduced = combined.values().clone();
        for (int i = 0; i < n; i++) {
            for (int p = combined.rowPointers()[i]; p < combined.rowPointers()[i + 1]; p++) {
                int j = combined.columnIndices()[p];
                double implied = 0;
                for (int b = 0; b < blocks.size(); b++) {
                    int a = positions.get(b)[i];
                    int c = positions.get(b)[j];
                    if (a >= 0 && c >= 0) {
                        boolean sameClass = blockClasses.get(b)[a] == blockClasses.get(b)[c];
                        if (sameClass == (type == ConstraintType.MUST_LINK)) {
                            implied += blocks.get(b).pairWeight(a, c);
                        }
                    }
                }
                reduced[p] = Math.max(0.0, reduced[p] - implied);
            }
        }
        return dropZeros(new SparseMatrix(n, n, combined.rowPointers(), combined.columnIndices(), reduced));
    }

    /** n. */
    public int size() {
        return size;
    }

    /** The explicit pairs as a sparse symmetric matrix (zero diagonal). */
    public SparseMatrix explicitPart() {
        return explicit;
    }

    /** The rank-one terms of the labelled blocks. */
    public List<RankOneTerm> terms() {
        return terms;
    }

    /** The diagonal correction δ (a copy, length n). */
    public double[] diagonalCorrection() {
        return diagonal.clone();
    }

    /** {@code y = Q x}. */
    public void apply(double[] x, double[] y) {
        int[] rowPointers = explicit.rowPointers();
        int[] columnIndices = explicit.columnIndices();
        double[] values = explicit.values();
        for (int i = 0; i < size; i++) {
            double sum = diagonal[i] * x[i];
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                sum += values[p] * x[columnIndices[p]];
            }
            y[i] = sum;
        }
        for (RankOneTerm term : terms) {
            double scale = term.coefficient() * term.dot(x);
            if (scale != 0.0) {
                int[] points = term.points();
                double[] termValues = term.values();
                for (int t = 0; t < points.length; t++) {
                    y[points[t]] += scale * termValues[t];
                }
            }
        }
    }

    /**
     * The m x m matrix {@code Bᵀ Q B} for a sparse n x m matrix B (rows are points), computed from
     * the structure of Q and never from Q itself: the explicit pairs and the diagonal add
     * {@code Q_ij b_iᵀ b_j} per stored entry, and each rank-one term {@code c v vᵀ} adds
     * {@code c (Bᵀv)(Bᵀv)ᵀ}, all terms at once as one product {@code W diag(c) Wᵀ} on the backend.
     * With B the normalized landmark codes {@code Ẑᵀ} this is SCACS's {@code Q̂ = Ẑ Q Ẑᵀ}. Time
     * O(e s² + b s + m² T) for e explicit entries, b labelled points, s non-zeros per row of B and
     * T rank-one terms (one per class and group, plus one per labels block); memory O(m² + m T).
     */
    public DenseMatrix congruence(SparseMatrix basis, LinearAlgebraBackend backend) {
        if (basis.rows() != size) {
            throw new DimensionMismatchException("Q is " + size + " x " + size + " but B has " + basis.rows() + " rows");
        }
        int m = basis.columns();
        int[] rowPointers = basis.rowPointers();
        int[] columnIndices = basis.columnIndices();
        double[] basisValues = basis.values();
        DenseMatrix result = DenseMatrix.zeros(m, m);
        double[] out = result.data();
        int[] explicitRows = explicit.rowPointers();
        for (int i = 0; i < size; i++) {
            for (int p = explicitRows[i]; p < explicitRows[i + 1]; p++) {
                addOuter(out, m, basis, i, explicit.columnIndices()[p], explicit.values()[p]);
            }
            if (diagonal[i] != 0.0) {
                addOuter(out, m, basis, i, i, diagonal[i]);
            }
        }
        int termCount = terms.size();
        if (termCount > 0) {
            double[] projected = new double[m * termCount];
            double[] scaled = new double[m * termCount];
            for (int t = 0; t < termCount; t++) {
                RankOneTerm term = terms.get(t);
                int[] points = term.points();
                double[] termValues = term.values();
                for (int a = 0; a < points.length; a++) {
                    for (int p = rowPointers[points[a]]; p < rowPointers[points[a] + 1]; p++) {
                        projected[columnIndices[p] * termCount + t] += termValues[a] * basisValues[p];
                    }
                }
            }
            for (int j = 0; j < m; j++) {
                for (int t = 0; t < termCount; t++) {
                    scaled[j * termCount + t] = projected[j * termCount + t] * terms.get(t).coefficient();
                }
            }
            backend.gemm(false, true, m, m, termCount, 1.0, scaled, 0, termCount, projected, 0, termCount,
                    1.0, out, 0, m);
        }
        result.symmetrize();
        return result;
    }

    /** {@code out += value · b_firstᵀ b_second} for rows first and second of B. */
    private static void addOuter(double[] out, int m, SparseMatrix basis, int first, int second, double value) {
        int[] rowPointers = basis.rowPointers();
        int[] columnIndices = basis.columnIndices();
        double[] values = basis.values();
        for (int p = rowPointers[first]; p < rowPointers[first + 1]; p++) {
            double left = value * values[p];
            int base = columnIndices[p] * m;
            for (int q = rowPointers[second]; q < rowPointers[second + 1]; q++) {
                out[base + columnIndices[q]] += left * values[q];
            }
        }
    }

    /** Q as an operator. */
    public SymmetricOperator operator() {
        return SymmetricOperator.of(size, (x, y) -> {
            ConstraintMatrix.this.apply(x, y);
        });
    }

    /** The number of stored entries {@link #toSparse} would create (pairs counted twice, plus the diagonal). */
    public long expandedEntries() {
        long entries = explicit.nonZeros();
        for (RankOneTerm term : terms) {
            entries += (long) term.points().length * term.points().length;
        }
        return entries + size;
    }

    /**
     * Q expanded into a sparse matrix (entries that cancel to zero are dropped).
     *
     * @throws IllegalArgumentException if more than {@code entryLimit} entries would be stored
     */
    public SparseMatrix toSparse(long entryLimit) {
        long entries = expandedEntries();
        if (entries > entryLimit || entries > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("The constraint matrix would hold " + entries
                    + " entries, more than the limit of " + entryLimit + ": the labels imply too many pairs for a "
                    + "pair-based method; use fewer labels or a method that uses the label structure (scacs, csp-ml)");
        }
        int capacity = (int) entries;
        int[] rows = new int[capacity];
        int[] columns = new int[capacity];
        double[] values = new double[capacity];
        int t = 0;
        int[] rowPointers = explicit.rowPointers();
        for (int i = 0; i < size; i++) {
            for (int p = rowPointers[i]; p < rowPointers[i + 1]; p++) {
                rows[t] = i;
                columns[t] = explicit.columnIndices()[p];
                values[t++] = explicit.values()[p];
            }
            if (diagonal[i] != 0.0) {
                rows[t] = i;
                columns[t] = i;
                values[t++] = diagonal[i];
            }
        }
        for (RankOneTerm term : terms) {
            int[] points = term.points();
            double[] termValues = term.values();
            for (int a = 0; a < points.length; a++) {
                for (int b = 0; b < points.length; b++) {
                    rows[t] = points[a];
                    columns[t] = points[b];
                    values[t++] = term.coefficient() * termValues[a] * termValues[b];
                }
            }
        }
        SparseMatrix summed = SparseMatrix.fromTriplets(size, size, rows, columns, values, t, SparseMatrix.Duplicates.SUM);
        return dropZeros(summed);
    }

    private static SparseMatrix dropZeros(SparseMatrix matrix) {
        int n = matrix.rows();
        int[] rowPointers = new int[n + 1];
        int[] columns = new int[matrix.nonZeros()];
        double[] values = new double[matrix.nonZeros()];
        int written = 0;
        for (int i = 0; i < n; i++) {
            for (int p = matrix.rowPointers()[i]; p < matrix.rowPointers()[i + 1]; p++) {
                double value = matrix.values()[p];
                if (Math.abs(value) > 1e-14) {
                    columns[written] = matrix.columnIndices()[p];
                    values[written++] = value;
                }
            }
            rowPointers[i + 1] = written;
        }
        return new SparseMatrix(n, matrix.columns(), rowPointers, Arrays.copyOf(columns, written),
                Arrays.copyOf(values, written));
    }
}
