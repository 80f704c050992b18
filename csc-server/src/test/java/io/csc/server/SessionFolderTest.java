package io.csc.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.active.PointPair;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionFolderTest {

    @TempDir
    Path folder;

    @Test
    void answersSavedWithAByteOrderMarkAreRead() throws IOException {
        Files.writeString(folder.resolve(SessionFolder.ANSWERS), "\uFEFFi,j,answer,predicted\n3,7,same,\n",
                StandardCharsets.UTF_8);
        SessionFolder.Recorded recorded = SessionFolder.open(folder).readAnswers(10);
        assertEquals(1, recorded.answers().size());
        assertEquals(new PointPair(3, 7), recorded.answers().get(0).pair());
    }

    @Test
    void answersThatAreNotUtf8AreRefusedSayingSo() throws IOException {
        Files.write(folder.resolve(SessionFolder.ANSWERS), new byte[] {'1', ',', '2', ',', (byte) 0xE9, '\n'});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SessionFolder.open(folder).readAnswers(10));
        assertTrue(error.getMessage().contains("answers.csv is not UTF-8 text"), error.getMessage());
        assertTrue(error.getMessage().endsWith("save it as UTF-8, or start a new session folder"), error.getMessage());
    }
}
