package io.csc.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns label texts, one per point in reading order, into class ids {@code 0..c-1}.
 *
 * <p>Ids follow the sorted order of the distinct texts: numeric order when every text parses as a
 * number ({@code 2 < 10}), otherwise lexicographic order of the texts. Two texts are two classes
 * even when they denote the same number ({@code 1} and {@code 1.0}); class names keep the texts.
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
        return sortedNames();
    }

    /** The class id of every point added, in the order added. */
    int[] labels() {
        List<String> sorted = sortedNames();
        int[] rank = new int[firstSeenNames.size()];
        for (int classId = 0; classId < sorted.size(); classId++) {
            rank[firstSeenIds.get(sorted.get(classId))] = classId;
        }
        int[] labels = new int[size];
        for (int i = 0; i < size; i++) {
            labels[i] = rank[ids[i]];
        }
        return labels;
    }

    private List<String> sortedNames() {
        List<String> sorted = new ArrayList<>(firstSeenNames);
        boolean numeric = sorted.stream().allMatch(name -> !Double.isNaN(NumberParser.parse(name.strip())));
        Comparator<String> order = numeric
                ? Comparator.<String>comparingDouble(name -> NumberParser.parse(name.strip())).thenComparing(Comparator.naturalOrder())
                : Comparator.naturalOrder();
        sorted.sort(order);
        return sorted;
    }
}
