package io.csc.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How {@code csc cluster --output FILE} writes the cluster of each point ({@code --output-format}). */
enum LabelFileFormat {
    /** One label per line, nothing else, in point order: what {@code csc evaluate --pred} reads. */
    LABELS(null),
    /** A header {@value #CSV_HEADER}, then one row per point: its 0-based index and its label. */
    CSV(LabelFileFormat.CSV_HEADER);

    /** The header of the CSV form, which {@code csc evaluate} recognises. */
    static final String CSV_HEADER = "index,label";

    private final String header;

    LabelFileFormat(String header) {
        this.header = header;
    }

    /** The command-line spelling: lower case. */
    String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Writes {@code labels} to {@code file}, creating its folder. */
    void write(Path file, int[] labels) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            if (header != null) {
                writer.write(header + "\n");
            }
            StringBuilder line = new StringBuilder();
            for (int point = 0; point < labels.length; point++) {
                line.setLength(0);
                if (header != null) {
                    line.append(point).append(',');
                }
                writer.write(line.append(labels[point]).append('\n').toString());
            }
        }
    }

    /** Reads {@code --output-format} values in any letter case, naming the choices when none matches. */
    static final class Converter implements ITypeConverter<LabelFileFormat> {
        @Override
        public LabelFileFormat convert(String value) {
            for (LabelFileFormat format : values()) {
                if (format.text().equals(value.strip().toLowerCase(Locale.ROOT))) {
                    return format;
                }
            }
            throw new TypeConversionException("'" + value + "' is not an output format; expected "
                    + Arrays.stream(values()).map(LabelFileFormat::text).collect(Collectors.joining(" or ")));
        }
    }
}
