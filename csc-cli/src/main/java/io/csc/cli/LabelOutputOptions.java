package io.csc.cli;

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

    /**
     * Fails unless {@code --output}, when given, can be written and is none of {@code inputs}:
     * called before the work, so that no fit runs for an output that cannot be kept.
     */
    void check(Path... inputs) {
        if (output != null) {
            OutputFile.of(output, "--output").check(inputs);
        }
    }

    /** The {@code --output} file, or null. */
    Path path() {
        return output;
    }

    /**
     * Writes {@code labels} when {@code --output} was given, whole or not at all; the line to print
     * about it, or null.
     */
    String write(int[] labels) {
        if (output == null) {
            return null;
        }
        OutputFile.of(output, "--output").write(file -> outputFormat.write(file, labels));
        return "labels written to " + output + (outputFormat == LabelFileFormat.LABELS ? "" : " (" + outputFormat.text() + ")");
    }
}
