package io.csc.algorithm.e2cp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.ConjugateGradientOptions;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.LinearAlgebra;
import io.csc.linalg.SparseMatrix;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScalableAdjustedAffinityTest {

    private static final int N = 60;

    private final SparseMatrix graph = PropagationFixtures.clustered(3, N / 3, 3, new SplittableRandom(11));
    private final ConstraintSet constraints = ConstraintGenerator.labelledFraction(classes(), 0.2, new SplittableRandom(3));
    private final PropagatedConstraints propagated = ConstraintPropagation.propagate(
            PropagationFixtures.normalized(graph), 0.8, ConstraintSources.of(constraints),
            ConjugateGradientOptions.DEFAULTS, io.csc.util.Parallel.sequential(), "e2cp");

    private static int[] classes() {
        int[] truth = new int[N];
        for (int i = 0; i < N; i++) {
            truth[i] = i * 3 / N;
        }
        return truth;
    }

    private ScalableAdjustedAffinity.Result scalable(int partners, RunContext context) {
        return ScalableAdjustedAffinity.build(graph, propagated, ScalableAdjustedAffinity.mustLinkPattern(constraints),
                partners, context);
    }

    private static double offDiagonalSum(DenseMatrix matrix) {
        double sum = 0;
        for (int i = 0; i < matrix.rows(); i++) {
            for (int j = 0; j < matrix.columns(); j++) {
                sum += i == j ? 0 : matrix.get(i, j);
            }
        }
        return sum;
    }

    @Test
    void withEveryPartnerKeptItIsTheExactAffinity() {
        RunContext context = RunContext.sequential(1);
        ExactAdjustedAffinity.Result exact = ExactAdjustedAffinity.build(graph, propagated, context);
        ScalableAdjustedAffinity.Result scalable = scalable(N - 1, context);
        assertEquals(exact.normalizer(), scalable.normalizer(), 1e-14 * exact.normalizer());
        assertEquals(0.0, exact.weights().maxAbsoluteDifference(scalable.weights().toDense()), 1e-14);
        assertEquals(0.0, scalable.droppedWeightShare(), 1e-6);
    }

    @Test
    void fewerPartnersDropOnlyWeakPositiveConfidencesAndSayHowMuch() {
        RunContext context = RunContext.sequential(1);
        DenseMatrix exact = ExactAdjustedAffinity.build(graph, propagated, context).weights();
        int partners = 2;
        ScalableAdjustedAffinity.Result result = scalable(partners, context);
        DenseMatrix sparse = result.weights().toDense();
        DenseMatrix f = propagated.dense(LinearAlgebra.defaultBackend());
        for (int i = 0; i < N; i++) {
            double[] row = f.row(i);
            row[i] = Double.NEGATIVE_INFINITY;
            double[] sorted = row.clone();
            Arrays.sort(sorted);
            double partnerThreshold = Math.max(0.0, sorted[N - partners] / result.normalizer());
            for (int j = 0; j < N; j++) {
                if (sparse.get(i, j) != 0.0 || graph.get(i, j) != 0.0) {
                    assertEquals(exact.get(i, j), sparse.get(i, j), 1e-14, "entry (" + i + ", " + j + ") on the pattern");
                } else if (i != j) {
                    assertTrue(exact.get(i, j) <= partnerThreshold + 1e-14, "dropped (" + i + ", " + j + ") = "
                            + exact.get(i, j) + " above the row's partners");
                }
            }
        }
        double share = (offDiagonalSum(exact) - offDiagonalSum(sparse)) / offDiagonalSum(exact);
        assertTrue(share > 0.01, "share " + share);
        assertEquals(share, result.droppedWeightShare(), 1e-6);
        assertEquals(0.0, result.weights().asymmetry(), 0.0);
    }

    @Test
    void mustLinkPairsAreKeptWithoutPartners() {
        ScalableAdjustedAffinity.Result result = scalable(0, RunContext.sequential(1));
        SparseMatrix mustLinks = ScalableAdjustedAffinity.mustLinkPattern(constraints);
        assertEquals(2 * constraints.mustLinkCount(), mustLinks.nonZeros());
        DenseMatrix exact = ExactAdjustedAffinity.build(graph, propagated, RunContext.sequential(1)).weights();
        for (int i = 0; i < N; i++) {
            for (int p = mustLinks.rowPointers()[i]; p < mustLinks.rowPointers()[i + 1]; p++) {
                int j = mustLinks.columnIndices()[p];
                assertEquals(exact.get(i, j), result.weights().get(i, j), 1e-14);
            }
        }
    }

    @Test
    void theSameOnOneAndTwoThreads() {
        ScalableAdjustedAffinity.Result one = scalable(5, RunContext.sequential(1));
        try (RunContext context = RunContext.of(1, 2)) {
            ScalableAdjustedAffinity.Result two = scalable(5, context);
            assertEquals(0.0, one.weights().toDense().maxAbsoluteDifference(two.weights().toDense()), 0.0);
            assertEquals(one.droppedWeightShare(), two.droppedWeightShare(), 0.0);
        }
    }

    @Test
    void wholeTilesFromTheNativeProductFindWhatTheBlocksFind() {
        // Gaussian factors give blocks of both signs, so with a native backend the scan computes
        // whole tiles by one product; the Java backend keeps it block by block. Partners, entries
        // and the normalizer are decided on exact values; only the single-precision sums of mixed
        // blocks may round differently.
        org.junit.jupiter.api.Assumptions.assumeTrue(LinearAlgebra.nativeAvailable(), "the native backend");
        PropagatedConstraints factors = randomFactors(12 * DirectionBlocks.WIDTH + 2 * ConfidenceScan.BLOCK_ROWS + 7, 40, 8);
        int n = factors.size();
        SparseMatrix empty = new io.csc.linalg.SparseMatrixBuilder(0).build(n, n, SparseMatrix.Duplicates.MAX);
        ScalableAdjustedAffinity.Result tiles;
        ScalableAdjustedAffinity.Result blocks;
        try (RunContext nativeContext = RunContext.of(1, 2, LinearAlgebra.nativeBackend());
             RunContext javaContext = RunContext.of(1, 2, LinearAlgebra.javaBackend())) {
            tiles = ScalableAdjustedAffinity.build(empty, factors, empty, 9, nativeContext);
            blocks = ScalableAdjustedAffinity.build(empty, factors, empty, 9, javaContext);
        }
        assertEquals(0.0, tiles.weights().toDense().maxAbsoluteDifference(blocks.weights().toDense()), 0.0);
        assertEquals(blocks.normalizer(), tiles.normalizer(), 0.0);
        assertEquals(blocks.droppedWeightShare(), tiles.droppedWeightShare(), 1e-9 * blocks.droppedWeightShare());
    }

    /** F* = H Gᵀ with H = G C for a symmetric Gaussian C, as propagation gives: n x q factors. */
    private static PropagatedConstraints randomFactors(int n, int q, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DenseMatrix solved = DenseMatrix.zeros(n, q);
        DenseMatrix weighted = DenseMatrix.zeros(n, q);
        double[][] coupling = new double[q][q];
        for (int a = 0; a < q; a++) {
            for (int b = 0; b <= a; b++) {
                coupling[a][b] = random.nextGaussian();
                coupling[b][a] = coupling[a][b];
            }
        }
        for (int t = 0; t < n * q; t++) {
            solved.data()[t] = random.nextGaussian();
        }
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < q; a++) {
                for (int b = 0; b < q; b++) {
                    weighted.data()[i * q + a] += solved.get(i, b) * coupling[b][a];
                }
            }
        }
        return new PropagatedConstraints(solved, weighted, io.csc.algorithm.SolverStatus.direct("test"));
    }

    @Test
    void overSeveralTilesThePartnersAndTheNormalizerAreThoseOfTheDoublePrecisionRows() {
        int n = 20 * DirectionBlocks.WIDTH + 3 * ConfidenceScan.BLOCK_ROWS + 5;
        assertPartnersOfTheDoublePrecisionRows(farFromUnitScale(n, 6, new double[n], new SplittableRandom(5)), 9);
    }

    @Test
    void entriesThatWouldBeSubnormalInSinglePrecisionChangeNothingFound() {
        // rows of G scaled down by 10^-15 to 10^-40, as propagation decays far from every constraint:
        // their products fall far below the smallest normal single-precision number, and the
        // scan flushes them to zero (SinglePrecisionFactors.FLUSH); partners and the normalizer
        // are still those of the double-precision rows
        int n = 6 * DirectionBlocks.WIDTH + ConfidenceScan.BLOCK_ROWS + 7;
        SplittableRandom random = new SplittableRandom(8);
        double[] decay = new double[n];
        for (int i = 0; i < n; i++) {
            decay[i] = i % 3 == 0 ? 0 : 15 + 25 * random.nextDouble();
        }
        assertPartnersOfTheDoublePrecisionRows(farFromUnitScale(n, 6, decay, random), 7);
    }

    /**
     * F* = H Gᵀ with H = G C for a symmetric C, as propagation gives, far from unit scale; row i of
     * G (and so of H) scaled by {@code 10^-decay[i]}.
     */
    private static PropagatedConstraints farFromUnitScale(int n, int q, double[] decay, SplittableRandom random) {
        DenseMatrix solved = DenseMatrix.zeros(n, q);
        DenseMatrix weighted = DenseMatrix.zeros(n, q);
        double[][] coupling = new double[q][q];
        for (int a = 0; a < q; a++) {
            for (int b = 0; b <= a; b++) {
                coupling[a][b] = random.nextGaussian() * 1e5;
                coupling[b][a] = coupling[a][b];
            }
        }
        for (int t = 0; t < n * q; t++) {
            solved.data()[t] = random.nextGaussian() * 1e-3 * Math.pow(10, -decay[t / q]);
        }
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < q; a++) {
                for (int b = 0; b < q; b++) {
                    weighted.data()[i * q + a] += solved.get(i, b) * coupling[b][a];
                }
            }
        }
        return new PropagatedConstraints(solved, weighted, io.csc.algorithm.SolverStatus.direct("test"));
    }

    /** The scan's partners, normalizer and dropped share, on one and two threads, against F* in double precision. */
    private static void assertPartnersOfTheDoublePrecisionRows(PropagatedConstraints factors, int partners) {
        int n = factors.size();
        SparseMatrix empty = new io.csc.linalg.SparseMatrixBuilder(0).build(n, n, SparseMatrix.Duplicates.MAX);
        ScalableAdjustedAffinity.Result one;
        ScalableAdjustedAffinity.Result two;
        one = ScalableAdjustedAffinity.build(empty, factors, empty, partners, RunContext.sequential(1));
        try (RunContext context = RunContext.of(1, 2)) {
            two = ScalableAdjustedAffinity.build(empty, factors, empty, partners, context);
        }
        DenseMatrix f = factors.dense(LinearAlgebra.defaultBackend());
        double largest = 0;
        double positive = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    largest = Math.max(largest, Math.abs(f.get(i, j)));
                    positive += Math.max(f.get(i, j), 0.0);
                }
            }
        }
        assertEquals(largest, one.normalizer(), 1e-14 * largest);
        double[] weakest = new double[n];
        for (int j = 0; j < n; j++) {
            weakest[j] = weakestPartnerOf(f, j, partners);
        }
        double kept = 0;
        for (int i = 0; i < n; i++) {
            double[] row = f.row(i);
            row[i] = Double.NEGATIVE_INFINITY;
            double[] sorted = row.clone();
            Arrays.sort(sorted);
            double weakestPartner = sorted[n - partners];
            for (int j = 0; j < n; j++) {
                double value = one.weights().get(i, j);
                boolean partner = i != j && (row[j] >= weakestPartner || f.get(j, i) >= weakest[j]);
                if (partner && f.get(i, j) > 0) {
                    assertEquals(f.get(i, j) / largest, value, 1e-13, "partner (" + i + ", " + j + ")");
                    kept += value;
                } else {
                    assertEquals(0.0, value, 0.0, "not a partner (" + i + ", " + j + ")");
                }
            }
        }
        assertEquals((positive / largest - kept) / (positive / largest), one.droppedWeightShare(), 1e-6);
        assertEquals(0.0, one.weights().toDense().maxAbsoluteDifference(two.weights().toDense()), 0.0);
        assertEquals(one.normalizer(), two.normalizer(), 0.0);
        assertEquals(one.droppedWeightShare(), two.droppedWeightShare(), 0.0);
    }

    @Test
    void amongEqualConfidencesTheLowerColumnsArePartnersWhateverTheOrderOfTheScan() {
        // four distinct rows of G repeated: every row of F* is full of ties
        int n = 5 * DirectionBlocks.WIDTH + 9;
        int q = 3;
        int partners = 7;
        double[][] kinds = {{1.0, 0.2, 0.1}, {0.9, 0.3, 0.0}, {-0.2, 1.0, 0.4}, {0.1, -0.5, 1.0}};
        DenseMatrix solved = DenseMatrix.zeros(n, q);
        for (int j = 0; j < n; j++) {
            System.arraycopy(kinds[(j * 7) % kinds.length], 0, solved.data(), j * q, q);
        }
        PropagatedConstraints factors = new PropagatedConstraints(solved, solved,
                io.csc.algorithm.SolverStatus.direct("test"));
        SparseMatrix empty = new io.csc.linalg.SparseMatrixBuilder(0).build(n, n, SparseMatrix.Duplicates.MAX);
        ScalableAdjustedAffinity.Result result;
        try (RunContext context = RunContext.of(1, 2)) {
            result = ScalableAdjustedAffinity.build(empty, factors, empty, partners, context);
        }
        boolean[][] expected = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            Integer[] columns = new Integer[n];
            for (int j = 0; j < n; j++) {
                columns[j] = j;
            }
            int row = i;
            Arrays.sort(columns, (a, b) -> {
                int byValue = Double.compare(factors.entry(row, b), factors.entry(row, a));
                return byValue != 0 ? byValue : Integer.compare(a, b);
            });
            int kept = 0;
            for (int t = 0; t < n && kept < partners; t++) {
                int j = columns[t];
                if (j != i) {
                    kept++;
                    if (factors.entry(i, j) > 0) {
                        expected[i][j] = true;
                        expected[j][i] = true;
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(expected[i][j], result.weights().get(i, j) != 0.0, "pair (" + i + ", " + j + ")");
            }
        }
    }

    private static double weakestPartnerOf(DenseMatrix f, int j, int partners) {
        double[] row = f.row(j);
        row[j] = Double.NEGATIVE_INFINITY;
        Arrays.sort(row);
        return row[row.length - partners];
    }
}
