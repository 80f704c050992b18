package io.csc.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns label texts, one per point in reading order, into class ids {@code 0..c-1}.
 *
 * <p>Ids follow the sorted order of the distinct texts: numeric order when every text parses as a
 * number ({@code 2 < 10}), otherwise lexicographic order of the texts. When every text is a number,
 * texts that denote the same number are one class ({@code 0}, {@code 0.0} and {@code 00}): a column
 * written partly by one program and partly by another would otherwise count a class twice and
 * change k without a word. A class is named by the first of its texts read.
 */
final class LabelEncoder {

    private final Map<String, Integer> firstSeenIds = new HashMap<>();
    private final List<String> firstSeenNames = new ArrayList<>();
    private int[] ids = new int[1024];
    private int size;

    /** Appends the label of the next point. */
    void add(String label) {
        Integer id = firstSeenIds.get(label);
        if (id == null) {
            id = firstSeenNames.size();
            firstSeenIds.put(label, id);
            firstSeenNames.add(label);
        }
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, ids.length + (ids.length >> 1));
        }
        ids[size++] = id;
    }

    /** The number of labels added. */
    int size() {
        return size;
    }

    /** The class names in id order. */
    List<String> classNames() {
        return classes().names();
    }

    /** The class id of every point added, in the order added. */
    int[] labels() {
        int[] rank = classes().classOfText();
        int[] labels = new int[size];
        for (int i = 0; i < size; i++) {
            labels[i] = rank[ids[i]];
        }
        return labels;
    }

    /**
     * The classes of the distinct texts.
     *
     * @param names the class names in id order
     * @param classOfText the class id of each distinct text, in the order first seen
     */
    private record Classes(List<String> names, int[] classOfText) {
    }

    private Classes classes() {
        int texts = firstSeenNames.size();
        double[] values = new double[texts];
        boolean numeric = true;
        for (int t = 0; t < texts && numeric; t++) {
            values[t] = NumberParser.parse(firstSeenNames.get(t).strip()) + 0.0; // -0 and 0 are one class
            numeric = !Double.isNaN(values[t]);
        }
        int[] classOfText = new int[texts];
        List<String> names = new ArrayList<>();
        if (numeric) {
            TreeMap<Double, String> firstTextOfValue = new TreeMap<>();
            for (int t = 0; t < texts; t++) {
                firstTextOfValue.putIfAbsent(values[t], firstSeenNames.get(t));
            }
            Map<Double, Integer> classOfValue = new HashMap<>();
            for (Map.Entry<Double, String> entry : firstTextOfValue.entrySet()) {
                classOfValue.put(entry.getKey(), names.size());
                names.add(entry.getValue());
            }
            for (int t = 0; t < texts; t++) {
                classOfText[t] = classOfValue.get(values[t]);
            }
        } else {
            names.addAll(firstSeenNames);
            names.sort(Comparator.naturalOrder());
            for (int t = 0; t < texts; t++) {
                classOfText[t] = Collections.binarySearch(names, firstSeenNames.get(t));
            }
        }
        return new Classes(List.copyOf(names), classOfText);
    }
}
