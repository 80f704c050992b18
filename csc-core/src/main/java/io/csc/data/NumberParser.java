package io.csc.data;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import java.util.Locale;
import java.util.Set;

/**
 * Decimal text to {@code double}, rounded exactly as {@link Double#parseDouble} rounds it, several
 * times faster (the fastdoubleparser library, Eisel-Lemire method), and the wording of the error
 * messages for values that are not finite numbers.
 */
final class NumberParser {

    private static final Set<String> MISSING_VALUE_MARKERS = Set.of("na", "n/a", "?", "null", "none", "-", "missing");

    private NumberParser() {
    }

    /**
     * The value of {@code text}, or NaN when it is not a number. Infinity and NaN literals, and
     * numbers too large for a double, come back as they parse (infinite or NaN): callers that need
     * finite values test {@link Double#isFinite} and then ask {@link #problem} what was wrong.
     */
    static double parse(String text) {
        if (text.isEmpty()) {
            return Double.NaN;
        }
        try {
            return JavaDoubleParser.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * What is wrong with a value {@link #parse} did not accept as finite, as the end of a sentence
     * starting with the quoted value: "is empty", "marks a missing value", "is not a number",
     * "is not a finite number".
     */
    static String problem(String text) {
        if (text.isBlank()) {
            return "is empty (a missing value)";
        }
        String lowerCase = text.strip().toLowerCase(Locale.ROOT);
        if (MISSING_VALUE_MARKERS.contains(lowerCase)) {
            return "marks a missing value";
        }
        double value = parse(text);
        if (Double.isNaN(value) && !(lowerCase.endsWith("nan") || lowerCase.endsWith("inf") || lowerCase.endsWith("infinity"))) {
            return "is not a number";
        }
        return "is not a finite number";
    }
}
