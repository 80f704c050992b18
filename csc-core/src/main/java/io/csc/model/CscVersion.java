package io.csc.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version of this csc library, as the build wrote it. */
public final class CscVersion {

    private static final String VERSION = read();

    private CscVersion() {
    }

    /** E.g. {@code 0.1.0-SNAPSHOT}; {@code unknown} when the build did not write it. */
    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = CscVersion.class.getResourceAsStream("csc-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "unknown");
            return version.startsWith("${") ? "unknown" : version;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
