package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AlgorithmRegistryTest {

    @Test
    void everyMethodBuildsWithItsDefaultsAndHasDistinctOptionNames() {
        Set<String> names = new HashSet<>();
        for (AlgorithmDescriptor descriptor : AlgorithmRegistry.all()) {
            assertTrue(names.add(descriptor.name()), "duplicate " + descriptor.name());
            assertEquals(descriptor.name(), descriptor.create().name());
            Set<String> options = new HashSet<>();
            for (Parameter<?> parameter : descriptor.parameters()) {
                assertTrue(options.add(parameter.name()), descriptor.name() + " repeats " + parameter.name());
                assertTrue(!parameter.description().isBlank());
            }
        }
        assertTrue(names.containsAll(Set.of("njw", "lsc-r", "lsc-k", "nystrom", "cop-kmeans")));
    }

    @Test
    void unknownNamesAndBadValuesAreRefusedWithTheKnownOnes() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> AlgorithmRegistry.byName("kmeanz"));
        assertTrue(unknown.getMessage().startsWith("Unknown algorithm 'kmeanz'; available: njw"), unknown.getMessage());
        AlgorithmDescriptor njw = AlgorithmRegistry.byName("NJW");
        IllegalArgumentException option = assertThrows(IllegalArgumentException.class,
                () -> njw.create(ParameterValues.of(Map.of("sigmaa", "1"))));
        assertTrue(option.getMessage().contains("Unknown parameter 'sigmaa' for njw; its parameters are: graph"), option.getMessage());
        IllegalArgumentException value = assertThrows(IllegalArgumentException.class,
                () -> njw.create(ParameterValues.of(Map.of("sigma", "-1"))));
        assertEquals("Invalid sigma: -1.0 (must be > 0)", value.getMessage());
        IllegalArgumentException choice = assertThrows(IllegalArgumentException.class,
                () -> njw.create(ParameterValues.of(Map.of("graph", "full"))));
        assertEquals("Invalid value 'full' for parameter graph: expected one of dense|knn", choice.getMessage());
    }

    @Test
    void theFixedBandwidthRuleWithoutASigmaAsksForOne() {
        for (String name : java.util.List.of("njw", "nystrom", "seeded-njw", "csp-ml", "fast-csp-ml", "e2cp", "sl",
                "apjcsc-1", "csp")) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> AlgorithmRegistry.byName(name).create(ParameterValues.of(Map.of("bandwidth", "fixed"))));
            assertTrue(error.getMessage().contains("bandwidth rule fixed needs a sigma: give --param sigma=VALUE"),
                    name + ": " + error.getMessage());
        }
    }

    @Test
    void aSigmaWhoseSquareUnderflowsIsRefusedWithTheSmallestThatWorks() {
        for (String name : java.util.List.of("njw", "nystrom", "lsc-r", "lsc-k", "scacs", "sc-pc", "fast-csp-ml")) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> AlgorithmRegistry.byName(name).create(ParameterValues.of(Map.of("sigma", "1e-300"))));
            assertTrue(error.getMessage().contains("its square underflows to 0")
                    && error.getMessage().contains("at least 1.5E-154"), name + ": " + error.getMessage());
            assertEquals(name, AlgorithmRegistry.byName(name).create(ParameterValues.of(Map.of("sigma", "1e-150"))).name());
        }
    }

    @Test
    void e2cpPropagationOptionsOutOfRangeAreRefusedByTheirOwnNames() {
        AlgorithmDescriptor e2cp = AlgorithmRegistry.byName("e2cp");
        IllegalArgumentException iterations = assertThrows(IllegalArgumentException.class,
                () -> e2cp.create(ParameterValues.of(Map.of("propagation-iterations", "0"))));
        assertEquals("Invalid value '0' for parameter propagation-iterations: expected an integer >= 1",
                iterations.getMessage());
        IllegalArgumentException tolerance = assertThrows(IllegalArgumentException.class,
                () -> e2cp.create(ParameterValues.of(Map.of("propagation-tolerance", "2"))));
        assertTrue(tolerance.getMessage().startsWith("Invalid value '2' for parameter propagation-tolerance"),
                tolerance.getMessage());
    }

    @Test
    void nystromRefusesAKnnBandwidthRuleByItsCommandLineName() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> AlgorithmRegistry
                .byName("nystrom").create(ParameterValues.of(Map.of("bandwidth", "self-tuning"))));
        assertTrue(error.getMessage().startsWith("Invalid bandwidth for nystrom: self-tuning (use median"),
                error.getMessage());
    }

    @Test
    void parametersParseFromKeyValueText() {
        ParameterValues values = ParameterValues.parse(java.util.List.of("sigma=0.5", " neighbours = 12 "));
        assertEquals(0.5, values.get(Parameter.real("sigma", null, "x")));
        assertEquals(12, values.get(Parameter.integer("neighbours", 10, "x")));
        assertEquals(null, ParameterValues.parse(java.util.List.of("sigma=auto")).get(Parameter.real("sigma", null, "x")));
        assertThrows(IllegalArgumentException.class, () -> ParameterValues.parse(java.util.List.of("sigma")));
    }
}
