package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConstraintWriterTest {

    @TempDir
    Path directory;

    @Test
    void pairsRoundTripThroughTheReader() throws IOException {
        ConstraintSet set = ConstraintSet.of(10,
                List.of(Constraint.mustLink(0, 9).withWeight(0.1 + 0.2), Constraint.cannotLink(8, 1)),
                List.of(new LabelledPoints(new int[] {2, 3, 4}, new int[] {0, 0, 1}, true, new double[] {0.5, 0.8, 1.0}),
                        LabelledPoints.hard(new int[] {5, 6}, new int[] {0, 0}, false)));
        Path path = directory.resolve("pairs.csv");
        ConstraintWriter.write(set, path);

        List<String> lines = Files.readAllLines(path);
        assertEquals("i,j,type,weight", lines.get(0));
        assertEquals("0,9,ML,0.30000000000000004", lines.get(1));
        assertEquals("8,1,CL,1", lines.get(2));
        assertEquals(1 + set.pairCount(), lines.size());
        ConstraintSet read = ConstraintReader.read(path, 10);
        assertEquals(set.allPairs(100), read.pairs());
    }

    @Test
    void refusesToListTooManyPairs() {
        ConstraintSet set = ConstraintSet.fromLabels(100, range(30), new int[30]);
        Path path = directory.resolve("pairs.csv");
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> ConstraintWriter.write(set, path, 434));
        assertEquals("Not writing " + path + ": the supervision holds 435 pairs (most implied by labels or groups), "
                + "more than the limit of 434; write the labels or groups themselves with writeLabels / writeGroups, "
                + "or raise the limit", thrown.getMessage());
        assertFalse(Files.exists(path));
        ConstraintWriter.write(set, path, 435);
    }

    @Test
    void labelsRoundTripInCompactForm() throws IOException {
        LabelledPoints soft = new LabelledPoints(new int[] {4, 1, 7}, new int[] {0, 1, 0}, true, new double[] {0.75, 1.0, 0.5});
        Path path = directory.resolve("labels.csv");
        ConstraintWriter.writeLabels(soft, path);

        assertEquals(List.of("i,label,confidence", "4,0,0.75", "1,1,1", "7,0,0.5"), Files.readAllLines(path));
        assertEquals(soft, ConstraintReader.readLabels(path, 8).labelledBlocks().get(0));

        LabelledPoints hard = LabelledPoints.hard(new int[] {3, 0}, new int[] {0, 1}, true);
        ConstraintWriter.writeLabels(hard, path);
        assertEquals(List.of("i,label", "3,0", "0,1"), Files.readAllLines(path));
        assertEquals(hard, ConstraintReader.readLabels(path, 8).labelledBlocks().get(0));
        assertThrows(IllegalArgumentException.class,
                () -> ConstraintWriter.writeLabels(LabelledPoints.hard(new int[] {0}, new int[] {0}, false), path));
    }

    @Test
    void groupsRoundTripInCompactForm() throws IOException {
        LabelledPoints groups = LabelledPoints.hard(new int[] {4, 1, 7, 2}, new int[] {0, 1, 0, 1}, false);
        Path path = directory.resolve("groups.txt");
        ConstraintWriter.writeGroups(groups, path);

        assertEquals(List.of("4 7", "1 2"), Files.readAllLines(path));
        LabelledPoints read = ConstraintReader.readGroups(path, 8).labelledBlocks().get(0);
        assertArrayEquals(new int[] {4, 7, 1, 2}, read.points());
        assertArrayEquals(new int[] {0, 0, 1, 1}, read.classes());
    }

    private static int[] range(int count) {
        int[] values = new int[count];
        for (int t = 0; t < count; t++) {
            values[t] = t;
        }
        return values;
    }
}
