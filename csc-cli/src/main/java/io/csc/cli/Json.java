package io.csc.cli;

import com.google.gson.Gson;
import io.csc.util.JsonFormat;

/** JSON for the command line: the library's conventions ({@link JsonFormat}), non-finite numbers as null. */
final class Json {

    static final Gson GSON = JsonFormat.GSON;

    private Json() {
    }

    static String write(Object value) {
        return JsonFormat.write(value);
    }
}
