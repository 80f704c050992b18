package io.csc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFileTest {

    @TempDir
    Path directory;

    private Path saved(String method) throws IOException {
        Dataset raw = BundledData.load("iris");
        FittedModel model = FittedModel.fit(AlgorithmRegistry.byName(method), ParameterValues.EMPTY, raw,
                Scaling.ZSCORE, ConstraintSet.empty(raw.size()), 3, RunContext.sequential(3));
        Path file = directory.resolve(method + ".csc");
        ModelFile.save(model, file);
        return file;
    }

    private static String refusal(Path file) {
        ModelFileException error = assertThrows(ModelFileException.class, () -> ModelFile.load(file));
        assertFalse(error.getMessage().contains("\n"), "one line: " + error.getMessage());
        assertTrue(error.getMessage().startsWith("Model file " + file), error.getMessage());
        return error.getMessage();
    }

    @Test
    void aTruncatedFileIsRefused() throws IOException {
        Path file = saved("lsc-r");
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
        assertTrue(refusal(file).contains("truncated"));
    }

    @Test
    void aFlippedByteInAnArrayIsRefused() throws IOException {
        Path file = saved("lsc-r");
        // One array byte changed and the header kept: only the checksum can tell.
        Path damaged = rewrite(file, "damaged.csc", (name, content) -> {
            if (name.endsWith(".npy")) {
                content[content.length - 3] ^= 0x10;
            }
            return content;
        });
        assertTrue(refusal(damaged).contains("checksum"));
    }

    @Test
    void aFlippedByteAnywhereIsRefused() throws IOException {
        Path file = saved("njw");
        byte[] original = Files.readAllBytes(file);
        for (int position : new int[] {10, original.length / 3, original.length / 2, original.length - 30}) {
            byte[] bytes = original.clone();
            bytes[position] ^= 0x5A;
            Path damaged = directory.resolve("flipped-" + position + ".csc");
            Files.write(damaged, bytes);
            try {
                FittedModel model = ModelFile.load(damaged);
                // A flip in a part no reader looks at (a zip comment, a timestamp) leaves the model whole.
                assertEquals(ModelFile.load(file).provenance(), model.provenance());
            } catch (ModelFileException refused) {
                assertFalse(refused.getMessage().contains("\n"));
            }
        }
    }

    @Test
    void aForeignFileIsRefused() throws IOException {
        Path csv = directory.resolve("points.csv");
        Files.writeString(csv, "a,b\n1,2\n");
        assertTrue(refusal(csv).contains("not a csc model"));

        Path otherZip = directory.resolve("other.zip");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(otherZip))) {
            zip.putNextEntry(new ZipEntry("readme.txt"));
            zip.write("hello".getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(refusal(otherZip).contains("no model.json"));
    }

    @Test
    void aNewerFormatVersionIsRefusedNamingBoth() throws IOException {
        Path file = saved("cop-kmeans");
        Path newer = rewrite(file, "newer.csc", (name, content) -> name.equals("model.json")
                ? new String(content, StandardCharsets.UTF_8).replace("\"version\": 1,", "\"version\": 2,")
                .getBytes(StandardCharsets.UTF_8)
                : content);
        String message = refusal(newer);
        assertTrue(message.contains("newer csc (format version 2; this csc reads up to 1)"), message);
    }

    /** A header edited by hand, checksums intact: sizes that do not agree are refused, not used. */
    @Test
    void aHeaderWhoseSizesDisagreeIsRefused() throws IOException {
        Path file = saved("njw");
        Map<String, String> edits = Map.of(
                "\"clusters\": 3,", "\"clusters\": 0,",
                "\"features\": 4,", "\"features\": 2,");
        Map<String, String> expected = Map.of(
                "\"clusters\": 3,", "0 clusters (a model has at least one feature and one cluster)",
                "\"features\": 4,", "names 4 features for a model of 2");
        for (Map.Entry<String, String> edit : edits.entrySet()) {
            Path edited = rewrite(file, "edited.csc", (name, content) -> name.equals("model.json")
                    ? new String(content, StandardCharsets.UTF_8).replace(edit.getKey(), edit.getValue())
                    .getBytes(StandardCharsets.UTF_8) : content);
            String message = refusal(edited);
            assertTrue(message.contains("is damaged") && message.contains(expected.get(edit.getKey())), message);
        }
        Path fewerClusters = rewrite(file, "two.csc", (name, content) -> name.equals("model.json")
                ? new String(content, StandardCharsets.UTF_8).replace("\"clusters\": 3,", "\"clusters\": 2,")
                .getBytes(StandardCharsets.UTF_8) : content);
        assertTrue(refusal(fewerClusters).contains("its 3 cluster centres do not match the 2 clusters of its provenance"));
    }

    @Test
    void aMissingFileIsRefused() {
        assertTrue(refusal(directory.resolve("nothing.csc")).contains("does not exist"));
    }

    @Test
    void aLandmarkModelStaysTheSizeOfItsLandmarks() throws IOException {
        Dataset raw = BundledData.load("wine");
        Dataset many = Dataset.unlabelled("many", raw.size() * 20, raw.dimension(), repeat(raw.features(), 20));
        FittedModel model = FittedModel.fit(AlgorithmRegistry.byName("lsc-r"),
                io.csc.algorithm.GoldenRuns.parameters("landmarks", "50"), many, Scaling.ZSCORE,
                ConstraintSet.empty(many.size()), 3, RunContext.sequential(3));
        Path file = directory.resolve("landmarks.csc");
        ModelFile.save(model, file);
        // 50 landmarks x 13 features, a 50 x 3 map, 3 centres and the scaling: a few kB, not 3,560 x 13.
        assertTrue(Files.size(file) < 20_000, "size " + Files.size(file));
    }

    /** A copy of the archive {@code file} with each entry's content passed through {@code change}. */
    private Path rewrite(Path file, String name, java.util.function.BiFunction<String, byte[], byte[]> change)
            throws IOException {
        Path copyFile = directory.resolve(name);
        try (ZipFile zip = new ZipFile(file.toFile());
             OutputStream out = Files.newOutputStream(copyFile);
             ZipOutputStream copy = new ZipOutputStream(out)) {
            for (ZipEntry entry : java.util.Collections.list(zip.entries())) {
                copy.putNextEntry(new ZipEntry(entry.getName()));
                copy.write(change.apply(entry.getName(), zip.getInputStream(entry).readAllBytes()));
                copy.closeEntry();
            }
        }
        return copyFile;
    }

    private static double[] repeat(double[] values, int times) {
        double[] out = new double[values.length * times];
        for (int t = 0; t < times; t++) {
            System.arraycopy(values, 0, out, t * values.length, values.length);
        }
        return out;
    }
}
