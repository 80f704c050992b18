package io.csc.model;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringModel;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.ClusteringResult;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.FeatureMagnitude;
import io.csc.data.FittedScaling;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import io.csc.linalg.DenseMatrix;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A fitted clustering, ready to label new points: the scaling fitted on the training data, the
 * method's placement of new points, and where it all came from. Immutable and thread-safe.
 *
 * <p>New points are given as the training points were read, before scaling: the model scales them
 * with the training statistics. Save and load with {@link ModelFile}.
 *
 * <pre>{@code
 * FittedModel model = FittedModel.fit(descriptor, values, raw, Scaling.ZSCORE, constraints, k, context);
 * int[] labels = model.predict(newPoints, context);
 * ModelFile.save(model, Path.of("model.csc"));
 * }</pre>
 *
 * @param provenance the method, its effective parameters, the training data and supervision
 * @param scaling the scaling fitted on the training points
 * @param placement how the method places (scaled) points
 */
public record FittedModel(Provenance provenance, FittedScaling scaling, ClusteringModel placement, TrainingRange range) {

    public FittedModel {
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(scaling, "scaling");
        Objects.requireNonNull(placement, "placement");
        if (scaling.dimension() != 0 && scaling.dimension() != provenance.features()) {
            throw new IllegalArgumentException("Scaling of " + scaling.dimension() + " features for a model of "
                    + provenance.features());
        }
        if (range != null && range.minimum().length != provenance.features()) {
            throw new IllegalArgumentException("A training range of " + range.minimum().length + " features for a model of "
                    + provenance.features());
        }
    }

    /** A model without its training range (one read from a file that has none): {@link #extrapolation} says nothing. */
    public FittedModel(Provenance provenance, FittedScaling scaling, ClusteringModel placement) {
        this(provenance, scaling, placement, null);
    }

    /**
     * The model of a fit: the method's own placement where it has one (landmark and Nyström
     * methods), else the Nyström extension of its embedding ({@link GraphExtensionModel}), else the
     * nearest centre in feature space ({@link NearestCentreModel}, for methods without an embedding).
     *
     * @param result the fit
     * @param training the training points as the method saw them (scaled)
     * @param scaling the scaling that produced {@code training}
     * @param setting the method and every effective parameter
     */
    public static FittedModel of(ClusteringResult result, MethodSetting setting, Dataset training, FittedScaling scaling, ConstraintSet constraints, long seed) {
        int k = result.clusterCount();
        ClusteringModel placement = result.model().orElseGet(() -> {
            Dataset points = training.inPrecision(Precision.DOUBLE);
            DenseMatrix embedding = result.embedding();
            if (embedding == null) {
                return NearestCentreModel.fit(points, result.labels(), k);
            }
            Object sigma = result.diagnostics().values().get("sigma");
            double width = sigma instanceof Number number ? number.doubleValue() : Double.NaN;
            return GraphExtensionModel.fit(points, embedding, result.labels(), k, width, seed);
        });
        return new FittedModel(Provenance.of(setting.method(), setting.parameters(), seed, training, k, constraints),
                scaling, placement, TrainingRange.of(training));
    }

    /**
     * Scales {@code raw} with {@code scaling}, fits {@code method} with {@code values} and
     * {@code constraints}, and returns the model of that fit.
     */
    public static FittedModel fit(AlgorithmDescriptor method, ParameterValues values, Dataset raw, Scaling scaling,
                                  ConstraintSet constraints, int k, RunContext context) {
        return fitted(method, values, raw, scaling, constraints, k, context).model();
    }

    /**
     * As {@link #fit}, with the fit itself: the labels it gave the training points beside the model
     * that labels new ones.
     */
    public static Fit fitted(AlgorithmDescriptor method, ParameterValues values, Dataset raw, Scaling scaling,
                             ConstraintSet constraints, int k, RunContext context) {
        FittedScaling fitted = scaling.fit(raw);
        Dataset training = fitted.apply(raw);
        ClusteringResult result = method.create(values).fit(training, constraints, k, context);
        return new Fit(result, of(result, MethodSetting.of(method, values, result), training, fitted, constraints,
                context.seed()));
    }

    /**
     * A fit and its model.
     *
     * @param result the fit of the training points
     * @param model the model of that fit
     */
    public record Fit(ClusteringResult result, FittedModel model) {
    }

    /** The cluster of each new point (unscaled, as the training points were read). */
    public int[] predict(Dataset points, RunContext context) {
        return placement.predict(checked(points), scaling, context);
    }

    /** The embedding of new points (unscaled, as the training points were read). */
    public DenseMatrix embed(Dataset points, RunContext context) {
        return placement.embed(checked(points), scaling, context);
    }

    /** k, the number of clusters. */
    public int clusters() {
        return provenance.clusters();
    }

    /** The new points matched to the model's features ({@link #matched}), refused when scaling takes a value beyond squaring. */
    private Dataset checked(Dataset points) {
        Dataset matched = matched(points);
        FeatureMagnitude.requireSquarable(matched, scaling);
        return matched;
    }

    /**
     * The new points' features in the model's order. Columns with the training names in another
     * order are put back in the training order. Otherwise, when either side has no names of its own
     * (the default {@code x0, x1, ...} of a .npy array) or no name is shared, the columns are taken
     * by position ({@link #positionalReading} says so in the second case). Some names shared
     * but not all is refused, as the columns would be read by position under other names; so is
     * another number of columns (more columns are not dropped silently: the message names the
     * extra ones to skip with {@code --ignore-columns}).
     */
    private Dataset matched(Dataset points) {
        List<String> trained = provenance.featureNames();
        List<String> given = points.featureNames();
        Map<String, Integer> position = new HashMap<>();
        for (int j = 0; j < given.size(); j++) {
            position.merge(given.get(j), j, (first, again) -> -1);   // -1: the name appears more than once
        }
        // Names to match: the same names in any order, or a header on each side (the default x0, x1, ...
        // of a .npy array name nothing, and share some names with a header x1, x2, ... by chance).
        boolean unique = !trained.isEmpty() && new HashSet<>(trained).size() == trained.size();
        boolean named = unique && (new HashSet<>(trained).equals(new HashSet<>(given)) || headersOnBothSides(points));
        List<String> missing = named ? trained.stream().filter(name -> position.getOrDefault(name, -1) < 0).toList()
                : List.of();
        if (points.dimension() != provenance.features()) {
            Set<String> known = new HashSet<>(trained);
            List<String> extra = given.stream().filter(name -> !known.contains(name)).toList();
            throw new IllegalArgumentException(points.name() + " has " + points.dimension() + " features; the "
                    + provenance.method() + " model was fitted on " + provenance.features()
                    + (trained.isEmpty() ? "" : " (" + shown(trained) + ")")
                    + (named && missing.isEmpty() && !extra.isEmpty() && position.size() == given.size()
                    ? "; if the others are not features, skip them: --ignore-columns " + String.join(",", extra) : ""));
        }
        boolean shared = trained.stream().anyMatch(position::containsKey);
        if (!named || given.equals(trained) || !shared) {
            return points;
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(points.name() + " has no single column named " + shown(missing)
                    + ", which the " + provenance.method() + " model was fitted on (its features: " + shown(trained)
                    + "; the columns of " + points.name() + ": " + shown(given) + "); give the points with the "
                    + "columns the model was fitted on, each once, or rename the columns");
        }
        return points.columns(trained.stream().mapToInt(position::get).toArray());
    }

    /**
     * What to tell a user whose points are read by position although they name their columns: the
     * model's features carry names too, and no name is shared (columns renamed, or another data
     * set). Empty when the columns are matched by name, or when either side has only the default
     * names ({@code x0, x1, ...}: a {@code .npy} array), where position is all there is.
     */
    public Optional<String> positionalReading(Dataset points) {
        List<String> trained = provenance.featureNames();
        List<String> given = points.featureNames();
        if (!headersOnBothSides(points) || trained.size() != given.size()
                || given.stream().anyMatch(new HashSet<>(trained)::contains)) {
            return Optional.empty();
        }
        return Optional.of("no column of " + points.name() + " is named as the model's features (" + shown(trained)
                + "): its columns (" + shown(given) + ") are read by position, in that order");
    }

    /**
     * What to tell a user some of whose points lie far outside the training data
     * ({@link TrainingRange}): how many, and the first. Empty when none does, or when the model has
     * no training range (a file written before it was kept, or a model from the Spark engine).
     */
    public Optional<String> extrapolation(Dataset points) {
        return range == null ? Optional.empty() : range.extrapolation(matched(points), scaling);
    }

    /**
     * Whether the model's features and {@code points} both carry names of their own, not the default
     * {@code x0, x1, ...} of data without a header (a {@code .npy} array).
     */
    private boolean headersOnBothSides(Dataset points) {
        List<String> trained = provenance.featureNames();
        return !trained.isEmpty() && !trained.equals(Dataset.defaultFeatureNames(trained.size())) && points.namedFeatures();
    }

    /** Up to five names, comma-separated, with "..." for the rest. */
    private static String shown(List<String> names) {
        return String.join(", ", names.subList(0, Math.min(5, names.size()))) + (names.size() > 5 ? ", ..." : "");
    }
}
