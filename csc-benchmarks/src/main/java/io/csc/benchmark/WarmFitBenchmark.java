package io.csc.benchmark;

import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.DataLoader;
import io.csc.data.CsvOptions;
import io.csc.data.DataFormat;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One fit of a landmark method in a JVM that has already run it (a server, a Spark executor, a
 * loop of fits): the same job as the peers script's (experiments/peers/run.sh) on its 20,000-image
 * subsample, without the compiler's and the class loader's share of a fresh JVM. The data are the
 * script's files, single precision, not scaled; scacs gets the script's 1,000 known labels and
 * {@code select=none}, lsc-r 1,000 landmarks and 5 nearest.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class WarmFitBenchmark {

    @Param({"experiments/peers/out/fashion-20000.npy"})
    String data;

    @Param({"scacs", "lsc-r"})
    String method;

    private RunContext context;
    private Dataset points;
    private ConstraintSet supervision;
    private ClusteringAlgorithm algorithm;

    @Setup(Level.Trial)
    public void load() throws IOException {
        Path file = Path.of(data);
        points = DataLoader.load(file, DataFormat.NPY, CsvOptions.defaults(), Precision.FLOAT);
        supervision = ConstraintSet.empty(points.size());
        ParameterValues values = ParameterValues.parse(List.of("landmarks=1000", "nearest=5"));
        if (method.equals("scacs")) {
            List<String> lines = Files.readAllLines(Path.of(data.replace(".npy", ".known.csv")));
            int[] known = new int[lines.size()];
            int[] classes = new int[lines.size()];
            for (int t = 0; t < known.length; t++) {
                String[] fields = lines.get(t).split(",");
                known[t] = Integer.parseInt(fields[0].strip());
                classes[t] = Integer.parseInt(fields[1].strip());
            }
            supervision = ConstraintSet.fromLabels(points.size(), known, classes);
            values = ParameterValues.parse(List.of("select=none"));
        }
        algorithm = AlgorithmRegistry.byName(method).create(values);
        context = RunContext.of(1, 2);
    }

    @TearDown(Level.Trial)
    public void closePool() {
        context.close();
    }

    @Benchmark
    public ClusteringResult fit() {
        return algorithm.fit(points, supervision, 10, context);
    }
}
