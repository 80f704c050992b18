package io.csc.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSerializer;

/** JSON for the command line: non-finite numbers become null (JSON has no NaN). */
final class Json {

    private static final JsonSerializer<Double> DOUBLES = (value, type, context) -> finite(value);

    static final Gson GSON = new GsonBuilder()
            .serializeNulls()
            .registerTypeAdapter(Double.class, DOUBLES)
            .registerTypeAdapter(double.class, DOUBLES)
            .registerTypeAdapter(double[].class, (JsonSerializer<double[]>) (values, type, context) -> {
                com.google.gson.JsonArray array = new com.google.gson.JsonArray();
                for (double value : values) {
                    array.add(finite(value));
                }
                return array;
            })
            .disableHtmlEscaping()
            .create();

    private Json() {
    }

    private static JsonElement finite(Double value) {
        return value == null || !Double.isFinite(value) ? JsonNull.INSTANCE : new JsonPrimitive(value);
    }

    static String write(Object value) {
        return GSON.toJson(value);
    }
}
