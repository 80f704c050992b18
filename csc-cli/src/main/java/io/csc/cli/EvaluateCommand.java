package io.csc.cli;

import io.csc.constraint.ConstraintReader;
import io.csc.constraint.ConstraintSet;
import io.csc.data.DataException;
import io.csc.data.TextContent;
import io.csc.metric.ClusteringMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc evaluate}: quality of a clustering against a ground truth. */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Compare predicted clusters with the ground truth: ACC, NMI, ARI, RI, and CONS with --constraints.")
final class EvaluateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--truth", required = true, paramLabel = "FILE", description = "Ground truth, one label per line.")
    Path truth;

    @Option(names = "--pred", required = true, paramLabel = "FILE", description = "Predicted clusters, one per line, or the CSV "
            + "index,label of 'csc cluster --output-format csv'.")
    Path predicted;

    @Option(names = "--constraints", paramLabel = "FILE", description = "Constraints to score with CONS (i,j,type[,weight]).")
    Path constraints;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        int[] truthLabels = readLabels(truth);
        int[] predictedLabels = readLabels(predicted);
        if (truthLabels.length != predictedLabels.length) {
            throw new DataException(predicted + ": " + predictedLabels.length + " labels but " + truth + " has "
                    + truthLabels.length + "; both files need one line per point, in the same order");
        }
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("n", truthLabels.length);
        metrics.put("acc", ClusteringMetrics.accuracy(truthLabels, predictedLabels));
        metrics.put("nmi", ClusteringMetrics.normalizedMutualInformation(truthLabels, predictedLabels));
        metrics.put("ari", ClusteringMetrics.adjustedRandIndex(truthLabels, predictedLabels));
        metrics.put("ri", ClusteringMetrics.randIndex(truthLabels, predictedLabels));
        if (constraints != null) {
            ConstraintSet set = ConstraintReader.read(constraints, truthLabels.length);
            metrics.put("cons", ClusteringMetrics.constraintSatisfaction(set, predictedLabels));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(metrics));
        } else {
            metrics.forEach((name, value) -> out.println(String.format(Locale.ROOT, "%-4s %s", name.toUpperCase(Locale.ROOT),
                    value instanceof Double number ? String.format(Locale.ROOT, "%.4f", number) : value)));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * Labels, one per line, any text (mapped to ids by first appearance); blank lines are skipped,
     * and a first line reading {@code label} is taken as a header. A file starting with the header
     * {@value LabelFileFormat#CSV_HEADER} ({@code csc cluster --output-format csv}) holds a point's
     * index and its label on each line, the points in order.
     */
    static int[] readLabels(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new DataException(file + ": " + (Files.exists(file) ? "not a regular file" : "no such file")
                    + "; give a file with one label per line");
        }
        List<String> lines = TextContent.readLines(file, "labels", "give a text file with one label per line");
        boolean indexed = !lines.isEmpty() && lines.get(0).strip().equalsIgnoreCase(LabelFileFormat.CSV_HEADER);
        Map<String, Integer> ids = new HashMap<>();
        List<Integer> labels = new ArrayList<>();
        for (int number = 0; number < lines.size(); number++) {
            String text = lines.get(number).strip();
            if (text.isEmpty() || (number == 0 && (indexed || text.equalsIgnoreCase("label")))) {
                continue;
            }
            String label = indexed ? indexedLabel(file, number + 1, text, labels.size()) : text;
            labels.add(ids.computeIfAbsent(label, key -> ids.size()));
        }
        if (labels.isEmpty()) {
            throw new DataException(file + ": no labels; give a file with one label per line");
        }
        return labels.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The label of a line {@code index,label}, whose index must be {@code expectedIndex}. */
    private static String indexedLabel(Path file, int lineNumber, String text, int expectedIndex) {
        int comma = text.indexOf(',');
        String index = comma < 0 ? "" : text.substring(0, comma).strip();
        if (comma < 0 || !index.equals(Integer.toString(expectedIndex))) {
            throw new DataException(file + " line " + lineNumber + ": '" + TextContent.printable(text) + "' where "
                    + expectedIndex
                    + ",<label> belongs; after the header " + LabelFileFormat.CSV_HEADER
                    + " give one line per point, in point order");
        }
        return text.substring(comma + 1).strip();
    }
}
