package io.csc.model;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ModelState;
import io.csc.data.FittedScaling;
import io.csc.data.Scaling;
import io.csc.linalg.DenseMatrix;
import io.csc.util.ReplacedFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Saves and loads {@link FittedModel}s. No Java serialization (which runs code on load): a model
 * file is a zip archive holding
 * <ul>
 *   <li>{@code model.json}: {@code format} ({@value #FORMAT}), {@code version} ({@value #VERSION}),
 *       the provenance, the scaling, the placement's type and numbers, and for each array its
 *       name, file, shape and SHA-256;</li>
 *   <li>{@code arrays/N.npy}: the arrays, float64 in NumPy's format ({@code numpy.load} reads them):
 *       the scaling's statistics, the training range ({@link TrainingRange}, 2 x d values; absent in
 *       files written before it was kept, which load without it), and the placement's arrays.</li>
 * </ul>
 * Loading checks the format, the version, every array's presence, shape and checksum, and refuses a
 * damaged, truncated, foreign or newer file with a one-line {@link ModelFileException} naming the
 * file. Saving writes a temporary file beside the target and moves it into place, so a crash never
 * leaves half a model under the target's name. A landmark model's file is O(p d) in size.
 */
public final class ModelFile {

    /** The value of {@code format} in every model file. */
    public static final String FORMAT = "csc-model";
    /** The format version this csc writes and the newest it reads. */
    public static final int VERSION = 1;

    private static final String HEADER = "model.json";

    private ModelFile() {
    }

    /**
     * Writes {@code model} to {@code file}, replacing it.
     *
     * @throws IllegalArgumentException when the model's placement cannot be saved
     */
    public static void save(FittedModel model, Path file) throws IOException {
        ModelState state = model.placement().state().orElseThrow(() -> new IllegalArgumentException(
                "The " + model.provenance().method() + " model cannot be saved: its placement of new points ("
                        + model.placement().getClass().getSimpleName() + ") has no saved form"));
        Map<String, DenseMatrix> arrays = new LinkedHashMap<>();
        if (model.scaling().kind() != Scaling.NONE) {
            arrays.put("scaling.offset", row(model.scaling().offset()));
            arrays.put("scaling.factor", row(model.scaling().factor()));
        }
        if (model.range() != null) {
            arrays.put("range.minimum", row(model.range().minimum()));
            arrays.put("range.maximum", row(model.range().maximum()));
        }
        state.matrices().forEach((name, matrix) -> arrays.put("placement." + name, matrix));

        JsonObject header = new JsonObject();
        header.addProperty("format", FORMAT);
        header.addProperty("version", VERSION);
        header.add("provenance", provenanceJson(model.provenance()));
        header.addProperty("scaling", model.scaling().kind().name().toLowerCase(Locale.ROOT));
        JsonObject placement = new JsonObject();
        placement.addProperty("type", state.type());
        JsonObject numbers = new JsonObject();
        state.numbers().forEach(numbers::addProperty);
        placement.add("numbers", numbers);
        header.add("placement", placement);
        JsonArray arrayList = new JsonArray();
        List<byte[]> contents = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, DenseMatrix> entry : arrays.entrySet()) {
            byte[] bytes = Npy.write(entry.getValue());
            JsonObject array = new JsonObject();
            array.addProperty("name", entry.getKey());
            array.addProperty("file", "arrays/" + index++ + ".npy");
            array.addProperty("rows", entry.getValue().rows());
            array.addProperty("columns", entry.getValue().columns());
            array.addProperty("sha256", sha256(bytes));
            arrayList.add(array);
            contents.add(bytes);
        }
        header.add("arrays", arrayList);

        ReplacedFile.write(file, out -> {
            ZipOutputStream zip = new ZipOutputStream(out);
            zip.putNextEntry(new ZipEntry(HEADER));
            zip.write(new GsonBuilder().setPrettyPrinting().create().toJson(header).getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            for (int a = 0; a < contents.size(); a++) {
                zip.putNextEntry(new ZipEntry(arrayList.get(a).getAsJsonObject().get("file").getAsString()));
                zip.write(contents.get(a));
                zip.closeEntry();
            }
            zip.finish();
        });
    }

    /**
     * Reads a model written by {@link #save}.
     *
     * @throws ModelFileException when the file is missing, damaged, truncated, not a model file,
     *     or written by a newer csc
     */
    public static FittedModel load(Path file) {
        String where = "Model file " + file;
        if (!Files.exists(file)) {
            throw new ModelFileException(where + " does not exist");
        }
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ZipEntry headerEntry = zip.getEntry(HEADER);
            if (headerEntry == null) {
                throw new ModelFileException(where + " is not a csc model (no " + HEADER + " inside)");
            }
            JsonObject header;
            try {
                JsonElement parsed = JsonParser.parseString(new String(read(zip, headerEntry), StandardCharsets.UTF_8));
                if (!parsed.isJsonObject()) {
                    throw new ModelFileException(where + " is not a csc model (its " + HEADER + " is not an object)");
                }
                header = parsed.getAsJsonObject();
            } catch (JsonParseException e) {
                throw new ModelFileException(where + " is damaged: its " + HEADER + " is not valid JSON");
            }
            if (!header.has("format") || !FORMAT.equals(header.get("format").getAsString())) {
                throw new ModelFileException(where + " is not a csc model (format "
                        + (header.has("format") ? "'" + header.get("format").getAsString() + "'" : "missing") + ")");
            }
            int version = header.get("version").getAsInt();
            if (version > VERSION) {
                throw new ModelFileException(where + " was written by a newer csc (format version " + version
                        + "; this csc reads up to " + VERSION + "): upgrade csc");
            }
            if (version < 1) {
                throw new ModelFileException(where + " has an invalid format version " + version);
            }
            Map<String, DenseMatrix> arrays = new LinkedHashMap<>();
            for (JsonElement element : header.getAsJsonArray("arrays")) {
                JsonObject array = element.getAsJsonObject();
                String name = array.get("name").getAsString();
                String entryName = array.get("file").getAsString();
                ZipEntry entry = zip.getEntry(entryName);
                if (entry == null) {
                    throw new ModelFileException(where + " is truncated: array '" + name + "' (" + entryName
                            + ") is missing");
                }
                byte[] bytes = read(zip, entry);
                if (!sha256(bytes).equals(array.get("sha256").getAsString())) {
                    throw new ModelFileException(where + " is damaged: the checksum of array '" + name
                            + "' does not match");
                }
                try {
                    arrays.put(name, Npy.read(bytes, array.get("rows").getAsInt(), array.get("columns").getAsInt()));
                } catch (IllegalArgumentException e) {
                    throw new ModelFileException(where + " is damaged: array '" + name + "' " + e.getMessage());
                }
            }
            return model(header, arrays, where);
        } catch (ZipException e) {
            throw new ModelFileException(where + " is not a csc model, or is truncated (not a readable zip archive: "
                    + e.getMessage() + ")");
        } catch (java.io.EOFException e) {
            throw new ModelFileException(where + " is truncated (an array ends early)");
        } catch (NoSuchFileException e) {
            throw new ModelFileException(where + " does not exist");
        } catch (IOException e) {
            throw new ModelFileException(where + " cannot be read: " + e.getMessage());
        } catch (IllegalStateException | UnsupportedOperationException | NullPointerException
                 | ClassCastException | NumberFormatException e) {
            throw new ModelFileException(where + " is damaged: a field of its " + HEADER + " is missing or of the"
                    + " wrong type");
        }
    }

    private static FittedModel model(JsonObject header, Map<String, DenseMatrix> arrays, String where) {
        Provenance provenance;
        try {
            provenance = provenance(header.getAsJsonObject("provenance"));
        } catch (IllegalArgumentException e) {
            throw new ModelFileException(where + " is damaged: " + e.getMessage());
        }
        Scaling kind;
        try {
            kind = Scaling.valueOf(header.get("scaling").getAsString().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ModelFileException(where + " is damaged: unknown scaling '" + header.get("scaling").getAsString()
                    + "'");
        }
        try {
            FittedScaling scaling = kind == Scaling.NONE ? FittedScaling.none()
                    : new FittedScaling(kind, required(arrays, "scaling.offset", where).data(),
                    required(arrays, "scaling.factor", where).data());
            JsonObject placementJson = header.getAsJsonObject("placement");
            ModelState.Builder state = ModelState.builder(placementJson.get("type").getAsString());
            for (Map.Entry<String, JsonElement> number : placementJson.getAsJsonObject("numbers").entrySet()) {
                state.number(number.getKey(), number.getValue().getAsDouble());
            }
            arrays.forEach((name, matrix) -> {
                if (name.startsWith("placement.")) {
                    state.matrix(name.substring("placement.".length()), matrix);
                }
            });
            ModelState read = state.build();
            DenseMatrix centroids = read.matrices().get("centroids");
            if (centroids != null && centroids.rows() != provenance.clusters()) {
                throw new IllegalArgumentException("its " + centroids.rows() + " cluster centres do not match the "
                        + provenance.clusters() + " clusters of its provenance");
            }
            ClusteringModel placement = ModelTypes.read(read);
            // files written before the training range was kept have none: no extrapolation warning
            TrainingRange range = arrays.containsKey("range.minimum") ? new TrainingRange(
                    required(arrays, "range.minimum", where).data(), required(arrays, "range.maximum", where).data())
                    : null;
            return new FittedModel(provenance, scaling, placement, range);
        } catch (IllegalArgumentException e) {
            throw new ModelFileException(where + " is damaged: " + e.getMessage());
        }
    }

    private static DenseMatrix required(Map<String, DenseMatrix> arrays, String name, String where) {
        DenseMatrix matrix = arrays.get(name);
        if (matrix == null) {
            throw new ModelFileException(where + " is damaged: array '" + name + "' is missing");
        }
        return matrix;
    }

    private static JsonObject provenanceJson(Provenance provenance) {
        JsonObject json = new JsonObject();
        json.addProperty("method", provenance.method());
        JsonObject parameters = new JsonObject();
        provenance.parameters().forEach(parameters::addProperty);
        json.add("parameters", parameters);
        json.addProperty("seed", provenance.seed());
        json.addProperty("version", provenance.version());
        json.addProperty("points", provenance.points());
        json.addProperty("features", provenance.features());
        json.addProperty("clusters", provenance.clusters());
        JsonArray names = new JsonArray();
        provenance.featureNames().forEach(names::add);
        json.add("featureNames", names);
        json.addProperty("fingerprint", provenance.fingerprint());
        json.addProperty("mustLinks", provenance.mustLinks());
        json.addProperty("cannotLinks", provenance.cannotLinks());
        json.addProperty("constrainedPoints", provenance.constrainedPoints());
        json.addProperty("created", provenance.created());
        return json;
    }

    private static Provenance provenance(JsonObject json) {
        Map<String, String> parameters = new LinkedHashMap<>();
        json.getAsJsonObject("parameters").entrySet().forEach(e -> parameters.put(e.getKey(), e.getValue().getAsString()));
        List<String> names = new ArrayList<>();
        json.getAsJsonArray("featureNames").forEach(name -> names.add(name.getAsString()));
        return new Provenance(json.get("method").getAsString(), parameters, json.get("seed").getAsLong(),
                json.get("version").getAsString(), json.get("points").getAsInt(), json.get("features").getAsInt(),
                json.get("clusters").getAsInt(), names, json.get("fingerprint").getAsString(),
                json.get("mustLinks").getAsLong(), json.get("cannotLinks").getAsLong(),
                json.get("constrainedPoints").getAsInt(), json.get("created").getAsString());
    }

    /** The provenance as a JSON-friendly map (for {@code csc model --json}). */
    public static Map<String, Object> describe(FittedModel model) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("format", FORMAT);
        map.put("version", VERSION);
        Provenance p = model.provenance();
        map.put("method", p.method());
        map.put("parameters", p.parameters());
        map.put("seed", p.seed());
        map.put("cscVersion", p.version());
        map.put("n", p.points());
        map.put("d", p.features());
        map.put("k", p.clusters());
        map.put("featureNames", p.featureNames());
        map.put("fingerprint", p.fingerprint());
        Map<String, Object> supervision = new LinkedHashMap<>();
        supervision.put("mustLink", p.mustLinks());
        supervision.put("cannotLink", p.cannotLinks());
        supervision.put("constrainedPoints", p.constrainedPoints());
        map.put("constraints", supervision);
        map.put("scaling", model.scaling().kind().name().toLowerCase(Locale.ROOT));
        map.put("placement", model.placement().state().map(ModelState::type).orElse("unsaved"));
        map.put("created", p.created());
        return map;
    }

    private static byte[] read(ZipFile zip, ZipEntry entry) throws IOException {
        try (InputStream in = zip.getInputStream(entry)) {
            return in.readAllBytes();
        }
    }

    private static DenseMatrix row(double[] values) {
        return new DenseMatrix(1, values.length, values);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
