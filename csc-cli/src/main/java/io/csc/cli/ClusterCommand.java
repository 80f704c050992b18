package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.Evaluation;
import io.csc.model.FittedModel;
import io.csc.model.MethodSetting;
import io.csc.model.ModelFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc cluster}: one method on one data set. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "Cluster a data set with one method, optionally guided by constraints, and report quality "
                + "against the ground truth when the data has it.")
final class ClusterCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "FILE|NAME", description = DataOptions.DATA_DESCRIPTION)
    String dataName;

    @Mixin
    DataOptions data;

    @Mixin
    SupervisionOptions supervision;

    @Mixin
    CommonOptions common;

    @Option(names = {"-a", "--algorithm"}, defaultValue = "njw", paramLabel = "NAME",
            description = "The method (default: ${DEFAULT-VALUE}); 'csc algorithms' lists them.")
    String algorithm;

    @Option(names = "-k", paramLabel = "K", description = "Number of clusters (default: the number of classes in the ground truth).")
    Integer k;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A method option, repeatable (see 'csc algorithms').")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE", description = "Write the cluster of each point, one per line.")
    Path output;

    @Option(names = "--json", description = "Print one JSON object on standard output instead of the summary.")
    boolean json;

    @Option(names = "--save-model", paramLabel = "FILE",
            description = "Save the fitted model (scaling, placement of new points, provenance) for 'csc predict'.")
    Path saveModel;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AlgorithmDescriptor descriptor = AlgorithmRegistry.byName(algorithm);
        ParameterValues values = ParameterValues.parse(parameters);
        ClusteringAlgorithm method = descriptor.create(values);
        DataOptions.Scaled scaled = data.loadScaled(dataName);
        Dataset dataset = scaled.data();
        int clusters = clusterCount(dataset);
        ConstraintSet constraints = supervision.build(dataset, common.seed, err);
        if (!descriptor.constrained() && !constraints.isEmpty() && !common.quiet) {
            err.println("[csc] note: " + descriptor.name() + " is unconstrained and ignores the supervision");
        }
        ClusteringResult result;
        try (RunContext context = common.context(err)) {
            result = method.fit(dataset, constraints, clusters, context);
        } catch (OutOfMemoryError error) {
            throw new ErrorHandler.OutOfMemoryErrorWrapper(error);
        }
        Evaluation evaluation = dataset.hasLabels() ? Evaluation.of(dataset, constraints, result.labels()) : null;
        if (output != null) {
            writeLabels(output, result.labels());
        }
        if (saveModel != null) {
            FittedModel model = FittedModel.of(result, MethodSetting.of(descriptor, values, result), dataset,
                    scaled.scaling(), constraints, common.seed);
            ModelFile.save(model, saveModel);
        }
        if (json) {
            out.println(Json.write(RunReport.json(descriptor.name(), values.asMap(), dataset, clusters, constraints, result,
                    evaluation, common.seed, common.threadCount())));
        } else {
            RunReport.human(out, descriptor.name(), dataset, clusters, constraints, result, evaluation,
                    common.threadCount(), common.seed);
            if (output != null) {
                out.println("labels written to " + output);
            }
            if (saveModel != null) {
                out.println("model saved to " + saveModel + " (csc predict --model " + saveModel + " --data FILE)");
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private int clusterCount(Dataset dataset) {
        if (k != null) {
            return k;
        }
        if (!dataset.hasLabels()) {
            throw new IllegalArgumentException(dataset.name() + " has no ground truth to take the number of clusters "
                    + "from: give -k");
        }
        return dataset.classCount();
    }

    static void writeLabels(Path file, int[] labels) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            for (int label : labels) {
                line.setLength(0);
                writer.write(line.append(label).append('\n').toString());
            }
        }
    }
}
