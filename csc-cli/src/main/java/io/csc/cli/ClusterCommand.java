package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.ClusteringEngine;
import io.csc.api.NeighbourSearch;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.data.TruthClusters;
import io.csc.experiment.AlgorithmConfiguration;
import io.csc.linalg.LinearAlgebra;
import io.csc.metric.Evaluation;
import io.csc.model.FittedModel;
import io.csc.model.MethodSetting;
import io.csc.model.ModelFile;
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

    @Mixin
    EngineOptions engine;

    @Option(names = {"-a", "--algorithm"}, defaultValue = "njw", paramLabel = "NAME",
            description = "The method (default: ${DEFAULT-VALUE}); 'csc algorithms' lists them and which are "
                    + "unconstrained, i.e. ignore the supervision.")
    String algorithm;

    @Option(names = "-k", paramLabel = "K", description = "Number of clusters (default: the number of classes in the ground truth).")
    Integer k;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A method option, repeatable (see 'csc algorithms').")
    List<String> parameters = new ArrayList<>();

    @Mixin
    LabelOutputOptions labelOutput;

    @Option(names = "--json", description = "Print one JSON object on standard output instead of the summary: the "
            + "parameters the method ran with (defaults included), the supervision, metrics, diagnostics and warnings.")
    boolean json;

    @Option(names = "--json-labels", description = "Add the cluster of each point to the JSON object as 'labels' "
            + "(implies --json).")
    boolean jsonLabels;

    @Option(names = "--neighbour-search", defaultValue = "auto", paramLabel = "auto|exact|approximate",
            description = "How k-NN graphs find their neighbours, and sc-pc the nearest of its landmarks: exact (every "
                    + "distance), approximate (NN-descent; landmarks screened on 128 principal components; the recall on "
                    + "a sample is in diagnostics.neighbourSearch or diagnostics.landmarkSearch), or auto: exact up to "
                    + NeighbourSearch.AUTO_EXACT_LIMIT + " points while n²·d is at most 5e10, for landmarks while n·p·d "
                    + "is at most 1e11 (default: ${DEFAULT-VALUE}).")
    String neighbourSearch;

    @Option(names = "--save-model", paramLabel = "FILE",
            description = "Save the fitted model (scaling, placement of new points, provenance) for 'csc predict'.")
    Path saveModel;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (k != null && k < 1) {
            throw new IllegalArgumentException("Invalid -k: " + k + " (must be >= 1)");
        }
        AlgorithmDescriptor descriptor = AlgorithmRegistry.byName(algorithm);
        ParameterValues values = ParameterValues.parse(parameters);
        AlgorithmConfiguration configuration = new AlgorithmConfiguration(descriptor, values);
        ClusteringAlgorithm method = configuration.create();
        NeighbourSearch search;
        try {
            search = NeighbourSearch.parse(neighbourSearch);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --neighbour-search '" + neighbourSearch
                    + "': expected auto, exact or approximate");
        }
        Path[] inputs = {data.inputFile(dataName), supervision.constraints, supervision.labels, supervision.groups};
        labelOutput.check(inputs);
        OutputFile modelOutput = saveModel == null ? null : OutputFile.of(saveModel, "--save-model");
        if (modelOutput != null) {
            modelOutput.check(inputs);
            modelOutput.checkApartFrom(labelOutput.path(), "--output");
        }
        boolean spark = engine.spark();
        if (spark && common.threads != null) {
            // the Spark engine fits on its executors' task slots and sequentially on the driver: --threads
            // would be reported in the results as the threads of a fit it never set
            throw new IllegalArgumentException("--threads sets the local engine's threads; the Spark engine runs as "
                    + "many tasks at once as its master's slots: drop --threads, and give --spark-master local[N] for "
                    + "N threads on this machine");
        }
        if (!spark && EngineOptions.isParquetDirectory(dataName)) {
            throw new IllegalArgumentException(dataName + " is a directory of Parquet files: read it with --engine spark");
        }
        if (spark && EngineOptions.isParquetDirectory(dataName)) {
            return clusterParquet(out, err, descriptor, values, configuration, modelOutput);
        }
        DataOptions.Scaled scaled = data.loadScaled(dataName);
        Dataset dataset = scaled.data();
        int clusters = clusterCount(dataset);
        ConstraintSet constraints = supervision.build(dataset, common.seed, err);
        supervision.requireClassesWithin(constraints, clusters);
        ClusteringResult result;
        FittedModel fitted = null;
        String backend;
        if (spark) {
            try (ClusteringEngine started = engine.start()) {
                backend = started.describe();
                ClusteringEngine.Fit fit = started.fit(dataset, scaled.scaling(), constraints, descriptor.name(), values,
                        clusters, common.seed);
                result = fit.result();
                fitted = fit.model();
            }
        } else {
            try (RunContext context = common.context(err).withNeighbourSearch(search)) {
                backend = LinearAlgebra.describe(context.backend());
                result = method.fit(dataset, constraints, clusters, context);
            } catch (OutOfMemoryError error) {
                throw new ErrorHandler.OutOfMemoryErrorWrapper(error);
            }
        }
        result = TruthLikeColumn.annotate(dataset, IgnoredSupervision.annotate(descriptor, constraints, result));
        Evaluation evaluation = dataset.hasLabels() ? Evaluation.of(dataset, constraints, result.labels()) : null;
        String written = labelOutput.write(result.labels());
        if (saveModel != null) {
            FittedModel model = fitted != null ? fitted : FittedModel.of(result, MethodSetting.of(descriptor, values, result),
                    dataset, scaled.scaling(), constraints, common.seed);
            modelOutput.write(file -> ModelFile.save(model, file));
        }
        return report(out, descriptor, configuration, dataset.name(), dataset.size(), dataset.dimension(),
                dataset.precision().toString(), clusters, constraints, result, evaluation, backend, written);
    }

    /** {@code --engine spark --data DIR}: the engine reads the Parquet directory; labels and truth come back. */
    private Integer clusterParquet(PrintWriter out, PrintWriter err, AlgorithmDescriptor descriptor, ParameterValues values,
                                   AlgorithmConfiguration configuration, OutputFile modelOutput) throws IOException {
        EngineOptions.requireOnlyParquet(Path.of(dataName));
        if (!data.ignoredColumns.isEmpty()) {
            throw new IllegalArgumentException("--ignore-columns applies to CSV files; the Spark engine reads the "
                    + "Parquet directory " + dataName + " as it is: write it without the columns " + String.join(",",
                    data.ignoredColumns) + ", or give a CSV file");
        }
        int[][] truth = {null};
        ConstraintSet[] given = {null};
        ClusteringEngine.Fit fit;
        String backend;
        try (ClusteringEngine started = engine.start()) {
            backend = started.describe();
            fit = started.fit(Path.of(dataName), data.labelColumn, data.scalingFor(new DataOptions.Raw(null, false)),
                    n -> {
                        given[0] = supervision.build(n, truth[0], dataName, common.seed, err);
                        // refused before the fit, as locally: k is given, or the truth's classes (the
                        // engine has read them by now), or the engine refuses the run for want of k
                        int clusters = k != null ? k : truth[0] == null ? 0 : (int) java.util.Arrays.stream(truth[0])
                                .distinct().count();
                        if (clusters > 0) {
                            supervision.requireClassesWithin(given[0], clusters);
                        }
                        return given[0];
                    }, descriptor.name(), values, k, common.seed, labels -> truth[0] = labels);
        }
        ClusteringResult result = IgnoredSupervision.annotate(descriptor, given[0], fit.result());
        int n = result.labels().length;
        Evaluation evaluation = truth[0] == null ? null : Evaluation.of(truth[0], given[0], result.labels());
        String written = labelOutput.write(result.labels());
        if (modelOutput != null) {
            modelOutput.write(file -> ModelFile.save(fit.model(), file));
        }
        return report(out, descriptor, configuration, Path.of(dataName).getFileName().toString(), n,
                fit.model().provenance().features(), Precision.DOUBLE.toString(), result.clusterCount(), given[0], result,
                evaluation, backend, written);
    }

    private Integer report(PrintWriter out, AlgorithmDescriptor descriptor, AlgorithmConfiguration configuration,
                           String dataName, int n, int d, String precision, int clusters, ConstraintSet constraints,
                           ClusteringResult result, Evaluation evaluation, String backend, String written) {
        if (json || jsonLabels) {
            Map<String, Object> report = RunReport.json(descriptor.name(), configuration.effectiveParameters(), dataName,
                    n, d, precision, clusters, constraints, result, evaluation, backend, common.seed, common.threadCount());
            if (engine.spark()) {
                report.put("engine", "spark");
            }
            if (jsonLabels) {
                report.put("labels", result.labels());
            }
            out.println(Json.write(report));
        } else {
            RunReport.human(out, descriptor.name(), dataName, n, d, clusters, constraints,
                    IgnoredSupervision.applies(descriptor, constraints), result, evaluation, backend,
                    common.threadCount(), common.seed);
            if (written != null) {
                out.println(written);
            }
            if (saveModel != null) {
                out.println("model saved to " + saveModel + " (csc predict --model " + saveModel + " --data FILE)");
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private int clusterCount(Dataset dataset) {
        return k != null ? k : TruthClusters.of(dataset);
    }
}
