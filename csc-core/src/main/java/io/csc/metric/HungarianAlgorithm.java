package io.csc.metric;

import io.csc.linalg.DenseMatrix;
import java.util.Arrays;
import java.util.Objects;

/**
 * Minimum-cost assignment (the linear assignment problem) for rectangular cost matrices, by the
 * Kuhn-Munkres (Hungarian) method in its shortest-augmenting-path form with row and column
 * potentials, as used by Jonker and Volgenant ("A shortest augmenting path algorithm for dense
 * and sparse linear assignment problems", Computing 38, 1987).
 *
 * <p>For an r x c cost matrix, min(r, c) rows and columns are matched one to one so that the sum of
 * the matched costs is minimal: every row is matched when r &lt;= c, every column when r &gt; c. Time
 * O(min(r, c)^2 x max(r, c)), memory O(r + c) besides the matrix (a transposed copy when r > c).
 */
public final class HungarianAlgorithm {

    private HungarianAlgorithm() {
    }

    /**
     * The minimum-cost matching of rows to columns.
     *
     * @param cost r x c, all entries finite
     * @return for each row, its column, or -1 for the r - c rows left unmatched when r > c
     * @throws IllegalArgumentException if a cost is not finite
     */
    public static int[] minimumCostAssignment(DenseMatrix cost) {
        Objects.requireNonNull(cost, "cost");
        double[] data = cost.data();
        for (int index = 0; index < data.length; index++) {
            if (!Double.isFinite(data[index])) {
                throw new IllegalArgumentException("Cost (" + index / cost.columns() + ", " + index % cost.columns()
                        + ") is not finite: " + data[index]);
            }
        }
        int rows = cost.rows();
        int columns = cost.columns();
        if (rows <= columns) {
            return solve(data, rows, columns);
        }
        int[] rowOfColumn = solve(cost.transpose().data(), columns, rows);
        int[] columnOfRow = new int[rows];
        Arrays.fill(columnOfRow, -1);
        for (int column = 0; column < columns; column++) {
            columnOfRow[rowOfColumn[column]] = column;
        }
        return columnOfRow;
    }

    /** The total cost of an assignment returned by {@link #minimumCostAssignment}. */
    public static double totalCost(DenseMatrix cost, int[] assignment) {
        if (assignment.length != cost.rows()) {
            throw new IllegalArgumentException(assignment.length + " assigned rows for a matrix with " + cost.rows());
        }
        double total = 0;
        for (int row = 0; row < assignment.length; row++) {
            if (assignment[row] >= 0) {
                total += cost.get(row, assignment[row]);
            }
        }
        return total;
    }

    /**
     * Matches every one of {@code rows <= columns} rows: each row in turn is added by a shortest
     * augmenting path (Dijkstra on reduced costs), keeping the potentials feasible.
     */
    private static int[] solve(double[] cost, int rows, int columns) {
        // 1-based over rows and columns; column 0 is a virtual column holding the row being added
        double[] rowPotential = new double[rows + 1];
        double[] columnPotential = new double[columns + 1];
        int[] rowOfColumn = new int[columns + 1];
        int[] previousColumn = new int[columns + 1];
        double[] shortest = new double[columns + 1];
        boolean[] visited = new boolean[columns + 1];
        for (int row = 1; row <= rows; row++) {
            rowOfColumn[0] = row;
            int column = 0;
            Arrays.fill(shortest, Double.POSITIVE_INFINITY);
            Arrays.fill(visited, false);
            do {
                visited[column] = true;
                int current = rowOfColumn[column];
                double delta = Double.POSITIVE_INFINITY;
                int next = 0;
                int base = (current - 1) * columns - 1;
                for (int candidate = 1; candidate <= columns; candidate++) {
                    if (!visited[candidate]) {
                        double reduced = cost[base + candidate] - rowPotential[current] - columnPotential[candidate];
                        if (reduced < shortest[candidate]) {
                            shortest[candidate] = reduced;
                            previousColumn[candidate] = column;
                        }
                        if (shortest[candidate] < delta) {
                            delta = shortest[candidate];
                            next = candidate;
                        }
                    }
                }
                for (int candidate = 0; candidate <= columns; candidate++) {
                    if (visited[candidate]) {
                        rowPotential[rowOfColumn[candidate]] += delta;
                        columnPotential[candidate] -= delta;
                    } else {
                        shortest[candidate] -= delta;
                    }
                }
                column = next;
            } while (rowOfColumn[column] != 0);
            do {
                int previous = previousColumn[column];
                rowOfColumn[column] = rowOfColumn[previous];
                column = previous;
            } while (column != 0);
        }
        int[] columnOfRow = new int[rows];
        for (int candidate = 1; candidate <= columns; candidate++) {
            if (rowOfColumn[candidate] != 0) {
                columnOfRow[rowOfColumn[candidate] - 1] = candidate - 1;
            }
        }
        return columnOfRow;
    }
}
