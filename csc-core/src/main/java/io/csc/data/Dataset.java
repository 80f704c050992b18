package io.csc.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * n points with d numeric features each, stored row-major in one {@code double[]} (feature j of
 * point i is {@code features()[i * d + j]}), or in one {@code float[]} ({@link #floatFeatures()})
 * when the data is held in {@link Precision#FLOAT single precision} to halve its memory; and
 * optional ground-truth labels: class ids {@code 0..classCount()-1} with the original class names.
 *
 * <p>Ground truth is only ever used to derive supervision for experiments and to score results.
 *
 * <p>The feature array is shared with the caller, never copied: treat it as read-only. Methods
 * that change data return a new {@code Dataset}. Code that reads features of either precision
 * uses {@link #copyRow}, {@link #feature} or {@link #point}; {@link #features()} is the double
 * array itself and {@link #inPrecision} converts.
 */
public final class Dataset implements FeatureRows {

    private final String name;
    private final int size;
    private final int dimension;
    private final double[] features;
    private final float[] floatFeatures;
    private final int[] labels;
    private final List<String> classNames;
    private final List<String> featureNames;
    /**
     * Whether every value is within {@link FeatureMagnitude#LARGEST_SQUARABLE}: 0 not yet known, 1
     * yes, -1 no. A cache of a property of the feature array, which never changes: found on the
     * first {@link #squarable()} and handed to the data sets that share the array.
     */
    private volatile byte squarable;

    private Dataset(String name, int size, int dimension, double[] features, float[] floatFeatures, int[] labels,
                    List<String> classNames, List<String> featureNames) {
        this.name = Objects.requireNonNull(name, "name");
        if (size < 0 || dimension < 1) {
            throw new IllegalArgumentException("Invalid data shape: " + size + " x " + dimension);
        }
        if ((features == null) == (floatFeatures == null)) {
            throw new IllegalArgumentException("Data " + name + " needs its features in exactly one precision");
        }
        long length = features != null ? features.length : floatFeatures.length;
        if ((long) size * dimension != length) {
            throw new IllegalArgumentException("Data " + name + ": " + size + " x " + dimension + " needs "
                    + (long) size * dimension + " values, got " + length);
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
        this.floatFeatures = floatFeatures;
        this.labels = labels;
        this.classNames = List.copyOf(classNames);
        this.featureNames = List.copyOf(featureNames);
    }

    /** A data set without ground truth; features are named {@code x0, x1, ...}. */
    public static Dataset unlabelled(String name, int size, int dimension, double[] features) {
        return new Dataset(name, size, dimension, Objects.requireNonNull(features, "features"), null, null, List.of(),
                defaultFeatureNames(dimension));
    }

    /** A data set without ground truth held in single precision; features are named {@code x0, x1, ...}. */
    public static Dataset unlabelled(String name, int size, int dimension, float[] features) {
        return new Dataset(name, size, dimension, null, Objects.requireNonNull(features, "features"), null, List.of(),
                defaultFeatureNames(dimension));
    }

    /**
     * A data set with ground truth given as class ids {@code 0..classNames.size()-1}.
     */
    public static Dataset labelled(String name, int size, int dimension, double[] features, int[] labels,
                                   List<String> classNames, List<String> featureNames) {
        Objects.requireNonNull(labels, "labels");
        return new Dataset(name, size, dimension, Objects.requireNonNull(features, "features"), null, labels, classNames,
                featureNames == null ? defaultFeatureNames(dimension) : featureNames);
    }

    /** As {@link #labelled(String, int, int, double[], int[], List, List)}, held in single precision. */
    public static Dataset labelled(String name, int size, int dimension, float[] features, int[] labels,
                                   List<String> classNames, List<String> featureNames) {
        Objects.requireNonNull(labels, "labels");
        return new Dataset(name, size, dimension, null, Objects.requireNonNull(features, "features"), labels, classNames,
                featureNames == null ? defaultFeatureNames(dimension) : featureNames);
    }

    /**
     * A data set with ground truth given as integer class ids of any range: they are renumbered
     * to {@code 0..c-1} in ascending order and named by their original value.
     */
    public static Dataset withIntegerLabels(String name, int size, int dimension, double[] features, int[] rawLabels) {
        return unlabelled(name, size, dimension, features).withIntegerLabels(rawLabels);
    }

    /**
     * The same features with ground truth given as integer class ids of any range, renumbered to
     * {@code 0..c-1} in ascending order and named by their original value.
     */
    public Dataset withIntegerLabels(int[] rawLabels) {
        int[] distinct = Arrays.stream(rawLabels).distinct().sorted().toArray();
        int[] renumbered = new int[rawLabels.length];
        for (int i = 0; i < rawLabels.length; i++) {
            renumbered[i] = Arrays.binarySearch(distinct, rawLabels[i]);
        }
        List<String> names = new ArrayList<>();
        for (int value : distinct) {
            names.add(Integer.toString(value));
        }
        return sharingFeatures(new Dataset(name, size, dimension, features, floatFeatures, renumbered, names,
                featureNames));
    }

    /** The names of features without a header: {@code x0, x1, ..., x(d-1)}. */
    public static List<String> defaultFeatureNames(int dimension) {
        List<String> names = new ArrayList<>(dimension);
        for (int j = 0; j < dimension; j++) {
            names.add("x" + j);
        }
        return names;
    }

    /** A short name for reports (the file name without extension, usually). */
    @Override
    public String name() {
        return name;
    }

    /** The number of points n. */
    @Override
    public int size() {
        return size;
    }

    /** The number of features d. */
    @Override
    public int dimension() {
        return dimension;
    }

    /**
     * Whether every value is within {@link FeatureMagnitude#LARGEST_SQUARABLE} in magnitude (NaN is
     * not), so that squared distances stay finite; in single precision, whether every value is
     * finite. One pass over the features on the first call, kept for the next: every fit checks it
     * ({@link FeatureMagnitude#requireSquarable}), and model selection fits the same data many times.
     */
    public boolean squarable() {
        byte known = squarable;
        if (known == 0) {
            known = (features != null ? FeatureMagnitude.within(features) : FeatureMagnitude.within(floatFeatures))
                    ? (byte) 1 : (byte) -1;
            squarable = known;
        }
        return known > 0;
    }

    /** {@code derived}, which holds this data set's feature array, with what is known of its values. */
    private Dataset sharingFeatures(Dataset derived) {
        derived.squarable = squarable;
        return derived;
    }

    /** Whether the features carry names of their own (a header), not the default {@code x0, x1, ...}. */
    public boolean namedFeatures() {
        return !featureNames.equals(defaultFeatureNames(dimension));
    }

    /** How the features are held. */
    public Precision precision() {
        return features != null ? Precision.DOUBLE : Precision.FLOAT;
    }

    /**
     * The row-major n x d feature array (shared: do not modify).
     *
     * @throws IllegalStateException if the data is held in single precision: read it with
     *     {@link #floatFeatures()} or {@link #copyRow}, or convert it with {@link #inPrecision}
     */
    public double[] features() {
        if (features == null) {
            throw new IllegalStateException("Data " + name + " is held in single precision: read floatFeatures() "
                    + "or convert it with inPrecision(Precision.DOUBLE)");
        }
        return features;
    }

    /**
     * The row-major n x d single-precision feature array (shared: do not modify).
     *
     * @throws IllegalStateException if the data is held in double precision
     */
    public float[] floatFeatures() {
        if (floatFeatures == null) {
            throw new IllegalStateException("Data " + name + " is held in double precision: read features() "
                    + "or convert it with inPrecision(Precision.FLOAT)");
        }
        return floatFeatures;
    }

    /** Feature j of point i. */
    public double feature(int i, int j) {
        Objects.checkIndex(j, dimension);
        int index = Objects.checkIndex(i, size) * dimension + j;
        return features != null ? features[index] : floatFeatures[index];
    }

    /** A copy of point i's features. */
    public double[] point(int i) {
        double[] row = new double[dimension];
        copyRow(i, row, 0);
        return row;
    }

    /** Writes the d features of point i into {@code target} from {@code offset}, in either precision. */
    @Override
    public void copyRow(int i, double[] target, int offset) {
        int start = Objects.checkIndex(i, size) * dimension;
        if (features != null) {
            System.arraycopy(features, start, target, offset, dimension);
        } else {
            for (int j = 0; j < dimension; j++) {
                target[offset + j] = floatFeatures[start + j];
            }
        }
    }

    /**
     * The same data held in {@code precision}: this data set when it already is, else a converted
     * copy (to single precision each value rounds to the nearest float).
     */
    public Dataset inPrecision(Precision precision) {
        Objects.requireNonNull(precision, "precision");
        if (precision == precision()) {
            return this;
        }
        if (precision == Precision.DOUBLE) {
            double[] widened = new double[floatFeatures.length];
            for (int index = 0; index < widened.length; index++) {
                widened[index] = floatFeatures[index];
            }
            return new Dataset(name, size, dimension, widened, null, labels, classNames, featureNames);
        }
        float[] narrowed = new float[features.length];
        for (int index = 0; index < narrowed.length; index++) {
            double value = features[index];
            float single = (float) value;
            if (Float.isInfinite(single) && Double.isFinite(value)
                    || Math.abs(single) < Float.MIN_NORMAL && value != 0 && Double.isFinite(value)) {
                throw beyondSinglePrecision(index, value);
            }
            narrowed[index] = single;
        }
        return new Dataset(name, size, dimension, null, narrowed, labels, classNames, featureNames);
    }

    /**
     * The refusal of a value that single precision cannot hold: beyond about 3.4e38 it would become
     * infinite, and below about 1.2e-38 (the smallest normal float) it would lose its significant
     * digits or become 0, silently merging points that differ only there.
     */
    private DataException beyondSinglePrecision(int index, double value) {
        int row = index / dimension;
        int column = index % dimension;
        String where = Math.abs(value) > Float.MAX_VALUE
                ? "beyond the range of single precision (about 3.4e38)"
                : "below the smallest normal value of single precision (about 1.2e-38), where it would lose its digits or "
                        + "become 0";
        return new DataException(String.format(Locale.ROOT, "Data %s: row %d (counting from 1), column '%s' is %s, %s; "
                + "read it with --precision double, or rescale that column", name, row + 1,
                featureNames.get(column), value, where));
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
        return new Dataset(name, size, newDimension, Objects.requireNonNull(newFeatures, "features"), null, labels,
                classNames, names);
    }

    /** The same points and labels with new single-precision features of dimension {@code newDimension}. */
    public Dataset withFeatures(float[] newFeatures, int newDimension) {
        List<String> names = newDimension == dimension ? featureNames : defaultFeatureNames(newDimension);
        return new Dataset(name, size, newDimension, null, Objects.requireNonNull(newFeatures, "features"), labels,
                classNames, names);
    }

    /** The same data under another name. */
    public Dataset withName(String newName) {
        return sharingFeatures(new Dataset(newName, size, dimension, features, floatFeatures, labels, classNames,
                featureNames));
    }

    /** The same features without ground truth. */
    public Dataset withoutLabels() {
        return sharingFeatures(new Dataset(name, size, dimension, features, floatFeatures, null, List.of(), featureNames));
    }

    /** A new data set of the given rows, in the given order (labels follow), in this data set's precision. */
    public Dataset subset(int[] rows) {
        double[] subsetFeatures = features == null ? null : new double[rows.length * dimension];
        float[] subsetFloats = floatFeatures == null ? null : new float[rows.length * dimension];
        int[] subsetLabels = labels == null ? null : new int[rows.length];
        for (int r = 0; r < rows.length; r++) {
            Objects.checkIndex(rows[r], size);
            if (subsetFeatures != null) {
                System.arraycopy(features, rows[r] * dimension, subsetFeatures, r * dimension, dimension);
            } else {
                System.arraycopy(floatFeatures, rows[r] * dimension, subsetFloats, r * dimension, dimension);
            }
            if (subsetLabels != null) {
                subsetLabels[r] = labels[rows[r]];
            }
        }
        return new Dataset(name, rows.length, dimension, subsetFeatures, subsetFloats, subsetLabels, classNames,
                featureNames);
    }

    /** The same data with its features named {@code names} (one per feature). */
    public Dataset withFeatureNames(List<String> names) {
        return sharingFeatures(new Dataset(name, size, dimension, features, floatFeatures, labels, classNames, names));
    }

    /**
     * A new data set of the given feature columns, in the given order (their names follow), in this
     * data set's precision; the labels are kept.
     */
    public Dataset columns(int[] chosen) {
        if (chosen.length == 0) {
            throw new IllegalArgumentException("Data " + name + ": no columns chosen");
        }
        for (int column : chosen) {
            if (column < 0 || column >= dimension) {
                throw new IllegalArgumentException("Data " + name + ": column " + column + " outside [0, " + dimension + ")");
            }
        }
        int width = chosen.length;
        double[] chosenFeatures = features == null ? null : new double[size * width];
        float[] chosenFloats = floatFeatures == null ? null : new float[size * width];
        for (int i = 0; i < size; i++) {
            int from = i * dimension;
            int to = i * width;
            if (chosenFeatures != null) {
                for (int c = 0; c < width; c++) {
                    chosenFeatures[to + c] = features[from + chosen[c]];
                }
            } else {
                for (int c = 0; c < width; c++) {
                    chosenFloats[to + c] = floatFeatures[from + chosen[c]];
                }
            }
        }
        List<String> names = new ArrayList<>(width);
        for (int column : chosen) {
            names.add(featureNames.get(column));
        }
        return new Dataset(name, size, width, chosenFeatures, chosenFloats, labels, classNames, names);
    }

    private void requireLabels() {
        if (labels == null) {
            throw new IllegalStateException("Data " + name + " has no ground-truth labels");
        }
    }

    @Override
    public String toString() {
        return "Dataset " + name + ": " + size + " x " + dimension
                + (features == null ? ", single precision" : "")
                + (labels == null ? ", unlabelled" : ", " + classNames.size() + " classes");
    }
}
