package io.csc.algorithm.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.ParameterValues;
import io.csc.cluster.KMeansOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The final k-means options as the shared parameters set them. */
class SpectralParametersTest {

    @Test
    void theDefaultsAreThoseOfKMeans() {
        KMeansOptions options = SpectralParameters.kmeans(ParameterValues.EMPTY);
        assertEquals(KMeansOptions.DEFAULTS.restarts(), options.restarts());
        assertEquals(KMeansOptions.DEFAULTS.maxIterations(), options.maxIterations());
        assertEquals(KMeansOptions.DEFAULT_SAMPLE, options.sample());
        assertTrue(options.supervised());
    }

    @Test
    void theRestartsSampleIsAParameterAndZeroRunsThemOnAllPoints() {
        KMeansOptions options = SpectralParameters.kmeans(ParameterValues.parse(List.of("kmeans-sample=1000")));
        assertEquals(1000, options.sample());
        assertTrue(options.samples(2001, 2));
        assertFalse(options.samples(2000, 2));
        KMeansOptions all = SpectralParameters.kmeans(ParameterValues.parse(List.of("kmeans-sample=0")));
        assertFalse(all.samples(10_000_000, 2));
        assertEquals("Invalid value '-1' for parameter kmeans-sample: expected an integer >= 0",
                assertThrows(IllegalArgumentException.class,
                        () -> SpectralParameters.kmeans(ParameterValues.parse(List.of("kmeans-sample=-1")))).getMessage());
        assertEquals("Invalid value '0' for parameter kmeans-restarts: expected an integer >= 1",
                assertThrows(IllegalArgumentException.class,
                        () -> SpectralParameters.kmeans(ParameterValues.parse(List.of("kmeans-restarts=0")))).getMessage());
    }

    @Test
    void theEigensolverParametersAreCheckedAsTheyAreParsedNamingTheParameterAndItsRange() {
        assertEquals(1e-4, SpectralParameters.lanczos(ParameterValues.parse(List.of("eigen-tolerance=1e-4"))).tolerance());
        for (String tolerance : List.of("0", "1", "-0.5")) {
            assertEquals("Invalid value '" + tolerance + "' for parameter eigen-tolerance: expected a number > 0 and < 1",
                    assertThrows(IllegalArgumentException.class, () -> SpectralParameters.lanczos(ParameterValues.parse(
                            List.of("eigen-tolerance=" + tolerance)))).getMessage());
        }
        assertEquals("Invalid value '0' for parameter eigen-iterations: expected an integer >= 1",
                assertThrows(IllegalArgumentException.class, () -> SpectralParameters.lanczos(ParameterValues.parse(
                        List.of("eigen-iterations=0")))).getMessage());
    }
}
