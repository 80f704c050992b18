package io.csc.linalg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bytedeco.javacpp.Loader;
import org.junit.jupiter.api.Test;

/**
 * A JVM on a platform whose natives the class path does not hold (as a jar built for Linux run
 * on macOS): the default backend is the pure-Java one, its description says which platform to
 * build for, and the fit gives the labels of the pure-Java backend here.
 */
class OtherPlatformTest {

    /** Run in the child JVM: the backend's description, then the labels of njw on Wine. */
    public static void main(String[] args) {
        System.out.println(LinearAlgebra.describe(LinearAlgebra.defaultBackend()));
        System.out.println(Arrays.toString(wineLabels(RunContext.of(3, 1))));
    }

    @Test
    void withoutThisPlatformsNativesThePureJavaBackendRuns() throws IOException, InterruptedException {
        String other = Loader.getPlatform().equals("macosx-arm64") ? "linux-x86_64" : "macosx-arm64";
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "-Dorg.bytedeco.javacpp.platform=" + other, "-Dcsc.backend=auto", OtherPlatformTest.class.getName()))
                .redirectErrorStream(true).start();
        List<String> lines = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, child.exitValue(), String.join("\n", lines));
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("java (EJML)") && lines.get(0).contains("no OpenBLAS natives for " + other)
                && lines.get(0).contains("-Djavacpp.platform=" + other), lines.get(0));
        assertEquals(Arrays.toString(wineLabels(RunContext.of(3, 1, LinearAlgebra.javaBackend()))), lines.get(1));
    }

    private static int[] wineLabels(RunContext context) {
        try (context) {
            Dataset wine = Scaling.ZSCORE.apply(BundledData.load("wine"));
            return AlgorithmRegistry.byName("njw").create().fit(wine, ConstraintSet.empty(wine.size()), 3, context).labels();
        }
    }
}
