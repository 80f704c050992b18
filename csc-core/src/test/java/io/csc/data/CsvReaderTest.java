package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReaderTest {

    @TempDir
    Path directory;

    @Test
    void readsIrisFromTheDataDirectory() {
        Dataset iris = CsvReader.read(TestFiles.sharedData("iris.csv"));
        assertEquals("iris", iris.name());
        assertEquals(150, iris.size());
        assertEquals(4, iris.dimension());
        assertEquals(3, iris.classCount());
        assertEquals(List.of("0", "1", "2"), iris.classNames());
        assertEquals(List.of("x1", "x2", "x3", "x4"), iris.featureNames());
        assertArrayEquals(new double[] {5.1, 3.5, 1.4, 0.2}, iris.point(0));
        assertArrayEquals(new double[] {5.9, 3.0, 5.1, 1.8}, iris.point(149));
        assertEquals(0, iris.label(0));
        assertEquals(2, iris.label(149));
        assertArrayEquals(new int[] {50, 50, 50}, classSizes(iris));
    }

    @Test
    void textLabelsGetIdsInLexicographicOrder() {
        Path file = TestFiles.text(directory, "flowers.csv", "a,b,species\n1,2,virginica\n3,4,setosa\n5,6,versicolor\n7,8,setosa\n");
        Dataset data = CsvReader.read(file, CsvOptions.defaults().withLabelColumn("species"));
        assertEquals(List.of("setosa", "versicolor", "virginica"), data.classNames());
        assertArrayEquals(new int[] {2, 0, 1, 0}, data.labels());
        assertEquals(List.of("a", "b"), data.featureNames());
    }

    @Test
    void numericLabelsGetIdsInNumericOrder() {
        Path file = TestFiles.text(directory, "numbers.csv", "a,label\n1,10\n2,9\n3,-1\n4,2.5\n5,10\n");
        Dataset data = CsvReader.read(file);
        assertEquals(List.of("-1", "2.5", "9", "10"), data.classNames());
        assertArrayEquals(new int[] {3, 2, 0, 1, 3}, data.labels());
    }

    @Test
    void numericLabelsThatDenoteTheSameNumberAreOneClassNamedByTheFirstText() {
        Path file = TestFiles.text(directory, "mixed.csv", "a,label\n1,0\n2,1.0\n3,0.0\n4,1\n5,-0\n6,2\n");
        Dataset data = CsvReader.read(file);
        assertEquals(List.of("0", "1.0", "2"), data.classNames());
        assertArrayEquals(new int[] {0, 1, 0, 1, 0, 2}, data.labels());
        Path texts = TestFiles.text(directory, "texts.csv", "a,label\n1,0\n2,zero\n3,0.0\n");
        assertEquals(List.of("0", "0.0", "zero"), CsvReader.read(texts).classNames());
    }

    @Test
    void aNamedLabelColumnCanStandAnywhere() {
        Path file = TestFiles.text(directory, "middle.csv", "a,class,b,label\n1,x,2,7\n3,y,4,8\n");
        Dataset data = CsvReader.read(file, CsvOptions.defaults().withLabelColumn("class"));
        assertEquals(List.of("a", "b", "label"), data.featureNames());
        assertArrayEquals(new double[] {1, 2, 7, 3, 4, 8}, data.features());
        assertEquals(List.of("x", "y"), data.classNames());
    }

    @Test
    void theDefaultLabelColumnMatchesInAnyCase() {
        Path file = TestFiles.text(directory, "upper.csv", "Label,a\n1,0.5\n0,1.5\n");
        Dataset data = CsvReader.read(file);
        assertArrayEquals(new int[] {1, 0}, data.labels());
        assertArrayEquals(new double[] {0.5, 1.5}, data.features());
    }

    @Test
    void withoutALabelColumnTheDataIsUnlabelled() {
        Path file = TestFiles.text(directory, "plain.csv", "a,b\n1,2\n3,4\n");
        Dataset data = CsvReader.read(file);
        assertFalse(data.hasLabels());
        assertEquals(2, data.size());
        assertArrayEquals(new double[] {1, 2, 3, 4}, data.features());
    }

    @Test
    void noLabelsReadsTheLabelColumnAsAFeature() {
        Path file = TestFiles.text(directory, "all.csv", "a,label\n1,2\n3,4\n");
        Dataset data = CsvReader.read(file, CsvOptions.defaults().withoutLabels());
        assertFalse(data.hasLabels());
        assertEquals(2, data.dimension());
        assertArrayEquals(new double[] {1, 2, 3, 4}, data.features());
    }

    @Test
    void detectsSemicolonAndTabDelimiters() {
        Path semicolons = TestFiles.text(directory, "semi.csv", "a;b;label\n1.5;2;x\n3;4e-1;y\n");
        assertArrayEquals(new double[] {1.5, 2, 3, 0.4}, CsvReader.read(semicolons).features());
        Path tabs = TestFiles.text(directory, "tabs.tsv", "a\tb\tlabel\n1\t2\tx\n3\t4\ty\n");
        assertArrayEquals(new double[] {1, 2, 3, 4}, CsvReader.read(tabs).features());
    }

    @Test
    void aGivenDelimiterOverridesDetection() {
        Path file = TestFiles.text(directory, "pipes.csv", "a|b,c|label\n1|2|x\n");
        Dataset data = CsvReader.read(file, CsvOptions.defaults().withDelimiter('|'));
        assertEquals(List.of("a", "b,c"), data.featureNames());
        assertArrayEquals(new double[] {1, 2}, data.features());
    }

    @Test
    void acceptsQuotesByteOrderMarkCrlfAndBlankLines() {
        Path file = TestFiles.text(directory, "excel.csv",
                "\uFEFF\"width, cm\",\"height\",label\r\n\"1.25\",2,\"a, b\"\r\n\r\n3,\"-4\",c\r\n");
        Dataset data = CsvReader.read(file);
        assertEquals(List.of("width, cm", "height"), data.featureNames());
        assertArrayEquals(new double[] {1.25, 2, 3, -4}, data.features());
        assertEquals(List.of("a, b", "c"), data.classNames());
    }

    @Test
    void readsGzipCompressedFiles() {
        Path file = TestFiles.bytes(directory, "small.csv.gz", TestFiles.gzip("a,b,label\n1,2,0\n3,4,1\n"));
        Dataset data = CsvReader.read(file);
        assertEquals("small", data.name());
        assertArrayEquals(new double[] {1, 2, 3, 4}, data.features());
    }

    @Test
    void acceptsColumnNumbersAsHeader() {
        Path file = TestFiles.text(directory, "pandas.csv", "0,1,2\n5,6,7\n");
        assertEquals(1, CsvReader.read(file).size());
    }

    // ---- errors: one line naming the file, line, column and value

    @Test
    void missingFile() {
        Path file = directory.resolve("absent.csv");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "absent.csv", "no such file");
    }

    @Test
    void directoryInsteadOfFile() {
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(directory));
        assertMessage(error, directory.toString(), "is a directory");
    }

    @Test
    void unreadableFile() throws Exception {
        Path file = TestFiles.text(directory, "locked.csv", "a\n1\n");
        Files.setPosixFilePermissions(file, Set.<PosixFilePermission>of());
        assumeFalse(Files.isReadable(file), "the file stays readable (running as root)");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "locked.csv", "permission denied");
    }

    @Test
    void emptyFile() {
        Path file = TestFiles.text(directory, "empty.csv", "");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "empty.csv", "is empty", "header row");
    }

    @Test
    void headerOnly() {
        Path file = TestFiles.text(directory, "header.csv", "a,b,label\n\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "header.csv", "no data rows", "line 1");
    }

    @Test
    void raggedRowNamesItsLine() {
        Path file = TestFiles.text(directory, "ragged.csv",
                "a,b,c,d,label\n1,2,3,4,0\n1,2,3,4,0\n1,2,3,4,0\n1,2,3,4,1\n\n1,2,3,4\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "ragged.csv", "line 7 has 4 fields, the header has 5");
        Path extra = TestFiles.text(directory, "extra.csv", "a,label\n1,0\n1,0,9\n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(extra)),
                "extra.csv", "line 3 has 3 fields, the header has 2");
    }

    @Test
    void nonNumericFeatureNamesLineColumnAndValue() {
        Path file = TestFiles.text(directory, "words.csv", "a,b,label\n1,2,0\n3,abc,1\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "words.csv", "line 3", "column 'b' (2)", "'abc'", "is not a number");
    }

    @Test
    void libsvmLinesInACsvNameSayHowToReadThemAsLibsvm() {
        Path file = TestFiles.text(directory, "svm.csv", "0 1:5.1 2:3.5\n1 1:4.9 2:3.0\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertEquals(file + " line 2: '1 1:4.9 2:3.0' looks like LIBSVM (a label, then index:value pairs separated by "
                + "spaces), not CSV: read the file with --format libsvm, or give it a name ending in .libsvm",
                error.getMessage());
        Path words = TestFiles.text(directory, "colons.csv", "a,label\n1,0\nx:1,1\n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(words)), "colons.csv", "'x:1'",
                "is not a number", "--ignore-columns");
    }

    @Test
    void notFiniteFeatures() {
        for (String value : List.of("NaN", "Infinity", "-Infinity", "1e400", "inf")) {
            Path file = TestFiles.text(directory, "nan.csv", "a,b,label\n1,2,0\n3,4,1\n5," + value + ",1\n");
            DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
            assertMessage(error, "nan.csv", "line 4", "column 'b' (2)", "'" + value + "'", "is not a finite number");
        }
    }

    @Test
    void missingValues() {
        Path empty = TestFiles.text(directory, "hole.csv", "a,b,label\n1,,0\n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(empty)),
                "hole.csv", "line 2", "column 'b' (2)", "is empty");
        Path marked = TestFiles.text(directory, "na.csv", "a,b,label\n1,2,0\nNA,3,0\n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(marked)),
                "na.csv", "line 3", "column 'a' (1)", "'NA'", "missing value");
        Path noLabel = TestFiles.text(directory, "nolabel.csv", "a,label\n1,0\n2, \n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(noLabel)),
                "nolabel.csv", "line 3", "column 'label' (2)", "label is empty");
    }

    @Test
    void unknownLabelColumnListsTheColumns() {
        Path file = TestFiles.text(directory, "cols.csv", "width,height,kind\n1,2,x\n");
        DataException error = assertThrows(DataException.class,
                () -> CsvReader.read(file, CsvOptions.defaults().withLabelColumn("class")));
        assertMessage(error, "cols.csv", "'class'", "width, height, kind");
    }

    @Test
    void firstRowOfNumbersIsNotAHeader() {
        Path file = TestFiles.text(directory, "headless.csv", "5.1,3.5,1.4,0.2,0\n4.9,3.0,1.4,0.2,0\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "headless.csv", "line 1", "5.1, 3.5", "add a header row");
    }

    @Test
    void unterminatedQuote() {
        Path file = TestFiles.text(directory, "quote.csv", "a,label\n1,0\n\"2,1\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "quote.csv", "line 3", "malformed CSV", "EOF reached");
        Path stray = TestFiles.text(directory, "stray.csv", "a,label\n1,0\n\"2\"x,1\n3,0\n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(stray)), "stray.csv", "line 3", "malformed CSV");
    }

    @Test
    void truncatedGzip() {
        StringBuilder content = new StringBuilder("a,b,label\n");
        for (int i = 0; i < 2000; i++) {
            content.append(i).append(',').append(i * 0.37).append(",0\n");
        }
        byte[] compressed = TestFiles.gzip(content.toString());
        Path file = TestFiles.bytes(directory, "cut.csv.gz", TestFiles.truncate(compressed, compressed.length / 2));
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertMessage(error, "cut.csv.gz", "truncated");
    }

    @Test
    void onlyALabelColumn() {
        Path file = TestFiles.text(directory, "labels.csv", "label\n1\n2\n");
        assertMessage(assertThrows(DataException.class, () -> CsvReader.read(file)), "labels.csv", "feature columns");
    }

    static void assertMessage(DataException error, String... parts) {
        String message = error.getMessage();
        assertFalse(message.contains("\n"), () -> "one line: " + message);
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "'" + part + "' missing from: " + message);
        }
    }

    static int[] classSizes(Dataset data) {
        int[] sizes = new int[data.classCount()];
        Arrays.stream(data.labels()).forEach(label -> sizes[label]++);
        return sizes;
    }

    @Test
    void ignoredColumnsAreNeitherFeaturesNorLabels() {
        Path file = TestFiles.text(directory, "people.csv", "id,name,age,height,label\n17,Ann,30,1.6,a\n18,Bob,40,1.8,b\n");
        Dataset data = CsvReader.read(file, CsvOptions.defaults().withIgnoredColumns(List.of("ID", "name")));
        assertEquals(List.of("age", "height"), data.featureNames());
        assertArrayEquals(new double[] {30, 1.6, 40, 1.8}, data.features());
        assertEquals(List.of("a", "b"), data.classNames());
    }

    @Test
    void anUnlabelledFileKeepsItsHeaderAsFeatureNames() {
        Path file = TestFiles.text(directory, "plain.csv", "width,height\n1,2\n3,4\n");
        assertEquals(List.of("width", "height"), CsvReader.read(file).featureNames());
    }

    @Test
    void ignoringTheDefaultLabelColumnReadsTheFileWithoutLabels() {
        Path file = TestFiles.text(directory, "labelled.csv", "a,label\n1,x\n2,y\n");
        Dataset data = CsvReader.read(file, CsvOptions.defaults().withIgnoredColumns(List.of("label")));
        assertFalse(data.hasLabels());
        assertEquals(List.of("a"), data.featureNames());
    }

    @Test
    void anIgnoredColumnThatIsNotThereIsRefusedListingTheColumns() {
        Path file = TestFiles.text(directory, "small.csv", "a,b\n1,2\n");
        DataException error = assertThrows(DataException.class,
                () -> CsvReader.read(file, CsvOptions.defaults().withIgnoredColumns(List.of("id"))));
        assertTrue(error.getMessage().contains("no column 'id' to ignore; the columns are"), error.getMessage());
        DataException none = assertThrows(DataException.class,
                () -> CsvReader.read(file, CsvOptions.defaults().withIgnoredColumns(List.of("a", "b"))));
        assertTrue(none.getMessage().contains("no feature column is left (2 columns ignored)"), none.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> CsvOptions.defaults().withLabelColumn("a").withIgnoredColumns(List.of("a")));
    }

    @Test
    void aTextColumnIsNamedWithTheOptionThatSkipsIt() {
        Path file = TestFiles.text(directory, "text.csv", "id,a\nx17,2\n");
        DataException error = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertTrue(error.getMessage().contains("skip the column (--ignore-columns 'id')"), error.getMessage());
    }

    @Test
    void anUnnamedColumnOfRowNumbersIsRefusedAsARowIndex() {
        Path file = TestFiles.text(directory, "pandas.csv", ",a,b,label\n0,1.5,2,x\n1,2.5,1,y\n2,0.5,3,x\n3,1.0,2,y\n");
        DataException refused = assertThrows(DataException.class, () -> CsvReader.read(file));
        assertTrue(refused.getMessage().contains("pandas.csv line 1: column 1 has no name and holds the row numbers 0, 1, 2"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("--ignore-columns 'column1'"), refused.getMessage());
        Dataset skipped = CsvReader.read(file, CsvOptions.defaults().withIgnoredColumns(List.of("column1")));
        assertEquals(List.of("a", "b"), skipped.featureNames());
        // pandas' own name for the index read back and written again, counted from 1
        Path again = TestFiles.text(directory, "again.csv", "Unnamed: 0,a\n1,7\n2,8\n3,9\n");
        DataException second = assertThrows(DataException.class, () -> CsvReader.read(again));
        assertTrue(second.getMessage().contains("column 1 has no name and holds the row numbers 1, 2, 3"),
                second.getMessage());
    }

    @Test
    void aNamedColumnOfRowNumbersOrAnUnnamedColumnOfOtherValuesIsAFeature() {
        Path named = TestFiles.text(directory, "step.csv", "step,a\n0,7\n1,8\n2,9\n");
        assertEquals(List.of("step", "a"), CsvReader.read(named).featureNames());
        Path other = TestFiles.text(directory, "other.csv", ",a\n0,7\n2,8\n1,9\n");
        assertEquals(List.of("column1", "a"), CsvReader.read(other).featureNames());
        Path twoRows = TestFiles.text(directory, "two.csv", ",a\n0,7\n1,8\n");
        assertEquals(2, CsvReader.read(twoRows).dimension());
    }
}
