package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.njw.NormalizedSpectralClustering;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Methods from other modules join the registry through ServiceLoader, after csc-core's own. */
class AlgorithmProviderTest {

    /** A provider another module could ship: njw under another name. */
    public static final class ExampleProvider implements AlgorithmProvider {
        @Override
        public List<AlgorithmDescriptor> algorithms() {
            AlgorithmDescriptor njw = NormalizedSpectralClustering.DESCRIPTOR;
            return List.of(new AlgorithmDescriptor("example-njw", "njw under another name", njw.reference(), false,
                    false, njw.parameters(), njw.factory()));
        }
    }

    /** A provider whose method takes a name csc-core already uses. */
    public static final class ClashingProvider implements AlgorithmProvider {
        @Override
        public List<AlgorithmDescriptor> algorithms() {
            return List.of(NormalizedSpectralClustering.DESCRIPTOR);
        }
    }

    @TempDir
    Path directory;

    private ClassLoader loaderWith(Class<?> provider) throws IOException {
        Path services = directory.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(AlgorithmProvider.class.getName()), provider.getName() + "\n");
        return new URLClassLoader(new URL[] {directory.toUri().toURL()}, getClass().getClassLoader());
    }

    @Test
    void csc_coresMethodsAreFoundThroughItsOwnServiceFile() {
        List<String> names = AlgorithmRegistry.discover(getClass().getClassLoader()).stream()
                .map(AlgorithmDescriptor::name).toList();
        assertEquals(List.of("njw", "lsc-r", "lsc-k", "nystrom", "cop-kmeans", "seeded-njw", "seeded-kmeans",
                "csp-ml", "fast-csp-ml", "scacs",
                "sc-pc", "e2cp", "sl", "apjcsc-1", "apjcsc-2", "csp"), names);
        assertEquals(names, AlgorithmRegistry.all().stream().map(AlgorithmDescriptor::name).toList());
    }

    @Test
    void anotherModulesProviderAddsItsMethodsAfterCore() throws IOException {
        List<AlgorithmDescriptor> all = AlgorithmRegistry.discover(loaderWith(ExampleProvider.class));
        assertEquals(17, all.size());
        assertEquals("njw", all.get(0).name());
        assertEquals("example-njw", all.get(16).name());
    }

    @Test
    void twoMethodsWithOneNameAreRefused() throws IOException {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> AlgorithmRegistry.discover(loaderWith(ClashingProvider.class)));
        assertTrue(error.getMessage().startsWith("Two methods are called 'njw'"), error.getMessage());
    }
}
