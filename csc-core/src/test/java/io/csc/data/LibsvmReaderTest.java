package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibsvmReaderTest {

    @TempDir
    Path directory;

    @Test
    void readsSparseLinesIntoDenseRows() {
        Path file = TestFiles.text(directory, "sparse.libsvm",
                "# a comment line\n+1 1:0.5 3:-2\n-1 2:4e1 5:1 # trailing comment\n\n+1 qid:3 4:7\n");
        Dataset data = LibsvmReader.read(file);
        assertEquals("sparse", data.name());
        assertEquals(3, data.size());
        assertEquals(5, data.dimension());
        assertArrayEquals(new double[] {
            0.5, 0, -2, 0, 0,
            0, 40, 0, 0, 1,
            0, 0, 0, 7, 0}, data.features());
        assertEquals(List.of("-1", "+1"), data.classNames());
        assertArrayEquals(new int[] {1, 0, 1}, data.labels());
        assertEquals(List.of("x1", "x2", "x3", "x4", "x5"), data.featureNames());
    }

    @Test
    void textLabelsAndGzip() {
        Path file = TestFiles.bytes(directory, "words.svm.gz", TestFiles.gzip("cat 1:1\ndog 2:1\nant 1:2 2:2\n"));
        Dataset data = LibsvmReader.read(file);
        assertEquals("words", data.name());
        assertEquals(List.of("ant", "cat", "dog"), data.classNames());
        assertArrayEquals(new int[] {1, 2, 0}, data.labels());
        assertArrayEquals(new double[] {1, 0, 0, 1, 2, 2}, data.features());
    }

    @Test
    void missingFile() {
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(directory.resolve("none.svm"))),
                "none.svm", "no such file");
    }

    @Test
    void emptyFile() {
        Path file = TestFiles.text(directory, "empty.svm", "\n# nothing\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(file)), "empty.svm", "is empty");
    }

    @Test
    void tokenWithoutColon() {
        Path file = TestFiles.text(directory, "bad.svm", "1 1:2\n1 2:3 oops\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(file)),
                "bad.svm", "line 2", "'oops'", "index:value");
    }

    @Test
    void aFeatureGivenTwiceOnALineOrSeveralLabelsAreRefused() {
        Path repeated = TestFiles.text(directory, "twice.svm", "1 1:2 3:4\n1 3:1 2:5 3:6\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(repeated)),
                "twice.svm", "line 2", "feature 3 is given twice");
        Path multi = TestFiles.text(directory, "multi.svm", "1 1:2\n0,1 1:3\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(multi)),
                "multi.svm", "line 2", "'0,1'", "one class per point");
        Path unordered = TestFiles.text(directory, "unordered.svm", "1 3:1 1:2\n");
        assertEquals(3, LibsvmReader.read(unordered).dimension());
    }

    @Test
    void zeroBasedIndex() {
        Path file = TestFiles.text(directory, "zero.svm", "1 0:2\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(file)),
                "zero.svm", "line 1", "'0'", "1-based");
    }

    @Test
    void nonNumericAndInfiniteValues() {
        Path word = TestFiles.text(directory, "word.svm", "1 1:2\n\n2 3:x\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(word)),
                "word.svm", "line 3", "feature 3", "'x'", "is not a number");
        Path nan = TestFiles.text(directory, "nan.svm", "1 1:NaN\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(nan)),
                "nan.svm", "line 1", "'NaN'", "not a finite number");
    }

    @Test
    void missingLabel() {
        Path file = TestFiles.text(directory, "nolabel.svm", "1:2 3:4\n");
        assertMessage(assertThrows(DataException.class, () -> LibsvmReader.read(file)),
                "nolabel.svm", "line 1", "'1:2'", "label");
    }
}
