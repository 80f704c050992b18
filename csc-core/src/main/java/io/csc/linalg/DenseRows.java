package io.csc.linalg;

/**
 * A dense symmetric n x n matrix given by a rule that writes any one of its rows, so that it need
 * not be stored: a normalization of a stored affinity that must stay as it is, for instance. The
 * rule must make a symmetric matrix; it is not checked, since checking would need the whole matrix.
 *
 * @param size the dimension n, at least 0
 * @param rule writes the rows
 */
public record DenseRows(int size, Rule rule) {

    /** Writes a stretch of one row of the matrix. */
    @FunctionalInterface
    public interface Rule {

        /**
         * Writes the entries {@code from..to} (exclusive) of row {@code i} into {@code target} from
         * {@code offset} on. May be called from several threads at once, each with its own target.
         */
        void row(int i, int from, int to, double[] target, int offset);
    }

    public DenseRows {
        if (size < 0 || rule == null) {
            throw new IllegalArgumentException("Invalid dense rows: size " + size + (rule == null ? ", no rule" : ""));
        }
    }

    /** Writes the entries {@code from..to} (exclusive) of row {@code i} into {@code target} from {@code offset} on. */
    public void row(int i, int from, int to, double[] target, int offset) {
        rule.row(i, from, to, target, offset);
    }

    /** The matrix stored: its n rows written in turn, n² doubles. */
    public DenseMatrix toMatrix() {
        DenseMatrix matrix = DenseMatrix.zeros(size, size);
        for (int i = 0; i < size; i++) {
            rule.row(i, 0, size, matrix.data(), i * size);
        }
        return matrix;
    }
}
