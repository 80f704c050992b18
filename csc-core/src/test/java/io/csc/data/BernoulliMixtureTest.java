package io.csc.data;

import static io.csc.data.CsvReaderTest.classSizes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BernoulliMixtureTest {

    private static BernoulliMixture mixture(int informative, double separation, long seed) {
        return new BernoulliMixture(3000, 180, 3, informative, separation, seed, ClassProportions.balanced(3));
    }

    @Test
    void writesOnlyZerosAndOnesWithTheRequestedShape() {
        Dataset data = mixture(30, 4, 7).generate();
        assertEquals(3000, data.size());
        assertEquals(180, data.dimension());
        assertArrayEquals(new int[] {1000, 1000, 1000}, classSizes(data));
        assertTrue(Arrays.stream(data.features()).allMatch(value -> value == 0 || value == 1));
        double density = Arrays.stream(data.features()).average().orElseThrow();
        assertTrue(density > 0.2 && density < 0.45, "background probabilities in [0.1, 0.5]: " + density);
    }

    @Test
    void sameSeedSameData() {
        Dataset first = mixture(30, 4, 7).generate();
        assertArrayEquals(first.features(), mixture(30, 4, 7).generate().features());
        assertArrayEquals(first.labels(), mixture(30, 4, 7).generate().labels());
        assertFalse(Arrays.equals(first.features(), mixture(30, 4, 8).generate().features()));
    }

    @Test
    void onlyInformativeFeaturesDifferBetweenClassesAndSeparationWidensTheGap() {
        double[] probabilities = mixture(30, 4, 7).probabilities(new SplittableRandom(7));
        int differing = 0;
        for (int j = 0; j < 180; j++) {
            boolean same = probabilities[j] == probabilities[180 + j] && probabilities[j] == probabilities[360 + j];
            differing += same ? 0 : 1;
        }
        assertEquals(30, differing);
        double wide = classGap(mixture(30, 4, 7).probabilities(new SplittableRandom(7)));
        double narrow = classGap(mixture(30, 0.5, 7).probabilities(new SplittableRandom(7)));
        assertTrue(wide > 3 * narrow && narrow > 0, wide + " vs " + narrow);
        assertEquals(0, classGap(mixture(30, 0, 7).probabilities(new SplittableRandom(7))), "separation 0: identical classes");
    }

    @Test
    void theDataFollowThePerClassProbabilities() {
        Dataset data = mixture(30, 4, 7).generate();
        double[] probabilities = mixture(30, 4, 7).probabilities(new SplittableRandom(7));
        double[] frequencies = new double[3 * 180];
        for (int i = 0; i < data.size(); i++) {
            for (int j = 0; j < 180; j++) {
                frequencies[data.label(i) * 180 + j] += data.feature(i, j) / 1000;
            }
        }
        for (int cell = 0; cell < frequencies.length; cell++) {
            assertEquals(probabilities[cell], frequencies[cell], 0.07, "class " + cell / 180 + " feature " + cell % 180);
        }
    }

    @Test
    void imbalancedProportionsAreRespected() {
        Dataset data = new BernoulliMixture(1000, 12, 4, 2, 4, 1, ClassProportions.parse("0.8,0.15,0.04,0.01")).generate();
        assertArrayEquals(new int[] {800, 150, 40, 10}, classSizes(data));
        assertEquals(2, BernoulliMixture.defaultInformative(12));
        assertEquals(1, BernoulliMixture.defaultInformative(5));
    }

    @Test
    void rejectsBadOptions() {
        ClassProportions two = ClassProportions.balanced(2);
        assertEquals("Invalid informative features: 0 (must be between 1 and the 10 features)",
                assertThrows(IllegalArgumentException.class, () -> new BernoulliMixture(50, 10, 2, 0, 4, 1, two)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new BernoulliMixture(50, 10, 2, 11, 4, 1, two));
        assertThrows(IllegalArgumentException.class, () -> new BernoulliMixture(50, 10, 2, 2, -1, 1, two));
        assertEquals("Invalid class proportions: 2 shares for 3 clusters (give one per cluster)",
                assertThrows(IllegalArgumentException.class, () -> new BernoulliMixture(50, 10, 3, 2, 4, 1, two)).getMessage());
    }

    /** The mean over the 180 features of the largest difference between the 3 classes' probabilities of 1. */
    private static double classGap(double[] probabilities) {
        double gap = 0;
        for (int j = 0; j < 180; j++) {
            double low = Math.min(probabilities[j], Math.min(probabilities[180 + j], probabilities[360 + j]));
            double high = Math.max(probabilities[j], Math.max(probabilities[180 + j], probabilities[360 + j]));
            gap += (high - low) / 180;
        }
        return gap;
    }
}
