package io.csc.cli;

import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where and how a command writes the cluster of each point: {@code --output FILE --output-format labels|csv}. */
final class LabelOutputOptions {

    @Option(names = "--output", paramLabel = "FILE", description = "Write the cluster of each point to FILE, "
            + "as --output-format says.")
    Path output;

    @Option(names = "--output-format", defaultValue = "labels", paramLabel = "labels|csv",
            converter = LabelFileFormat.Converter.class,
            description = "labels: one label per line, in point order; csv: a header index,label, then one row per point "
                    + "(default: ${DEFAULT-VALUE}).")
    LabelFileFormat outputFormat;

    /** Writes {@code labels} when {@code --output} was given; the line to print about it, or null. */
    String write(int[] labels) throws IOException {
        if (output == null) {
            return null;
        }
        outputFormat.write(output, labels);
        return "labels written to " + output + (outputFormat == LabelFileFormat.LABELS ? "" : " (" + outputFormat.text() + ")");
    }
}
