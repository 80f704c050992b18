package io.csc.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header of a NumPy {@code .npy} array (format versions 1.0, 2.0 and 3.0): the magic string,
 * the version, the length of a Python dictionary literal, the dictionary itself
 * ({@code {'descr': '<f4', 'fortran_order': False, 'shape': (1000, 50), }}), padded so that the
 * data starts on a 64-byte boundary. The data follows, {@link #valueCount()} values of
 * {@link #type()} in C (row-major) or Fortran (column-major) order.
 *
 * @param type         the element type
 * @param fortranOrder whether the values are stored column by column
 * @param shape        the array's shape (empty for a scalar)
 * @param dataOffset   the byte offset of the first value
 */
public record NpyHeader(NpyType type, boolean fortranOrder, long[] shape, long dataOffset) {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int ALIGNMENT = 64;
    /** The bytes a reader needs to see at the start of a file to parse any ordinary header. */
    public static final int PREFIX_BYTES = 1 << 16;
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    public NpyHeader {
        shape = shape.clone();
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    /** The number of values: the product of the shape. */
    public long valueCount() {
        long count = 1;
        for (long extent : shape) {
            count = Math.multiplyExact(count, extent);
        }
        return count;
    }

    /** The bytes of the data: {@link #valueCount()} times the element size. */
    public long dataBytes() {
        return Math.multiplyExact(valueCount(), (long) type.size());
    }

    /** The shape as NumPy prints it, such as {@code (1000, 50)}. */
    public String shapeText() {
        return shapeText(shape);
    }

    private static String shapeText(long[] shape) {
        List<String> extents = new ArrayList<>();
        for (long extent : shape) {
            extents.add(Long.toString(extent));
        }
        return "(" + String.join(", ", extents) + (shape.length == 1 ? ",)" : ")");
    }

    /**
     * The complete header of a C-order array: magic, version 1.0 (2.0 when the dictionary is too
     * long for it), length, dictionary and padding, so that the data starts 64-byte aligned.
     */
    public static byte[] encode(NpyType type, long... shape) {
        String dictionary = "{'descr': '" + type.descr() + "', 'fortran_order': False, 'shape': " + shapeText(shape)
                + ", }";
        boolean version1 = MAGIC.length + 2 + 2 + dictionary.length() + 1 + ALIGNMENT <= 0xffff;
        int lengthBytes = version1 ? 2 : 4;
        int unpadded = MAGIC.length + 2 + lengthBytes + dictionary.length() + 1;
        int padding = (ALIGNMENT - unpadded % ALIGNMENT) % ALIGNMENT;
        String text = dictionary + " ".repeat(padding) + "\n";
        ByteBuffer buffer = ByteBuffer.allocate(unpadded + padding).order(ByteOrder.LITTLE_ENDIAN);
        buffer.put(MAGIC).put((byte) (version1 ? 1 : 2)).put((byte) 0);
        if (version1) {
            buffer.putShort((short) text.length());
        } else {
            buffer.putInt(text.length());
        }
        buffer.put(text.getBytes(StandardCharsets.US_ASCII));
        return buffer.array();
    }

    /**
     * The header at the start of {@code start} (at least the first {@link #PREFIX_BYTES} of the
     * file, or all of it when shorter).
     *
     * @param source names the file in messages
     * @throws DataException naming the file and what is wrong: not a {@code .npy} array, an unknown
     *     version, a damaged header, or an element type other than numbers
     */
    public static NpyHeader parse(ByteBuffer start, String source) {
        ByteBuffer buffer = start.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (buffer.remaining() < MAGIC.length + 4) {
            throw new DataException("Cannot read " + source + ": not a NumPy .npy array (too short for its header); "
                    + "save it with numpy.save");
        }
        for (byte expected : MAGIC) {
            if (buffer.get() != expected) {
                throw new DataException("Cannot read " + source + ": not a NumPy .npy array (it does not start with "
                        + "\\x93NUMPY); save it with numpy.save, or give --format for another format");
            }
        }
        int major = Byte.toUnsignedInt(buffer.get());
        buffer.get();
        if (major < 1 || major > 3) {
            throw new DataException("Cannot read " + source + ": .npy format version " + major
                    + " (reads versions 1 to 3); save it again with numpy.save");
        }
        long headerLength = major == 1 ? Short.toUnsignedInt(buffer.getShort()) : Integer.toUnsignedLong(buffer.getInt());
        if (headerLength > buffer.remaining()) {
            throw new DataException("Cannot read " + source + ": the .npy header is truncated or damaged ("
                    + headerLength + " bytes announced); copy the file again");
        }
        byte[] dictionary = new byte[(int) headerLength];
        buffer.get(dictionary);
        String text = new String(dictionary, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        Matcher descr = DESCR.matcher(text);
        Matcher fortran = FORTRAN.matcher(text);
        Matcher shape = SHAPE.matcher(text);
        if (!descr.find() || !fortran.find() || !shape.find()) {
            throw new DataException("Cannot read " + source + ": damaged .npy header "
                    + DataFiles.quote(text.strip()) + " (needs descr, fortran_order and shape); save it again with numpy.save");
        }
        NpyType type = NpyType.parse(descr.group(1), source);
        return new NpyHeader(type, fortran.group(1).equals("True"), parseShape(shape.group(1), source, text),
                buffer.position() - start.position());
    }

    private static long[] parseShape(String extents, String source, String text) {
        List<Long> values = new ArrayList<>();
        for (String part : extents.split(",")) {
            String trimmed = part.strip().toLowerCase(Locale.ROOT);
            if (trimmed.endsWith("l")) {
                trimmed = trimmed.substring(0, trimmed.length() - 1);
            }
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                long value = Long.parseLong(trimmed);
                if (value < 0) {
                    throw new NumberFormatException();
                }
                values.add(value);
            } catch (NumberFormatException e) {
                throw new DataException("Cannot read " + source + ": damaged .npy shape " + DataFiles.quote(text.strip())
                        + "; save it again with numpy.save");
            }
        }
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
