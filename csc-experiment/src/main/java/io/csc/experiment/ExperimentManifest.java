package io.csc.experiment;

import com.google.gson.JsonParseException;
import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.linalg.LinearAlgebra;
import io.csc.model.Provenance;
import io.csc.util.JsonFormat;
import io.csc.util.ReplacedFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

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
 * @param status {@value #RUNNING} while the sweep runs (written when it starts, so that an
 *        interrupted sweep can be resumed), {@value #FINISHED} once its files are written (null, in
 *        the manifests of earlier versions, also means finished)
 */
public record ExperimentManifest(String command, String started, String machine, String backend, int threads,
                                 double seconds, String kind, List<String> amounts, int repeats, long seed,
                                 Integer clusters, String scaling, List<DatasetInfo> datasets,
                                 List<AlgorithmInfo> algorithms, List<String> notes, String status) {

    /** The status of a sweep that is running, or was interrupted. */
    public static final String RUNNING = "running";
    /** The status of a sweep whose files are written. */
    public static final String FINISHED = "finished";

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
     * @param fingerprint SHA-256 prefixes of its features (as clustered, after scaling) and of its
     *        ground truth, to recognise the same data when a sweep is resumed (null in the manifests of
     *        earlier versions)
     */
    public record DatasetInfo(String name, int points, int dimension, int classes, String fingerprint) {
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
                plan.clusters(), scaling, datasets, algorithms, List.of(), FINISHED);
    }

    private static DatasetInfo info(Dataset data) {
        int[] labels = data.hasLabels() ? data.labels() : new int[0];
        double[] truth = new double[labels.length];
        for (int i = 0; i < labels.length; i++) {
            truth[i] = labels[i];
        }
        String fingerprint = Provenance.fingerprint(data).substring(0, 32) + "-"
                + Provenance.fingerprint(truth).substring(0, 32);
        return new DatasetInfo(data.name(), data.size(), data.dimension(), data.classCount(), fingerprint);
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
                seed, clusters, scaling, datasets, algorithms, notes, status);
    }

    /** The same manifest with {@code newNotes} instead of its notes. */
    public ExperimentManifest withNotes(List<String> newNotes) {
        return new ExperimentManifest(command, started, machine, backend, threads, seconds, kind, amounts, repeats,
                seed, clusters, scaling, datasets, algorithms, newNotes, status);
    }

    /** The same manifest with another {@link #status}. */
    public ExperimentManifest withStatus(String newStatus) {
        return new ExperimentManifest(command, started, machine, backend, threads, seconds, kind, amounts, repeats,
                seed, clusters, scaling, datasets, algorithms, notes, newStatus);
    }

    /** The same manifest with the command and start of {@code first}: a resumed sweep keeps how it began. */
    public ExperimentManifest startedAs(ExperimentManifest first) {
        return new ExperimentManifest(first.command, first.started, machine, backend, threads, seconds, kind, amounts,
                repeats, seed, clusters, scaling, datasets, algorithms, notes, status);
    }

    /** Whether the sweep of this manifest was started and has not written its files: running, or interrupted. */
    public boolean unfinished() {
        return RUNNING.equals(status);
    }

    /**
     * How this plan differs from that of {@code other}, the manifest of an earlier sweep, in words
     * ({@code seed 4 (the folder's: 3)}), or empty when both run the same fits: the same data (by fingerprint), methods with the same
     * parameters, kind, amounts, repetitions, seed, k and scaling. The command, machine, backend and
     * threads may differ.
     */
    public Optional<String> planDifference(ExperimentManifest other) {
        List<String> differences = new ArrayList<>();
        compare(differences, "supervision kind", kind, other.kind);
        compare(differences, "amounts", String.join(",", amounts), String.join(",", other.amounts));
        compare(differences, "repetitions", repeats, other.repeats);
        compare(differences, "seed", seed, other.seed);
        compare(differences, "k", clusters == null ? "the number of classes" : clusters,
                other.clusters == null ? "the number of classes" : other.clusters);
        compare(differences, "scaling", scaling, other.scaling);
        compare(differences, "data sets", datasets.stream().map(DatasetInfo::name).toList(),
                other.datasets.stream().map(DatasetInfo::name).toList());
        compare(differences, "methods", algorithms.stream().map(AlgorithmInfo::name).toList(),
                other.algorithms.stream().map(AlgorithmInfo::name).toList());
        if (differences.isEmpty()) {
            for (int i = 0; i < datasets.size(); i++) {
                DatasetInfo mine = datasets.get(i);
                DatasetInfo theirs = other.datasets.get(i);
                if (!mine.equals(theirs)) {
                    differences.add("the data set " + mine.name() + " (" + mine.points() + " x " + mine.dimension()
                            + ") is not the folder's (" + theirs.points() + " x " + theirs.dimension()
                            + (mine.points() == theirs.points() && mine.dimension() == theirs.dimension()
                            ? ", other values" : "") + ")");
                }
            }
            for (int i = 0; i < algorithms.size(); i++) {
                Map<String, String> mine = algorithms.get(i).parameters();
                Map<String, String> theirs = other.algorithms.get(i).parameters();
                for (String key : union(mine.keySet(), theirs.keySet())) {
                    if (!Objects.equals(mine.get(key), theirs.get(key))) {
                        differences.add(algorithms.get(i).name() + " " + key + "=" + mine.get(key) + " (the folder's: "
                                + key + "=" + theirs.get(key) + ")");
                    }
                }
            }
        }
        return differences.isEmpty() ? Optional.empty() : Optional.of(differences.get(0));
    }

    private static List<String> union(Set<String> first, Set<String> second) {
        Set<String> keys = new LinkedHashSet<>(first);
        keys.addAll(second);
        return List.copyOf(keys);
    }

    private static void compare(List<String> differences, String what, Object here, Object there) {
        if (!Objects.equals(here, there)) {
            differences.add(what + " " + here + " (the folder's: " + there + ")");
        }
    }

    /** The information on the method called {@code name}, if it took part. */
    public Optional<AlgorithmInfo> algorithm(String name) {
        return algorithms.stream().filter(algorithm -> algorithm.name().equals(name)).findFirst();
    }

    /** The information on the data set called {@code name}, if it took part. */
    public Optional<DatasetInfo> dataset(String name) {
        return datasets.stream().filter(dataset -> dataset.name().equals(name)).findFirst();
    }

    /** Writes the manifest as pretty-printed JSON (creating the folder), replacing the file once written. */
    public void write(Path file) throws IOException {
        String json = JsonFormat.GSON.newBuilder().setPrettyPrinting().create().toJson(this) + "\n";
        ReplacedFile.writeText(file, writer -> writer.write(json));
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
