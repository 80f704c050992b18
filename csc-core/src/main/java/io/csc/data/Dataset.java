package io.csc.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * n points with d numeric features each, stored row-major in one {@code double[]} (feature j of
 * point i is {@code features()[i * d + j]}), and optional ground-truth labels: class ids
 * {@code 0..classCount()-1} with the original class names.
 *
 * <p>Ground truth is only ever used to derive supervision for experiments and to score results.
 *
 * <p>The feature array is shared with the caller, never copied: treat it as read-only. Methods
 * that change data return a new {@code Dataset}.
 */
public final class Dataset {

    private final String name;
    private final int size;
    private final int dimension;
    private final double[] features;
    private final int[] labels;
    private final List<String> classNames;
    private final List<String> featureNames;

    private Dataset(String name, int size, int dimension, double[] features, int[] labels,
                    List<String> classNames, List<String> featureNames) {
        this.name = Objects.requireNonNull(name, "name");
        if (size < 0 || dimension < 1) {
            throw new IllegalArgumentException("Invalid data shape: " + size + " x " + dimension);
        }
        if ((long) size * dimension != features.length) {
            throw new IllegalArgumentException("Data " + name + ": " + size + " x " + dimension + " needs "
                    + (long) size * dimension + " values, got " + features.length);
        }
        if (labels != null) {
            if (labels.length != size) {
                throw new IllegalArgumentException("Data " + name + ": " + labels.length + " labels for " + size + " points");
            }
            for (int label : labels) {
                if (label < 0 || label >= classNames.size()) {
                    throw new IllegalArgumentException("Data " + name + ": class id " + label
                            + " outside [0, " + classNames.size() + ")");
                }
            }
        }
        if (featureNames.size() != dimension) {
            throw new IllegalArgumentException("Data " + name + ": " + featureNames.size()
                    + " feature names for " + dimension + " features");
        }
        this.size = size;
        this.dimension = dimension;
        this.features = features;
        this.labels = labels;
        this.classNames = List.copyOf(classNames);
        this.featureNames = List.copyOf(featureNames);
    }

    /** A data set without ground truth; features are named {@code x0, x1, ...}. */
    public static Dataset unlabelled(String name, int size, int dimension, double[] features) {
        return new Dataset(name, size, dimension, features, null, List.of(), defaultFeatureNames(dimension));
    }

    /**
     * A data set with ground truth given as class ids {@code 0..classNames.size()-1}.
     */
    public static Dataset labelled(String name, int size, int dimension, double[] features, int[] labels,
                                   List<String> classNames, List<String> featureNames) {
        Objects.requireNonNull(labels, "labels");
        return new Dataset(name, size, dimension, features, labels, classNames,
                featureNames == null ? defaultFeatureNames(dimension) : featureNames);
    }

    /**
     * A data set with ground truth given as integer class ids of any range: they are renumbered
     * to {@code 0..c-1} in ascending order and named by their original value.
     */
    public static Dataset withIntegerLabels(String name, int size, int dimension, double[] features, int[] rawLabels) {
        int[] distinct = Arrays.stream(rawLabels).distinct().sorted().toArray();
        int[] labels = new int[rawLabels.length];
        for (int i = 0; i < rawLabels.length; i++) {
            labels[i] = Arrays.binarySearch(distinct, rawLabels[i]);
        }
        List<String> names = new ArrayList<>();
        for (int value : distinct) {
            names.add(Integer.toString(value));
        }
        return new Dataset(name, size, dimension, features, labels, names, defaultFeatureNames(dimension));
    }

    private static List<String> defaultFeatureNames(int dimension) {
        List<String> names = new ArrayList<>(dimension);
        for (int j = 0; j < dimension; j++) {
            names.add("x" + j);
        }
        return names;
    }

    /** A short name for reports (the file name without extension, usually). */
    public String name() {
        return name;
    }

    /** The number of points n. */
    public int size() {
        return size;
    }

    /** The number of features d. */
    public int dimension() {
        return dimension;
    }

    /** The row-major n x d feature array (shared: do not modify). */
    public double[] features() {
        return features;
    }

    /** Feature j of point i. */
    public double feature(int i, int j) {
        return features[i * dimension + j];
    }

    /** A copy of point i's features. */
    public double[] point(int i) {
        return Arrays.copyOfRange(features, i * dimension, (i + 1) * dimension);
    }

    public boolean hasLabels() {
        return labels != null;
    }

    /** The ground-truth class ids (a copy). */
    public int[] labels() {
        requireLabels();
        return labels.clone();
    }

    /** The ground-truth class id of point i. */
    public int label(int i) {
        requireLabels();
        return labels[i];
    }

    /** The number of ground-truth classes (0 without labels). */
    public int classCount() {
        return classNames.size();
    }

    public List<String> classNames() {
        return classNames;
    }

    public List<String> featureNames() {
        return featureNames;
    }

    /** The same points and labels with new features of dimension {@code newDimension}. */
    public Dataset withFeatures(double[] newFeatures, int newDimension) {
        List<String> names = newDimension == dimension ? featureNames : defaultFeatureNames(newDimension);
        return new Dataset(name, size, newDimension, newFeatures, labels, classNames, names);
    }

    /** The same data under another name. */
    public Dataset withName(String newName) {
        return new Dataset(newName, size, dimension, features, labels, classNames, featureNames);
    }

    /** A new data set of the given rows, in the given order (labels follow). */
    public Dataset subset(int[] rows) {
        double[] subsetFeatures = new double[rows.length * dimension];
        int[] subsetLabels = labels == null ? null : new int[rows.length];
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(features, rows[r] * dimension, subsetFeatures, r * dimension, dimension);
            if (subsetLabels != null) {
                subsetLabels[r] = labels[rows[r]];
            }
        }
        return new Dataset(name, rows.length, dimension, subsetFeatures, subsetLabels, classNames, featureNames);
    }

    private void requireLabels() {
        if (labels == null) {
            throw new IllegalStateException("Data " + name + " has no ground-truth labels");
        }
    }

    @Override
    public String toString() {
        return "Dataset " + name + ": " + size + " x " + dimension
                + (labels == null ? ", unlabelled" : ", " + classNames.size() + " classes");
    }
}
