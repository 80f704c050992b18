package io.csc.util;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSerializer;

/**
 * The JSON conventions of the library and the command line: nulls are written, non-finite
 * numbers become null (JSON has no NaN or infinity), no HTML escaping.
 */
public final class JsonFormat {

    private static final JsonSerializer<Double> DOUBLES = (value, type, context) -> finite(value);

    /** The configured Gson instance (thread-safe). */
    public static final Gson GSON = new GsonBuilder()
            .serializeNulls()
            .registerTypeAdapter(Double.class, DOUBLES)
            .registerTypeAdapter(double.class, DOUBLES)
            .registerTypeAdapter(double[].class, (JsonSerializer<double[]>) (values, type, context) -> {
                JsonArray array = new JsonArray();
                for (double value : values) {
                    array.add(finite(value));
                }
                return array;
            })
            .disableHtmlEscaping()
            .create();

    private JsonFormat() {
    }

    /** {@code value} as JSON on one line. */
    public static String write(Object value) {
        return GSON.toJson(value);
    }

    /** A number as JSON, null when it is not finite. */
    public static JsonElement finite(Double value) {
        return value == null || !Double.isFinite(value) ? JsonNull.INSTANCE : new JsonPrimitive(value);
    }
}
