package io.csc.constraint;

import java.util.Arrays;

/**
 * A cannot-link between two points that the must-links already put in one component: no
 * clustering satisfies both. The must-link path shows why the two ends belong together.
 *
 * @param first one end of the offending cannot-link
 * @param second the other end
 * @param impliedByLabels false for an explicit cannot-link pair; true when the cannot-link is
 *        implied by a labels block between two classes that must-links joined, and then
 *        {@code first} and {@code second} are one representative point of each class
 * @param mustLinkPath points from {@code first} to {@code second}, each two consecutive points
 *        joined by a must-link (explicit, or implied by a class or group of a block)
 */
public record Inconsistency(int first, int second, boolean impliedByLabels, int[] mustLinkPath) {

    private static final int SHOWN_PATH_POINTS = 8;

    public Inconsistency {
        if (first < 0 || second < 0 || first == second) {
            throw new IllegalArgumentException("Invalid inconsistent pair (" + first + ", " + second + ")");
        }
        if (mustLinkPath == null || mustLinkPath.length < 2 || mustLinkPath[0] != first
                || mustLinkPath[mustLinkPath.length - 1] != second) {
            throw new IllegalArgumentException("The must-link path of CL(" + first + ", " + second
                    + ") must run from " + first + " to " + second + ": " + Arrays.toString(mustLinkPath));
        }
        mustLinkPath = mustLinkPath.clone();
    }

    @Override
    public int[] mustLinkPath() {
        return mustLinkPath.clone();
    }

    /** The number of must-links on the path. */
    public int pathLength() {
        return mustLinkPath.length - 1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Inconsistency that && first == that.first && second == that.second
                && impliedByLabels == that.impliedByLabels && Arrays.equals(mustLinkPath, that.mustLinkPath);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * first + second) + Arrays.hashCode(mustLinkPath);
    }

    /** For example {@code CL(3, 9) against must-links 3 - 5 - 9}; long paths are shortened. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("CL(").append(first).append(", ").append(second).append(')');
        if (impliedByLabels) {
            text.append(" (implied by labels)");
        }
        text.append(" against must-links ");
        int length = mustLinkPath.length;
        for (int t = 0; t < length; t++) {
            if (length > SHOWN_PATH_POINTS && t == SHOWN_PATH_POINTS / 2) {
                text.append(" - ... (").append(length - SHOWN_PATH_POINTS).append(" more)");
                t = length - SHOWN_PATH_POINTS / 2;
            }
            text.append(t == 0 ? "" : " - ").append(mustLinkPath[t]);
        }
        return text.toString();
    }
}
