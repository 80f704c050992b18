package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.experiment.AlgorithmConfiguration;
import io.csc.metric.Evaluation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
            description = "The method (default: ${DEFAULT-VALUE}); 'csc algorithms' lists them and which are "
                    + "unconstrained, i.e. ignore the supervision.")
    String algorithm;

    @Option(names = "-k", paramLabel = "K", description = "Number of clusters (default: the number of classes in the ground truth).")
    Integer k;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A method option, repeatable (see 'csc algorithms').")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE", description = "Write the cluster of each point to FILE, "
            + "as --output-format says.")
    Path output;

    @Option(names = "--output-format", defaultValue = "labels", paramLabel = "labels|csv",
            converter = LabelFileFormat.Converter.class,
            description = "labels: one label per line, in point order; csv: a header index,label, then one row per point "
                    + "(default: ${DEFAULT-VALUE}).")
    LabelFileFormat outputFormat;

    @Option(names = "--json", description = "Print one JSON object on standard output instead of the summary: the "
            + "parameters the method ran with (defaults included), the supervision, metrics, diagnostics and warnings.")
    boolean json;

    @Option(names = "--json-labels", description = "Add the cluster of each point to the JSON object as 'labels' "
            + "(implies --json).")
    boolean jsonLabels;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AlgorithmDescriptor descriptor = AlgorithmRegistry.byName(algorithm);
        AlgorithmConfiguration configuration = new AlgorithmConfiguration(descriptor, ParameterValues.parse(parameters));
        ClusteringAlgorithm method = configuration.create();
        Dataset dataset = data.load(dataName);
        int clusters = clusterCount(dataset);
        ConstraintSet constraints = supervision.build(dataset, common.seed, err);
        ClusteringResult result;
        try (RunContext context = common.context(err)) {
            result = method.fit(dataset, constraints, clusters, context);
        } catch (OutOfMemoryError error) {
            throw new ErrorHandler.OutOfMemoryErrorWrapper(error);
        }
        result = IgnoredSupervision.annotate(descriptor, constraints, result);
        Evaluation evaluation = dataset.hasLabels() ? Evaluation.of(dataset, constraints, result.labels()) : null;
        if (output != null) {
            outputFormat.write(output, result.labels());
        }
        if (json || jsonLabels) {
            Map<String, Object> report = RunReport.json(descriptor.name(), configuration.effectiveParameters(), dataset,
                    clusters, constraints, result, evaluation, common.seed, common.threadCount());
            if (jsonLabels) {
                report.put("labels", result.labels());
            }
            out.println(Json.write(report));
        } else {
            RunReport.human(out, descriptor.name(), dataset, clusters, constraints,
                    IgnoredSupervision.applies(descriptor, constraints), result, evaluation, common.threadCount(),
                    common.seed);
            if (output != null) {
                out.println("labels written to " + output + (outputFormat == LabelFileFormat.LABELS ? ""
                        : " (" + outputFormat.text() + ")"));
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
}
