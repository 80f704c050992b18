package io.csc.api;

import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.FittedScaling;
import io.csc.model.FittedModel;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Another place to run the methods than this JVM, such as a Spark cluster, found with
 * {@link ServiceLoader} so that the core and the command line do not depend on it: a module
 * implements {@link Provider} and names it in {@code META-INF/services/io.csc.api.ClusteringEngine$Provider}.
 */
public interface ClusteringEngine extends AutoCloseable {

    /** A fit: the labels of every point (in row order), diagnostics and time, and the model. */
    record Fit(ClusteringResult result, FittedModel model) {
    }

    /**
     * Fits {@code method} on points already in this JVM, scaled with {@code scaling}, under
     * {@code constraints} (over their rows).
     */
    Fit fit(Dataset scaled, FittedScaling scaling, ConstraintSet constraints, String method, ParameterValues values,
            int k, long seed);

    /**
     * Fits {@code method} on the points of a directory the engine reads (Parquet: a vector column
     * {@code features} or numeric feature columns, optionally {@code id} and a label column), scaled
     * with {@code scaling} fitted on them. {@code supervision} gives the supervision once the number
     * of points is known, naming points by their {@code id} when the data has that column, else by
     * row. {@code truth} receives the data's labels (a class per point, in row order) when the label
     * column exists; k null means the number of its classes.
     */
    Fit fit(Path directory, String labelColumn, io.csc.data.Scaling scaling,
            java.util.function.IntFunction<ConstraintSet> supervision, String method, ParameterValues values,
            Integer k, long seed, java.util.function.Consumer<int[]> truth);

    /** Writes {@code data} (features and, when known, labels) as a Parquet directory with the engine's writer. */
    void writeParquet(Dataset data, Path directory);

    /** What the engine runs on, as reports state it (e.g. "spark local[2]"). */
    String describe();

    /** Releases what the engine holds (a Spark session it started). */
    @Override
    void close();

    /** Starts an engine. */
    interface Provider {

        /** The engine's name, as {@code --engine} gives it. */
        String name();

        /** An engine on {@code master} (such as {@code local[2]} or a cluster's URL; null: the engine's default). */
        ClusteringEngine start(String master);
    }

    /**
     * The engine called {@code name}, started on {@code master}; refused with what to do when no
     * provider on the class path has that name.
     */
    static ClusteringEngine start(String name, String master) {
        for (Provider provider : ServiceLoader.load(Provider.class, ClusteringEngine.class.getClassLoader())) {
            if (provider.name().equalsIgnoreCase(name)) {
                return provider.start(master);
            }
        }
        throw new IllegalStateException("The " + name + " engine is not on the class path: run csc with the csc-spark "
                + "jar and Spark's jars (./csc adds them when csc-spark is built: ./mvnw -B package -pl csc-spark -am), "
                + "or submit csc-spark's shaded jar with spark-submit");
    }
}
