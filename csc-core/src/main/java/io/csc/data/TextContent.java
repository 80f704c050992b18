package io.csc.data;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Tells a text file from a binary one by its first bytes, so that a reader of text refuses an
 * image, an archive or a program with one clear line instead of echoing its bytes as values.
 */
public final class TextContent {

    /** How many bytes are looked at. */
    static final int SAMPLE = 4096;

    private TextContent() {
    }

    /**
     * Fails unless the start of {@code in} looks like text: no NUL byte and no other control
     * character than tab, line feed, form feed and carriage return. {@code in} must support
     * {@link InputStream#mark}; its position is kept.
     *
     * @param what the kind of file expected, as a message names it: {@code "CSV"}, {@code "LIBSVM"}
     * @throws DataException naming {@code source} and the offset of the first binary byte
     */
    public static void require(InputStream in, String source, String what, String instead) throws IOException {
        in.mark(SAMPLE);
        byte[] sample = in.readNBytes(SAMPLE);
        in.reset();
        int offset = firstBinaryByte(sample, sample.length);
        if (offset >= 0) {
            throw new DataException(source + " is not a text " + what + " file: byte " + offset + " is "
                    + String.format("0x%02x", sample[offset] & 0xff) + ", a binary value; " + instead);
        }
    }

    /**
     * All lines of a small UTF-8 text file, refused with one line when it is binary or not UTF-8.
     *
     * @param what the kind of file expected, as the message names it
     * @param instead what to give instead, as the message says it
     * @throws DataException for a missing, unreadable, binary or non-UTF-8 file
     */
    public static List<String> readLines(Path file, String what, String instead) {
        try (InputStream in = markable(Files.newInputStream(file))) {
            require(in, file.toString(), what, instead);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()));
            return reader.lines().toList();
        } catch (UncheckedIOException e) {
            throw new DataException(file + " is not a UTF-8 text " + what + " file; " + instead, e.getCause());
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }

    /** {@code in} buffered for {@link #require}, unless it is already. */
    public static InputStream markable(InputStream in) {
        return in.markSupported() ? in : new BufferedInputStream(in);
    }

    /** The offset of the first byte no text file holds, or -1. */
    static int firstBinaryByte(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            int b = bytes[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
                return i;
            }
            if (b == 0x7f) {
                return i;
            }
        }
        return -1;
    }

    /**
     * {@code text} safe to print on one terminal line: control characters (line breaks, escape
     * sequences, NUL) and line separators written as Java escapes, backslash, u and four hex digits.
     */
    public static String printable(String text) {
        StringBuilder shown = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
                shown.append(String.format("\\u%04x", c));
            } else {
                shown.appendCodePoint(c);
            }
        });
        return shown.toString();
    }
}
