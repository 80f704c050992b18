package io.csc.constraint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.DataException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConstraintReaderTest {

    @TempDir
    Path directory;

    private Path file(String name, String content) throws IOException {
        Path path = directory.resolve(name);
        Files.writeString(path, content);
        return path;
    }

    @Test
    void readsPairsWithHeaderCommentsAndEveryTypeSpelling() throws IOException {
        Path path = file("pairs.csv", """
                # supervision for the test
                i,j,type,weight

                0,1,ML
                 2 , 3 , CL , 0.5
                4,5,must-link,1
                6,7,Cannot-Link,
                8,9,1,0.25
                9,0,-1
                """);
        ConstraintSet set = ConstraintReader.read(path, 10);

        assertEquals(List.of(Constraint.mustLink(0, 1), Constraint.cannotLink(2, 3).withWeight(0.5),
                Constraint.mustLink(4, 5), Constraint.cannotLink(6, 7), Constraint.mustLink(8, 9).withWeight(0.25),
                Constraint.cannotLink(9, 0)), set.pairs());
        assertEquals(10, set.pointCount());
    }

    @Test
    void aRepeatedPairCountsOnceWithItsLargestWeightAndIsReported() throws IOException {
        Path path = file("pairs.csv", """
                0,1,ML,0.5
                2,3,CL
                1,0,ML,0.75
                0,1,CL
                0,1,ML,0.25
                """);
        List<String> warnings = new java.util.ArrayList<>();
        ConstraintSet set = ConstraintReader.read(path, 4, warnings::add);

        assertEquals(List.of(Constraint.mustLink(0, 1).withWeight(0.75), Constraint.cannotLink(2, 3),
                Constraint.cannotLink(0, 1)), set.pairs());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("pairs.csv: 2 lines repeat pairs given before (first on line 3)"),
                warnings.get(0));
        assertEquals(set.pairs(), ConstraintReader.read(path, 4).pairs());
    }

    @Test
    void readsPairsWithoutHeader() throws IOException {
        ConstraintSet set = ConstraintReader.read(file("pairs.csv", "\uFEFF3,4,ML\n"), 5);

        assertEquals(List.of(Constraint.mustLink(3, 4)), set.pairs());
    }

    @Test
    void readsLabelsMappingNamesToIdsInOrderOfAppearance() throws IOException {
        Path path = file("labels.csv", """
                point,label
                7,cat
                2,dog
                # a comment
                5,cat
                0,bird
                """);
        ConstraintSet set = ConstraintReader.readLabels(path, 8);

        LabelledPoints block = set.labelledBlocks().get(0);
        assertArrayEquals(new int[] {7, 2, 5, 0}, block.points());
        assertArrayEquals(new int[] {0, 1, 0, 2}, block.classes());
        assertTrue(block.cannotLinkBetweenClasses());
        assertNull(block.confidences());
        assertEquals(1, set.mustLinkCount());
        assertEquals(5, set.cannotLinkCount());
    }

    @Test
    void readsLabelConfidences() throws IOException {
        ConstraintSet set = ConstraintReader.readLabels(file("labels.csv", "1,a,0.8\n2,b\n3,a,\n"), 4);

        assertArrayEquals(new double[] {0.8, 1.0, 1.0}, set.labelledBlocks().get(0).confidences());
    }

    @Test
    void readsGroupsSeparatedByCommasOrSpaces() throws IOException {
        ConstraintSet set = ConstraintReader.readGroups(file("groups.txt", "0, 3,5\n\n7 8\t9,\n6\n"), 10);

        LabelledPoints block = set.labelledBlocks().get(0);
        assertArrayEquals(new int[] {0, 3, 5, 7, 8, 9, 6}, block.points());
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 2}, block.classes());
        assertEquals(6, set.mustLinkCount());
        assertEquals(0, set.cannotLinkCount());
    }

    private String readError(String content, int pointCount) throws IOException {
        Path path = file("bad.csv", content);
        return assertThrows(DataException.class, () -> ConstraintReader.read(path, pointCount)).getMessage();
    }

    private String prefix(int line) {
        return directory.resolve("bad.csv") + ", line " + line;
    }

    @Test
    void missingFile() {
        Path missing = directory.resolve("none.csv");
        assertEquals("File " + missing + " not found: give the path of a constraints file of lines i,j,type[,weight]",
                assertThrows(DataException.class, () -> ConstraintReader.read(missing, 3)).getMessage());
        assertEquals("File " + directory + " not found (it is a directory): give the path of a labels file of lines "
                + "i,label[,confidence]",
                assertThrows(DataException.class, () -> ConstraintReader.readLabels(directory, 3)).getMessage());
    }

    @Test
    void emptyFile() throws IOException {
        Path path = file("empty.csv", "# nothing\n\ni,j,type\n");
        assertEquals("File " + path + " holds no constraints (it is empty or only comments and a header): "
                + "write one record per line as i,j,type[,weight]",
                assertThrows(DataException.class, () -> ConstraintReader.read(path, 3)).getMessage());
        Path blank = file("blank.csv", "");
        assertThrows(DataException.class, () -> ConstraintReader.readGroups(blank, 3));
    }

    @Test
    void wrongFieldCount() throws IOException {
        assertEquals(prefix(2) + ": expected 3 or 4 fields but found 2; write i,j,type[,weight]",
                readError("0,1,ML\n1,2\n", 3));
        assertEquals(prefix(1) + ": expected 3 or 4 fields but found 5; write i,j,type[,weight]",
                readError("0,1,ML,1,x\n", 3));
    }

    @Test
    void nonIntegerIndex() throws IOException {
        assertEquals(prefix(2) + ", field 2 (j) '1.5': not an integer; write a 0-based point index",
                readError("0,1,ML\n0,1.5,CL\n", 3));
        assertEquals(prefix(1) + ", field 1 (i) 'l': not an integer; write a 0-based point index",
                readError("l,2,ML\n", 3));
    }

    @Test
    void indexOutsideTheData() throws IOException {
        assertEquals(prefix(1) + ", field 2 (j) '3': outside [0, 3): the data has 3 points; indices are 0-based",
                readError("0,3,ML\n", 3));
        assertEquals(prefix(1) + ", field 1 (i) '-1': outside [0, 3): the data has 3 points; indices are 0-based",
                readError("-1,2,ML\n", 3));
        assertEquals(prefix(1) + ", field 1 (i) '99999999999': outside [0, 3): the data has 3 points; indices are 0-based",
                readError("99999999999,2,ML\n", 3));
    }

    @Test
    void pointConstrainedWithItself() throws IOException {
        assertEquals(prefix(3) + ", field 2 (j) '2': point 2 is constrained with itself; a constraint needs two "
                + "different points, remove the line", readError("i,j,type\n0,1,ML\n2,2,CL\n", 3));
    }

    @Test
    void unknownType() throws IOException {
        assertEquals(prefix(1) + ", field 3 (type) 'XL': unknown constraint type; write ML, CL, must-link, "
                + "cannot-link, 1 or -1", readError("0,1,XL\n", 3));
    }

    @Test
    void weightOutsideTheUnitInterval() throws IOException {
        assertEquals(prefix(1) + ", field 4 (weight) '0': outside (0, 1]; write a weight in (0, 1] (1 means hard), "
                + "or leave the field out", readError("0,1,ML,0\n", 3));
        assertEquals(prefix(1) + ", field 4 (weight) '1.5': outside (0, 1]; write a weight in (0, 1] (1 means hard), "
                + "or leave the field out", readError("0,1,ML,1.5\n", 3));
        assertEquals(prefix(1) + ", field 4 (weight) 'high': not a number; write a weight in (0, 1] (1 means hard), "
                + "or leave the field out", readError("0,1,ML,high\n", 3));
        assertEquals(prefix(1) + ", field 4 (weight) 'NaN': outside (0, 1]; write a weight in (0, 1] (1 means hard), "
                + "or leave the field out", readError("0,1,ML,NaN\n", 3));
    }

    @Test
    void labelErrors() throws IOException {
        Path twice = file("labels.csv", "0,a\n1,b\n\n0,b\n");
        assertEquals(twice + ", line 4, field 1 (i) '0': point 0 is labelled twice (first on line 1); give each "
                + "point one label", assertThrows(DataException.class, () -> ConstraintReader.readLabels(twice, 3)).getMessage());
        Path empty = file("labels.csv", "0,a\n1, \n");
        assertEquals(empty + ", line 2, field 2 (label) '': empty label; give the class name of the point",
                assertThrows(DataException.class, () -> ConstraintReader.readLabels(empty, 3)).getMessage());
        Path confidence = file("labels.csv", "0,a,2\n");
        assertEquals(confidence + ", line 1, field 3 (confidence) '2': outside (0, 1]; write a confidence in (0, 1] "
                + "(1 means certain), or leave the field out",
                assertThrows(DataException.class, () -> ConstraintReader.readLabels(confidence, 3)).getMessage());
        Path fields = file("labels.csv", "0\n");
        assertEquals(fields + ", line 1: expected 2 or 3 fields but found 1; write i,label[,confidence]",
                assertThrows(DataException.class, () -> ConstraintReader.readLabels(fields, 3)).getMessage());
        Path outside = file("labels.csv", "5,a\n");
        assertEquals(outside + ", line 1, field 1 (i) '5': outside [0, 3): the data has 3 points; indices are 0-based",
                assertThrows(DataException.class, () -> ConstraintReader.readLabels(outside, 3)).getMessage());
    }

    @Test
    void groupErrors() throws IOException {
        Path twice = file("groups.txt", "0 1\n2 1\n");
        assertEquals(twice + ", line 2, field 2 (point index) '1': point 1 is already in the group on line 1; a point "
                + "belongs to one group only, merge the groups or remove it from one",
                assertThrows(DataException.class, () -> ConstraintReader.readGroups(twice, 3)).getMessage());
        Path sameLine = file("groups.txt", "0 1 0\n");
        assertTrue(assertThrows(DataException.class, () -> ConstraintReader.readGroups(sameLine, 3)).getMessage()
                .startsWith(sameLine + ", line 1, field 3 (point index) '0': point 0 is already in the group on line 1"));
        Path text = file("groups.txt", "0 1\n2 x\n");
        assertEquals(text + ", line 2, field 2 (point index) 'x': not an integer; write a 0-based point index",
                assertThrows(DataException.class, () -> ConstraintReader.readGroups(text, 3)).getMessage());
    }
}
