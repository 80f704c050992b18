package io.csc.algorithm.cspml;

import io.csc.constraint.ConstraintMatrix;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.Operators;
import io.csc.linalg.SparseMatrix;
import io.csc.linalg.SymmetricOperator;
import java.util.Arrays;
import java.util.List;

/**
 * One constraint layer of CSP-ML as a structured n x n adjacency {@code W = ones · 11ᵀ + sign · C},
 * never stored: C is a {@link ConstraintMatrix} (sparse explicit pairs plus rank-one class terms).
 *
 * <ul>
 *   <li>The must-link layer (Eq. 9): {@code W₂ = M}, the must-link weights (a constraint of weight t
 *       is an edge of weight t), zero diagonal.</li>
 *   <li>The cannot-link layer (Eq. 10): {@code W₃ = 11ᵀ - C}, all ones except {@code 1 - t} on a
 *       cannot-link of weight t (0 for a hard one). The diagonal is 1, as Eq. 10 reads (no
 *       cannot-link joins a point to itself), which keeps W₃ exactly "ones minus a sparse part" and
 *       every degree at least 1.</li>
 * </ul>
 *
 * <p>Products cost {@code O(n + p + b)} for p explicit pairs and b labelled points; the pairs that
 * labels imply are never enumerated. Immutable.
 */
final class ConstraintLayer {

    private final int size;
    private final ConstraintMatrix weights;
    private final double ones;
    private final double sign;

    private ConstraintLayer(ConstraintMatrix weights, double ones, double sign) {
        this.size = weights.size();
        this.weights = weights;
        this.ones = ones;
        this.sign = sign;
    }

    /** The must-link layer {@code W₂} of {@code set}. */
    static ConstraintLayer mustLinks(ConstraintSet set) {
        return new ConstraintLayer(ConstraintMatrix.mustLinkWeights(set), 0.0, 1.0);
    }

    /** The cannot-link layer {@code W₃ = 11ᵀ - C} of {@code set}. */
    static ConstraintLayer cannotLinks(ConstraintSet set) {
        return new ConstraintLayer(ConstraintMatrix.cannotLinkWeights(set), 1.0, -1.0);
    }

    int size() {
        return size;
    }

    /** {@code y = W x}. */
    void apply(double[] x, double[] y) {
        weights.apply(x, y);
        double total = 0;
        if (ones != 0.0) {
            for (double value : x) {
                total += value;
            }
        }
        double shift = ones * total;
        for (int i = 0; i < size; i++) {
            y[i] = sign * y[i] + shift;
        }
    }

    /** W as an operator (not normalized). */
    SymmetricOperator operator() {
        return SymmetricOperator.of(size, this::apply);
    }

    /**
     * The normalized adjacency {@code S W S} as an operator, with {@code scale = D^-1/2} (0 for a
     * degree-0 point, whose row and column stay 0).
     */
    SymmetricOperator normalized(double[] scale) {
        return Operators.congruence(operator(), scale);
    }

    /** The degrees {@code W 1}. */
    double[] degrees() {
        double[] all = new double[size];
        Arrays.fill(all, 1.0);
        double[] degrees = new double[size];
        apply(all, degrees);
        return degrees;
    }

    /** The row sums over the sampled columns, {@code W 1_L}. */
    double[] sampledDegrees(int[] sample) {
        double[] indicator = new double[size];
        for (int point : sample) {
            indicator[point] = 1.0;
        }
        double[] degrees = new double[size];
        apply(indicator, degrees);
        return degrees;
    }

    /**
     * The n x r product {@code diag(rowScale) W(:, sample) diag(columnScale) X} for an l x r matrix X:
     * r products with W of vectors supported on the sample. Time {@code O(r (n + p + b))}.
     */
    DenseMatrix multiplySampledColumns(int[] sample, double[] rowScale, double[] columnScale, DenseMatrix x) {
        int r = x.columns();
        DenseMatrix result = DenseMatrix.zeros(size, r);
        double[] input = new double[size];
        double[] output = new double[size];
        for (int c = 0; c < r; c++) {
            Arrays.fill(input, 0.0);
            for (int j = 0; j < sample.length; j++) {
                input[sample[j]] = columnScale[j] * x.get(j, c);
            }
            apply(input, output);
            for (int a = 0; a < size; a++) {
                result.set(a, c, rowScale[a] * output[a]);
            }
        }
        return result;
    }

    /**
     * Adds {@code rowScale[a] · W(a, sample[j]) · columnScale[j]} to {@code target(a, j)} for every
     * point a and sampled column j. {@code position[i]} is the column of point i in the sample, or
     * -1. Time {@code O(n l + p + Σ_t |t| |t ∩ sample|)} over the rank-one terms t.
     */
    void addSampledColumns(int[] sample, int[] position, double[] rowScale, double[] columnScale, DenseMatrix target) {
        int[] rows = new int[size];
        for (int i = 0; i < size; i++) {
            rows[i] = i;
        }
        addColumns(rows, rows, sample, position, rowScale, columnScale, target);
    }

    /** The l x l block {@code W(sample, sample)}, dense. Time {@code O(n + p + Σ_t |t| + l²)}. */
    DenseMatrix block(int[] sample) {
        int l = sample.length;
        int[] position = positions(size, sample);
        double[] unit = new double[size];
        double[] unitColumns = new double[l];
        for (int j = 0; j < l; j++) {
            unit[sample[j]] = 1.0;
            unitColumns[j] = 1.0;
        }
        DenseMatrix block = DenseMatrix.zeros(l, l);
        addColumns(sample, position, sample, position, unit, unitColumns, block);
        return block;
    }

    /**
     * Adds {@code rowScale[a] · W(a, sample[j]) · columnScale[j]} to {@code target(r, j)} for the
     * points {@code a = rows[r]}; {@code rowPosition[a]} is r, or -1 for points not in {@code rows}.
     */
    private void addColumns(int[] rows, int[] rowPosition, int[] sample, int[] position, double[] rowScale,
                            double[] columnScale, DenseMatrix target) {
        int l = sample.length;
        double[] out = target.data();
        if (ones != 0.0) {
            for (int r = 0; r < rows.length; r++) {
                double scale = ones * rowScale[rows[r]];
                if (scale != 0.0) {
                    int base = r * l;
                    for (int j = 0; j < l; j++) {
                        out[base + j] += scale * columnScale[j];
                    }
                }
            }
        }
        SparseMatrix explicit = weights.explicitPart();
        int[] rowPointers = explicit.rowPointers();
        int[] columns = explicit.columnIndices();
        double[] values = explicit.values();
        for (int r = 0; r < rows.length; r++) {
            int a = rows[r];
            if (rowScale[a] == 0.0) {
                continue;
            }
            for (int p = rowPointers[a]; p < rowPointers[a + 1]; p++) {
                int j = position[columns[p]];
                if (j >= 0) {
                    out[r * l + j] += sign * rowScale[a] * values[p] * columnScale[j];
                }
            }
        }
        double[] diagonal = weights.diagonalCorrection();
        for (int j = 0; j < l; j++) {
            int point = sample[j];
            int r = rowPosition[point];
            if (r >= 0) {
                out[r * l + j] += sign * rowScale[point] * diagonal[point] * columnScale[j];
            }
        }
        for (ConstraintMatrix.RankOneTerm term : weights.terms()) {
            int[] points = term.points();
            double[] termValues = term.values();
            int[] sampledAt = new int[points.length];
            int sampled = 0;
            for (int t = 0; t < points.length; t++) {
                if (position[points[t]] >= 0) {
                    sampledAt[sampled++] = t;
                }
            }
            if (sampled == 0) {
                continue;
            }
            double coefficient = sign * term.coefficient();
            for (int t = 0; t < points.length; t++) {
                int a = points[t];
                int r = rowPosition[a];
                double left = r < 0 ? 0.0 : coefficient * rowScale[a] * termValues[t];
                if (left == 0.0) {
                    continue;
                }
                int base = r * l;
                for (int s = 0; s < sampled; s++) {
                    int u = sampledAt[s];
                    int j = position[points[u]];
                    out[base + j] += left * termValues[u] * columnScale[j];
                }
            }
        }
    }

    /** {@code position[i]} = the index of point i in {@code sample}, or -1. */
    static int[] positions(int n, int[] sample) {
        int[] position = new int[n];
        Arrays.fill(position, -1);
        for (int j = 0; j < sample.length; j++) {
            position[sample[j]] = j;
        }
        return position;
    }

    /** The rank-one terms of the structured part (for tests and diagnostics). */
    List<ConstraintMatrix.RankOneTerm> terms() {
        return weights.terms();
    }
}
