package io.csc.experiment;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * How much supervision one step of a sweep gives: a count, or a fraction of the points. On a data
 * set of n points it resolves to a count x ({@link #resolve}): the count as given, or
 * {@code round(fraction * n)}. What x counts depends on the {@link SupervisionKind}: labelled
 * points for the kinds derived from labels, pairs for the random-pair kinds.
 *
 * @param value the count (a whole number {@code >= 0}) or the fraction (in [0, 1])
 * @param fraction true if {@code value} is a fraction of the points
 */
public record SupervisionAmount(double value, boolean fraction) implements Comparable<SupervisionAmount> {

    public SupervisionAmount {
        if (fraction) {
            if (!(value >= 0 && value <= 1)) {
                throw new IllegalArgumentException("Invalid supervision fraction: " + value + " (must be in [0, 1])");
            }
        } else if (!(value >= 0 && value <= Integer.MAX_VALUE && value == Math.rint(value))) {
            throw new IllegalArgumentException("Invalid supervision count: " + value + " (must be a whole number >= 0)");
        }
    }

    /** A count of labelled points (or of pairs, for the pair kinds). */
    public static SupervisionAmount count(int count) {
        return new SupervisionAmount(count, false);
    }

    /** A fraction of the points. */
    public static SupervisionAmount fractionOf(double fraction) {
        return new SupervisionAmount(fraction, true);
    }

    /**
     * Reads the form {@link #text()} writes: a number with a decimal point or an exponent is a
     * fraction, a whole number without one a count.
     *
     * @throws IllegalArgumentException for anything else, naming the text
     */
    public static SupervisionAmount parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        try {
            if (trimmed.contains(".") || trimmed.contains("e") || trimmed.contains("E")) {
                return fractionOf(Double.parseDouble(trimmed));
            }
            return count(Integer.parseInt(trimmed));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid supervision amount '" + text
                    + "': expected a count such as 30 or a fraction such as 0.1");
        }
    }

    /**
     * Parses a comma-separated list of counts ({@code 30,75,120}) or, when {@code fractions},
     * of fractions ({@code 0.05,0.1}).
     *
     * @throws IllegalArgumentException naming the first bad item, or for an empty list
     */
    public static List<SupervisionAmount> parseList(String text, boolean fractions) {
        List<SupervisionAmount> amounts = new ArrayList<>();
        for (String item : text.split(",")) {
            String trimmed = item.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                amounts.add(fractions ? fractionOf(Double.parseDouble(trimmed)) : count(Integer.parseInt(trimmed)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Invalid supervision " + (fractions ? "fraction" : "count") + " '"
                        + trimmed + "' in '" + text + "': expected " + (fractions ? "fractions such as 0.05,0.1"
                        : "whole numbers such as 30,75,120"));
            }
        }
        if (amounts.isEmpty()) {
            throw new IllegalArgumentException("No supervision amounts in '" + text + "': give at least one, e.g. "
                    + (fractions ? "0.1" : "30"));
        }
        return amounts;
    }

    /** The count on a data set of {@code points} points: the count, or the rounded fraction. */
    public int resolve(int points) {
        return fraction ? (int) Math.round(value * points) : (int) value;
    }

    /** The amount as text: {@code 30} for a count, {@code 0.1} (always with a point) for a fraction. */
    public String text() {
        if (!fraction) {
            return String.valueOf((long) value);
        }
        String plain = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }

    /** For labels: {@code 30 labelled} or {@code 10%}. */
    public String label() {
        if (!fraction) {
            return text();
        }
        String percent = BigDecimal.valueOf(value).movePointRight(2).stripTrailingZeros().toPlainString();
        return percent + "%";
    }

    /** Counts before fractions, then by value. */
    @Override
    public int compareTo(SupervisionAmount other) {
        if (fraction != other.fraction) {
            return fraction ? 1 : -1;
        }
        return Double.compare(value, other.value);
    }

    @Override
    public String toString() {
        return text();
    }
}
