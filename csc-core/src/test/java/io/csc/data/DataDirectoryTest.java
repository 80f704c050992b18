package io.csc.data;

import static io.csc.data.CsvReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {

    @TempDir
    Path directory;

    @Test
    void resolvesPathsNamesAndFolders() throws Exception {
        Path iris = TestFiles.text(directory, "iris.csv", "a,label\n1,0\n");
        Path sparse = TestFiles.text(directory, "a9a.libsvm", "1 1:1\n");
        Path folder = Files.createDirectory(directory.resolve("fashion-mnist"));
        assertEquals(iris, DataDirectory.resolve(iris.toString(), Path.of("elsewhere")));
        assertEquals(iris, DataDirectory.resolve("iris", directory));
        assertEquals(iris, DataDirectory.resolve("iris.csv", directory));
        assertEquals(sparse, DataDirectory.resolve("a9a.libsvm", directory));
        assertEquals(folder, DataDirectory.resolve("fashion-mnist", directory));
    }

    @Test
    void listsAvailableDataSets() throws Exception {
        TestFiles.text(directory, "wine.csv", "");
        TestFiles.text(directory, "iris.csv", "");
        TestFiles.text(directory, "a9a.svm.gz", "");
        TestFiles.text(directory, "README.md", "");
        TestFiles.text(directory, ".hidden.csv", "");
        Files.createDirectory(directory.resolve("fashion-mnist"));
        assertEquals(List.of("a9a.svm.gz", "fashion-mnist", "iris", "wine"), DataDirectory.available(directory));
        assertEquals(List.of(), DataDirectory.available(directory.resolve("missing")));
    }

    @Test
    void unknownNameSaysWhatWasTriedAndWhatExists() {
        TestFiles.text(directory, "iris.csv", "");
        TestFiles.text(directory, "wine.csv", "");
        DataException error = assertThrows(DataException.class, () -> DataDirectory.resolve("irsi", directory));
        assertMessage(error, "'irsi'", directory.resolve("irsi").toString(), directory.resolve("irsi.csv").toString(),
                "iris, wine");
        DataException noDirectory = assertThrows(DataException.class,
                () -> DataDirectory.resolve("iris", directory.resolve("nowhere")));
        assertMessage(noDirectory, "nowhere", "does not exist", DataDirectory.PROPERTY, DataDirectory.ENVIRONMENT_VARIABLE);
    }

    @Test
    void aNameWithAnExtensionIsNotGivenAnother() {
        TestFiles.text(directory, "iris.csv", "");
        DataException error = assertThrows(DataException.class,
                () -> DataDirectory.resolve("my.csv", directory, "--data-dir DIR or $CSC_DATA_DIR"));
        String message = error.getMessage();
        assertMessage(error, "tried my.csv, " + directory.resolve("my.csv") + ";", "holds iris",
                "--data-dir DIR or $CSC_DATA_DIR");
        assertFalse(message.contains("my.csv.csv"), message);
        assertEquals(1, message.lines().count(), message);
    }

    @Test
    void defaultDirectoryFollowsTheSystemProperty() {
        String before = System.getProperty(DataDirectory.PROPERTY);
        try {
            System.setProperty(DataDirectory.PROPERTY, directory.toString());
            assertEquals(directory, DataDirectory.defaultDirectory());
        } finally {
            if (before == null) {
                System.clearProperty(DataDirectory.PROPERTY);
            } else {
                System.setProperty(DataDirectory.PROPERTY, before);
            }
        }
    }

    @Test
    void defaultDirectoryFindsTheSharedData() {
        Path found = TestFiles.sharedData("iris.csv").getParent();
        assertTrue(DataDirectory.available(found).containsAll(List.of("iris", "wine", "fashion-mnist")),
                () -> "no shared data in " + found.toAbsolutePath() + "; set -D" + DataDirectory.PROPERTY);
    }
}
