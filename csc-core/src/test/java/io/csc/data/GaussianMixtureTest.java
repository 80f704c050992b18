package io.csc.data;

import static io.csc.data.CsvReaderTest.classSizes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class GaussianMixtureTest {

    @Test
    void shapeAndBalancedLabels() {
        Dataset data = GaussianMixture.generate(1003, 7, 4, 11, 5.0);
        assertEquals(1003, data.size());
        assertEquals(7, data.dimension());
        assertEquals(4, data.classCount());
        int[] sizes = classSizes(data);
        Arrays.sort(sizes);
        assertArrayEquals(new int[] {250, 251, 251, 251}, sizes);
        int[] labels = data.labels();
        assertFalse(Arrays.equals(Arrays.copyOf(labels, 8), new int[] {0, 1, 2, 3, 0, 1, 2, 3}), "points are shuffled");
    }

    @Test
    void sameSeedSameData() {
        Dataset first = GaussianMixture.generate(500, 3, 3, 99, 4.0);
        Dataset second = GaussianMixture.generate(500, 3, 3, 99, 4.0);
        Dataset other = GaussianMixture.generate(500, 3, 3, 100, 4.0);
        assertArrayEquals(first.features(), second.features());
        assertArrayEquals(first.labels(), second.labels());
        assertFalse(Arrays.equals(first.features(), other.features()));
    }

    @Test
    void closestCentresAreSeparationApartAndClustersHaveUnitVariance() {
        int k = 5;
        int d = 4;
        double separation = 8;
        Dataset data = GaussianMixture.generate(50_000, d, k, 3, separation);
        double[][] means = new double[k][d];
        double[] squares = new double[k];
        int[] sizes = classSizes(data);
        for (int i = 0; i < data.size(); i++) {
            for (int j = 0; j < d; j++) {
                means[data.label(i)][j] += data.feature(i, j) / sizes[data.label(i)];
            }
        }
        double closest = Double.POSITIVE_INFINITY;
        for (int a = 0; a < k; a++) {
            for (int b = a + 1; b < k; b++) {
                double squared = 0;
                for (int j = 0; j < d; j++) {
                    squared += (means[a][j] - means[b][j]) * (means[a][j] - means[b][j]);
                }
                closest = Math.min(closest, Math.sqrt(squared));
            }
        }
        assertEquals(separation, closest, 0.1);
        for (int i = 0; i < data.size(); i++) {
            for (int j = 0; j < d; j++) {
                double deviation = data.feature(i, j) - means[data.label(i)][j];
                squares[data.label(i)] += deviation * deviation / (sizes[data.label(i)] * d);
            }
        }
        for (double variance : squares) {
            assertEquals(1, variance, 0.05);
        }
    }

    @Test
    void zeroSeparationPutsAllCentresAtTheOrigin() {
        Dataset data = GaussianMixture.generate(20_000, 2, 3, 5, 0);
        double sum = Arrays.stream(data.features()).sum();
        assertEquals(0, sum / data.features().length, 0.03);
    }

    @Test
    void imbalancedProportionsAreRespectedAndBalancedFilesAreUnchanged() {
        ClassProportions shares = ClassProportions.parse("0.8,0.15,0.04,0.01");
        Dataset data = new GaussianMixture(5000, 8, 4, 4, 3, shares).generate();
        assertArrayEquals(new int[] {4000, 750, 200, 50}, classSizes(data));
        Dataset tiny = new GaussianMixture(20, 2, 4, 4, 3, shares).generate();
        assertArrayEquals(new int[] {15, 3, 1, 1}, classSizes(tiny), "every class gets a point");
        Dataset balanced = new GaussianMixture(1003, 7, 4, 5.0, 11, ClassProportions.balanced(4)).generate();
        assertArrayEquals(GaussianMixture.generate(1003, 7, 4, 11, 5.0).features(), balanced.features());
        // The first labels of this seed before class proportions existed: balanced output kept bit for bit.
        assertArrayEquals(new int[] {2, 2, 1, 1, 3, 2, 1, 3}, Arrays.copyOf(balanced.labels(), 8));
    }

    @Test
    void rejectsBadOptions() {
        assertMessage(() -> new GaussianMixture(0, 2, 1, 1, 0), "Invalid size: 0");
        assertMessage(() -> new GaussianMixture(10, 0, 1, 1, 0), "Invalid dimension: 0");
        assertMessage(() -> new GaussianMixture(10, 2, 11, 1, 0), "Invalid clusters: 11");
        assertMessage(() -> new GaussianMixture(10, 2, 2, -1, 0), "Invalid separation: -1.0");
        assertMessage(() -> new GaussianMixture(10, 2, 2, Double.NaN, 0), "Invalid separation: NaN");
        assertMessage(() -> new GaussianMixture(10, 2, 8, 1e308, 0), "Invalid separation: 1.0E308 (must be in [0, 1.0E100]");
        double[] far = GaussianMixture.generate(10, 2, 2, 0, GaussianMixture.LARGEST_SEPARATION).features();
        assertTrue(java.util.Arrays.stream(far).allMatch(value -> Math.abs(value) <= FeatureMagnitude.LARGEST_SQUARABLE));
        assertMessage(() -> new GaussianMixture(10, 2, 2, 1, 0, ClassProportions.balanced(3)),
                "Invalid class proportions: 3 shares for 2 clusters");
    }

    private static void assertMessage(Runnable construction, String expected) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, construction::run);
        assertTrue(error.getMessage().startsWith(expected), error.getMessage());
    }
}
