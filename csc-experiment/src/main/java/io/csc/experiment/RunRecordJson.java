package io.csc.experiment;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.csc.data.DataException;
import io.csc.metric.Evaluation;
import io.csc.util.JsonFormat;
import io.csc.util.ReplacedFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Run records as JSON lines, one object per run, for later analysis. The fields are {@code dataset},
 * {@code points}, {@code clusters}, {@code algorithm}, {@code constrained}, {@code kind},
 * {@code amount} (text such as {@code 30} or {@code 0.1}, null for an unconstrained method),
 * {@code supervised}, {@code repetition}, {@code supervisionSeed} (null without supervision),
 * {@code runSeed}, the measures {@code acc}, {@code nmi}, {@code ari}, {@code ri}, {@code dbi},
 * {@code cons} (null when failed, not applicable or not finite), {@code seconds}, {@code failure}
 * (null for a success), {@code warnings} and, when the fit made a selection, {@code selection} (its
 * {@code diagnostics.selection}: the chosen method and every candidate's held-out score).
 */
public final class RunRecordJson {

    private RunRecordJson() {
    }

    /** The record as one line of JSON. */
    public static String toJson(RunRecord record) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("dataset", record.dataset());
        json.put("points", record.points());
        json.put("clusters", record.clusters());
        json.put("algorithm", record.algorithm());
        json.put("constrained", record.constrained());
        json.put("kind", record.kind());
        json.put("amount", record.amount() == null ? null : record.amount().text());
        json.put("supervised", record.supervised());
        json.put("repetition", record.repetition());
        json.put("supervisionSeed", record.supervisionSeed());
        json.put("runSeed", record.runSeed());
        for (Measure measure : Measure.values()) {
            if (measure != Measure.SECONDS) {
                json.put(measure.key(), measure.of(record));
            }
        }
        json.put("seconds", record.seconds());
        json.put("failure", record.failure());
        json.put("warnings", record.warnings());
        if (record.selection() != null) {
            json.put("selection", JsonParser.parseString(record.selection()));
        }
        return JsonFormat.write(json);
    }

    /**
     * Reads one line written by {@link #toJson}.
     *
     * @throws IllegalArgumentException naming the field that is missing or wrong
     */
    public static RunRecord fromJson(String line) {
        JsonObject json;
        try {
            json = JsonParser.parseString(line).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(notAnObject(line, e));
        }
        String failure = text(json, "failure");
        Evaluation evaluation = failure != null ? null : new Evaluation(number(json, "acc"), number(json, "nmi"),
                number(json, "ari"), number(json, "ri"), number(json, "dbi"), number(json, "cons"));
        String amount = text(json, "amount");
        List<String> warnings = new ArrayList<>();
        JsonElement warningsElement = json.get("warnings");
        if (warningsElement != null && warningsElement.isJsonArray()) {
            for (JsonElement warning : (JsonArray) warningsElement) {
                warnings.add(warning.getAsString());
            }
        }
        JsonElement supervisionSeed = json.get("supervisionSeed");
        return new RunRecord(required(json, "dataset").getAsString(), required(json, "points").getAsInt(),
                required(json, "clusters").getAsInt(), required(json, "algorithm").getAsString(),
                required(json, "constrained").getAsBoolean(), required(json, "kind").getAsString(),
                amount == null ? null : SupervisionAmount.parse(amount), required(json, "supervised").getAsInt(),
                required(json, "repetition").getAsInt(),
                supervisionSeed == null || supervisionSeed.isJsonNull() ? null : supervisionSeed.getAsLong(),
                required(json, "runSeed").getAsLong(), evaluation, number(json, "seconds"), failure, warnings,
                json.has("selection") && !json.get("selection").isJsonNull() ? json.get("selection").toString() : null);
    }

    /**
     * Writes {@code records} to {@code file}, one line each (creating its folder), replacing the
     * file only once all are written.
     */
    public static void write(Path file, List<RunRecord> records) throws IOException {
        ReplacedFile.writeText(file, writer -> {
            for (RunRecord record : records) {
                writer.write(toJson(record));
                writer.write('\n');
            }
        });
    }

    /**
     * Reads the records of {@code file}; blank lines are skipped.
     *
     * @throws DataException naming the file and line of a bad record
     */
    public static List<RunRecord> read(Path file) {
        List<RunRecord> records = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    records.add(fromJson(line));
                } catch (RuntimeException e) {
                    throw new DataException(file + " line " + number + ": not a run record: " + e.getMessage()
                            + "; give the records.jsonl that 'csc experiment' wrote");
                }
            }
        } catch (IOException e) {
            throw new DataException("Cannot read " + file + ": " + e.getMessage(), e);
        }
        return records;
    }

    /**
     * Why {@code line} did not parse as a JSON object, in words: that it breaks off (the parser
     * reached its end, as in a line cut short), or where its JSON goes wrong; without the parser's
     * class names.
     */
    private static String notAnObject(String line, RuntimeException e) {
        if (!(e instanceof JsonParseException)) {
            return "not a JSON object";
        }
        Matcher position = Pattern.compile("line \\d+ column (\\d+)").matcher(String.valueOf(e.getMessage()));
        if (!position.find()) {
            return "not valid JSON";
        }
        int column = Integer.parseInt(position.group(1));
        return column > line.strip().length() ? "its JSON breaks off at the end of the line, as in a line cut short"
                : "not valid JSON at column " + column;
    }

    private static JsonElement required(JsonObject json, String field) {
        JsonElement element = json.get(field);
        if (element == null || element.isJsonNull()) {
            throw new IllegalArgumentException("field '" + field + "' missing");
        }
        return element;
    }

    private static String text(JsonObject json, String field) {
        JsonElement element = json.get(field);
        return element == null || element.isJsonNull() ? null : element.getAsString();
    }

    private static double number(JsonObject json, String field) {
        JsonElement element = json.get(field);
        return element == null || element.isJsonNull() ? Double.NaN : element.getAsDouble();
    }
}
