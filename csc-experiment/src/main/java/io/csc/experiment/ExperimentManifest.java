package io.csc.experiment;

import com.google.gson.JsonParseException;
import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.linalg.LinearAlgebra;
import io.csc.util.JsonFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How an experiment was run, written beside its records as {@code experiment.json}: the command,
 * when and where, the protocol (kind, amounts, repetitions, seed, k), the data sets and every
 * method with the parameters it used. Reports read it to state how their numbers were produced.
 *
 * @param command the command line that ran the experiment
 * @param started when it started, ISO-8601 UTC
 * @param machine operating system, processors, Java version and heap
 * @param backend the linear-algebra backend
 * @param threads worker threads
 * @param seconds wall-clock seconds of the whole experiment
 * @param kind the supervision kind, as {@link SupervisionKind#text()}
 * @param amounts the amounts, as {@link SupervisionAmount#text()}
 * @param repeats repetitions
 * @param seed the plan seed
 * @param clusters the k given, or null for the number of classes
 * @param scaling how the features were scaled before clustering
 * @param datasets the data sets
 * @param algorithms the methods
 * @param notes remarks on how the experiment was set up (such as data sets left out), one line each
 */
public record ExperimentManifest(String command, String started, String machine, String backend, int threads,
                                 double seconds, String kind, List<String> amounts, int repeats, long seed,
                                 Integer clusters, String scaling, List<DatasetInfo> datasets,
                                 List<AlgorithmInfo> algorithms, List<String> notes) {

    public ExperimentManifest {
        amounts = List.copyOf(amounts);
        datasets = List.copyOf(datasets);
        algorithms = List.copyOf(algorithms);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * A data set of the experiment.
     *
     * @param name its name
     * @param points n
     * @param dimension d
     * @param classes the number of classes of its ground truth
     */
    public record DatasetInfo(String name, int points, int dimension, int classes) {
    }

    /**
     * A method of the experiment.
     *
     * @param name its name
     * @param constrained whether it uses supervision
     * @param summary what it is
     * @param reference where it comes from
     * @param parameters every option with the value used ({@code auto}: derived by the method)
     * @param overrides the options given, over the defaults
     */
    public record AlgorithmInfo(String name, boolean constrained, String summary, String reference,
                                Map<String, String> parameters, Map<String, String> overrides) {

        public AlgorithmInfo {
            parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
            overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
        }
    }

    /** The manifest of {@code plan} run by {@code command} from {@code started} for {@code seconds}, without notes. */
    public static ExperimentManifest of(ExperimentPlan plan, String command, int threads, String scaling,
                                        Instant started, double seconds) {
        List<DatasetInfo> datasets = plan.datasets().stream().map(ExperimentManifest::info).toList();
        List<AlgorithmInfo> algorithms = plan.algorithms().stream().map(algorithm -> new AlgorithmInfo(algorithm.name(),
                algorithm.constrained(), algorithm.descriptor().summary(), algorithm.descriptor().reference(),
                algorithm.effectiveParameters(), algorithm.overrides().asMap())).toList();
        return new ExperimentManifest(command, started.truncatedTo(ChronoUnit.SECONDS).toString(), describeMachine(),
                LinearAlgebra.describe(LinearAlgebra.defaultBackend()), threads, seconds, plan.kind().text(),
                plan.amounts().stream().map(SupervisionAmount::text).toList(), plan.repeats(), plan.seed(),
                plan.clusters(), scaling, datasets, algorithms, List.of());
    }

    private static DatasetInfo info(Dataset data) {
        return new DatasetInfo(data.name(), data.size(), data.dimension(), data.classCount());
    }

    /** This machine: operating system, architecture, processors, Java version and maximum heap. */
    public static String describeMachine() {
        Runtime runtime = Runtime.getRuntime();
        return String.format(Locale.ROOT, "%s %s, %d processors, Java %s, max heap %.1f GB", System.getProperty("os.name"),
                System.getProperty("os.arch"), runtime.availableProcessors(), System.getProperty("java.version"),
                runtime.maxMemory() / 1e9);
    }

    /** The same manifest with the experiment's duration. */
    public ExperimentManifest withSeconds(double newSeconds) {
        return new ExperimentManifest(command, started, machine, backend, threads, newSeconds, kind, amounts, repeats,
                seed, clusters, scaling, datasets, algorithms, notes);
    }

    /** The same manifest with {@code newNotes} instead of its notes. */
    public ExperimentManifest withNotes(List<String> newNotes) {
        return new ExperimentManifest(command, started, machine, backend, threads, seconds, kind, amounts, repeats,
                seed, clusters, scaling, datasets, algorithms, newNotes);
    }

    /** The information on the method called {@code name}, if it took part. */
    public Optional<AlgorithmInfo> algorithm(String name) {
        return algorithms.stream().filter(algorithm -> algorithm.name().equals(name)).findFirst();
    }

    /** The information on the data set called {@code name}, if it took part. */
    public Optional<DatasetInfo> dataset(String name) {
        return datasets.stream().filter(dataset -> dataset.name().equals(name)).findFirst();
    }

    /** Writes the manifest as pretty-printed JSON (creating the folder). */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, JsonFormat.GSON.newBuilder().setPrettyPrinting().create().toJson(this) + "\n",
                StandardCharsets.UTF_8);
    }

    /**
     * Reads a manifest written by {@link #write}.
     *
     * @throws DataException naming the file when it cannot be read or is not a manifest
     */
    public static ExperimentManifest read(Path file) {
        try {
            ExperimentManifest manifest = JsonFormat.GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8),
                    ExperimentManifest.class);
            if (manifest == null || manifest.kind() == null) {
                throw new DataException(file + " is not an experiment manifest: give the experiment.json that "
                        + "'csc experiment' wrote");
            }
            return manifest;
        } catch (IOException e) {
            throw new DataException("Cannot read " + file + ": " + e.getMessage(), e);
        } catch (JsonParseException | NullPointerException e) {
            throw new DataException(file + " is not an experiment manifest (" + e.getMessage()
                    + "): give the experiment.json that 'csc experiment' wrote");
        }
    }
}
