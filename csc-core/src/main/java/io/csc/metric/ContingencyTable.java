package io.csc.metric;

/**
 * The contingency table of two partitions of the same n points: entry (i, j) counts the points of
 * true class i that were put in predicted cluster j. Classes and clusters are the distinct label
 * values present, in ascending order of value; labels may be any non-negative ints (they need
 * not be contiguous).
 *
 * <p>Also gives the pair counts behind the Rand indices, computed from the table in
 * O(classes x clusters) without enumerating pairs. Immutable.
 */
public final class ContingencyTable {

    private final int[] classValues;
    private final int[] clusterValues;
    /** classCount x clusterCount, row-major. */
    private final int[] counts;
    private final int[] classSizes;
    private final int[] clusterSizes;
    private final int total;

    private ContingencyTable(int[] classValues, int[] clusterValues, int[] counts, int[] classSizes,
                             int[] clusterSizes, int total) {
        this.classValues = classValues;
        this.clusterValues = clusterValues;
        this.counts = counts;
        this.classSizes = classSizes;
        this.clusterSizes = clusterSizes;
        this.total = total;
    }

    /**
     * The table of {@code truth} (rows) against {@code predicted} (columns). Time O(n + classes x
     * clusters), or O(n log n) when label values are much larger than n.
     *
     * @param truth the true class of each point, {@code >= 0}
     * @param predicted the cluster of each point, {@code >= 0}, same length
     * @throws IllegalArgumentException on different lengths or negative labels
     */
    public static ContingencyTable of(int[] truth, int[] predicted) {
        if (truth.length != predicted.length) {
            throw new IllegalArgumentException(truth.length + " true labels but " + predicted.length
                    + " predicted labels");
        }
        LabelIndex classes = LabelIndex.of(truth, "true label");
        LabelIndex clusters = LabelIndex.of(predicted, "predicted label");
        int rows = classes.size();
        int columns = clusters.size();
        long cells = (long) rows * columns;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("A contingency table of " + rows + " classes x " + columns
                    + " clusters is too large");
        }
        int[] counts = new int[(int) cells];
        int[] classSizes = new int[rows];
        int[] clusterSizes = new int[columns];
        int[] classOf = classes.indices();
        int[] clusterOf = clusters.indices();
        for (int i = 0; i < truth.length; i++) {
            counts[classOf[i] * columns + clusterOf[i]]++;
            classSizes[classOf[i]]++;
            clusterSizes[clusterOf[i]]++;
        }
        return new ContingencyTable(classes.values(), clusters.values(), counts, classSizes, clusterSizes,
                truth.length);
    }

    /** The number of points n. */
    public int total() {
        return total;
    }

    /** The number of distinct true classes (rows). */
    public int classCount() {
        return classSizes.length;
    }

    /** The number of distinct predicted clusters (columns). */
    public int clusterCount() {
        return clusterSizes.length;
    }

    /** The number of points of class {@code classIndex} in cluster {@code clusterIndex} (indices, not label values). */
    public int count(int classIndex, int clusterIndex) {
        if (classIndex < 0 || classIndex >= classSizes.length || clusterIndex < 0 || clusterIndex >= clusterSizes.length) {
            throw new IndexOutOfBoundsException("Cell (" + classIndex + ", " + clusterIndex + ") of a "
                    + classSizes.length + " x " + clusterSizes.length + " table");
        }
        return counts[classIndex * clusterSizes.length + clusterIndex];
    }

    /** The number of points of each class (row sums), a copy. */
    public int[] classSizes() {
        return classSizes.clone();
    }

    /** The number of points of each cluster (column sums), a copy. */
    public int[] clusterSizes() {
        return clusterSizes.clone();
    }

    /** The true label value of each row, ascending, a copy. */
    public int[] classValues() {
        return classValues.clone();
    }

    /** The predicted label value of each column, ascending, a copy. */
    public int[] clusterValues() {
        return clusterValues.clone();
    }

    /** All unordered pairs of points: n (n - 1) / 2. */
    public long pairCount() {
        return pairs(total);
    }

    /** Pairs in the same class and the same cluster: the sum over cells of C(n_ij, 2). */
    public long pairsTogetherInBoth() {
        long sum = 0;
        for (int count : counts) {
            sum += pairs(count);
        }
        return sum;
    }

    /** Pairs in the same class: the sum over classes of C(a_i, 2). */
    public long pairsTogetherInTruth() {
        return sumOfPairs(classSizes);
    }

    /** Pairs in the same cluster: the sum over clusters of C(b_j, 2). */
    public long pairsTogetherInPrediction() {
        return sumOfPairs(clusterSizes);
    }

    /** The counts as a classes x clusters array (for tests and reports). */
    public int[][] toArray() {
        int[][] array = new int[classSizes.length][clusterSizes.length];
        for (int i = 0; i < classSizes.length; i++) {
            System.arraycopy(counts, i * clusterSizes.length, array[i], 0, clusterSizes.length);
        }
        return array;
    }

    int[] countsRowMajor() {
        return counts;
    }

    private static long sumOfPairs(int[] sizes) {
        long sum = 0;
        for (int size : sizes) {
            sum += pairs(size);
        }
        return sum;
    }

    private static long pairs(long size) {
        return size * (size - 1) / 2;
    }

    @Override
    public String toString() {
        return "ContingencyTable(" + total + " points, " + classSizes.length + " classes x " + clusterSizes.length
                + " clusters)";
    }
}
