package io.csc.cli;

import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.Evaluation;
import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc predict}: label new points with a saved model. */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Label new points with a model saved by 'csc cluster --save-model'. The points are scaled with "
                + "the training data's statistics; quality is reported when the data has truth labels.")
final class PredictCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model saved by 'csc cluster --save-model'.")
    Path modelFile;

    @Option(names = "--data", required = true, paramLabel = "FILE|NAME", description = DataOptions.DATA_DESCRIPTION)
    String dataName;

    @Mixin
    DataOptions data;

    @Mixin
    CommonOptions common;

    @Mixin
    LabelOutputOptions labelOutput;

    @Option(names = "--json", description = "Print one JSON object on standard output instead of the summary.")
    boolean json;

    @Option(names = "--json-labels", description = "Add the cluster of each point to the JSON object as 'labels' "
            + "(implies --json).")
    boolean jsonLabels;

    /**
     * The model file: {@code --model} itself, or inside a model directory saved by the Spark engine's
     * spark.ml model (its {@code data/model.csc}).
     */
    private Path modelPath() {
        Path inside = modelFile.resolve("data").resolve("model.csc");
        return java.nio.file.Files.isDirectory(modelFile) && java.nio.file.Files.isRegularFile(inside) ? inside : modelFile;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (data.scalingGiven()) {
            throw new IllegalArgumentException("csc predict scales the points with the model's training statistics: "
                    + "drop --scale");
        }
        labelOutput.check(data.inputFile(dataName), modelFile);
        FittedModel model = ModelFile.load(modelPath());
        Dataset points = data.loadRaw(dataName).data();
        int[] labels;
        double seconds;
        // timed as a fit is: the prediction alone, after the thread pool and the native backend are up
        try (RunContext context = common.context(spec.commandLine().getErr())) {
            long start = System.nanoTime();
            labels = model.predict(points, context);
            seconds = (System.nanoTime() - start) / 1e9;
        } catch (OutOfMemoryError error) {
            throw new ErrorHandler.OutOfMemoryErrorWrapper(error);
        }
        List<String> warnings = java.util.stream.Stream.concat(model.positionalReading(points).stream(),
                model.extrapolation(points).stream()).toList();
        Evaluation evaluation = points.hasLabels()
                ? Evaluation.of(model.scaling().apply(points), ConstraintSet.empty(points.size()), labels) : null;
        String written = labelOutput.write(labels);
        if (json || jsonLabels) {
            Map<String, Object> report = new LinkedHashMap<>();
            report.put("algorithm", model.provenance().method());
            report.put("model", modelFile.toString());
            report.put("data", points.name());
            report.put("n", points.size());
            report.put("k", model.clusters());
            report.put("seconds", seconds);
            if (evaluation != null) {
                report.put("metrics", RunReport.metrics(evaluation));
            }
            if (!warnings.isEmpty()) {
                report.put("warnings", warnings);
            }
            if (jsonLabels) {
                report.put("labels", labels);
            }
            out.println(Json.write(report));
        } else {
            out.printf(Locale.ROOT, "%s model %s on %s: %d points placed in %d clusters in %.3f s%n",
                    model.provenance().method(), modelFile, points.name(), points.size(), model.clusters(), seconds);
            for (String warning : warnings) {
                out.println("warning: " + warning);
            }
            if (evaluation != null) {
                out.printf(Locale.ROOT, "ACC %.4f  NMI %.4f  ARI %.4f  RI %.4f%n", evaluation.accuracy(), evaluation.nmi(),
                        evaluation.ari(), evaluation.randIndex());
            }
            if (written != null) {
                out.println(written);
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
