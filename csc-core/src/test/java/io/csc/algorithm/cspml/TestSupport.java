package io.csc.algorithm.cspml;

import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.Operators;
import io.csc.linalg.SymmetricOperator;
import io.csc.metric.ClusteringMetrics;
import java.util.SplittableRandom;

/** Data and checks shared by the CSP-ML tests. */
final class TestSupport {

    private TestSupport() {
    }

    /** A bundled data set, z-scored. */
    static Dataset bundled(String name) {
        return Scaling.ZSCORE.apply(BundledData.load(name));
    }

    /** {@code count} labels drawn from the truth with {@code seed}. */
    static ConstraintSet labels(Dataset data, int count, long seed) {
        return ConstraintGenerator.labelledPoints(data.labels(), count, new SplittableRandom(seed));
    }

    /** The mean Rand index of {@code method} over seeds 1..runs, with {@code count} known labels each. */
    static double meanRandIndex(ClusteringAlgorithm method, Dataset data, int count, int runs) {
        double sum = 0;
        for (int seed = 1; seed <= runs; seed++) {
            try (RunContext context = RunContext.sequential(seed)) {
                int[] labels = method.fit(data, labels(data, count, seed), data.classCount(), context).labels();
                sum += ClusteringMetrics.randIndex(data.labels(), labels);
            }
        }
        return sum / runs;
    }

    /** The dense n x n matrix of the operator {@code x -> y}, with y cleared before each product. */
    static DenseMatrix dense(int n, SymmetricOperator.Product product) {
        return Operators.toDense(SymmetricOperator.of(n, (x, y) -> {
            java.util.Arrays.fill(y, 0.0);
            product.apply(x, y);
        }));
    }

    /** {@code E Eᵀ}, invariant under rotations of the columns of E. */
    static DenseMatrix projector(DenseMatrix vectors) {
        int n = vectors.rows();
        int r = vectors.columns();
        DenseMatrix result = DenseMatrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int c = 0; c < r; c++) {
                    sum += vectors.get(i, c) * vectors.get(j, c);
                }
                result.set(i, j, sum);
            }
        }
        return result;
    }
}
