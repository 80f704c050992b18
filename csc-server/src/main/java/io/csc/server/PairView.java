package io.csc.server;

import io.csc.data.Dataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the page shows the two points of a question: IDX images as their pixels, other data as
 * their feature values side by side, the columns where the two differ most (in the scaled values
 * the method compares) highlighted.
 */
final class PairView {

    /** Columns highlighted as the most different. */
    static final int HIGHLIGHTED = 3;
    /** Most columns listed; wider data shows its most different columns only. */
    static final int LISTED = 40;

    private PairView() {
    }

    static Map<String, Object> of(Dataset raw, Dataset scaled, int imageWidth, int first, int second) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("first", first);
        view.put("second", second);
        if (imageWidth > 0) {
            view.put("kind", "image");
            view.put("width", imageWidth);
            view.put("height", raw.dimension() / imageWidth);
            view.put("firstPixels", grey(raw, first));
            view.put("secondPixels", grey(raw, second));
            return view;
        }
        view.put("kind", "features");
        view.put("columns", columns(raw, scaled, first, second));
        return view;
    }

    /** Each pixel as 0..255, the point's own range stretched. */
    private static int[] grey(Dataset raw, int point) {
        double[] values = raw.point(point);
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double value : values) {
            low = Math.min(low, value);
            high = Math.max(high, value);
        }
        int[] grey = new int[values.length];
        double range = high - low;
        for (int p = 0; p < values.length; p++) {
            grey[p] = range > 0 ? (int) Math.round(255 * (values[p] - low) / range) : 0;
        }
        return grey;
    }

    private static List<Map<String, Object>> columns(Dataset raw, Dataset scaled, int first, int second) {
        int d = raw.dimension();
        List<String> names = raw.featureNames();
        double[] difference = new double[d];
        Integer[] byDifference = new Integer[d];
        for (int c = 0; c < d; c++) {
            difference[c] = Math.abs(scaled.feature(first, c) - scaled.feature(second, c));
            byDifference[c] = c;
        }
        Arrays.sort(byDifference, (a, b) -> Double.compare(difference[b], difference[a]) != 0
                ? Double.compare(difference[b], difference[a]) : a - b);
        boolean[] highlighted = new boolean[d];
        boolean[] listed = new boolean[d];
        for (int rank = 0; rank < Math.min(LISTED, d); rank++) {
            listed[byDifference[rank]] = true;
            highlighted[byDifference[rank]] = rank < HIGHLIGHTED && difference[byDifference[rank]] > 0;
        }
        List<Map<String, Object>> columns = new ArrayList<>();
        for (int c = 0; c < d; c++) {
            if (!listed[c]) {
                continue;
            }
            Map<String, Object> column = new LinkedHashMap<>();
            column.put("name", c < names.size() ? names.get(c) : "x" + (c + 1));
            column.put("first", raw.feature(first, c));
            column.put("second", raw.feature(second, c));
            column.put("highlight", highlighted[c]);
            columns.add(column);
        }
        return columns;
    }
}
