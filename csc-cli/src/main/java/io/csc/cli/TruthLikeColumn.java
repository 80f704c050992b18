package io.csc.cli;

import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.data.Dataset;
import java.util.Locale;
import java.util.Set;

/**
 * The warning for data read without truth labels that has a feature named as truth columns are
 * ({@code class}, {@code target}, {@code species}, ...). csc takes a column named {@code label} as
 * the truth; any other name is a feature, so a file whose classes sit in a column called
 * {@code class} is clustered with its answer among the features, and scores perfectly for no
 * merit. The warning names the two ways out. {@code y} is not among the names: it is as often a
 * coordinate.
 */
final class TruthLikeColumn {

    /** Column names that usually hold the classes, compared in lower case. */
    static final Set<String> NAMES = Set.of("class", "classes", "target", "targets", "labels", "species", "category",
            "truth", "ground_truth", "groundtruth", "ground-truth", "class_label", "classlabel", "cluster");

    private TruthLikeColumn() {
    }

    /** The first feature of unlabelled {@code data} named as a truth column, or null. */
    static String find(Dataset data) {
        if (data.hasLabels()) {
            return null;
        }
        for (String name : data.featureNames()) {
            if (NAMES.contains(name.strip().toLowerCase(Locale.ROOT))) {
                return name;
            }
        }
        return null;
    }

    /** {@code result} with the warning first among its warnings when {@link #find} names a column; otherwise unchanged. */
    static ClusteringResult annotate(Dataset data, ClusteringResult result) {
        String column = find(data);
        if (column == null) {
            return result;
        }
        return result.withDiagnostics(Diagnostics.builder().warn(warning(column)).merge(result.diagnostics()).build());
    }

    /** The warning's text for the feature called {@code column}. */
    static String warning(String column) {
        return "The column '" + column + "' was clustered as a feature (only a column named 'label' is taken as the "
                + "truth): if it holds the classes, give --label-column '" + column + "' to score against it, or "
                + "--ignore-columns '" + column + "' to leave it out";
    }
}
