package io.csc.constraint;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes supervision in the formats {@link ConstraintReader} reads.
 *
 * <p>{@link #write} lists pairs, including those implied by labels and groups, which grow
 * quadratically; it refuses beyond a limit. Labels and groups keep their compact form with
 * {@link #writeLabels} and {@link #writeGroups}. Failures to write are {@link UncheckedIOException}s
 * naming the file.
 */
public final class ConstraintWriter {

    /** The default most pairs {@link #write(ConstraintSet, Path)} lists: 10 million (about 200 MB). */
    public static final long DEFAULT_PAIR_LIMIT = 10_000_000L;

    private ConstraintWriter() {
    }

    /** {@link #write(ConstraintSet, Path, long)} with the {@link #DEFAULT_PAIR_LIMIT}. */
    public static void write(ConstraintSet set, Path file) {
        write(set, file, DEFAULT_PAIR_LIMIT);
    }

    /**
     * Writes every pair, explicit then implied, in the order of {@link ConstraintSet#forEachPair},
     * as {@code i,j,type,weight} lines ({@code ML} or {@code CL}; weights as the shortest decimal
     * that reads back exactly) under an {@code i,j,type,weight} header. Streams the pairs: time
     * {@code O(pairs)}, constant memory.
     *
     * @throws IllegalArgumentException if the set holds more than {@code pairLimit} pairs, before
     *         anything is written
     */
    public static void write(ConstraintSet set, Path file, long pairLimit) {
        long total = set.pairCount();
        if (total > pairLimit) {
            throw new IllegalArgumentException("Not writing " + file + ": the supervision holds " + total
                    + " pairs (most implied by labels or groups), more than the limit of " + pairLimit
                    + "; write the labels or groups themselves with writeLabels / writeGroups, or raise the limit");
        }
        writeLines(file, writer -> {
            writer.write("i,j,type,weight\n");
            IOException[] failure = new IOException[1];
            set.forEachPair((first, second, sign, weight) -> {
                if (failure[0] != null) {
                    return;
                }
                try {
                    writer.write(first + "," + second + "," + (sign > 0 ? "ML" : "CL") + "," + format(weight) + "\n");
                } catch (IOException e) {
                    failure[0] = e;
                }
            });
            if (failure[0] != null) {
                throw failure[0];
            }
        });
    }

    /**
     * Writes a labels block as {@code i,label[,confidence]} lines (the label is the class id; the
     * confidence only for soft blocks) under a header, in the block's order. Time {@code O(size)}.
     *
     * @throws IllegalArgumentException if {@code labels} is a groups block
     */
    public static void writeLabels(LabelledPoints labels, Path file) {
        if (!labels.cannotLinkBetweenClasses()) {
            throw new IllegalArgumentException("Not writing " + file + ": " + labels
                    + " are groups, not labels; write them with writeGroups");
        }
        int[] points = labels.points();
        int[] classes = labels.classes();
        boolean soft = !labels.isHard();
        writeLines(file, writer -> {
            writer.write(soft ? "i,label,confidence\n" : "i,label\n");
            for (int t = 0; t < points.length; t++) {
                writer.write(points[t] + "," + classes[t] + (soft ? "," + format(labels.confidence(t)) : "") + "\n");
            }
        });
    }

    /**
     * Writes a groups block, one group per line, members separated by spaces in the block's order.
     * Confidences are not written (the groups format has none). Time {@code O(size)}.
     *
     * @throws IllegalArgumentException if {@code groups} is a labels block
     */
    public static void writeGroups(LabelledPoints groups, Path file) {
        if (groups.cannotLinkBetweenClasses()) {
            throw new IllegalArgumentException("Not writing " + file + ": " + groups
                    + " are labels, not groups; write them with writeLabels");
        }
        int[][] members = groups.members();
        writeLines(file, writer -> {
            for (int[] group : members) {
                if (group.length == 0) {
                    continue;
                }
                StringBuilder line = new StringBuilder();
                for (int point : group) {
                    line.append(line.length() == 0 ? "" : " ").append(point);
                }
                writer.write(line.append('\n').toString());
            }
        });
    }

    @FunctionalInterface
    private interface LineWriter {
        void writeTo(BufferedWriter writer) throws IOException;
    }

    private static void writeLines(Path file, LineWriter lines) {
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            lines.writeTo(writer);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code 1} for hard weights, otherwise the shortest decimal that parses back to the same double. */
    private static String format(double weight) {
        return weight == 1.0 ? "1" : Double.toString(weight);
    }
}
