package io.csc.data;

import java.util.Locale;

/**
 * The number of clusters a data set's ground truth implies when k is not given: its number of
 * classes, provided its labels look like classes.
 *
 * <p>A label column that holds a measurement (a price, a score, a regression target left under the
 * name {@code label}) reads as one class per distinct value. Taken as k, that asks for about as many
 * clusters as points, and every method then scores a perfect ACC by putting each point alone. Such
 * a column is refused when there are more classes than half the points (fewer than two points a
 * class on average), or more than {@value #MOST_FRACTIONAL_CLASSES} classes of which one is a number
 * but not a whole one (12.35: a measurement; a few such values, as ratings in half steps, can
 * still be classes): neither is a clustering anyone asked for.
 */
public final class TruthClusters {

    /** The most classes named by numbers, some not whole, that are still taken for classes. */
    public static final int MOST_FRACTIONAL_CLASSES = 20;

    private TruthClusters() {
    }

    /**
     * The number of classes of {@code data}'s ground truth, as the number of clusters.
     *
     * @throws DataException when the labels are not classes (see the class comment), naming the
     *     count, an example value and the remedies
     * @throws IllegalArgumentException when the data has no ground truth
     */
    public static int of(Dataset data) {
        if (!data.hasLabels()) {
            throw new IllegalArgumentException(data.name() + " has no ground truth to take the number of clusters "
                    + "from: give -k");
        }
        int classes = data.classCount();
        String fraction = classes > MOST_FRACTIONAL_CLASSES ? firstFraction(data) : null;
        if (fraction == null && (classes <= 2 || classes <= data.size() / 2)) {
            return classes;
        }
        String why = fraction != null ? "values such as " + fraction + " are measurements, not classes"
                : "fewer than two points a class is not a clustering";
        throw new DataException(String.format(Locale.ROOT, "%s: the truth labels hold %d distinct values for %d points "
                + "(%s); give -k to cluster anyway, and read the file without that column (--ignore-columns) or "
                + "with another one as the truth (--label-column)", data.name(), classes, data.size(), why));
    }

    /** A class name that is a number but not a whole one, or null when there is none. */
    private static String firstFraction(Dataset data) {
        for (String name : data.classNames()) {
            double value = NumberParser.parse(name);
            if (Double.isFinite(value) && value != Math.rint(value)) {
                return name;
            }
        }
        return null;
    }
}
